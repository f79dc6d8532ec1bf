/**
 * The tenant's own settings: what a console reads at login (its time zone), and its operational
 * mode. Any token of the tenant reads them; changing the mode needs `tenant:admin` and a reason,
 * and is written to the audit ledger in the same step.
 */
import Router from '@koa/router';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { isOperationalMode, operationalModes } from '../../../pipeline/vocabulary';
import { tenantTimeZone } from '../../tenants/tenant-document';
import { principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { rateLimit } from '../rate-limits';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const tenantPorts = ['clock', 'modes', 'rateLimits', 'tenants'] as const satisfies readonly (keyof Services)[];
export type TenantPorts = Pick<Services, (typeof tenantPorts)[number]>;

export function tenantRoutes(s: TenantPorts): Router {
  const router = new Router();
  // Only what any user of the tenant may see: never the document's secrets (CMS key, channel tokens).
  router.get('/v1/tenant/settings', async (ctx) => {
    const doc = await s.tenants.get(principal(ctx).tenant_id);
    ctx.body = { time_zone: tenantTimeZone(doc) };
  });
  router.get('/v1/tenant/operational-mode', async (ctx) => {
    ctx.body = await s.modes.get(principal(ctx).tenant_id);
  });
  // A change writes the ledger and walks every partition: limited per tenant (docs/rate-limits.md).
  const limited = rateLimit(s, 'mode_change', (ctx) => principal(ctx).tenant_id);
  router.put('/v1/tenant/operational-mode', requireScope('tenant:admin'), limited, async (ctx) => {
    const { mode, reason } = await readForm(ctx);
    if (!isOperationalMode(mode)) throw new AppError('invalid_request', `mode must be one of ${operationalModes.join(', ')}`);
    if (typeof reason !== 'string' || reason.trim() === '' || reason.length > 500) throw new AppError('invalid_request', 'reason is required (1-500 characters)');
    const who = principal(ctx);
    const { state } = await s.modes.change(who.tenant_id, mode, reason.trim(), who.sub, s.clock.now());
    ctx.body = state;
  });
  return router;
}
