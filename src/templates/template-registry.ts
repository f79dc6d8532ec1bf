/**
 * The reply template registry: per tenant, channel and language, the tenant's own templates
 * over the shipped ones (each language pack's replies.json, pipeline/languages). Rendering is plain substitution; markup in
 * a variable is inserted as text and never interpreted. An SMS reply is kept within the tenant's
 * segment budget (docs/channels.md): the full form, else the short form, else the short form with
 * its list cut ("+2 more"), else its longest variable shortened, else the text cut. A claimant
 * writing in a language the tenant offers in no form is answered in its default language, the
 * reply ending with the languages it offers (`languages_offered`; on SMS when the reply still fits
 * the budget with it, the answer coming first).
 */
import { channelCapabilities } from '../../pipeline/channels';
import type { Channel, Language, RenderedReply, ReplyRequest } from '../../pipeline/types';
import { choiceButtonId, choiceNumber, offeredChoices } from '../../pipeline/understanding/choices';
import { countSegments, cutToFit, fitToSegments } from '../adapters/channels/sms-segments';
import { AppError } from '../errors';
import { tenantLanguageOffer } from '../tenants/tenant-document';
import type { TenantStore } from '../tenants/tenant-store';
import { offeredLanguageNames, replyLanguage, type LanguageOffer } from '../../pipeline/language-offer';
import { isLanguage, packOf } from '../../pipeline/languages';
import providerTemplates from './provider-templates.json';

type TemplateTable = Record<string, Record<string, Record<string, string>>>;

/** Segments an SMS reply may take when the tenant sets no `segment_budget`. */
export const defaultSegmentBudget = 3;

/** The WhatsApp template (approved with Meta) of a reply outside the 24-hour window, by reply name. */
const provider: Record<string, { name: string; params: string[] }> = providerTemplates.templates;

/** A language pack's replies for a channel (a loaded language; the caller has checked it). */
export function shippedTemplates(channel: Channel, language: Language): Readonly<Record<string, string>> {
  return packOf(language).replies[channel];
}

/** A language pack's labels (`{{var|label}}`: the claim statuses). */
export function shippedLabels(language: Language): Readonly<Record<string, string>> {
  return packOf(language).replies.labels;
}

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

/** Reply buttons a WhatsApp interactive message may carry; more choices go out as a list message. */
export const maxReplyButtons = 3;
/** Meta's limits ("Interactive reply buttons messages", "Interactive list messages"): a button
 *  title, a list's button text, a list row's title and a list section's title. */
const limits = { buttonTitle: 20, listButton: 20, rowTitle: 24, sectionTitle: 24 } as const;

/** A title cut to Meta's limit (UTF-16 units, never more characters than Meta counts), with "…". */
function within(title: string, max: number): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * "Which did you mean?" (docs/understanding.md): the offered workflows as reply buttons where the
 * channel shows them (at most three), as a list message when there are more, else as numbered
 * lines under the text. Titles come from `choice_<intent>`, cut to Meta's limits.
 */
function offerChoices(rendered: RenderedReply, table: Record<string, string>, channel: Channel, language: Language, labels: Record<string, string>, intents: readonly string[]): void {
  if (intents.length === 0) return;
  if (channelCapabilities[channel].buttons) {
    const choices = intents.map((intent) => ({ id: choiceButtonId(intent, language), title: table[`choice_${intent}`] ?? intent }));
    if (choices.length <= maxReplyButtons) {
      rendered.buttons = choices.map((c) => ({ id: c.id, title: within(c.title, limits.buttonTitle) }));
    } else {
      rendered.list = {
        button: within(table.choices_list_button ?? 'Choose', limits.listButton),
        // Meta's reference marks a section's title required: the one section always has one.
        title: within(table.choices_list_title || 'Options', limits.sectionTitle),
        rows: choices.map((c) => ({ id: c.id, title: within(c.title, limits.rowTitle) })),
      };
    }
    return;
  }
  rendered.text = `${rendered.text}\n${numberedChoices(table, labels, intents)}`;
}

/**
 * The workflows as numbered lines ("1. Claim status ... Reply 1, 2, 3 or 4."): each line has its
 * workflow's fixed number (choiceNumber), so an offer of only some of them keeps their numbers.
 */
function numberedChoices(table: Record<string, string>, labels: Record<string, string>, intents: readonly string[]): string {
  const line = table.choices_numbered_line ?? '{{n}}. {{title}}';
  const numbers = intents.map((intent) => String(choiceNumber(intent)));
  const lines = intents.map((intent, i) => substitute(line, { n: numbers[i]!, title: table[`choice_${intent}`] ?? intent }, labels)).join('\n');
  const last = numbers.pop()!;
  const spoken = numbers.length > 0 ? `${numbers.join(', ')} ${table.choices_or ?? 'or'} ${last}` : last;
  return substitute(table.choices_numbered ?? '{{lines}}', { lines, numbers: spoken }, labels);
}

