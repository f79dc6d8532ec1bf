/**
 * `GET /v1/reports/summary` (scope `reports:read`): what the service did for the tenant's
 * claimants over a period, per day in the tenant's time zone (docs/reports.md).
 */
import Router from '@koa/router';
import { AppError } from '../../errors';
import { daysBetween, isLocalDate } from '../../reports/local-days';
import { ReportService } from '../../reports/report-service';
import type { Services } from '../../services';
import { principal, requireScope } from '../authenticate';
import { queryParam } from '../query';
import { rateLimit } from '../rate-limits';

/** The longest period one report covers, in days (a leap year). */
export const maxReportDays = 366;
const granularities: readonly string[] = ['day'];

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const reportPorts = ['archive', 'config', 'keys', 'rateLimits', 'redis', 'tenants'] as const satisfies readonly (keyof Services)[];
export type ReportPorts = Pick<Services, (typeof reportPorts)[number]>;

export function reportRoutes(s: ReportPorts): Router {
  const router = new Router();
  const reports = new ReportService({ redis: s.redis, keys: s.keys, archive: s.archive, tenants: s.tenants, hotLimit: s.config.reportHotLimit });
  // Per tenant, like the other costly endpoints: a report can read up to REPORT_HOT_LIMIT records from Redis.
  const limited = rateLimit(s, 'reports', (ctx) => principal(ctx).tenant_id);
  router.get('/v1/reports/summary', requireScope('reports:read'), limited, async (ctx) => {
    const from = queryParam(ctx, 'from');
    const to = queryParam(ctx, 'to');
    const granularity = queryParam(ctx, 'granularity') ?? 'day';
    if (from === undefined || to === undefined) throw new AppError('invalid_request', 'from and to are required (YYYY-MM-DD, in the tenant\'s time zone)');
    for (const [name, value] of [['from', from], ['to', to]] as const) {
      if (!isLocalDate(value)) throw new AppError('invalid_request', `${name} must be a date written YYYY-MM-DD`);
    }
    if (to < from) throw new AppError('invalid_request', 'to must not be before from');
    if (daysBetween(from, to) > maxReportDays) throw new AppError('invalid_request', `a report covers at most ${maxReportDays} days`);
    if (!granularities.includes(granularity)) throw new AppError('invalid_request', `granularity must be one of ${granularities.join(', ')}`);
    ctx.body = await reports.summary(principal(ctx).tenant_id, from, to);
  });
  return router;
}
