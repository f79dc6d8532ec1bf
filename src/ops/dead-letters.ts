/**
 * Dead letters of a stage for operators (`npm run ops -- dlq ...`): listing them over all
 * partitions and putting them back on their stage stream with the `redriveDeadLetter` script.
 *
 * A dead letter keeps the original entry, payload included, and the payload holds PHI (phone
 * numbers, message text). Nothing here returns it: only the fields named in `DeadLetter`.
 */
import type { Config } from '../config';
import { AppError } from '../errors';
import { pipelinePerPartition, type Redis } from '../redis/connection';
import { type Keys } from '../redis/keys';
import { runRedriveDeadLetter } from '../redis/scripts';
import { type StageName } from '../../pipeline/vocabulary';
import { entryTime, readStageEntry, type StreamEntry } from '../runtime/envelope-codec';

export interface DeadLetterDeps {
  redis: Redis;
  keys: Keys;
  config: Pick<Config, 'partitions'>;
}

export interface DeadLetter {
  /** `<partition>/<entry id>`: what `dlq redrive` takes. */
  id: string;
  workflow_id: string | null;
  tenant: string | null;
  error_code: string | null;
  reason: string | null;
  deliveries: number | null;
  /** When the entry was dead-lettered (ISO 8601). */
  failed_at: string;
}

export interface DeadLetterList {
  stage: StageName;
  /** Dead letters of the stage over all partitions; `entries` holds the oldest `limit` of them. */
  total: number;
  entries: DeadLetter[];
}

export interface Redriven {
  /** The dead letter that was put back (`<partition>/<entry id>`). */
  id: string;
  /** Its new entry on the stage stream (`<partition>/<entry id>`). */
  stream_id: string;
  workflow_id: string | null;
  tenant: string | null;
}

const entryIdPattern = /^\d{1,20}-\d{1,20}$/;

/** The oldest `limit` dead letters of a stage, over all partitions, oldest first. */
export async function listDeadLetters({ redis, keys, config }: DeadLetterDeps, stage: StageName, options: { limit?: number } = {}): Promise<DeadLetterList> {
  const limit = options.limit ?? 100;
  // Per partition: a pipeline stays in one slot on a cluster.
  const results = await pipelinePerPartition(redis, config.partitions, (pipeline, p) => {
    pipeline.xlen(keys.deadLetters(p, stage));
    pipeline.xrange(keys.deadLetters(p, stage), '-', '+', 'COUNT', limit);
  });
  let total = 0;
  const found: { partition: number; entry: StreamEntry }[] = [];
  for (let p = 0; p < config.partitions; p++) {
    const [lenError, len] = results[p]![0]!;
    const [rangeError, entries] = results[p]![1]!;
    if (lenError) throw lenError;
    if (rangeError) throw rangeError;
    total += Number(len);
    for (const entry of entries as StreamEntry[]) found.push({ partition: p, entry });
  }
  found.sort((a, b) => compareIds(a.entry[0], b.entry[0]) || a.partition - b.partition);
  return { stage, total, entries: found.slice(0, limit).map(({ partition, entry }) => describe(partition, entry)) };
}

/** Puts one dead letter back on its stage stream; `not_found` when there is no such entry. */
export async function redriveDeadLetter(deps: DeadLetterDeps, stage: StageName, id: string): Promise<Redriven> {
  const { partition, entryId } = parseDeadLetterId(id, deps.config.partitions);
  const [entry] = (await deps.redis.xrange(deps.keys.deadLetters(partition, stage), entryId, entryId)) as StreamEntry[];
  const redriven = entry ? await redriveEntry(deps, stage, partition, entry) : null;
  if (!redriven) throw new AppError('not_found', `no dead letter ${id} for stage ${stage}`);
  return redriven;
}

/**
 * Puts back every dead letter of a stage that exists when the call starts. Entries dead-lettered
 * meanwhile (a redriven entry failing again) are left for the next call, so this always ends.
 */
export async function redriveAllDeadLetters(deps: DeadLetterDeps, stage: StageName, options: { batch?: number } = {}): Promise<Redriven[]> {
  const { redis, keys, config } = deps;
  const batch = options.batch ?? 100;
  const done: Redriven[] = [];
  for (let p = 0; p < config.partitions; p++) {
    const key = keys.deadLetters(p, stage);
    const [last] = (await redis.xrevrange(key, '+', '-', 'COUNT', 1)) as StreamEntry[];
    if (!last) continue;
    let start = '-';
    for (;;) {
      const entries = (await redis.xrange(key, start, last[0], 'COUNT', batch)) as StreamEntry[];
      for (const entry of entries) {
        const redriven = await redriveEntry(deps, stage, p, entry);
        if (redriven) done.push(redriven);
      }
      if (entries.length < batch) break;
      start = `(${entries[entries.length - 1]![0]}`;
    }
  }
  return done;
}

/** `<partition>/<entry id>` as printed by `listDeadLetters`. */
export function parseDeadLetterId(id: string, partitions: number): { partition: number; entryId: string } {
  const match = /^(\d{1,4})\/(.+)$/.exec(id);
  const partition = match ? Number(match[1]) : NaN;
  if (!match || partition >= partitions || !entryIdPattern.test(match[2]!)) {
    throw new AppError('invalid_request', `${id} is not a dead-letter id: expected <partition>/<entry id> as printed by dlq list (partitions 0-${partitions - 1})`);
  }
  return { partition, entryId: match[2]! };
}

async function redriveEntry({ redis, keys }: DeadLetterDeps, stage: StageName, partition: number, entry: StreamEntry): Promise<Redriven | null> {
  const redriven = await runRedriveDeadLetter(redis, keys, partition, stage, entry[0]);
  if (redriven.kind === 'missing') return null;
  const fields = readStageEntry(entry[1]);
  return { id: `${partition}/${entry[0]}`, stream_id: `${partition}/${redriven.streamId}`, workflow_id: fields.wf ?? null, tenant: fields.tenant ?? null };
}

function describe(partition: number, [id, raw]: StreamEntry): DeadLetter {
  const f = readStageEntry(raw);
  const failedAt = Number(f.failed_at);
  const deliveries = Number(f.deliveries);
  return {
    id: `${partition}/${id}`,
    workflow_id: f.wf ?? null,
    tenant: f.tenant ?? null,
    error_code: f.error_code ?? null,
    reason: f.reason ?? null,
    deliveries: f.deliveries !== undefined && Number.isFinite(deliveries) ? deliveries : null,
    failed_at: new Date(Number.isFinite(failedAt) && f.failed_at !== '' ? failedAt : entryTime(id)).toISOString(),
  };
}

function compareIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
  return aMs !== bMs ? (aMs < bMs ? -1 : 1) : aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
}
