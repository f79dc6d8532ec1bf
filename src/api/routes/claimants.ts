/**
 * Erasure of a claimant (DPDP Act 2023): `POST /v1/claimants/erasure` with the phone number in
 * the JSON body (never in a URL, where proxies and access logs would keep it), scope
 * `tenant:admin`. The answer says what was done, in counts; it never echoes the phone number.
 * docs/retention.md, docs/audit-ledger.md.
 */
import Router from '@koa/router';
import { AppError } from '../../errors';
import { isClaimantPhone, phoneRule } from '../../claimants/phone-number';
import type { Services } from '../../services';
import { principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { rateLimit } from '../rate-limits';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const claimantPorts = ['erasure', 'rateLimits'] as const satisfies readonly (keyof Services)[];
export type ClaimantPorts = Pick<Services, (typeof claimantPorts)[number]>;

export function claimantRoutes(s: ClaimantPorts): Router {
  const router = new Router();
  // Each erasure sweeps the claimant's partition and the archive: limited per tenant (docs/rate-limits.md).
  const limited = rateLimit(s, 'erasure', (ctx) => principal(ctx).tenant_id);
  router.post('/v1/claimants/erasure', requireScope('tenant:admin'), limited, async (ctx) => {
    if (!ctx.is('application/json')) throw new AppError('unsupported_media_type', 'send application/json');
    const { phone } = await readForm(ctx);
    // Before anything is read or changed: a prefix or a malformed number is refused whole.
    if (!isClaimantPhone(phone)) throw new AppError('invalid_request', phoneRule);
    const summary = await s.erasure.erase(principal(ctx).tenant_id, phone);
    ctx.body = { erased: true, ...summary };
  });
  return router;
}
