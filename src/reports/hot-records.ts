/**
 * The hot side of a report (docs/reports.md): the tenant's workflow records still in Redis that
 * started in a time range, read from the per-partition indexes (scored by start time) with only
 * the fields the figures need, a thousand records a script call (src/redis/lua/readReportFields.lua). The cost is bounded: the records are counted first (ZCOUNT, no
 * record read), and a range holding more than the limit is refused before any is read.
 */
import { AppError } from '../errors';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runReadReportFields } from '../redis/scripts';
import { reportFields, type ReportField } from './figures';

/** Records read per script call: about a millisecond of Redis's time each (docs/benchmarks.md, "Reports"). */
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
  // One script call per batch and partition (on a Redis Cluster each partition is one slot), one
  // flat reply each. The id and the start time come from the index (its score is the start time).
  const perPartition = await Promise.all(partitions.map(async (p) => {
    if (counts[p] === 0) return [];
    const index = await redis.zrangebyscore(keys.workflowIndex(p, tenantId), fromMs, `(${toMs}`, 'WITHSCORES');
    const records: HotRecord[] = [];
    for (let i = 0; i < index.length; i += 2 * batch) {
      const slice = index.slice(i, i + 2 * batch);
      const ids = slice.filter((_, j) => j % 2 === 0);
      const rows = await runReadReportFields(redis, ids.map((id) => keys.workflow(p, id)), readFields);
      rows.forEach((values, k) => {
        // A record trimmed since the index was read has no fields left: it is in the archive.
        if (values[0] !== tenantId || values[1] === '') return;
        const h: HotRecord = { workflow_id: ids[k]!, started_at: slice[2 * k + 1]! };
        readFields.forEach((field, j) => { if (values[j] !== '') h[field] = values[j]!; });
        records.push(h);
      });
    }
    return records;
  }));
  return perPartition.flat();
}
