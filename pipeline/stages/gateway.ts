/**
 * gateway: the first stage after the API took the message in (signature checked, tenant found,
 * redeliveries dropped). It normalises what the channel sent and notes the language hint.
 */
import { detectLanguage } from '../language';
import type { AuditNote, Stage } from '../types';
import { next, workflowOf } from '../workflows';

export const gateway: Stage = {
  name: 'gateway',
  async handle(envelope) {
    const payload = { ...envelope.payload, text: envelope.payload.text.trim().slice(0, 4096) };
    // A follow-up the partner's CMS started (POST /v1/cms/events) carries no claimant words.
    const audit: AuditNote = payload.pdStep
      ? { type: 'cms_event.received', detail: { event: 'claim.documents_pending' } }
      : { type: 'message.received', detail: { channel: payload.channel, length: payload.text.length, language_hint: detectLanguage(payload.text), media: payload.media?.kind ?? null } };
    return { kind: 'forward', to: next(workflowOf(payload), 'gateway'), payload, audit };
  },
};
