/**
 * "Which did you mean?" as rendered (docs/understanding.md): on WhatsApp up to three choices are
 * reply buttons and more are a list message, titles within Meta's limits; a reply may offer only
 * some workflows, in its own order; on SMS the choices are numbered lines, each with its
 * workflow's fixed number, whichever were offered.
 */
import { expect } from 'chai';
import { choiceButtonId, choiceOf, choiceOrder, offeredChoices } from '../../pipeline/understanding/choices';
import type { Channel, Language, ReplyRequest } from '../../pipeline/types';
import { TemplateRegistry } from '../../src/templates/template-registry';
import type { TenantStore } from '../../src/tenants/tenant-store';
import { offerHandoverIfMissing } from '../helpers/handover-stand-in';

const shipped = ['claim_status', 'pending_documents', 'query_reason', 'human_handover'];

describe('choices: what a reply offers and how it is rendered', () => {
  let removeStandIn = () => {};
  before(() => { removeStandIn = offerHandoverIfMissing(); });
  after(() => removeStandIn());
  const tenants = (templates?: Record<string, Record<string, Record<string, string>>>) =>
    ({ get: async () => ({ tenant_id: 'acme', channels: {}, templates }) }) as unknown as TenantStore;
  const render = (channel: Channel, language: Language, choices: ReplyRequest['choices'], store = tenants()) =>
    new TemplateRegistry(store).render('acme', channel, language, { template: 'clarify', vars: {}, choices });

  it('offers the four shipped workflows, numbered in the order they are registered', () => {
    expect(choiceOrder()).to.deep.equal(shipped);
    expect(offeredChoices(true)).to.deep.equal(shipped);
    expect(offeredChoices(false)).to.deep.equal([]);
    expect(offeredChoices(undefined)).to.deep.equal([]);
  });

  it('an offer of some intents keeps its own order, each once, and drops any that is not offered', () => {
    expect(offeredChoices(['human_handover'])).to.deep.equal(['human_handover']);
    expect(offeredChoices(['query_reason', 'claim_status', 'query_reason', 'no_such_intent'])).to.deep.equal(['query_reason', 'claim_status']);
    expect(offeredChoices(['documents_upload'])).to.deep.equal([]);
  });

  it('on WhatsApp, four choices are a list message: one section, a row per workflow, and no buttons', async () => {
    const out = await render('whatsapp', 'EN', true);
    expect(out.buttons).to.equal(undefined);
    expect(out.text).to.equal('I want to get this right. Which of these do you mean?');
    expect(out.list).to.deep.equal({
      button: 'Choose',
      title: 'Options',
      rows: [
        { id: 'choice:claim_status:EN', title: 'Claim status' },
        { id: 'choice:pending_documents:EN', title: 'Pending documents' },
        { id: 'choice:query_reason:EN', title: 'Why cut or rejected' },
        { id: 'choice:human_handover:EN', title: 'Talk to a person' },
      ],
    });
  });

  it('the list is in the claimant\'s language: Hindi and Hinglish titles and button', async () => {
    const hi = await render('whatsapp', 'HI', true);
    expect(hi.list!.button).to.equal('चुनें');
    expect(hi.list!.rows.map((r) => r.title)).to.deep.equal(['क्लेम की स्थिति', 'बाकी दस्तावेज़', 'कटौती का कारण', 'किसी व्यक्ति से बात']);
    expect(hi.list!.rows.map((r) => r.id)).to.deep.equal(shipped.map((intent) => choiceButtonId(intent, 'HI')));
    const hiEn = await render('whatsapp', 'HI_EN', true);
    expect(hiEn.list!.button).to.equal('Chuniye');
    expect(hiEn.list!.rows.map((r) => r.title)).to.deep.equal(['Claim ka status', 'Documents baaki', 'Kyun kata/reject', 'Insaan se baat']);
  });

  it('on WhatsApp, three choices or fewer are reply buttons and no list', async () => {
    const three = await render('whatsapp', 'EN', ['claim_status', 'pending_documents', 'query_reason']);
    expect(three.list).to.equal(undefined);
    expect(three.buttons).to.deep.equal([
      { id: 'choice:claim_status:EN', title: 'Claim status' },
      { id: 'choice:pending_documents:EN', title: 'Pending documents' },
      { id: 'choice:query_reason:EN', title: 'Why cut or rejected' },
    ]);
    // After a blocked answer: one button, a person.
    const one = await render('whatsapp', 'HI_EN', ['human_handover']);
    expect(one.list).to.equal(undefined);
    expect(one.buttons).to.deep.equal([{ id: 'choice:human_handover:HI_EN', title: 'Insaan se baat' }]);
  });

  it('an offer with nothing offerable renders no choices at all', async () => {
    const out = await render('whatsapp', 'EN', ['no_such_intent']);
    expect(out.buttons).to.equal(undefined);
    expect(out.list).to.equal(undefined);
    const sms = await render('sms', 'EN', ['no_such_intent']);
    expect(sms.text).to.equal('Which of these do you mean?\n');
  });

  it("cuts a tenant's long titles to Meta's limits: 24 for a row, 20 for a button and the list's button", async () => {
    const own = tenants({
      whatsapp: {
        EN: {
          choice_claim_status: 'Where is my claim right now, please tell me',
          choices_list_button: 'Choose one of these options',
        },
      },
    });
    const list = await render('whatsapp', 'EN', true, own);
    expect(list.list!.rows[0]!.title).to.equal('Where is my claim right…').and.to.have.length(24);
    expect(list.list!.button).to.equal('Choose one of these…').and.to.have.length(20);
    const buttons = await render('whatsapp', 'EN', ['claim_status'], own);
    expect(buttons.buttons![0]!.title).to.equal('Where is my claim r…').and.to.have.length(20);
  });

  it('on SMS, every offered workflow is a numbered line, and the claimant is told the numbers', async () => {
    const en = await render('sms', 'EN', true);
    expect(en.text).to.equal('Which of these do you mean?\n1. Claim status\n2. Pending documents\n3. Why cut or rejected\n4. Talk to a person\nReply 1, 2, 3 or 4.');
    const hiEn = await render('sms', 'HI_EN', true);
    expect(hiEn.text).to.contain('4. Insaan se baat\n1, 2, 3 ya 4 likhiye.');
    expect(en.buttons).to.equal(undefined);
    expect(en.list).to.equal(undefined);
  });

  it('on SMS, an offer of some workflows prints only their lines, each with its fixed number', async () => {
    const one = await render('sms', 'EN', ['human_handover']);
    expect(one.text).to.equal('Which of these do you mean?\n4. Talk to a person\nReply 4.');
    const hi = await render('sms', 'HI', ['human_handover']);
    expect(hi.text).to.equal('आप इनमें से क्या जानना चाहते हैं?\n4. किसी व्यक्ति से बात\n4 लिखें।');
    const two = await render('sms', 'EN', ['query_reason', 'human_handover']);
    expect(two.text).to.equal('Which of these do you mean?\n3. Why cut or rejected\n4. Talk to a person\nReply 3 or 4.');
    // The number the claimant types means the same workflow, whatever was offered.
    expect(choiceOf('4')).to.deep.equal({ intent: 'human_handover', language: null });
    expect(choiceOf('३')).to.deep.equal({ intent: 'query_reason', language: 'HI' });
  });

  it('a picked list row is read as a tapped button is: its id names the workflow and the language', () => {
    expect(choiceOf('Insaan se baat', choiceButtonId('human_handover', 'HI_EN'))).to.deep.equal({ intent: 'human_handover', language: 'HI_EN' });
  });
});
