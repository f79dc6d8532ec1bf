/**
 * The scheduler role: moves due durable timers (retries, reminders and deadlines) into
 * their streams, and moves audit events from the partitions into the tenants' hash-chained
 * ledgers, and delivers partner webhooks (in a loop of their own). Each move is atomic, so any
 * number of schedulers can run. In a third loop it archives what is older than each tenant's hot
 * window (src/archive/archiver.ts, docs/retention.md), one archiver per tenant at a time.
 */
import type { Archiver } from '../archive/archiver';
import type { AuditLedger } from '../audit/audit-ledger';
import type { Clock } from '../clock';
import { type OperationalModes } from '../tenants/operational-modes';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis/connection';
import { type Keys } from '../redis/keys';
import { runFireTimers, runFireWorkflowTimers } from '../redis/scripts';
import { isPassingStoreFailure } from '../redis/unavailable';
import { parseWaitTimer } from '../redis/wait-timers';
import { workflowByType } from '../../pipeline/workflows';
import type { LedgerWebhooks } from '../webhooks/ledger-webhooks';
import type { PartnerWebhooks } from '../webhooks/partner-webhooks';

const perCall = 500;


export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private deliveryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private delivering: Promise<void> | null = null;
  private archiveTimer: NodeJS.Timeout | null = null;
  private archiving: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly o: {
    redis: Redis; keys: Keys; config: Config; clock: Clock; log: Logger; metrics: Metrics; ledger: AuditLedger; modes: OperationalModes;
    /** Partner webhook deliveries (docs/webhooks.md). */
    webhooks: PartnerWebhooks;
    /** Webhooks made from the audit ledger (docs/events.md). */
    ledgerWebhooks: LedgerWebhooks;
    /** Moves finished workflows and old ledger events to the archive (docs/retention.md); none in tools that only fire timers. */
    archiver?: Archiver;
  }) {}

  start(): void {
    this.schedule();
    this.scheduleDeliveries();
    this.scheduleArchiving();
  }

  /** The archiver's own loop: a pass may take a while on PostgreSQL, and never delays timers. */
  private scheduleArchiving(): void {
    const archiver = this.o.archiver;
    if (this.stopped || !archiver) return;
    this.archiveTimer = setTimeout(() => {
      this.archiving = archiver.runOnce().then(() => { this.o.metrics.archiveLastPass.set(this.o.clock.now() / 1000); })
        .catch((err: Error) => this.o.log.error({ err: err.message }, 'archive pass failed; trying again next interval'))
        .finally(() => this.scheduleArchiving());
    }, this.o.config.archiveIntervalMs);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      // Audit events first reach the ledger, then the webhooks made from it are queued.
      const ledgerThenWebhooks = async () => { await this.o.ledger.moveOnce(); await this.o.ledgerWebhooks.publish(this.o.clock.now()); };
      this.running = Promise.all([this.fireDue(), ledgerThenWebhooks(), this.o.modes.releaseAllowed()]).then(() => undefined)
        // A failover or a Redis restart passes: a warning. Anything else is a fault to look into.
        .catch((err: Error) => this.o.log[isPassingStoreFailure(err) ? 'warn' : 'error']({ err: err.message }, 'scheduler tick failed; trying again next tick'))
        .finally(() => this.schedule());
    }, this.o.config.schedulerIntervalMs);
  }

  /** Webhook sends wait on partners' endpoints: their own loop, so a slow partner never delays timers. */
  private scheduleDeliveries(): void {
    if (this.stopped) return;
    this.deliveryTimer = setTimeout(() => {
      this.delivering = this.o.webhooks.deliverDue().then(() => undefined)
        .catch((err: Error) => this.o.log.error({ err: err.message }, 'webhook delivery pass failed; trying again next tick'))
        .finally(() => this.scheduleDeliveries());
    }, this.o.config.schedulerIntervalMs);
  }
  /** Fires every timer due now, in every partition. Returns how many fired. */
  async fireDue(): Promise<number> {
    const { redis, keys, config, clock, metrics } = this.o;
    let total = 0;
    for (let p = 0; p < config.partitions; p++) {
      for (;;) {
        const fired = await runFireTimers(redis, keys, p, clock.now(), perCall);
        total += fired;
        if (fired < perCall) break;
      }
    }
    total += await this.fireWorkflowTimers();
    if (total > 0) metrics.timersFired.inc(total);
    return total;
  }

  /**
   * Fires due wait timers (reminders, deadlines) into their workflows' own steps (docs/architecture.md,
   * "Waiting"). The due members are read first so the Lua step can declare every key it touches; timers of a
   * tenant that is RESTRICTED move to its paused set instead, until the mode allows them.
   */
  private async fireWorkflowTimers(): Promise<number> {
    const { redis, keys, config, clock } = this.o;
    let fired = 0;
    const modes = new Map<string, Promise<string>>();
    const modeOf = (tenantId: string) => {
      let mode = modes.get(tenantId);
      if (!mode) modes.set(tenantId, (mode = this.o.modes.current(tenantId)));
      return mode;
    };
    for (let p = 0; p < config.partitions; p++) {
      for (;;) {
        const now = clock.now();
        const due = await redis.zrangebyscore(keys.workflowTimers(p), '-inf', now, 'LIMIT', 0, perCall);
        if (due.length === 0) break;
        const parsed = due.map((member) => ({ member, timer: parseWaitTimer(member) }));
        // Each tenant's mode once; the workflow type only for timers of a RESTRICTED tenant.
        const restrictedTenants = new Set<string>();
        for (const tenantId of new Set(parsed.flatMap(({ timer }) => (timer ? [timer.tenantId] : [])))) {
          if ((await modeOf(tenantId)) === 'RESTRICTED') restrictedTenants.add(tenantId);
        }
        const timers = restrictedTenants.size === 0 ? parsed.map((t) => ({ ...t, restricted: false })) : await Promise.all(parsed.map(async ({ member, timer }) => {
          if (timer === null || !restrictedTenants.has(timer.tenantId)) return { member, timer, restricted: false };
          // RESTRICTED pauses the timers of the workflows it holds; one it never holds (human-handover:
          // a person is the safe path) keeps its timers (docs/operational-modes.md).
          const type = await redis.hget(keys.workflow(p, timer.workflowId), 'workflow_type');
          return { member, timer, restricted: workflowByType(type)?.restricted !== null };
        }));
        fired += (await runFireWorkflowTimers(redis, keys, p, timers, config.stageEntryForm)).fired;
        if (due.length < perCall) break;
      }
    }
    return fired;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
    if (this.archiveTimer) clearTimeout(this.archiveTimer);
    await Promise.allSettled([this.running, this.delivering, this.archiving]);
  }
}
