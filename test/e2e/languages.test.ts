/**
 * The new languages end to end (issue 47), one service and many claimants: for each of TA, TA_EN,
 * TE, TE_EN, MR, MR_EN, BN and BN_EN that has a pack loaded, on WhatsApp and on SMS, claim status
 * (consent asked and given in the language), pending documents with one reminder (the injected
 * clock; on WhatsApp past the 24-hour window, the template in the pack's `whatsapp_language`), why
 * with the cited reason, and STOP in the language; then a tenant that does not offer the language
 * (answered in its default with the `languages_offered` line) or offers only its other form.
 *
 * Every reply is checked against the pack's own template (the pack read here, never a copy of its
 * text: `{{var}}` stands for anything, `{{lines}}` for the template's lines), in the pack's script;
 * SMS replies within the segment budget, UCS-2 for a native script. The claimants' words are the
 * pack's calibration corpus (test/fixtures/intent-corpus/languages/<code>-calibration.json, never
 * a holdout): for each workflow, the first message labelled with it that the grammar routes there
 * and that reads as its language (the grammar's accuracy is eval:intents' business, not this one's).
 * The last test fails while a language has no pack.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { providerKeywords } from '../../pipeline/channels';
import { toldLanguage } from '../../pipeline/conversation-language';
import { understandMessage } from '../../pipeline/intents';
import { offerOf, offeredLanguageNames } from '../../pipeline/language-offer';
import { isLanguage, packOf, textScript } from '../../pipeline/languages';
import { consentAnswer } from '../../pipeline/stages/consent';
import { normalise } from '../../pipeline/text';
import type { Language } from '../../pipeline/types';
import { countSegments } from '../../src/adapters/channels/sms-segments';
import { ManualClock } from '../../src/clock';
import { defaultSegmentBudget } from '../../src/templates/template-registry';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { advanceAndFireTimers } from '../helpers/pipeline-waits';
import { waitFor } from '../helpers/wait';

/** The codes issue 47 adds; each must have a pack by the end. */
const newCodes = ['TA', 'TA_EN', 'TE', 'TE_EN', 'MR', 'MR_EN', 'BN', 'BN_EN'] as const;
const loaded = newCodes.filter((code) => isLanguage(code));

const hour = 3600_000;
const source = { document: 'Policy wording', section: 'section 4.2', version: '3' };
/** The partner's room-rent article, in English and each new language (test data, as a partner would write it). */
const roomRent: Record<string, { title: string; body: string }> = {
  EN: { title: 'Room rent limit', body: 'Your policy pays room rent up to 1% of the sum insured per day. Above this limit the room rent beyond it is not paid.' },
  TA: { title: 'அறை வாடகை வரம்பு', body: 'உங்கள் பாலிசி அறை வாடகையை ஒரு நாளுக்கு காப்பீட்டுத் தொகையின் 1% வரை செலுத்தும். இந்த வரம்புக்கு மேல் உள்ள அறை வாடகை செலுத்தப்படாது.' },
  TA_EN: { title: 'Room rent limit', body: 'Unga policy room rent-a oru naalukku sum insured-la 1% varaikkum kudukkum. Indha limit-ku mela irukkura room rent kudukka maattaanga.' },
  TE: { title: 'గది అద్దె పరిమితి', body: 'మీ పాలసీ గది అద్దెను రోజుకు బీమా మొత్తంలో 1% వరకు చెల్లిస్తుంది. ఈ పరిమితి దాటిన గది అద్దె చెల్లించబడదు.' },
  TE_EN: { title: 'Room rent limit', body: 'Mee policy room rent ni rojuki sum insured lo 1% varaku chellistundi. Ee limit daatina room rent chellinchabadadu.' },
  MR: { title: 'खोलीचे भाडे मर्यादा', body: 'तुमची पॉलिसी खोलीचे भाडे दररोज विमा रकमेच्या 1% पर्यंत देते. या मर्यादेपेक्षा जास्त खोलीचे भाडे दिले जात नाही.' },
  MR_EN: { title: 'Room rent limit', body: 'Tumchi policy room rent dararoj sum insured chya 1% paryant dete. Ya limit peksha jasta room rent dile jat nahi.' },
  BN: { title: 'রুমের ভাড়ার সীমা', body: 'আপনার পলিসি প্রতিদিন বিমার অঙ্কের 1% পর্যন্ত রুমের ভাড়া দেয়। এই সীমার বেশি রুমের ভাড়া দেওয়া হয় না।' },
  BN_EN: { title: 'Room rent limit', body: 'Apnar policy protidin sum insured-er 1% porjonto room rent dey. Ei limit-er beshi room rent deoa hoy na.' },
};

interface CorpusMessage { text: string; intent: string; language: string }

