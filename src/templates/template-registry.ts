/**
 * The reply template registry: per tenant, channel and language, the tenant's own templates
 * over the shipped defaults (default-templates.json). Rendering is plain substitution; markup in
 * a variable is inserted as text and never interpreted. An SMS reply is kept within the tenant's
 * segment budget (docs/channels.md): the full form, else the short form, else the short form with
 * its list cut ("+2 more"), else its longest variable shortened, else the text cut.
 */
import { channelCapabilities } from '../../pipeline/channels';
import type { Channel, Language, RenderedReply, ReplyRequest } from '../../pipeline/types';
import { choiceButtonId, choiceOrder } from '../../pipeline/understanding/choices';
import { countSegments, cutToFit, fitToSegments } from '../adapters/channels/sms-segments';
import { AppError } from '../errors';
import type { TenantStore } from '../tenants/tenant-store';
import defaults from './default-templates.json';

type TemplateTable = Record<string, Record<string, Record<string, string>>>;

/** Segments an SMS reply may take when the tenant sets no `segment_budget`. */
export const defaultSegmentBudget = 3;

const shipped = defaults as unknown as {
  whatsapp: Record<Language, Record<string, string>>;
  sms: Record<Language, Record<string, string>>;
  labels: Record<Language, Record<string, string>>;
  provider_templates: Record<string, { name: string; params: string[] }>;
  provider_language_codes: Record<Language, string>;
};

/** WhatsApp template parameters may not hold new lines or tabs. */
function providerParam(value: string): string {
  return value.replace(/[\n\t]+/g, ' | ').replace(/ {4,}/g, '   ');
}

export function substitute(text: string, vars: Record<string, string>, labels: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)(\|label)?\s*\}\}/g, (_, name: string, label?: string) => {
    const value = vars[name] ?? '';
    return label ? labels[value] ?? value : value;
  });
}

/**
 * "Which did you mean?": the workflows as reply buttons where the channel shows them, else as a
 * numbered list under the text (docs/understanding.md). Titles come from `choice_<intent>`.
 */
function offerChoices(rendered: RenderedReply, table: Record<string, string>, channel: Channel, language: Language, labels: Record<string, string>): void {
  if (channelCapabilities[channel].buttons) {
    rendered.buttons = choiceOrder().map((intent) => ({ id: choiceButtonId(intent, language), title: table[`choice_${intent}`] ?? intent }));
    return;
  }
  rendered.text = `${rendered.text}\n${numberedChoices(table, labels)}`;
}

/** The workflows as a numbered list ("1. Claim status ... Reply 1, 2 or 3."). */
function numberedChoices(table: Record<string, string>, labels: Record<string, string>): string {
  const line = table.choices_numbered_line ?? '{{n}}. {{title}}';
  const lines = choiceOrder().map((intent, i) => substitute(line, { n: String(i + 1), title: table[`choice_${intent}`] ?? intent }, labels)).join('\n');
  return substitute(table.choices_numbered ?? '{{lines}}', { lines }, labels);
}

export class TemplateRegistry {
  constructor(private readonly tenants: TenantStore) {}

  async render(tenantId: string, channel: Channel, language: Language, reply: ReplyRequest): Promise<RenderedReply> {
    const tenant = await this.tenants.get(tenantId);
    const own = (tenant.templates as TemplateTable | undefined)?.[channel]?.[language] ?? {};
    const table = { ...shipped[channel][language], ...own };
    const text = table[reply.template];
    if (text === undefined) throw new AppError('template_missing', `no template ${reply.template} for ${channel}/${language}`);
    const labels = shipped.labels[language];
    if (channel === 'sms') {
      const budget = tenant.channels.sms?.segment_budget ?? defaultSegmentBudget;
      // No buttons on SMS: the choices are a numbered list, inside the segment budget like the rest.
      const withChoices = reply.choices ? { ...reply, vars: { ...reply.vars, choices: numberedChoices(table, labels) } } : reply;
      return { template: reply.template, text: withinBudget(table, withChoices, labels, budget) };
    }
    const vars = { ...reply.vars };
    if (reply.items) {
      const line = table[`${reply.template}_line`] ?? '{{claim_ref}}';
      vars.lines = reply.items.map((item) => substitute(line, item, labels)).join('\n');
    }
    const rendered: RenderedReply = { template: reply.template, text: substitute(text, vars, labels) };
    if (reply.choices) offerChoices(rendered, table, channel, language, labels);
    const provider = shipped.provider_templates[reply.template];
    if (provider) {
      rendered.providerTemplate = {
        name: provider.name,
        language: shipped.provider_language_codes[language],
        params: provider.params.map((p) => providerParam(vars[p] ?? '')),
      };
    }
    return rendered;
  }
}

/** The longest form of an SMS reply that takes at most `budget` segments (see the header). */
function withinBudget(table: Record<string, string>, reply: ReplyRequest, labels: Record<string, string>, budget: number): string {
  const fits = (text: string) => countSegments(text).segments <= budget;
  const render = (short: boolean, items = reply.items, vars = reply.vars): string => {
    const name = short && table[`${reply.template}_short`] !== undefined ? `${reply.template}_short` : reply.template;
    const all = { ...vars };
    if (items) {
      const line = (short ? table[`${reply.template}_line_short`] : undefined) ?? table[`${reply.template}_line`] ?? '{{claim_ref}}';
      const lines = items.map((item) => substitute(line, item, labels));
      const cut = (reply.items?.length ?? 0) - items.length;
      if (cut > 0 && table.more !== undefined) lines.push(substitute(table.more, { count: String(cut) }, labels));
      all.lines = lines.join('\n');
    }
    return substitute(table[name]!, all, labels);
  };
  const full = render(false);
  if (fits(full)) return full;
  const short = render(true);
  if (fits(short)) return short;
  // A long list: keep as many items as fit, and say how many more there are.
  if (reply.items && reply.items.length > 1) {
    for (let keep = reply.items.length - 1; keep >= 1; keep--) {
      const text = render(true, reply.items.slice(0, keep));
      if (fits(text)) return text;
    }
  }
  // A long variable (an answer's excerpt): shorten it, keeping the rest (its source) whole.
  const longest = Object.entries(reply.vars).sort(([, a], [, b]) => b.length - a.length)[0];
  if (longest && longest[1].length > 20) {
    const withValue = (value: string) => render(true, reply.items?.slice(0, 1), { ...reply.vars, [longest[0]]: value });
    const text = withValue(cutToFit(longest[1], (cut) => fits(withValue(cut))));
    if (fits(text)) return text;
  }
  return fitToSegments(short, budget);
}
