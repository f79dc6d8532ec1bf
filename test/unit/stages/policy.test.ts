/**
 * policy stage: renders the reply from the templates and gates it. A plain reply passes to
 * outbound as rendered; a reply holding a deny-listed phrase becomes the "a person will follow
 * up" message and ends policy_blocked; an answer with no source is blocked at tier 4; a new
 * answer that passes is kept in the answer cache.
 */
import { expect } from 'chai';
import { policy } from '../../../pipeline/stages/policy';
import type { ComposedAnswer, QueryContext } from '../../../pipeline/types';
import { articleOf, envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

const humanFollowUp = 'We could not answer this automatically. A member of our team will follow up with you shortly.';

describe('stage policy', () => {
  it('renders the reply and passes it to outbound unchanged when nothing in it is denied', async () => {
    const ctx = fakeStageContext({ templates: { consent_thanks: 'Thank you, your consent is recorded.' } });
    const envelope = envelopeFor('policy', { language: 'EN', reply: { template: 'consent_thanks', vars: {} } });
    const decision = await policy.handle(envelope, ctx);
    expect(ctx.renders.map((r) => [r.channel, r.language, r.reply.template])).to.deep.equal([['whatsapp', 'EN', 'consent_thanks']]);
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('outbound');
    expect(decision.payload.rendered).to.deep.equal({ template: 'consent_thanks', text: 'Thank you, your consent is recorded.' });
    expect(decision.payload.afterSend).to.equal(undefined);
    expect(decision.audit.type).to.equal('policy.passed');
    expect(decision.audit.detail).to.include({ tiers: '1,3', template: 'consent_thanks', redactions: 0 });
    expect(decision.effects).to.equal(undefined);
  });

  it('blocks a reply holding a tenant deny-listed phrase and sends the human follow-up instead', async () => {
    const ctx = fakeStageContext({
      denyList: ['settled in full'],
      templates: { cms_unavailable: 'Good news: your claim will be settled in full tomorrow.' },
    });
    const decision = await policy.handle(envelopeFor('policy', { language: 'EN', reply: { template: 'cms_unavailable', vars: {} } }), ctx);
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('outbound');
    expect(decision.payload.rendered).to.deep.equal({ template: 'human_follow_up', text: humanFollowUp });
    expect(decision.payload.afterSend).to.equal('policy_blocked');
    expect(decision.patch).to.deep.equal({ outcome: 'policy_blocked' });
    expect(decision.audit.type).to.equal('policy.blocked');
    expect(decision.audit.detail).to.include({ tier: 1, template: 'cms_unavailable' });
  });

  it('blocks a new answer with no article behind it (tier 4, no source)', async () => {
    const answer: ComposedAnswer = { cacheKey: 'k-1', cached: false, article: null };
    const envelope = envelopeFor('policy', { text: 'why was my claim rejected', language: 'EN', reply: { template: 'kb_answer', vars: { answer: '', source: '' } }, answer });
    const decision = await policy.handle(envelope, fakeStageContext());
    expect(decision.kind === 'forward' && decision.payload.rendered?.template).to.equal('human_follow_up');
    expect(decision.audit).to.deep.include({ type: 'policy.blocked' });
    expect(decision.audit.detail).to.include({ tier: 4, reason: 'no_source', tiers: '1,4' });
    expect(decision.effects).to.equal(undefined);
  });

  it('passes a source-backed new answer through all four tiers and keeps it in the answer cache', async () => {
    const article = articleOf();
    const body = article.body.EN!;
    const query: QueryContext = { claimId: 'CLM-2025-000222', status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'], names: ['Asha Verma'], otherClaimIds: [] };
    const answer: ComposedAnswer = {
      cacheKey: 'k-2', cached: false,
      article: { id: article.id, version: article.version, trusted: true, reasonCodes: article.reason_codes, title: article.title.EN!, body },
    };
    const reply = { template: 'kb_answer', vars: { answer: body, source: 'Policy wording, section 4.2, v3' } };
    const envelope = envelopeFor('policy', { text: 'Why was my claim amount cut?', language: 'EN', reply, answer, query });
    const decision = await policy.handle(envelope, fakeStageContext());
    expect(decision.audit.type, JSON.stringify(decision.audit)).to.equal('policy.passed');
    expect(decision.audit.detail).to.include({ tiers: '1,2,3,4' });
    expect(decision.kind === 'forward' && decision.payload.rendered?.text).to.equal(`${body}\n\nSource: Policy wording, section 4.2, v3`);
    expect(decision.kind === 'forward' && decision.patch).to.deep.equal({ outcome: 'answered' });
    expect(decision.effects).to.deep.equal([{ type: 'answer.cache', key: 'k-2', value: { reply, articleId: 'kb-room-rent', articleVersion: 3 } }]);
  });
});