export class TemplateRegistry {
  constructor(private readonly tenants: TenantStore) {}

  async render(tenantId: string, channel: Channel, language: Language, reply: ReplyRequest, claimant?: Language): Promise<RenderedReply> {
    // A conversation's language is a loaded code; one that is not has no replies to give.
    if (!isLanguage(language)) throw new AppError('template_missing', `no language pack ${language}`);
    const tenant = await this.tenants.get(tenantId);
    const own = (tenant.templates as TemplateTable | undefined)?.[channel]?.[language] ?? {};
    const table = { ...shippedTemplates(channel, language), ...own };
    const text = table[reply.template];
    if (text === undefined) throw new AppError('template_missing', `no template ${reply.template} for ${channel}/${language}`);
    const labels = shippedLabels(language);
    const offerLine = claimant !== undefined ? languagesOfferedLine(table, channel, tenantLanguageOffer(tenant), claimant, labels) : '';
    if (channel === 'sms') {
      const budget = tenant.channels.sms?.segment_budget ?? defaultSegmentBudget;
      // No buttons on SMS: the choices are numbered lines, inside the segment budget like the rest.
      const offered = offeredChoices(reply.choices);
      const withChoices = offered.length > 0 ? { ...reply, vars: { ...reply.vars, choices: numberedChoices(table, labels, offered) } } : reply;
      // The line about the offered languages when the reply still fits with it; the answer comes first.
      const withLine = offerLine === '' ? null : withinBudget(table, withChoices, labels, budget, `\n${offerLine}`);
      return { template: reply.template, text: withLine ?? withinBudget(table, withChoices, labels, budget, '') ?? fitToSegments(render(table, withChoices, labels, true), budget) };
    }
    const vars = { ...reply.vars };
    if (reply.items) {
      const line = table[`${reply.template}_line`] ?? '{{claim_ref}}';
      vars.lines = reply.items.map((item) => substitute(line, item, labels)).join('\n');
    }
    const body = substitute(text, vars, labels);
    const rendered: RenderedReply = { template: reply.template, text: offerLine === '' ? body : `${body}\n\n${offerLine}` };
    offerChoices(rendered, table, channel, language, labels, offeredChoices(reply.choices));
    const approved = provider[reply.template];
    if (approved) {
      rendered.providerTemplate = {
        name: approved.name,
        language: packOf(language).whatsapp_language,
        params: approved.params.map((p) => providerParam(vars[p] ?? '')),
      };
    }
    return rendered;
  }
}

/**
 * The `languages_offered` line (docs/understanding.md, "Languages a tenant offers"): when the tenant
 * offers the claimant's language in no form, the reply is in its default language and ends with
 * the languages it answers in. Empty otherwise, or when the pack has no such template.
 */
function languagesOfferedLine(table: Record<string, string>, channel: Channel, offer: LanguageOffer, claimant: Language, labels: Record<string, string>): string {
  const line = table.languages_offered;
  if (line === undefined || !replyLanguage(offer, claimant).notOffered) return '';
  const names = offeredLanguageNames(offer, channel === 'sms' ? 'english' : 'native');
  return substitute(line, { languages: names.join(', ') }, labels);
}

/** An SMS reply's text in its full or short form, with these items and variables. */
function render(table: Record<string, string>, reply: ReplyRequest, labels: Record<string, string>, short: boolean, items = reply.items, vars = reply.vars): string {
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
}

/**
 * The longest form of an SMS reply that takes at most `budget` segments with `suffix` after it
 * (see the header), suffix included; null when not even the shortest form fits.
 */
function withinBudget(table: Record<string, string>, reply: ReplyRequest, labels: Record<string, string>, budget: number, suffix: string): string | null {
  const fits = (text: string) => countSegments(text + suffix).segments <= budget;
  const form = (short: boolean, items = reply.items, vars = reply.vars) => render(table, reply, labels, short, items, vars);
  const full = form(false);
  if (fits(full)) return full + suffix;
  const short = form(true);
  if (fits(short)) return short + suffix;
  // A long list: keep as many items as fit, and say how many more there are.
  if (reply.items && reply.items.length > 1) {
    for (let keep = reply.items.length - 1; keep >= 1; keep--) {
      const text = form(true, reply.items.slice(0, keep));
      if (fits(text)) return text + suffix;
    }
  }
  // A long variable (an answer's excerpt): shorten it, keeping the rest (its source) whole.
  const longest = Object.entries(reply.vars).sort(([, a], [, b]) => b.length - a.length)[0];
  if (longest && longest[1].length > 20) {
    const withValue = (value: string) => form(true, reply.items?.slice(0, 1), { ...reply.vars, [longest[0]]: value });
    const text = withValue(cutToFit(longest[1], (cut) => fits(withValue(cut))));
    if (fits(text)) return text + suffix;
  }
  return null;
}
