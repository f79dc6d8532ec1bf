/**
 * WhatsApp Cloud API webhook. GET answers Meta's verification challenge; POST checks
 * `X-Hub-Signature-256` against the app secret of the tenant that owns the receiving number,
 * then takes each message in (redeliveries dropped) and records delivery statuses. Nothing is
 * enqueued unless the signature holds.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { parseWebhook, verifySignature } from '../../adapters/channels/whatsapp';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { parseJson, readRaw } from '../body';
import { requestTraceparent } from '../request-trace';

const maxWebhookBytes = 1024 * 1024;
/** Checked against when no tenant owns the number: random per process, so no signature can match it. */
const unownedNumberSecret = randomBytes(32).toString('hex');

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const whatsappPorts = ['clock', 'intake', 'log', 'metrics', 'refs', 'sends', 'tenants'] as const satisfies readonly (keyof Services)[];
export type WhatsappPorts = Pick<Services, (typeof whatsappPorts)[number]>;

export function whatsappRoutes(s: WhatsappPorts): Router {
  const router = new Router();
  router.get('/channels/whatsapp/webhook', async (ctx) => {
    const mode = ctx.query['hub.mode'];
    const token = ctx.query['hub.verify_token'];
    const challenge = ctx.query['hub.challenge'];
    if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') {
      throw new AppError('invalid_request', 'expected hub.mode=subscribe, hub.verify_token and hub.challenge');
    }
    if (!(await s.tenants.tenantForVerifyToken(token))) throw new AppError('forbidden', 'verify token not recognised');
    ctx.type = 'text/plain';
    ctx.body = challenge;
  });

  router.post('/channels/whatsapp/webhook', async (ctx) => {
    const raw = await readRaw(ctx, maxWebhookBytes);
    const parsed = parseWebhook(parseJson(raw));
    const signature = ctx.get('x-hub-signature-256') || undefined;
    // One webhook carries one business number; every number in it must verify with its owner's secret.
    const owners = new Map<string, string>();
    // One HMAC over the raw bytes per secret: numbers of one tenant share it.
    const verified = new Map<string, boolean>();
    // A number no tenant owns is answered like a bad signature, after the same HMAC work, so an
    // outsider cannot tell which numbers are registered.
    for (const id of parsed.phoneNumberIds) {
      const tenantId = await s.tenants.tenantForWhatsAppNumber(id);
      const secret = tenantId ? (await s.tenants.get(tenantId)).channels.whatsapp?.app_secret : unownedNumberSecret;
      if (secret && !verified.has(secret)) verified.set(secret, verifySignature(raw, signature, secret));
      if (!secret || !verified.get(secret) || !tenantId) {
        s.log.warn({ tenant_id: tenantId ?? undefined, owned: Boolean(tenantId), signed: Boolean(signature) }, 'WhatsApp webhook refused: signature missing or wrong, or number not owned');
        throw new AppError('invalid_signature', 'X-Hub-Signature-256 missing or does not match');
      }
      owners.set(id, tenantId);
    }
    const now = s.clock.now();
    const accepted: string[] = [];
    for (const message of parsed.messages) {
      const tenantId = owners.get(message.phoneNumberId)!;
      const { workflowId, duplicate } = await s.intake.message(tenantId, 'whatsapp', { ...message, businessNumberId: message.phoneNumberId }, now, requestTraceparent(ctx));
      s.metrics.inbound.inc({ channel: 'whatsapp', result: duplicate ? 'duplicate' : 'accepted' });
      s.log.info({ tenant_id: tenantId, workflow_id: workflowId, from_ref: s.refs.of(message.from), duplicate }, duplicate ? 'inbound message was a redelivery' : 'inbound message accepted');
      if (!duplicate) accepted.push(workflowId);
    }
    // Every status of the webhook at once: one channel-status entry each, and for a send of ours one
    // script call (proof, delivery state, failure event); sent together, they share the round trip
    // (the API's connection pipelines what is sent in one turn; docs/benchmarks.md).
    await Promise.all(parsed.statuses.map(async (status) => {
      const tenantId = owners.get(status.phoneNumberId)!;
      await Promise.all([
        s.intake.status(tenantId, 'whatsapp', { id: status.id, status: status.status, timestamp: status.timestamp, recipient: status.recipient, errorCode: status.errorCode }),
        // Our send id comes back as `biz_opaque_callback_data`: proof that Meta took that send
        // (docs/workflows.md, "Effectively-once replies"), and the reply's delivery state.
        status.sendId ? s.sends.status(tenantId, status.sendId, { providerMessageId: status.id, status: status.status, at: status.timestamp || now, errorCode: status.errorCode }, now) : null,
      ]);
    }));
    ctx.body = { received: parsed.messages.length, accepted: accepted.length, workflow_ids: accepted, statuses: parsed.statuses.length };
  });
  return router;
}
