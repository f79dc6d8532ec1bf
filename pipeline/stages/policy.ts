/**
 * policy: renders the reply from the tenant's template registry and gates it before it can
 * leave. Every reply passes tier 1 (deny list) and tier 3 (PHI redaction); query-reason's
 * tiers 2 and 4 arrive with that workflow. A blocked reply becomes the "a person will follow
 * up" message and the workflow ends `policy_blocked`.
 */
import { deniedPhrase } from '../deny-list';
import { redactPhi } from '../phi-redaction';
import type { Decision, RenderedReply, Stage } from '../types';

export const policy: Stage = {
  name: 'policy',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId } = envelope;
    const language = payload.language ?? 'EN';
    const reply = payload.reply ?? { template: 'help', vars: {} };
    const rendered = await ctx.templates.render(tenantId, payload.channel, language, reply);

    const denied = deniedPhrase(rendered.text, await ctx.denyList.phrases(tenantId));
    if (denied !== null) {
      const followUp = await ctx.templates.render(tenantId, payload.channel, language, { template: 'human_follow_up', vars: {} });
      return {
        kind: 'forward', to: 'outbound', payload: { ...payload, rendered: followUp, afterSend: 'policy_blocked' },
        patch: { outcome: 'policy_blocked' },
        audit: { type: 'policy.blocked', detail: { tier: 1, reason: 'deny_list', template: reply.template } },
      };
    }

    const redacted = redactPhi(rendered.text);
    const safe: RenderedReply = { ...rendered, text: redacted.text };
    if (rendered.providerTemplate) {
      safe.providerTemplate = { ...rendered.providerTemplate, params: rendered.providerTemplate.params.map((p) => redactPhi(p).text) };
    }
    const redactions = Object.values(redacted.counts).reduce((a, b) => a + b, 0);
    return {
      kind: 'forward', to: 'outbound', payload: { ...payload, rendered: safe },
      audit: { type: 'policy.passed', detail: { tiers: '1,3', redactions, template: reply.template } },
    };
  },
};
