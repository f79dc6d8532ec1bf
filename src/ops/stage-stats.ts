/**
 * Per-stage queue state for operators (`npm run ops -- stages`), summed over partitions: the
 * backlog (XLEN: handed-off entries are XDEL'd, so the length is what still waits, pending
 * included), entries delivered and not yet acknowledged, the age of the oldest waiting entry,
 * the consumers of the stage's group and the dead letters.
 */
import { runnableStageNames } from '../../pipeline/stages';
import type { Config } from '../config';
import { pipelinePerPartition, type PipelineResult, type Redis } from '../redis/connection';
import { type Keys } from '../redis/keys';
import { stageNames, type StageName } from '../../pipeline/vocabulary';
import { entryTime } from '../runtime/envelope-codec';

export interface StageStats {
  stage: StageName;
  /** Whether this release has a worker for the stage at all. */
  runnable: boolean;
  /** Entries in the stage streams (waiting or delivered), all partitions. */
  backlog: number;
  /** Entries delivered to a consumer and not yet acknowledged, all partitions. */
  pending: number;
  /** Age in ms of the oldest entry still in any partition's stream; 0 when none. */
  lag_ms: number;
  /**
   * Distinct consumers of the stage's group over all partitions. Redis before 7.2 lists a
   * consumer only once it has been delivered an entry, so a fresh worker may not count yet.
   */
  consumers: number;
  /**
   * Idle time (ms) of the most idle consumer (a consumer's idle time is its smallest over the
   * partitions); null when there are none. Redis 7.2+ counts from the consumer's last read
   * attempt; older versions from its last delivery, so a quiet stage shows growing idle times.
   */
  max_idle_ms: number | null;
  /** Entries in the stage dead-letter streams, all partitions. */
  dead_letters: number;
}

export interface StageStatsDeps {
  redis: Redis;
  keys: Keys;
  config: Pick<Config, 'partitions'>;
}

/**
 * Reads every stage's numbers in one round trip per partition (a pipeline stays in one slot on a
 * cluster); "now" is Redis' clock, the one stream ids use (on a cluster, the clock of a node).
 */
export async function stageStats({ redis, keys, config }: StageStatsDeps): Promise<StageStats[]> {
  const [time, perPartition] = await Promise.all([
    redis.time(),
    pipelinePerPartition(redis, config.partitions, (pipeline, p) => {
      for (const stage of stageNames) {
        const stream = keys.stream(p, stage);
        pipeline.xlen(stream);
        pipeline.xpending(stream, keys.group(stage));
        pipeline.xrange(stream, '-', '+', 'COUNT', 1);
        pipeline.xinfo('CONSUMERS', stream, keys.group(stage));
        pipeline.xlen(keys.deadLetters(p, stage));
      }
    }),
  ]);
  const [seconds, micros] = time as unknown as [string, string];
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);

  return stageNames.map((stage, s) => {
    const stats: StageStats = {
      stage, runnable: runnableStageNames.includes(stage), backlog: 0, pending: 0, lag_ms: 0, consumers: 0, max_idle_ms: null, dead_letters: 0,
    };
    /** Consumer name → its smallest idle time over the partitions (the last time it read any). */
    const idle = new Map<string, number>();
    for (let p = 0; p < config.partitions; p++) {
      const results = perPartition[p]!;
      let i = s * 5;
      stats.backlog += Number(value(results[i++]!));
      const summary = valueOrMissing(results[i++]!) as [number | string, ...unknown[]] | null;
      stats.pending += summary ? Number(summary[0]) : 0;
      const first = value(results[i++]!) as [string, string[]][];
      if (first.length > 0) stats.lag_ms = Math.max(stats.lag_ms, now - entryTime(first[0]![0]));
      const consumers = (valueOrMissing(results[i++]!) as unknown[][] | null) ?? [];
      for (const raw of consumers) {
        const consumer = flatRecord(raw);
        const name = String(consumer.name);
        const ms = Number(consumer.idle);
        idle.set(name, Math.min(idle.get(name) ?? Infinity, ms));
      }
      stats.dead_letters += Number(value(results[i++]!));
    }
    stats.consumers = idle.size;
    stats.max_idle_ms = idle.size > 0 ? Math.max(...idle.values()) : null;
    return stats;
  });
}

function value([error, result]: PipelineResult): unknown {
  if (error) throw error;
  return result;
}

/** The reply, or null when the stream or the consumer group does not exist (yet). */
function valueOrMissing([error, result]: PipelineResult): unknown {
  if (error && /NOGROUP|no such key/i.test(error.message)) return null;
  return value([error, result]);
}

function flatRecord(list: unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i + 1 < list.length; i += 2) record[String(list[i])] = list[i + 1];
  return record;
}
