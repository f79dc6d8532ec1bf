/**
 * `POST /v1/cms/events` (scope `cms:events`): the partner's CMS tells the service about a claim.
 *   claim.documents_pending   start a pending-documents follow-up (or join the claim's open one)
 *   claim.documents_received  documents reached the partner by other means: the open follow-up
 *                             reads the CMS's pending list again
 * The claim is read from the CMS (its `claimant_phone` is who the follow-up writes to), so an
 * event for a claim the CMS does not serve is 404, and a CMS that does not answer is 503: send
 * the event again with the same `Idempotency-Key`. docs/pending-documents.md.
 */
import Router from '@koa/router';
import Ajv from 'ajv';
import { languageCodes } from '../../../pipeline/languages';
import type { Language } from '../../../pipeline/types';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { actorOf, principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { requestTraceparent } from '../request-trace';
import { tracedCms } from '../../tracing/traced-ports';
import { contextOf } from '../../tracing/tracing';
import { rateLimit } from '../rate-limits';

export const cmsEventTypes = ['claim.documents_pending', 'claim.documents_received'] as const;

interface CmsEvent {
  type: (typeof cmsEventTypes)[number];
  claim_id: string;
  /** A loaded language pack's code (pipeline/languages). */
  language?: Language;
  documents?: string[];
}

const validate = new Ajv({ allErrors: true }).compile<CmsEvent>({
  type: 'object', additionalProperties: false, required: ['type', 'claim_id'],
  properties: {
    type: { enum: [...cmsEventTypes] },
    claim_id: { type: 'string', minLength: 1, maxLength: 128 },
    language: { enum: [...languageCodes] },
    documents: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } },
  },
});

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const cmsEventPorts = ['clock', 'cms', 'log', 'pendingDocs', 'rateLimits', 'refs', 'tenants'] as const satisfies readonly (keyof Services)[];
export type CmsEventPorts = Pick<Services, (typeof cmsEventPorts)[number]>;

export function cmsEventRoutes(s: CmsEventPorts): Router {
  const router = new Router();
  // Each event reads the CMS and may start a workflow: limited per tenant (docs/rate-limits.md).
  const limited = rateLimit(s, 'cms_events', (ctx) => principal(ctx).tenant_id);
  router.post('/v1/cms/events', requireScope('cms:events'), limited, async (ctx) => {
    const body = await readForm(ctx);
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || 'body'} ${e.message}`).join('; ');
      throw new AppError('invalid_request', problems);
    }
    const who = principal(ctx);
    const tenantId = who.tenant_id;
    const traceparent = requestTraceparent(ctx);
    const claim = await (traceparent ? tracedCms(s.cms, contextOf(traceparent)) : s.cms).claim(tenantId, body.claim_id);
    if (!claim) throw new AppError('claim_not_found', 'the CMS has no such claim');
    const now = s.clock.now();
    if (body.type === 'claim.documents_pending') {
      // Business-initiated: WhatsApp when the tenant has it, else its first SMS number (docs/channels.md).
      const { whatsapp, sms } = (await s.tenants.get(tenantId)).channels;
      const via = whatsapp ? { channel: 'whatsapp' as const, number: whatsapp.phone_number_id } : { channel: 'sms' as const, number: sms!.numbers[0]! };
      const { workflowId, joined } = await s.pendingDocs.startFromCms(tenantId, claim, via.channel, via.number, now, body.language, traceparent);
      s.log.info({ tenant_id: tenantId, workflow_id: workflowId, claim_ref: s.refs.of(claim.claim_id), joined }, joined ? 'CMS event joined the open pending-documents workflow' : 'CMS event started a pending-documents workflow');
      ctx.status = 202;
      ctx.body = { event_type: body.type, workflow_id: workflowId, outcome: joined ? 'joined' : 'started' };
      return;
    }
    const workflowId = await s.pendingDocs.openForClaim(tenantId, claim);
    if (!workflowId) {
      ctx.body = { event_type: body.type, workflow_id: null, outcome: 'no_open_workflow' };
      return;
    }
    try {
      await s.pendingDocs.control(tenantId, workflowId, 'recheck', actorOf(who), now, { documents: body.documents ?? [] });
    } catch (err) {
      // Open but not waiting yet (consent, or its first fetch in flight): that fetch reads the CMS's list anyway.
      if (!(err instanceof AppError && err.code === 'workflow_state_conflict')) throw err;
      ctx.status = 202;
      ctx.body = { event_type: body.type, workflow_id: workflowId, outcome: 'not_waiting_yet' };
      return;
    }
    ctx.status = 202;
    ctx.body = { event_type: body.type, workflow_id: workflowId, outcome: 'rechecked' };
  });
  return router;
}
