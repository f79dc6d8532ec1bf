/**
 * Validation of the service's send-message bodies, with the checks and error texts of the Cloud
 * API's "Messages" reference: text, template, and interactive reply-button and list messages.
 */
import type { ListRow, SentMessage } from './types';
import { digitsOf } from './wire';

type Recorded = Pick<SentMessage, 'to' | 'type' | 'text' | 'template' | 'buttons' | 'list' | 'bizOpaque'> & { rawTo: string };
type Base = { rawTo: string; to: string; bizOpaque?: string };

/** Validates a Meta send-message body; returns the fields to record or an error message. */
export function parseSend(body: unknown): { error: string } | Recorded {
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
 * at most 20 characters. A list message is read by parseList; other interactive types are not
 * used by the service and are refused.
 */
function parseInteractive(i: any, base: Base): { error: string } | Recorded {
  if (i?.type === 'list') return parseList(i, base);
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

/**
 * An interactive list message, with the limits Meta documents ("Interactive list messages",
 * WhatsApp Cloud API): body text required, at most 4096 characters; an optional header (text
 * only, at most 60 characters) and footer (at most 60); `action.button`, the text of the one
 * button that opens the list, required, at most 20 characters; one to ten sections, each with a
 * title of at most 24 characters (the reference marks it required) and at least one row; at most
 * ten rows in all, each with an id (at most 200 characters, unique in the message), a title (at
 * most 24 characters) and an optional description (at most 72).
 */
function parseList(i: any, base: Base): { error: string } | Recorded {
  const text = i.body?.text;
  if (typeof text !== 'string' || text.length === 0) return { error: '(#100) The parameter interactive[\'body\'][\'text\'] is required.' };
  if (text.length > 4096) return { error: '(#100) Param interactive[\'body\'][\'text\'] must be at most 4096 characters long.' };
  if (i.header !== undefined && (i.header?.type !== 'text' || typeof i.header.text !== 'string' || i.header.text.length > 60)) {
    return { error: '(#100) A list message\'s header must be of type text, at most 60 characters long.' };
  }
  if (i.footer !== undefined && (typeof i.footer?.text !== 'string' || i.footer.text.length > 60)) return { error: '(#100) Param interactive[\'footer\'][\'text\'] must be at most 60 characters long.' };
  const button = i.action?.button;
  if (typeof button !== 'string' || button.length === 0) return { error: '(#100) The parameter interactive[\'action\'][\'button\'] is required.' };
  if ([...button].length > 20) return { error: '(#100) Button title length is too long. Max length is 20' };
  const rawSections = i.action?.sections;
  if (!Array.isArray(rawSections) || rawSections.length < 1 || rawSections.length > 10) return { error: '(#100) Param interactive[\'action\'][\'sections\'] must have between 1 and 10 elements.' };
  const sections: Array<{ title?: string; rows: ListRow[] }> = [];
  const ids = new Set<string>();
  for (const section of rawSections as any[]) {
    const title = section?.title;
    if (typeof title !== 'string' || title.length === 0) return { error: '(#100) The parameter interactive[\'action\'][\'sections\'][\'title\'] is required.' };
    if ([...title].length > 24) return { error: '(#100) Section title length is too long. Max length is 24' };
    if (!Array.isArray(section.rows) || section.rows.length === 0) return { error: '(#100) Each section needs at least one row.' };
    const rows: ListRow[] = [];
    for (const row of section.rows as any[]) {
      const { id, title: rowTitle, description } = row ?? {};
      if (typeof id !== 'string' || typeof rowTitle !== 'string' || id.length === 0 || rowTitle.length === 0) return { error: '(#100) Each row needs an id and a title.' };
      if (id.length > 200) return { error: '(#100) Row id must be at most 200 characters long.' };
      if ([...rowTitle].length > 24) return { error: '(#100) Row title length is too long. Max length is 24' };
      if (description !== undefined && (typeof description !== 'string' || [...description].length > 72)) return { error: '(#100) Row description length is too long. Max length is 72' };
      if (ids.has(id)) return { error: '(#100) Row ids must be unique.' };
      ids.add(id);
      rows.push({ id, title: rowTitle, ...(description !== undefined ? { description } : {}) });
    }
    sections.push({ title, rows });
  }
  if (ids.size > 10) return { error: '(#100) A list message may have at most 10 rows in all.' };
  return { ...base, type: 'interactive', text, list: { button, sections } };
}
