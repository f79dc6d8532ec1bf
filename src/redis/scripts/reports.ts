/** readReportFields.lua: the fields a report counts of many workflow records in one call (docs/reports.md). */
import type { Redis } from '../client';

/**
 * For each of `recordKeys` (workflow records of one partition: one slot on a cluster), its value
 * of each of `fields`, in order; '' for an absent field, every field '' for a record that is gone.
 */
export async function runReadReportFields(redis: Redis, recordKeys: readonly string[], fields: readonly string[]): Promise<string[][]> {
  if (recordKeys.length === 0) return [];
  const flat = await redis.readReportFields(recordKeys.length, ...recordKeys, ...fields);
  return recordKeys.map((_, i) => flat.slice(i * fields.length, (i + 1) * fields.length));
}
