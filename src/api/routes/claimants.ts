/**
 * Erasure of a claimant (DPDP Act 2023): `POST /v1/claimants/erasure` with the phone number in
 * the JSON body (never in a URL, where proxies and access logs would keep it), scope
 * `tenant:admin`. The answer says what was done, in counts; it never echoes the phone number.
 * docs/retention.md, docs/audit-ledger.md.
 */
import Router from '@koa/router';
import { AppError } from '../../errors';
import { e164 } from '../../claimants/erasure';
import type { Services } from '../../services';
import { principal, requireScope } from '../authenticate';
import { readForm } from '../body';

export function claimantRoutes(s: Services): Router {
  const router = new Router();
  router.post('/v1/claimants/erasure', requireScope('tenant:admin'), async (ctx) => {
    if (!ctx.is('application/json')) throw new AppError('unsupported_media_type', 'send application/json');
    const { phone } = await readForm(ctx);
    if (typeof phone !== 'string' || !e164.test(phone)) throw new AppError('invalid_request', 'phone must be an E.164 number, such as +919800000000');
    const summary = await s.erasure.erase(principal(ctx).tenant_id, phone);
    ctx.body = { erased: true, ...summary };
  });
  return router;
}
