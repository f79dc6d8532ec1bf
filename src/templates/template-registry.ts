/**
 * The reply template registry: per tenant, channel and language, the tenant's own templates
 * over the shipped defaults (default-templates.json). Rendering is plain substitution; markup in
 * a variable is inserted as text and never interpreted.
 */
import type { Channel, Language, RenderedReply, ReplyRequest } from '../../pipeline/types';
import { AppError } from '../errors';
import type { TenantStore } from '../tenants/tenant-store';
import defaults from './default-templates.json';

type TemplateTable = Record<string, Record<string, Record<string, string>>>;

const shipped = defaults as unknown as {
  whatsapp: Record<Language, Record<string, string>>;
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

export class TemplateRegistry {
  constructor(private readonly tenants: TenantStore) {}

  async render(tenantId: string, channel: Channel, language: Language, reply: ReplyRequest): Promise<RenderedReply> {
    const tenant = await this.tenants.get(tenantId);
    const own = (tenant.templates as TemplateTable | undefined)?.[channel]?.[language] ?? {};
    const table = { ...shipped[channel][language], ...own };
    const text = table[reply.template];
    if (text === undefined) throw new AppError('template_missing', `no template ${reply.template} for ${channel}/${language}`);
    const labels = shipped.labels[language];
    const vars = { ...reply.vars };
    if (reply.items) {
      const line = table[`${reply.template}_line`] ?? '{{claim_ref}}';
      vars.lines = reply.items.map((item) => substitute(line, item, labels)).join('\n');
    }
    const rendered: RenderedReply = { template: reply.template, text: substitute(text, vars, labels) };
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
