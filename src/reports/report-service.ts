/**
 * A partner's report for a period (`GET /v1/reports/summary`, docs/reports.md): the figures of
 * each local date `from`..`to` in the tenant's time zone, and of the whole period.
 *
 * Two sources, hot and archived alike, counted by the one set of definitions (src/reports/figures.ts):
 * - the archive's per-day counters (`report_days`), added to as the archiver copies workflows;
 * - the tenant's records still in Redis that started in the period (src/reports/hot-records.ts).
 * Redis is read first, the archive after, in one statement that also says which of the hot records
 * it holds already (copied, not yet trimmed): those are counted from the archive alone. A record
 * trimmed before the Redis read was copied before it was trimmed, so it is in the archive's days.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { tenantLanguageOffer, tenantTimeZone } from '../tenants/tenant-document';
import type { TenantStore } from '../tenants/tenant-store';
import { addCounters, figuresOf, recordCounters, type Counters, type Figures } from './figures';
import { readHotRecords } from './hot-records';
import { datesFrom, LocalDays, nextDate, startOfLocalDay, type LocalDate } from './local-days';

/** What a report answers. */
export interface ReportSummary {
  from: LocalDate;
  to: LocalDate;
  time_zone: string;
  granularity: 'day';
  days: Array<{ date: LocalDate } & Figures>;
  totals: Figures;
}

export interface ReportServiceOptions {
  redis: Redis;
  keys: Keys;
  archive: ArchiveStore;
  tenants: TenantStore;
  /** Most workflow records a report reads in Redis (`REPORT_HOT_LIMIT`); more is a 422. */
  hotLimit: number;
}

export class ReportService {
  constructor(private readonly o: ReportServiceOptions) {}

  /** The summary of `from`..`to` (checked dates, `from` <= `to`), per local day. */
  async summary(tenantId: string, from: LocalDate, to: LocalDate): Promise<ReportSummary> {
    const { redis, keys, archive, tenants, hotLimit } = this.o;
    const doc = await tenants.get(tenantId);
    const zone = tenantTimeZone(doc);
    // The languages the tenant offers are named in every answer, 0 or not (docs/reports.md).
    const offered = tenantLanguageOffer(doc).languages;
    const fromMs = startOfLocalDay(from, zone);
    const toMs = startOfLocalDay(nextDate(to), zone);
    const hot = await readHotRecords(redis, keys, tenantId, fromMs, toMs, hotLimit);
    // Every hot id is asked about, not only once the tenant's archive marker is set: the archiver
    // sets it after its first copy, and a record copied before that is counted in its day already.
    const { days: archivedDays, archived } = await archive.reportDays(tenantId, from, to, hot.map((h) => h.workflow_id!));

    const perDay = new Map<LocalDate, Counters>(datesFrom(from, to).map((d) => [d, {}]));
    for (const [day, counters] of archivedDays) {
      const into = perDay.get(day);
      if (into) addCounters(into, counters);
    }
    const localDays = new LocalDays(zone);
    for (const h of hot) {
      if (archived.has(h.workflow_id!)) continue;
      const counters = recordCounters(h);
      const into = perDay.get(localDays.of(Number(h.started_at)));
      if (counters && into) addCounters(into, counters);
    }
    const totals: Counters = {};
    const days = [...perDay].map(([date, counters]) => {
      addCounters(totals, counters);
      return { date, ...figuresOf(counters, offered) };
    });
    return { from, to, time_zone: zone, granularity: 'day', days, totals: figuresOf(totals, offered) };
  }
}
