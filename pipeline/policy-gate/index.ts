/**
 * The policy gate: four tiers in order, each a pure check, the first block ends the run.
 *   1. deny list (global + tenant, exact phrases on normalised text)        — every reply
 *   2. topic and prohibited content (payment, legal, medical, other claims) — answers only
 *   3. PHI redaction (never blocks)                                         — every reply
 *   4. source attribution (a trusted article that backs the answer)         — answers only
 * Synchronous and free of I/O: the data files are read once, at load. docs/policy-gate.md
 * describes each tier, its thresholds and the audit event the policy stage writes.
 */
import { deniedPhrase } from './deny-list';
import { checkAttribution } from './attribution';
import { claimRefs } from './claim-refs';
import { redact } from './redaction';
import { checkSemantic } from './semantic';
import type { GateInput, GateResult, TierOutcome } from './types';

export type { GateInput, GateResult, GateSource, Tier, TierOutcome } from './types';
export { semanticThreshold } from './semantic';

function blocked(outcome: TierOutcome, tiers: TierOutcome[], redactions: Record<string, number>): GateResult {
  return { decision: 'block', text: '', tier: outcome.tier, reason: outcome.reason, tiers: [...tiers, outcome], redactions };
}

export function runPolicyGate(input: GateInput): GateResult {
  const tiers: TierOutcome[] = [];
  const answer = input.tiers === 'answer';
  const refs = claimRefs(input.ownClaimId, input.otherClaimIds);

  if (deniedPhrase(input.text, input.tenantDenyList) !== null) return blocked({ tier: 1, outcome: 'block', reason: 'deny_list' }, tiers, {});
  tiers.push({ tier: 1, outcome: 'pass', reason: 'not_listed' });

  if (answer) {
    const semantic = checkSemantic(input.text, input.question, input.reasonCodes, input.language, refs);
    const outcome: TierOutcome = { tier: 2, outcome: semantic.outcome, reason: semantic.reason, score: semantic.score };
    if (semantic.outcome === 'block') return blocked(outcome, tiers, {});
    tiers.push(outcome);
  }

  const redaction = redact(input.text, refs, input.names, input.tenantPhiKinds);
  const redacted = Object.keys(redaction.counts).length > 0;
  tiers.push({ tier: 3, outcome: redacted ? 'redacted' : 'pass', reason: redacted ? 'phi_redacted' : 'no_phi' });

  if (answer) {
    // Tier 4 reads the text as it will be sent: what redaction took out needs no backing.
    const attribution = checkAttribution(redaction.text, input.source, input.reasonCodes);
    const outcome: TierOutcome = { tier: 4, outcome: attribution.outcome, reason: attribution.reason };
    if (attribution.score !== undefined) outcome.score = attribution.score;
    if (attribution.outcome === 'block') return blocked(outcome, tiers, redaction.counts);
    tiers.push(outcome);
  }

  return { decision: 'pass', text: redaction.text, tier: null, reason: 'passed', tiers, redactions: redaction.counts };
}
