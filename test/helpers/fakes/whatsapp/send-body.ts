/**
 * Validation of the service's send-message bodies, with the checks and error texts of the Cloud
 * API's "Messages" reference: text, template and interactive reply-button messages.
 */
import type { SentMessage } from './types';
import { digitsOf } from './wire';

/** Validates a Meta send-message body; returns the fields to record or an error message. */
export function parseSend(body: unknown): { error: string } | Pick<SentMessage, 'to' | 'type' | 'text' | 'template' | 'buttons' | 'bizOpaque'> & { rawTo: string } {
  if (typeof body !== 'object' || body === null) return { error: '(#100) Invalid JSON body' };
  const b = body as Record<string, any>;
  if (b.messaging_product !== 'whatsapp') return { error: '(#100) The parameter messaging_product is required.' };
  if (b.recipient_type !== undefined && b.recipient_type !== 'individual') return { error: '(#100) Invalid parameter recipient_type' };
  if (typeof b.to !== 'string' || !/^\+?[1-9]\d{6,14}$/.test(b.to)) return { error: '(#100) Invalid parameter to' };
  // "Messages" reference: an arbitrary string, at most 512 characters, returned in status webhooks.
  const opaque = b.biz_opaque_callback_data;
  if (opaque !== undefined && (typeof opaque !== 'string' || opaque.length > 512)) return { error: '(#100) Param biz_opaque_callback_data must be a string of at most 512 characters.' };
  const base = { rawTo: b.to, to: `+${digitsOf(b.to)}`, ...(opaque !== undefined ? { bizOpaque: opaque as string } : {}) };
  if (b.type === 'text') {
    const text = b.text?.body;
    if (typeof text !== 'string' || text.length === 0) return { error: '(#100) The parameter text[\'body\'] is required.' };
    // Meta rejects text bodies over 4096 characters; surface overlong replies here too.
    if (text.length > 4096) return { error: '(#100) Param text[\'body\'] must be at most 4096 characters long.' };
    return { ...base, type: 'text', text };
  }
  if (b.type === 'template') {
    const t = b.template;
    if (typeof t?.name !== 'string' || typeof t?.language?.code !== 'string') {
      return { error: '(#100) The parameters template[\'name\'] and template[\'language\'][\'code\'] are required.' };
    }
    if (t.components !== undefined && !Array.isArray(t.components)) return { error: '(#100) Invalid parameter template[\'components\']' };
    const params: string[] = [];
    for (const c of (t.components ?? []) as any[]) {
      if (c?.type !== 'body') continue;
      for (const p of (c.parameters ?? []) as any[]) params.push(String(p?.text ?? ''));
    }
    return { ...base, type: 'template', template: { name: t.name, language: t.language.code, params } };
  }
  if (b.type === 'interactive') return parseInteractive(b.interactive, base);
  return { error: `(#100) Unsupported message type: ${String(b.type)}` };
}

/**
 * An interactive reply-buttons message, with the limits Meta documents ("Interactive reply
 * buttons messages", WhatsApp Cloud API): body text required, at most 1024 characters; one to
 * three buttons of type `reply`, each id unique and at most 256 characters, each title unique and
 * at most 20 characters. Other interactive types are not used by the service and are refused.
 */
function parseInteractive(i: any, base: { rawTo: string; to: string; bizOpaque?: string }): { error: string } | Pick<SentMessage, 'to' | 'type' | 'text' | 'buttons' | 'bizOpaque'> & { rawTo: string } {
  if (i?.type !== 'button') return { error: `(#100) Unsupported interactive type: ${String(i?.type)}` };
  const text = i.body?.text;
  if (typeof text !== 'string' || text.length === 0) return { error: '(#100) The parameter interactive[\'body\'][\'text\'] is required.' };
  if (text.length > 1024) return { error: '(#100) Param interactive[\'body\'][\'text\'] must be at most 1024 characters long.' };
  const raw = i.action?.buttons;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 3) return { error: '(#100) Param interactive[\'action\'][\'buttons\'] must have between 1 and 3 elements.' };
  const buttons: Array<{ id: string; title: string }> = [];
  for (const button of raw as any[]) {
    const id = button?.reply?.id;
    const title = button?.reply?.title;
    if (button?.type !== 'reply' || typeof id !== 'string' || typeof title !== 'string' || id.length === 0 || title.length === 0) {
      return { error: '(#100) Each button needs type reply, reply.id and reply.title.' };
    }
    if (id.length > 256) return { error: '(#100) Button id must be at most 256 characters long.' };
    if ([...title].length > 20) return { error: '(#100) Button title length is too long. Max length is 20' };
    if (buttons.some((b) => b.id === id || b.title === title)) return { error: '(#100) Button ids and titles must be unique.' };
    buttons.push({ id, title });
  }
  return { ...base, type: 'interactive', text, buttons };
}
