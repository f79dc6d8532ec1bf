/**
 * Token revocation (RFC 7009, logout) and the live checks every bearer token passes after its
 * signature: not revoked, and its subject (API client or user) still exists. A revoked token is
 * remembered until it would have expired, then forgotten with it.
 */
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import type { Principal } from './principal';

export class RevocationStore {
  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  /** Refuses the token with this jti everywhere until `expSeconds` (its own expiry). */
  async revoke(tenantId: string, jti: string, expSeconds: number, nowMs: number): Promise<void> {
    if (expSeconds * 1000 <= nowMs) return; // already expired: nothing to refuse
    await this.redis.set(this.keys.revokedToken(tenantId, jti), '1', 'PXAT', expSeconds * 1000);
  }

  /**
   * Whether a verified token must still be refused: revoked, or its subject gone (a deleted
   * API client, a removed user). One round trip.
   */
  async refused(claims: Pick<Principal, 'tenant_id' | 'sub' | 'jti' | 'token_type'>): Promise<boolean> {
    const pipeline = this.redis.pipeline();
    pipeline.exists(this.keys.revokedToken(claims.tenant_id, claims.jti));
    if (claims.token_type === 'human') pipeline.hexists(this.keys.users(claims.tenant_id), claims.sub);
    else pipeline.hexists(this.keys.clients(claims.tenant_id), claims.sub);
    // A check Redis could not answer is thrown, not a refusal: the API answers 503 and the client
    // retries with the same token (a 401 would tell it to throw a good token away).
    const [revoked, subjectExists] = (await execReplies(pipeline)) as [number, number];
    return !claims.jti || revoked === 1 || subjectExists !== 1;
  }
}
