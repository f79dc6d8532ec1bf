/**
 * The hot side of a report (docs/reports.md): the tenant's workflow records still in Redis that
 * started in a time range, read from the per-partition indexes (scored by start time) with only
 * the fields the figures need. The cost is bounded: the records are counted first (ZCOUNT, no
 * record read), and a range holding more than the limit is refused before any is read.
 */
import { AppError } from '../errors';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { reportFields, type ReportField } from './figures';

/** Records read per pipeline (one round trip each, per partition). */
const batch = 1000;

/** The fields read of each record: those the figures need beside its id and start (the index has
 *  both); `tenant_id` and `status` first, which every record has. */
const readFields = ['tenant_id', 'status', ...reportFields.filter((f) => !['workflow_id', 'tenant_id', 'status', 'started_at'].includes(f))] as const satisfies readonly ReportField[];

export type HotRecord = Partial<Record<ReportField, string>>;

/**
 * The tenant's records in Redis that started at `fromMs` or later and before `toMs`. Over `limit`
 * of them: 422 `report_period_too_large`, the period to be narrowed (or read from the archive once
 * it holds them).
 */
export async function readHotRecords(redis: Redis, keys: Keys, tenantId: string, fromMs: number, toMs: number, limit: number): Promise<HotRecord[]> {
  const partitions = Array.from({ length: keys.partitions }, (_, p) => p);
  const counts = await Promise.all(partitions.map((p) => redis.zcount(keys.workflowIndex(p, tenantId), fromMs, `(${toMs}`)));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total > limit) {
    throw new AppError('report_period_too_large', `the period holds ${total} workflows still in Redis, more than the ${limit} a report reads there: ask for a shorter period`,
      { extra: { hot_workflows: total, hot_limit: limit } });
  }
  // A pipeline per partition: on a Redis Cluster each partition is one slot. The id and the start
  // time come from the index (its score is the start time): only the other fields are read.
  const perPartition = await Promise.all(partitions.map(async (p) => {
    if (counts[p] === 0) return [];
    const index = await redis.zrangebyscore(keys.workflowIndex(p, tenantId), fromMs, `(${toMs}`, 'WITHSCORES');
    const records: HotRecord[] = [];
    for (let i = 0; i < index.length; i += 2 * batch) {
      const slice = index.slice(i, i + 2 * batch);
      const read = redis.pipeline();
      for (let j = 0; j < slice.length; j += 2) read.hmget(keys.workflow(p, slice[j]!), ...readFields);
      const replies = (await execReplies(read)) as (string | null)[][];
      replies.forEach((values, k) => {
        // A record trimmed since the index was read has no fields left: it is in the archive.
        if (values[0] !== tenantId || values[1] === null) return;
        const h: HotRecord = { workflow_id: slice[2 * k]!, started_at: slice[2 * k + 1]! };
        readFields.forEach((field, j) => { if (values[j] !== null) h[field] = values[j]!; });
        records.push(h);
      });
    }
    return records;
  }));
  return perPartition.flat();
}
