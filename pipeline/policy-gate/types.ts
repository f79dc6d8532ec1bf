/**
 * The policy gate's input and result (docs/policy-gate.md). Re-exported by index.ts.
 */
import type { PhiKindSpec } from './phi-kinds';
import type { Language } from '../types';

export type Tier = 1 | 2 | 3 | 4;

/** The knowledge-base article an answer cites, in the answer's language. */
export interface GateSource {
  articleId: string;
  trusted: boolean;
  reasonCodes: string[];
  title: string;
  body: string;
}

export interface GateInput {
  /** 'reply': tiers 1 and 3 only (every workflow's reply); 'answer': all four tiers (query-reason). */
  tiers: 'reply' | 'answer';
  language: Language;
  /** The claimant's words ('' for replies that answer no question). */
  question: string;
  /** The claim's reason codes from the CMS. */
  reasonCodes: string[];
  /** The reply exactly as it would be sent. */
  text: string;
  /** The claimant's own claim id: may appear only masked (XXXX + last 4, src/phi.ts maskClaimId). */
  ownClaimId: string | null;
  /** Other claim ids known to the service: removed, full or masked. */
  otherClaimIds: string[];
  /** Personal names known to the service (e.g. member_name): removed. */
  names: string[];
  /** The article the answer cites (tier 4); null when none. */
  source: GateSource | null;
  /** The tenant's own deny phrases (the global list is pipeline/data/deny-list.json). */
  tenantDenyList: string[];
  /** The tenant's own PHI kinds (tier 3), beside pipeline/data/phi-kinds.json; default none. */
  tenantPhiKinds?: readonly PhiKindSpec[];
}

export interface TierOutcome {
  tier: Tier;
  outcome: 'pass' | 'redacted' | 'block';
  /** Stable snake_case code: tier 1 'deny_list' | 'not_listed'; tier 2 'on_topic' or the block
   *  reason; tier 3 'phi_redacted' | 'no_phi'; tier 4 'source_backed' or the block reason. */
  reason: string;
  /** Tier 2: topic cosine. Tier 4: share of the answer found in the article. */
  score?: number;
}

export interface GateResult {
  decision: 'pass' | 'block';
  /** The text to send when decision is 'pass' (after redaction); '' when blocked. */
  text: string;
  /** The tier that blocked, or null when passed. */
  tier: Tier | null;
  /** Stable snake_case reason code: 'passed' or the blocking tier's reason. */
  reason: string;
  /** One entry per tier that ran, in order; stops at the blocking tier. */
  tiers: TierOutcome[];
  /** Counts by kind (name, claim_id and the PHI kinds: phone, email, aadhaar, pan, ...). */
  redactions: Record<string, number>;
}
