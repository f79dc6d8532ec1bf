/**
 * A tenant's report rows recomputed from what the archive holds (`npm run ops -- reports rebuild
 * TENANT`, docs/reports.md): after a change of the tenant's time zone (rows are bucketed in the
 * zone of the day they were archived), and to fill them for workflows archived before reports
 * existed. Run under the tenant's archiver lease (src/archive/archiver.ts), so no copy adds to the
 * rows while they are recomputed.
 */
import type { ArchiveStore } from '../archive/archive-store';
import { addCounters, recordCounters, type Counters } from './figures';
import { LocalDays } from './local-days';

/** Archived records read per query. */
const page = 5000;

/** Recomputes the tenant's rows, days in `timeZone`; answers how many workflows and days were counted. */
export async function rebuildReportDays(archive: ArchiveStore, tenantId: string, timeZone: string): Promise<{ workflows: number; days: number }> {
  const days = new Map<string, Counters>();
  const localDays = new LocalDays(timeZone);
  let after = '';
  let workflows = 0;
  for (;;) {
    const records = await archive.workflowRecordsAfter(tenantId, after, page);
    for (const h of records) {
      const counters = recordCounters(h);
      if (!counters) continue;
      const day = localDays.of(Number(h.started_at));
      addCounters(days.get(day) ?? days.set(day, {}).get(day)!, counters);
      workflows += 1;
    }
    if (records.length < page) break;
    after = records[records.length - 1]!.workflow_id!;
  }
  await archive.replaceReportDays(tenantId, days);
  return { workflows, days: days.size };
}
