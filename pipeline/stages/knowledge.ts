/**
 * knowledge: looks the answer up in the tenant's knowledge base (query-reason only; other
 * workflows skip this stage). The answer cache is checked first; on a miss the best article is
 * composed into a reply that cites its source. While the tenant is RESTRICTED the work is held.
 */
import type { Decision, Stage } from '../types';
import { restrictedHold } from '../workflows/definition';
import { queryReason, queryReasonKnowledge } from '../workflows/query-reason';

export const knowledge: Stage = {
  name: 'knowledge',
  async handle(envelope, ctx): Promise<Decision> {
    const held = await restrictedHold(ctx, envelope.tenantId, queryReason, { workflow_type: queryReason.type });
    if (held) return held;
    return queryReasonKnowledge(envelope, ctx);
  },
};
