/**
 * The languages a tenant offers (tenant document `languages`, `default_language`;
 * docs/configuration.md): the document's checks, the reply language under an offer (the
 * claimant's, the same language in its other form, else the default), the stages answering in
 * it, and the reply's `languages_offered` line, on SMS only while the reply fits its budget.
 */
import { expect } from 'chai';
import { everyLanguage, offerOf, offeredLanguageNames, replyLanguage } from '../../pipeline/language-offer';
import { languageCodes, packOf } from '../../pipeline/languages';
import { consent } from '../../pipeline/stages/consent';
import { router } from '../../pipeline/stages/router';
import { countSegments } from '../../src/adapters/channels/sms-segments';
import { TemplateRegistry } from '../../src/templates/template-registry';
import { checkTenantDocument, tenantLanguageOffer, type TenantDocument } from '../../src/tenants/tenant-document';
import type { TenantStore } from '../../src/tenants/tenant-store';
import { envelopeFor, fakeStageContext, testPhone } from '../helpers/fake-stage-context';

const base = {
  tenant_id: 'acme', name: 'Acme TPA', cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123' },
  channels: { sms: { numbers: ['+15550100300'], account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'auth-token-0123', api_base: 'https://api.twilio.com' } },
};

describe('languages a tenant offers', () => {
  it('takes loaded codes and a default among them; offers every pack with EN the default when unset', () => {
    const checked = checkTenantDocument({ ...base, languages: ['EN', 'HI', 'HI_EN'], default_language: 'HI' });
    expect(checked.ok).to.equal(true);
    expect(tenantLanguageOffer(checked.ok ? checked.doc : base as TenantDocument)).to.deep.equal({ languages: ['EN', 'HI', 'HI_EN'], defaultLanguage: 'HI' });
    expect(tenantLanguageOffer(base as TenantDocument)).to.deep.equal({ languages: languageCodes, defaultLanguage: 'EN' });
    expect(checkTenantDocument({ ...base, languages: ['HI'], default_language: 'HI' }).ok).to.equal(true);
  });

  it('refuses a code no pack has, a default that is not offered, and EN by default when it is not offered', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ languages: ['EN', 'XX'] }, /^\/languages\/1 "XX" is not a language the service has a pack for \(the loaded packs are .*\bEN, .*HI_EN/],
      [{ languages: ['EN'], default_language: 'HI' }, /^\/default_language "HI" must be one of \/languages \(EN\)$/],
      [{ languages: ['HI', 'HI_EN'] }, /^\/default_language is EN when unset, and \/languages does not offer it: add EN to \/languages or set default_language to one of HI, HI_EN$/],
      [{ default_language: 'XX' }, /^\/default_language "XX" is not a language the service has a pack for/],
      [{ languages: [] }, /\/languages must NOT have fewer than 1 items/],
      [{ languages: ['EN', 'EN'] }, /\/languages must NOT have duplicate items/],
      [{ languages: ['en'] }, /\/languages\/0 must match pattern/],
    ];
    for (const [fields, error] of cases) {
      const checked = checkTenantDocument({ ...base, ...fields });
      expect(checked.ok, JSON.stringify(fields)).to.equal(false);
      if (!checked.ok) expect(checked.errors.join('; '), JSON.stringify(fields)).to.match(error);
    }
  });

  it('answers in the claimant\'s language, else the same language in its other form, else the default with the line', () => {
    const offer = offerOf(['EN', 'HI'], 'EN');
    expect(replyLanguage(offer, 'HI')).to.deep.equal({ language: 'HI', notOffered: false });
    expect(replyLanguage(offer, 'HI_EN')).to.deep.equal({ language: 'HI', notOffered: false });
    expect(replyLanguage(offerOf(['EN', 'HI_EN'], 'EN'), 'HI')).to.deep.equal({ language: 'HI_EN', notOffered: false });
    expect(replyLanguage(offerOf(['HI', 'HI_EN'], 'HI'), 'EN')).to.deep.equal({ language: 'HI', notOffered: true });
    expect(replyLanguage(offer, 'MR')).to.deep.equal({ language: 'EN', notOffered: true });
    for (const code of languageCodes) expect(replyLanguage(everyLanguage, code)).to.deep.equal({ language: code, notOffered: false });
  });

  it('names each offered language once, in its own script on WhatsApp and in English on SMS', () => {
    const offer = offerOf(['EN', 'HI', 'HI_EN', 'MR_EN'], 'EN');
    expect(offeredLanguageNames(offer, 'native')).to.deep.equal(['English', 'हिन्दी', packOf('MR').native_name]);
    expect(offeredLanguageNames(offer, 'english')).to.deep.equal(['English', 'Hindi', 'Marathi']);
  });

  it('a stored offer naming a pack no longer loaded keeps the rest', () => {
    expect(offerOf(['EN', 'XX'], 'XX')).to.deep.equal({ languages: ['EN'], defaultLanguage: 'EN' });
    expect(offerOf(['XX'], undefined)).to.deep.equal(everyLanguage);
  });

  it('the consent stage and the router answer a language the tenant does not offer in its default, keeping the claimant\'s', async () => {
    const ctx = fakeStageContext({ languageOffer: offerOf(['EN', 'HI'], 'HI'), consent: { [testPhone]: { state: 'none' } } });
    const asked = await consent.handle(envelopeFor('consent', { text: 'माझा क्लेम कधी मंजूर होईल' }), ctx);
    expect(asked.kind === 'forward' && asked.payload).to.include({ language: 'HI', claimantLanguage: 'MR' });
    expect(asked.effects).to.deep.include({ type: 'consent.language', language: 'MR' });
    const routed = await router.handle(envelopeFor('router', { text: 'माझा क्लेम कधी मंजूर होईल', claimantLanguage: 'MR' }), ctx);
    expect(routed.kind === 'forward' && routed.payload).to.include({ language: 'HI', claimantLanguage: 'MR' });
    expect(routed.kind === 'forward' && routed.patch).to.include({ language: 'HI' });
    // Romanised Hindi where only Hindi is offered: Hindi, the same language.
    const hinglish = await router.handle(envelopeFor('router', { text: 'mera claim kab aayega', claimantLanguage: 'HI_EN' }), ctx);
    expect(hinglish.kind === 'forward' && hinglish.payload.language).to.equal('HI');
  });

  describe('the languages_offered line', () => {
    const registry = (doc: Partial<TenantDocument>) =>
      new TemplateRegistry({ get: async () => ({ ...base, ...doc }) } as unknown as TenantStore);
    const offered = { languages: ['EN', 'HI', 'HI_EN'], default_language: 'EN' };
    const line = (channel: 'whatsapp' | 'sms', names: string) =>
      packOf('EN').replies[channel].languages_offered!.replace('{{languages}}', names);

    it('ends a WhatsApp reply in the default language, the languages in their own scripts', async () => {
      const out = await registry(offered).render('acme', 'whatsapp', 'EN', { template: 'consent_thanks', vars: {} }, 'MR');
      expect(out.text).to.equal(`${packOf('EN').replies.whatsapp.consent_thanks}\n\n${line('whatsapp', 'English, हिन्दी')}`);
    });

    it('is left out for an offered language, its other form, and a render that names no claimant language', async () => {
      const plain = packOf('EN').replies.whatsapp.consent_thanks;
      for (const claimant of ['EN', undefined]) {
        expect((await registry(offered).render('acme', 'whatsapp', 'EN', { template: 'consent_thanks', vars: {} }, claimant)).text).to.equal(plain);
      }
      const hindi = await registry({ languages: ['EN', 'HI'] }).render('acme', 'whatsapp', 'HI', { template: 'consent_thanks', vars: {} }, 'HI_EN');
      expect(hindi.text).to.equal(packOf('HI').replies.whatsapp.consent_thanks);
    });

    it('on SMS comes after the reply while it fits the segment budget, in English names so the reply stays GSM-7', async () => {
      const sms = await registry(offered).render('acme', 'sms', 'EN', { template: 'consent_thanks', vars: {} }, 'MR');
      expect(sms.text).to.equal(`${packOf('EN').replies.sms.consent_thanks}\n${line('sms', 'English, Hindi')}`);
      expect(countSegments(sms.text).encoding).to.equal('gsm7');
      // A reply that fills its one segment has no room for it: the reply alone.
      const full = 'Your claim is under review. '.repeat(5).trim();
      const tight = await registry({ ...offered, channels: { sms: { ...base.channels.sms, segment_budget: 1 } }, templates: { sms: { EN: { consent_thanks: full } } } })
        .render('acme', 'sms', 'EN', { template: 'consent_thanks', vars: {} }, 'MR');
      expect(tight.text).to.equal(full);
      expect(countSegments(tight.text).segments).to.equal(1);
    });
  });
});
