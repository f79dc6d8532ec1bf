/**
 * The checks every new language's pair of packs (a native-script code and its romanised form)
 * shares, for its unit test (test/unit/language-pack-*.test.ts): every reply and label the English
 * pack has, with the same variables; WhatsApp button and list titles within Meta's limits; Meta's
 * template language code outside the 24-hour window; SMS replies within the default segment budget
 * uncut, short forms within two segments, the native script sent as UCS-2 and the romanised form as
 * GSM-7. Called inside the file's `describe`, so each check is reported under the language.
 */
import { expect } from 'chai';
import { packOf } from '../../pipeline/languages';
import { countSegments } from '../../src/adapters/channels/sms-segments';
import { TemplateRegistry, defaultSegmentBudget } from '../../src/templates/template-registry';
import type { TenantStore } from '../../src/tenants/tenant-store';

export interface PackPair {
  /** The native-script code, e.g. 'MR'. */
  native: string;
  /** Its romanised, English-mixed form, e.g. 'MR_EN'. */
  romanised: string;
  /** Meta's template language code both send, e.g. 'mr'. */
  meta: string;
  /** A knowledge-base answer in the language, as long as a real one. */
  answer: string;
}

const variablesOf = (text: string) => [...text.matchAll(/\{\{\s*([a-z_]+(?:\|label)?)\s*\}\}/g)].map((m) => m[1]).sort();

/** A tenant with no templates of its own and the given SMS segment budget. */
export const packRegistry = (budget = defaultSegmentBudget) =>
  new TemplateRegistry({ get: async () => ({ tenant_id: 'acme', channels: { sms: { segment_budget: budget } } }) } as unknown as TenantStore);

/** List items of the length a real reply carries. */
export const sampleItems = (template: string) =>
  template.startsWith('claim_status') ? [{ claim_ref: 'XXXX0123', status: 'UNDER_REVIEW', updated: '2024-11-18' }]
    : template.startsWith('documents_') ? [{ document: 'Discharge summary' }, { document: 'Final bill' }] : undefined;

export function checkPackReplies(pair: PackPair): void {
  const codes = [pair.native, pair.romanised];
  const sample: Record<string, string> = {
    claim_ref: 'XXXX0123', updated: '2024-11-18', answer: pair.answer, source: 'Policy wording 4.2',
    amount: '₹45,000', expected: '17:30', support_number: '1800 123 4567', text: 'OK', count: '2',
  };

  it('has every reply and label of the English pack, with the same variables', () => {
    const en = packOf('EN').replies;
    for (const code of codes) {
      const replies = packOf(code).replies;
      for (const channel of ['whatsapp', 'sms', 'labels'] as const) {
        expect(Object.keys(replies[channel]).sort(), `${code} ${channel}`).to.deep.equal(Object.keys(en[channel]).sort());
        for (const [name, text] of Object.entries(en[channel])) {
          expect(variablesOf(replies[channel][name]!), `${code} ${channel} ${name}`).to.deep.equal(variablesOf(text));
        }
      }
    }
  });

  it("offers the workflows on WhatsApp with whole titles, within Meta's limits", async () => {
    for (const code of codes) {
      const replies = packOf(code).replies.whatsapp;
      for (const name of Object.keys(replies).filter((n) => n.startsWith('choice_')).concat('choices_list_button')) {
        expect(replies[name]!.length, `${code} ${name}`).to.be.at.most(20);
      }
      expect(replies.choices_list_title!.length).to.be.at.most(24);
      const buttons = await packRegistry().render('acme', 'whatsapp', code, { template: 'clarify', vars: {}, choices: ['claim_status', 'pending_documents', 'query_reason'] });
      expect(buttons.buttons!.map((b) => b.title)).to.deep.equal([replies.choice_claim_status, replies.choice_pending_documents, replies.choice_query_reason]);
      const list = await packRegistry().render('acme', 'whatsapp', code, { template: 'clarify', vars: {}, choices: true });
      expect(list.list!.button).to.equal(replies.choices_list_button);
      expect(list.list!.rows.map((r) => r.title)).to.include(replies.choice_human_handover);
    }
  });

  it(`sends Meta's template language code ${pair.meta} outside the 24-hour window`, async () => {
    for (const code of codes) {
      const out = await packRegistry().render('acme', 'whatsapp', code, { template: 'claim_status', vars: {}, items: sampleItems('claim_status') });
      expect(out.providerTemplate?.language, code).to.equal(pair.meta);
    }
  });

  it('keeps every SMS reply within the default budget uncut, each short form within two segments; the script as UCS-2, the romanised form as GSM-7', async () => {
    for (const code of codes) {
      const sms = packOf(code).replies.sms;
      for (const template of Object.keys(sms).filter((n) => !n.endsWith('_short') && !n.endsWith('_line') && n !== 'more' && !n.startsWith('choice'))) {
        // Greetings and "which did you mean" offer every workflow; the rest offer a person, as their workflows do.
        const choices = template === 'clarify' || template === 'small_talk' ? true : ['human_handover'];
        const out = await packRegistry().render('acme', 'sms', code, { template, vars: sample, items: sampleItems(template), choices });
        expect(out.text.endsWith('...'), `${code} ${template} was cut: ${out.text}`).to.equal(false);
        expect(countSegments(out.text).segments, `${code} ${template}`).to.be.at.most(defaultSegmentBudget);
      }
      for (const [name, text] of Object.entries(sms).filter(([n]) => n.endsWith('_short'))) {
        const filled = text.replace(/\{\{\s*([a-z_]+)(\|label)?\s*\}\}/g, (_, v: string) => (v === 'lines' ? '- Discharge summary' : sample[v] ?? ''));
        expect(countSegments(filled).segments, `${code} ${name}`).to.be.at.most(2);
      }
    }
    // A native script makes a text UCS-2 (70 characters in one segment); the romanised form stays GSM-7.
    expect(countSegments(packOf(pair.native).replies.sms.consent_request_short!).encoding).to.equal('ucs2');
    expect(countSegments(packOf(pair.romanised).replies.sms.consent_request!).encoding).to.equal('gsm7');
    // With a budget of one segment, the consent request falls back to its short form, then is cut to fit.
    const one = await packRegistry(1).render('acme', 'sms', pair.native, { template: 'consent_request', vars: {} });
    expect(countSegments(one.text).segments).to.equal(1);
  });
}
