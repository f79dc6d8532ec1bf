/** Reads a claimant's consent record, held question and conversation language (written only by the hand-off script). */
import { isLanguage } from '../../pipeline/languages';
import type { ConsentRecord, WorkflowPayload } from '../../pipeline/types';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import { perClaimantTypes } from '../../pipeline/workflows';
import type { Keys } from '../redis/keys';

export class ConsentStore {
  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  async lookup(tenantId: string, phone: string): Promise<ConsentRecord> {
    const partition = this.keys.partitionOf(tenantId, phone);
    const phoneHash = sha256Hex(phone);
    // The claimant's per-claimant wait (a human handover) read alongside, sent together so it costs
    // no round trip of its own: the router asks the workflow holding their conversation first only
    // when there is one. (Separate commands, not a pipeline: on a cluster each is redirected alone
    // while its slot moves.)
    const [[state, parked, parkedStatus, language], ...pointers] = await Promise.all([
      this.redis.hmget(this.keys.consent(partition, tenantId, phoneHash), 'state', 'parked', 'parked_status', 'language'),
      ...perClaimantTypes().map((type) => this.redis.get(this.keys.claimantWait(partition, tenantId, phoneHash, type))),
    ]) as [Array<string | null>, ...Array<string | null>];
    const holding = pointers.find((id) => typeof id === 'string') ?? null;
    // A question parked before parked_status was recorded waited for consent: that was the only kind.
    const status = parked ? ((parkedStatus as ConsentRecord['parkedStatus']) ?? 'awaiting_consent') : null;
    return {
      state: (state as ConsentRecord['state'] | null) ?? 'none', parkedWorkflowId: parked ?? null, parkedStatus: status,
      // A language whose pack is no longer loaded is forgotten: the next message tells it again.
      language: isLanguage(language) ? language : null, holding,
    };
  }

  /**
   * The question held for the claimant (a consent request or a choice), with the payload it was
   * held with: what a consent answer or a choice resumes. Null when none is held. `partition` is
   * the claimant's (the one the hand-off runs in).
   */
  async held(tenantId: string, partition: number, phone: string): Promise<{ workflowId: string; payload: WorkflowPayload } | null> {
    const [parked, payload] = await this.redis.hmget(this.keys.consent(partition, tenantId, sha256Hex(phone)), 'parked', 'parked_payload');
    return parked && payload ? { workflowId: parked, payload: JSON.parse(payload) as WorkflowPayload } : null;
  }
}
