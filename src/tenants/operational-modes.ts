/**
 * Operational modes per tenant (spec: OPERATIONAL, RESTRICTED, SUSPENDED). A change is written
 * together with its audit-ledger event in one compare-and-set step. While a tenant is SUSPENDED
 * the outbound stage holds every reply (in its partition's held stream, in order); when the mode
 * allows messages again they are released to the outbound stream, by the process that made the
 * change at once, and by the scheduler on every tick in case that release was interrupted.
 */
import { randomBytes } from 'node:crypto';
import { chain, genesisHash, toFields, type LedgerEntryForm } from '../audit/audit-chain';
import { isOperationalMode, type OperationalMode } from '../../pipeline/vocabulary';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runChangeMode, runReleaseHeld, runReleaseRestricted } from '../redis/scripts';



export interface ModeState {
  mode: OperationalMode;
  reason: string | null;
  changed_at: string | null;
  changed_by: string | null;
}

const releaseBatch = 500;

export class OperationalModes {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly partitions: number, private readonly log: Logger,
    /** How the mode change's ledger entry is written (`LEDGER_ENTRY_FORM`). */
    private readonly entryForm: LedgerEntryForm = 'runs') {}

  async get(tenantId: string): Promise<ModeState> {
    const h = await this.redis.hgetall(this.keys.operationalMode(tenantId));
    return {
      mode: isOperationalMode(h.mode) ? h.mode : 'OPERATIONAL', reason: h.reason ?? null,
      changed_at: h.changed_at ? new Date(Number(h.changed_at)).toISOString() : null, changed_by: h.changed_by ?? null,
    };
  }

  /** The mode as a stage needs it: read live, so a change holds replies from the next message on. */
  async current(tenantId: string): Promise<OperationalMode> {
    const mode = await this.redis.hget(this.keys.operationalMode(tenantId), 'mode');
    return isOperationalMode(mode) ? mode : 'OPERATIONAL';
  }

  /** Changes the mode (audited in the same step) and releases held replies when it allows them. */
  async change(tenantId: string, to: OperationalMode, reason: string, by: string, nowMs: number): Promise<{ from: OperationalMode; state: ModeState }> {
    if (reason.trim() === '') throw new AppError('invalid_request', 'a reason is required');
    for (let attempt = 0; attempt < 50; attempt++) {
      const from = await this.current(tenantId);
      const head = await this.redis.hgetall(this.keys.ledgerHead(tenantId));
      const [event] = chain([{
        event_id: `ae-c-${nowMs}-${randomBytes(4).toString('hex')}`, tenant_id: tenantId, workflow_id: '', stage: 'control',
        type: 'operational_mode.changed', at: nowMs, detail: JSON.stringify({ from, to, reason, by }),
      }], head.hash ?? genesisHash, Number(head.count ?? 0));
      const result = await runChangeMode(this.redis, this.keys, tenantId, {
        expectedHead: head.hash ?? '', newHead: event!.hash, count: event!.n, event: toFields(event!, this.entryForm === 'runs' ? 'packed' : this.entryForm),
        mode: { mode: to, reason, changedAt: nowMs, changedBy: by },
      });
      if (result.kind === 'ok') {
        this.log.warn({ tenant_id: tenantId, from, to, by }, 'operational mode changed');
        if (to !== 'SUSPENDED') await this.release(tenantId);
        if (to === 'OPERATIONAL') await this.releaseRestricted(tenantId);
        return { from, state: await this.get(tenantId) };
      }
    }
    throw new AppError('conflict', 'the audit ledger kept changing; try again');
  }

  /** Sends a tenant's held replies back to the outbound stage, in order, partition by partition. */
  async release(tenantId: string): Promise<number> {
    let released = 0;
    for (let p = 0; p < this.partitions; p++) {
      for (;;) {
        const n = await runReleaseHeld(this.redis, this.keys, p, tenantId, releaseBatch);
        released += n;
        if (n < releaseBatch) break;
      }
    }
    if (released > 0) this.log.info({ tenant_id: tenantId, released }, 'held replies released');
    return released;
  }

  /**
   * Puts a tenant's work held while RESTRICTED back on the stages it was held at, in order, and
   * its paused workflow timers back in the timer set (they fire on the scheduler's next pass).
   */
  async releaseRestricted(tenantId: string): Promise<number> {
    let released = 0;
    for (let p = 0; p < this.partitions; p++) {
      for (;;) {
        const { entries, timers } = await runReleaseRestricted(this.redis, this.keys, p, tenantId, releaseBatch);
        released += entries + timers;
        if (entries < releaseBatch) break;
      }
    }
    if (released > 0) this.log.info({ tenant_id: tenantId, released }, 'work held while RESTRICTED released');
    return released;
  }

  /** The scheduler's pass: releases what every tenant's mode allows now. */
  async releaseAllowed(): Promise<number> {
    let released = 0;
    for (let p = 0; p < this.partitions; p++) {
      for (const tenantId of await this.redis.smembers(this.keys.heldTenants(p))) {
        if ((await this.current(tenantId)) !== 'SUSPENDED') released += await this.release(tenantId);
      }
      for (const tenantId of await this.redis.smembers(this.keys.restrictedTenants(p))) {
        if ((await this.current(tenantId)) === 'OPERATIONAL') released += await this.releaseRestricted(tenantId);
      }
    }
    return released;
  }
}
