/**
 * The scheduler role: moves due durable timers (retries now; reminders and timeouts later) into
 * their streams, and moves audit events from the partitions into the tenants' hash-chained
 * ledgers, and delivers partner webhooks (in a loop of their own). Each move is atomic, so any
 * number of schedulers can run.
 */
import type { AuditLedger } from '../audit/audit-ledger';
import type { Clock } from '../clock';
import type { OperationalModes } from '../tenants/operational-modes';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis/connection';
import { stageNames, type Keys } from '../redis/keys';
import type { LedgerWebhooks } from '../webhooks/ledger-webhooks';
import type { PartnerWebhooks } from '../webhooks/partner-webhooks';

const perCall = 500;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private deliveryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private delivering: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly o: {
    redis: Redis; keys: Keys; config: Config; clock: Clock; log: Logger; metrics: Metrics; ledger: AuditLedger; modes: OperationalModes;
    /** Partner webhook deliveries (docs/webhooks.md). */
    webhooks: PartnerWebhooks;
    /** Webhooks made from the audit ledger (docs/events.md). */
    ledgerWebhooks: LedgerWebhooks;
  }) {}

  start(): void {
    this.schedule();
    this.scheduleDeliveries();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      // Audit events first reach the ledger, then the webhooks made from it are queued.
      const ledgerThenWebhooks = async () => { await this.o.ledger.moveOnce(); await this.o.ledgerWebhooks.publish(this.o.clock.now()); };
      this.running = Promise.all([this.fireDue(), ledgerThenWebhooks(), this.o.modes.releaseAllowed()]).then(() => undefined)
        .catch((err: Error) => this.o.log.error({ err: err.message }, 'scheduler tick failed; trying again next tick'))
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
      const keyList = [keys.timers(p), keys.deadTimers(p), ...stageNames.map((s) => keys.stream(p, s))];
      for (;;) {
        const fired = await redis.fireTimers(keyList.length, ...keyList, clock.now(), perCall);
        total += fired;
        if (fired < perCall) break;
      }
    }
    if (total > 0) metrics.timersFired.inc(total);
    return total;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
    await Promise.allSettled([this.running, this.delivering]);
  }
}
