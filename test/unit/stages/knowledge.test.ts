/**
 * knowledge stage (query-reason): the answer cache first; on a miss the best search hit is
 * composed into the kb_answer reply citing its source; no hit leaves no article (policy then
 * blocks); a RESTRICTED tenant's work is held.
 */
import { expect } from 'chai';
import { knowledge } from '../../../pipeline/stages/knowledge';
import type { QueryContext } from '../../../pipeline/types';
import { answerCacheKey } from '../../../pipeline/workflows/query-reason';
import { articleOf, envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

const question = 'why was my claim amount cut';
const query: QueryContext = { claimId: 'CLM-2025-000222', status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'], names: ['Asha Verma'], otherClaimIds: [] };
const entry = () => envelopeFor('knowledge', { text: question, intent: 'query_reason', language: 'EN', query });

describe('stage knowledge', () => {
  it('composes the top search hit into a kb_answer reply citing its source', async () => {
    const article = articleOf();
    const ctx = fakeStageContext({ knowledgeHits: [{ article, score: 0.87654 }, { article: articleOf({ id: 'kb-other' }), score: 0.2 }] });
    const decision = await knowledge.handle(entry(), ctx);
    expect(ctx.searches).to.deep.equal([{ tenantId: 'tenant-test', text: question, reasonCodes: ['ROOM_RENT_CAP'], language: 'EN', limit: 3 }]);
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('policy');
    // The claim was partly approved (the CMS gives no amount here): the answer opens by saying so.
    expect(decision.payload.reply).to.deep.equal({ template: 'kb_answer_approved', vars: { answer: article.body.EN, source: 'Policy wording, section 4.2, v3' } });
    expect(decision.payload.answer?.cached).to.equal(false);
    expect(decision.payload.answer?.cacheKey).to.equal(answerCacheKey('EN', question, ['ROOM_RENT_CAP']));
    expect(decision.payload.answer?.article).to.include({ id: 'kb-room-rent', version: 3, trusted: true });
    expect(decision.audit).to.deep.equal({
      type: 'knowledge.searched',
      detail: { cache: 'miss', hits: 2, article_id: 'kb-room-rent', article_version: 3, score: 0.877, trusted: true },
    });
  });

  it('leaves no article when the search finds nothing', async () => {
    const decision = await knowledge.handle(entry(), fakeStageContext());
    expect(decision.kind === 'forward' && decision.payload.answer?.article).to.equal(null);
    expect(decision.kind === 'forward' && decision.payload.reply).to.deep.equal({ template: 'kb_answer', vars: { answer: '', source: '' } });
    expect(decision.audit.detail).to.include({ cache: 'miss', hits: 0, article_id: null });
  });

  it('answers from the answer cache without searching', async () => {
    const cachedReply = { template: 'kb_answer', vars: { answer: 'Room rent above the limit is not paid.', source: 'Policy wording, section 4.2, v3' } };
    const key = answerCacheKey('EN', question, ['ROOM_RENT_CAP']);
    const ctx = fakeStageContext({ answers: { [key]: { reply: cachedReply, articleId: 'kb-room-rent', articleVersion: 3 } }, knowledgeHits: [{ article: articleOf(), score: 1 }] });
    const decision = await knowledge.handle(entry(), ctx);
    expect(ctx.searches).to.deep.equal([]);
    expect(decision.kind === 'forward' && decision.payload.reply).to.deep.equal({ ...cachedReply, template: 'kb_answer_approved' });
    expect(decision.kind === 'forward' && decision.payload.answer).to.deep.equal({ cacheKey: key, cached: true, article: null });
    expect(decision.audit).to.deep.equal({ type: 'knowledge.cache_hit', detail: { article_id: 'kb-room-rent', article_version: 3 } });
  });

  it('holds the work while the tenant is RESTRICTED', async () => {
    const ctx = fakeStageContext({ mode: 'RESTRICTED', knowledgeHits: [{ article: articleOf(), score: 1 }] });
    const decision = await knowledge.handle(entry(), ctx);
    expect(decision).to.deep.equal({ kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', workflow_type: 'query-reason' } } });
    expect(ctx.searches).to.deep.equal([]);
  });
});
