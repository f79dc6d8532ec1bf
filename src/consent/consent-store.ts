/** Reads a claimant's consent record (written only by the hand-off script). */
import type { ConsentRecord } from '../../pipeline/types';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

export class ConsentStore {
  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  async lookup(tenantId: string, phone: string): Promise<ConsentRecord> {
    const partition = this.keys.partitionOf(tenantId, phone);
    const [state, parked] = await this.redis.hmget(this.keys.consent(partition, tenantId, sha256Hex(phone)), 'state', 'parked');
    return { state: (state as ConsentRecord['state'] | null) ?? 'none', parkedWorkflowId: parked ?? null };
  }
}
