/**
 * Partner webhooks (docs/webhooks.md): the endpoint a tenant configures, the outbox other code
 * puts events into (`enqueue`), and the deliverer the scheduler runs (`deliverDue`).
 */
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { WebhookDeliverer } from './deliverer';
import { DueTenants } from './due-tenants';
import { WebhookEndpoints } from './endpoint-store';
import type { Resolve } from './endpoint-url';
import type { WebhookEnvelope, WebhookEvent } from './envelope';
import { WebhookOutbox } from './outbox';

export type { WebhookEnvelope, WebhookEvent } from './envelope';

export interface PartnerWebhooksOptions {
  redis: Redis;
  keys: Keys;
  config: Config;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  /** Host name resolution for the URL check (default: the system resolver, as connections use). */
  resolve?: Resolve;
}

export class PartnerWebhooks {
  readonly due: DueTenants;
  readonly endpoints: WebhookEndpoints;
  readonly outbox: WebhookOutbox;
  readonly deliverer: WebhookDeliverer;

  constructor(o: PartnerWebhooksOptions) {
    this.due = new DueTenants(o.redis, o.keys);
    this.endpoints = new WebhookEndpoints({ ...o, due: this.due });
    this.outbox = new WebhookOutbox({ ...o, due: this.due });
    this.deliverer = new WebhookDeliverer({ ...o, endpoints: this.endpoints, due: this.due });
  }

  /**
   * Queues one event for the tenant's webhook endpoint, due at once. `nowMs` is the event time.
   * Returns the envelope that will be sent, or null when the tenant has no endpoint.
   */
  enqueue(tenantId: string, event: WebhookEvent, nowMs: number): Promise<WebhookEnvelope | null> {
    return this.outbox.enqueue(tenantId, event, nowMs);
  }

  /** Sends what is due now (one pass). Returns the number of attempts made. */
  deliverDue(): Promise<number> {
    return this.deliverer.deliverDue();
  }

  close(): Promise<void> {
    return this.deliverer.close();
  }
}