function calibration(code: Language): CorpusMessage[] {
  const file = join(__dirname, '..', 'fixtures', 'intent-corpus', 'languages', `${code.toLowerCase()}-calibration.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { messages: CorpusMessage[] }).messages;
}

/** The first calibration message of this language labelled `intent` that is routed there and read as the language. */
function phrasing(code: Language, intent: string): string {
  const found = calibration(code).find((m) => m.language === code && m.intent === intent
    && understandMessage<string>(m.text).intent === intent && toldLanguage(m.text, null, false) === code);
  if (!found) throw new Error(`${code}: no calibration message labelled ${intent} is routed there in ${code}`);
  return found.text;
}

/** A consent word of the pack that answers `answer`, is no SMS provider keyword, and is read as one. */
function consentWord(code: Language, answer: 'yes' | 'stop'): string {
  const word = packOf(code).consent[answer].find((w) => consentAnswer(w) === answer && !providerKeywords.sms.optOut.includes(normalise(w)));
  if (!word) throw new Error(`${code}: no ${answer} word`);
  return word;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as a pattern: its text exactly, each `{{var}}` anything, `{{lines}}` lines of its `_line` template. */
function templateSource(table: Readonly<Record<string, string>>, name: string, short: boolean): string {
  const text = table[name]!;
  const lineName = [short ? `${name.replace(/_short$/, '')}_line_short` : null, `${name.replace(/_short$/, '')}_line`].find((n) => n && table[n] !== undefined);
  return text.split(/(\{\{\s*[a-z_]+(?:\|label)?\s*\}\})/).map((part) => {
    if (!/^\{\{/.test(part)) return escape(part);
    if (/lines/.test(part) && lineName) {
      const line = templateSource(table, lineName!, false);
      const more = table.more !== undefined ? `|${templateSource(table, 'more', false)}` : '';
      return `(?:${line})(?:\\n(?:${line}${more}))*`;
    }
    return '[\\s\\S]*?';
  }).join('');
}

/** Whether `text` is one of the pack's forms of `name` on `channel` (the full one, or on SMS the short one), with an optional line after it. */
function isTemplate(text: string, code: Language, channel: 'whatsapp' | 'sms', name: string, after = ''): boolean {
  const table = packOf(code).replies[channel];
  const forms = [templateSource(table, name, false), ...(channel === 'sms' && table[`${name}_short`] !== undefined ? [templateSource(table, `${name}_short`, true)] : [])];
  return forms.some((form) => new RegExp(`^(?:${form})${escape(after)}$`).test(text));
}

/** The script the reply must be in: the pack's. */
function expectScript(text: string, code: Language, what: string): void {
  expect(textScript(text)?.name, `${what}: script`).to.equal(packOf(code).scriptOf.name);
}

function expectSmsBudget(text: string, code: Language, what: string): void {
  const count = countSegments(text);
  expect(count.segments, `${what}: segments`).to.be.at.most(defaultSegmentBudget);
  if (!packOf(code).scriptOf.loanword) expect(count.encoding, `${what}: encoding`).to.equal('ucs2');
}

describe('new languages end to end', function () {
  this.timeout(120000);
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 5, 0, 0));
  let h: Harness;
  let n = 0;

  before(async () => {
    h = await startHarness({ clock });
    const written = ['EN', ...loaded];
    const article = {
      title: Object.fromEntries(written.map((code) => [code, roomRent[code]!.title])),
      body: Object.fromEntries(written.map((code) => [code, roomRent[code]!.body])),
      reason_codes: ['ROOM_RENT_CAP'], source, trusted: true,
    };
    const res = await h.api('/v1/knowledge/articles/kb-room-rent', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(article) });
    expect(res.status, await res.clone().text()).to.equal(201);
  });
  after(async () => { await h?.close(); });

  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const smsTo = (phone: string) => h.sms.sent.filter((m) => m.to === phone);

  /** A new claimant (no consent yet) with one claim; returns the phone and the claim id. */
  function claimant(options: { status?: string; reasonCodes?: string[]; documents?: boolean } = {}): { phone: string; claimId: string } {
    n += 1;
    const phone = `+9198444${String(10000 + n).slice(-5)}`;
    const claimId = `CLM-LANG-${1000 + n}`;
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-LANG', member_name: 'K Lakshmi', claimant_phone: phone, status: options.status ?? 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100000, amount_approved: 80000, reason_codes: options.reasonCodes ?? [],
    });
    if (options.documents) h.cms.setPendingDocuments(key, claimId, [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }]);
    return { phone, claimId };
  }

  /** The claimant writes on WhatsApp: the next message sent to them, and the workflow the message started. */
  async function onWhatsApp(phone: string, text: string): Promise<{ sent: SentMessage; reply: string; workflowId: string }> {
    const before = waTo(phone).length;
    const res = await h.wa.postInbound({ from: phone, text });
    expect(res.status).to.equal(200);
    await h.wa.waitFor(() => waTo(phone).length > before);
    const sent = waTo(phone)[before]!;
    return { sent, reply: sent.text ?? '', workflowId: (res.body as { workflow_ids: string[] }).workflow_ids[0]! };
  }

  /** The claimant texts: the next SMS sent to them, and the workflow the message started. */
  async function bySms(phone: string, text: string): Promise<{ reply: string; workflowId: string }> {
    const before = smsTo(phone).length;
    const res = await h.sms.postInbound({ from: phone, text });
    expect(res.status, res.body).to.equal(200);
    await h.sms.waitFor(() => smsTo(phone).length > before, 15000);
    const { keys, redis } = h.services;
    const workflowId = await waitFor(() => redis.get(keys.seenMessage(keys.partitionOf('acme', phone), 'acme', res.messageSid)), { what: 'the message\'s workflow' });
    return { reply: smsTo(phone)[before]!.text, workflowId };
  }

  /** A workflow once it has reached `status`. */
  const reaching = (workflowId: string, status: string) => waitFor(async () => {
    const w = await h.services.workflows.get('acme', workflowId);
    return w?.status === status ? w : null;
  }, { what: `workflow ${workflowId} ${status}` });

  for (const code of loaded) {
    describe(code, () => {
      const pack = () => packOf(code);

      for (const channel of ['whatsapp', 'sms'] as const) {
        const say = (phone: string, text: string) => (channel === 'whatsapp' ? onWhatsApp(phone, text) : bySms(phone, text));
        const check = (text: string, name: string, what: string) => {
          expect(isTemplate(text, code, channel, name), `${what}: ${code} ${channel} ${name}, got ${JSON.stringify(text)}`).to.equal(true);
          expectScript(text, code, what);
          if (channel === 'sms') expectSmsBudget(text, code, what);
        };

        it(`claim status on ${channel}: consent asked and given in ${code}, then the live status; a bare "1" is answered in ${code} too`, async () => {
          const { phone, claimId } = claimant();
          const asked = await say(phone, phrasing(code, 'claim_status'));
          check(asked.reply, 'consent_request', 'consent request');
          const status = (await say(phone, consentWord(code, 'yes'))).reply;
          check(status, 'claim_status', 'status');
          expect(status).to.contain(pack().replies.labels.APPROVED!).and.not.to.contain(claimId);
          expect(await reaching(asked.workflowId, 'completed')).to.include({ workflow_type: 'claim-status', channel, language: code });
          // "1" (claim status, the first choice) names no language: the conversation's stands.
          check((await say(phone, '1')).reply, 'claim_status', 'status after "1"');
        });

        it(`why on ${channel} in ${code}: the partner's answer with its source cited`, async () => {
          const { phone } = claimant({ status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'] });
          const asked = await say(phone, phrasing(code, 'query_reason'));
          check(asked.reply, 'consent_request', 'consent request');
          const answer = (await say(phone, consentWord(code, 'yes'))).reply;
          check(answer, 'kb_answer_approved_amount', 'answer');
          expect(answer).to.contain('Policy wording, section 4.2, v3').and.to.contain(roomRent[code]!.body.split('.')[0]!.slice(0, 40));
          const done = await reaching(asked.workflowId, 'completed');
          expect(done).to.include({ workflow_type: 'query-reason', language: code });
          // The same question on the other channel is answered from the kept answer.
          expect(done.outcome).to.be.oneOf(['answered', 'answered_from_cache']);
        });

        it(`STOP in ${code} on ${channel} withdraws consent and is confirmed in ${code}`, async () => {
          const { phone } = claimant();
          check((await say(phone, phrasing(code, 'claim_status'))).reply, 'consent_request', 'consent request');
          check((await say(phone, consentWord(code, 'yes'))).reply, 'claim_status', 'status');
          check((await say(phone, consentWord(code, 'stop'))).reply, 'consent_revoked', 'STOP confirmed');
          // Withdrawn: a question now gets the consent request again, in the language.
          check((await say(phone, phrasing(code, 'claim_status'))).reply, 'consent_request', 'consent asked again');
        });
      }

      it(`pending documents in ${code} on WhatsApp and SMS: the list, then one reminder a day later (WhatsApp: the template in ${'`whatsapp_language`'})`, async () => {
        const wa = claimant({ status: 'DOCUMENTS_PENDING', documents: true });
        const sms = claimant({ status: 'DOCUMENTS_PENDING', documents: true });
        const question = phrasing(code, 'pending_documents');
        for (const [channel, who] of [['whatsapp', wa], ['sms', sms]] as const) {
          const say = (text: string) => (channel === 'whatsapp' ? onWhatsApp(who.phone, text) : bySms(who.phone, text));
          const asked = await say(question);
          expect(isTemplate(asked.reply, code, channel, 'consent_request'), `${channel} consent request: ${asked.reply}`).to.equal(true);
          const list = (await say(consentWord(code, 'yes'))).reply;
          expect(isTemplate(list, code, channel, 'documents_reminder'), `${channel} list: ${list}`).to.equal(true);
          expect(list).to.contain('Discharge summary').and.to.contain('Final bill');
          expectScript(list, code, `${channel} list`);
          if (channel === 'sms') expectSmsBudget(list, code, 'sms list');
          expect(await reaching(asked.workflowId, 'awaiting_documents')).to.include({ workflow_type: 'pending-documents', language: code });
        }
        const [waBefore, smsBefore] = [waTo(wa.phone).length, smsTo(sms.phone).length];
        await advanceAndFireTimers(h, clock, 24 * hour);
        await h.wa.waitFor(() => waTo(wa.phone).length > waBefore);
        await h.sms.waitFor(() => smsTo(sms.phone).length > smsBefore, 15000);
        const reminder = waTo(wa.phone)[waBefore]!;
        expect(reminder.type, 'past the 24-hour window').to.equal('template');
        expect(reminder.template!.name).to.equal('documents_reminder');
        expect(reminder.template!.language).to.equal(pack().whatsapp_language);
        expect(reminder.template!.params.join(' ')).to.contain('Discharge summary').and.to.contain('Final bill');
        const text = smsTo(sms.phone)[smsBefore]!.text;
        expect(isTemplate(text, code, 'sms', 'documents_reminder'), `sms reminder: ${text}`).to.equal(true);
        expectSmsBudget(text, code, 'sms reminder');
      });
    });
  }

  describe('a tenant that does not offer the language', () => {
    const offered = ['EN', 'HI', 'HI_EN'];
    async function offer(languages: string[] | undefined, defaultLanguage?: string): Promise<void> {
      const { languages: _l, default_language: _d, ...rest } = h.tenant.doc;
      await h.services.tenants.put({ ...rest, ...(languages ? { languages } : {}), ...(defaultLanguage ? { default_language: defaultLanguage } : {}) }, clock.now());
    }
    after(async () => { await offer(undefined); });

    for (const code of loaded) {
      it(`answers ${code} in English with the line naming the offered languages, on WhatsApp and SMS`, async () => {
        await offer(offered, 'EN');
        const names = offerOf(offered, 'EN');
        const waLine = `\n\n${packOf('EN').replies.whatsapp.languages_offered!.replace('{{languages}}', offeredLanguageNames(names, 'native').join(', '))}`;
        const smsLine = `\n${packOf('EN').replies.sms.languages_offered!.replace('{{languages}}', offeredLanguageNames(names, 'english').join(', '))}`;
        const wa = claimant();
        const asked = await onWhatsApp(wa.phone, phrasing(code, 'claim_status'));
        expect(isTemplate(asked.reply, 'EN', 'whatsapp', 'consent_request', waLine), asked.reply).to.equal(true);
        const status = (await onWhatsApp(wa.phone, consentWord(code, 'yes'))).reply;
        expect(isTemplate(status, 'EN', 'whatsapp', 'claim_status', waLine), status).to.equal(true);
        expect(await reaching(asked.workflowId, 'completed')).to.include({ language: 'EN' });
        const sms = claimant();
        const text = (await bySms(sms.phone, phrasing(code, 'claim_status'))).reply;
        expect(isTemplate(text, 'EN', 'sms', 'consent_request', smsLine), text).to.equal(true);
        expect(countSegments(text)).to.include({ encoding: 'gsm7' });
        expect(countSegments(text).segments).to.be.at.most(defaultSegmentBudget);
      });
    }

    for (const code of loaded.filter((c) => packOf(c).romanised_of !== null && isLanguage(packOf(c).romanised_of))) {
      const native = packOf(code).romanised_of!;
      it(`answers ${code} in ${native} when the tenant offers ${native} but not ${code}, with no line`, async () => {
        await offer(['EN', native], 'EN');
        const { phone } = claimant();
        const asked = (await onWhatsApp(phone, phrasing(code, 'claim_status'))).reply;
        expect(isTemplate(asked, native, 'whatsapp', 'consent_request'), asked).to.equal(true);
        expectScript(asked, native, 'consent request');
      });
    }
  });

  it('has a pack for every new language of issue 47', () => {
    expect(newCodes.filter((code) => !isLanguage(code)), 'codes with no pack in pipeline/languages/').to.deep.equal([]);
  });
});
