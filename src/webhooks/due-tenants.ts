/**
 * The global index of tenants with webhook work: a sorted set, score = a time at or before the
 * tenant's earliest due delivery. Schedulers read it to find whom to deliver for. It lives under
 * `{g}` and the due sets under `{t:TENANT}`, so no script may touch both; the rule that keeps it
 * right without one: whoever makes a delivery due earlier writes the index after the due set, and
 * whoever moves a tenant's score later (or removes it) reads the due set again afterwards and
 * repairs. A score may run early (a scheduler looks and finds nothing), never late.
 */
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

export class DueTenants {
  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  /** Tenants whose score is due at `nowMs`, earliest first. */
  due(nowMs: number, max: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.webhookTenants(), '-inf', nowMs, 'LIMIT', 0, max);
  }

  /** After making a delivery of the tenant due at `atMs`: the index may only move earlier. */
  async mark(tenantId: string, atMs: number): Promise<void> {
    await this.redis.zadd(this.keys.webhookTenants(), 'LT', atMs, tenantId);
  }

  /** After a delivery pass: the score becomes the earliest due delivery, or the tenant leaves the index. */
  async refresh(tenantId: string): Promise<void> {
    const first = await this.earliest(tenantId);
    if (first === null) await this.redis.zrem(this.keys.webhookTenants(), tenantId);
    else await this.redis.zadd(this.keys.webhookTenants(), first, tenantId);
    const again = await this.earliest(tenantId);
    if (again !== null && (first === null || again < first)) await this.mark(tenantId, again);
  }

  /**
   * Takes a tenant whose endpoint is disabled or gone out of the index; `stillIdle` is asked
   * again afterwards, and when the endpoint came back meanwhile the tenant goes back in.
   */
  async park(tenantId: string, stillIdle: () => Promise<boolean>): Promise<void> {
    await this.redis.zrem(this.keys.webhookTenants(), tenantId);
    if (await stillIdle()) return;
    const first = await this.earliest(tenantId);
    if (first !== null) await this.mark(tenantId, first);
  }

  /** When the tenant's endpoint is enabled: put its waiting deliveries back in view. */
  async wake(tenantId: string): Promise<void> {
    const first = await this.earliest(tenantId);
    if (first !== null) await this.mark(tenantId, first);
  }

  private async earliest(tenantId: string): Promise<number | null> {
    const [, score] = await this.redis.zrange(this.keys.webhookDue(tenantId), 0, 0, 'WITHSCORES');
    return score === undefined ? null : Number(score);
  }
}
