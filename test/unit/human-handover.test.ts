/**
 * The human-handover workflow's decisions (pipeline/workflows/human-handover.ts) over the in-memory
 * stage context: what a claimant's message does while a handover is open, the transcript's masking,
 * and the words that end a handover.
 */
import { expect } from 'chai';
import { router } from '../../pipeline/stages/router';
import { isCancel, maskClaimLikeIds } from '../../pipeline/workflows/human-handover';
import { envelopeFor, fakeStageContext } from '../helpers/fake-stage-context';

const phone = '+919800000001';
const open = { [phone]: { workflowId: 'wf-0-aaaaaaaaaaaaaaaaaaaa', status: 'with_agent' as const, seq: 7, language: 'HI_EN' as const } };

describe('human-handover decisions', () => {
  it('masks what looks like a claim or policy id, and leaves amounts and years', () => {
    expect(maskClaimLikeIds('my claim CLM-2025-000123 status')).to.equal('my claim XXXX0123 status');
    expect(maskClaimLikeIds('claim no 4471233 kab milega')).to.equal('claim no XXXX1233 kab milega');
    expect(maskClaimLikeIds('policy POL/88/12345')).to.equal('policy XXXX2345');
    expect(maskClaimLikeIds('my bill was 40000, paid 1,50,000 in March 2025')).to.equal('my bill was 40000, paid 1,50,000 in March 2025');
  });

  it('knows the words that end a handover in each language, as the whole message only', () => {
    for (const text of ['never mind', 'Cancel', 'rehne do', 'रहने दो']) expect(isCancel(text), text).to.equal(true);
    for (const text of ['cancel my claim', 'why was my claim cancelled', 'hello']) expect(isCancel(text), text).to.equal(false);
  });

  it('while a handover is open, a message joins it (redacted on the transcript) and starts no workflow', async () => {
    const ctx = fakeStageContext({ openHandovers: open, consent: { [phone]: { state: 'granted' } } });
    const decision = await router.handle(envelopeFor('router', { text: 'mera number 9876543210 hai, claim CLM-2025-000123', from: phone, holdsConversation: open[phone].workflowId }), ctx);
    expect(decision.kind).to.equal('finish');
    expect(decision.audit.type).to.equal('human_handover.message_received');
    const effects = decision.effects ?? [];
    expect(effects[0]).to.deep.include({ type: 'wait.join', target: open[phone].workflowId, expectSeq: 7, released: true });
    expect(effects[1]).to.deep.include({ type: 'transcript.append', author: 'claimant', text: 'mera number [phone removed] hai, claim XXXX0123' });
  });

  it('"never mind" while it is open ends it: the handover continues at its step, in the conversation\'s language', async () => {
    const ctx = fakeStageContext({ openHandovers: open });
    const decision = await router.handle(envelopeFor('router', { text: 'never mind', from: phone, holdsConversation: open[phone].workflowId }), ctx);
    const effect = (decision.effects ?? [])[0]!;
    expect(effect).to.deep.include({ type: 'wait.arrive', target: open[phone].workflowId, expectSeq: 7, ends: true, to: 'truth' });
    if (effect.type !== 'wait.arrive') throw new Error('expected an arrival');
    expect(effect.payload).to.include({ intent: 'human_handover', hoStep: 'cancel', language: 'HI_EN' });
  });

  it('with no handover open, the router routes as ever: none found with the consent record, or the one found has ended', async () => {
    for (const payload of [{ text: 'talk to a person', from: phone }, { text: 'talk to a person', from: phone, holdsConversation: 'wf-0-bbbbbbbbbbbbbbbbbbbb' }]) {
      const decision = await router.handle(envelopeFor('router', payload), fakeStageContext({ openHandovers: open }));
      expect(decision.kind).to.equal('forward');
      expect(decision.audit).to.deep.include({ type: 'workflow.routed' });
    }
  });
});
