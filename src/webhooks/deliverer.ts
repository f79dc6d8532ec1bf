/**
 * Sends due webhook deliveries: the scheduler calls `deliverDue()` every tick, and any number of
 * schedulers may. Per tenant with due work: read the endpoint (a disabled or missing one leaves
 * the tenant parked), check its URL again (DNS may have changed), then claim up to
 * WEBHOOK_CONCURRENCY due deliveries under a lease (claimWebhooks), send them at once, and
 * record each result under that lease (settleWebhook). A sender that dies leaves its leases to
 * expire: the deliveries are sent again, with the same webhook-id.
 */
import type { Counter } from 'prom-client';
import { Webhook } from 'standardwebhooks';
import { Agent } from 'undici';
import { HttpFailure, httpJson, type HttpAnswer } from '../adapters/http-client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runClaimWebhooks, runSettleWebhook } from '../redis/scripts';
import type { DueTenants } from './due-tenants';
import type { DeliveryEndpoint, WebhookEndpoints } from './endpoint-store';
import { guardedLookup } from './endpoint-url';
import { nextAttemptAt, parseRetryAfter } from './retry-schedule';
import { contextOf, inSpan, SpanKind, tracer } from '../tracing/tracing';

type Outcome = 'delivered' | 'retry' | 'failed' | 'held';

/** Tenants served at once in one pass, and claim rounds per tenant per pass. */
const tenantsAtOnce = 8;
const tenantsPerPass = 64;
const roundsPerPass = 16;
/**
 * A tenant's pass starts no new round after this long (real time), so one tenant's backlog does
 * not hold up the scheduler tick; the rest goes in the next ticks.
 */
const passBudgetMs = 1000;

export class WebhookDeliverer {
  private readonly agent: Agent;
  private readonly signers = new Map<string, Webhook>();
  private readonly attempts: Counter<'tenant' | 'outcome'>;
  /** How long a claimed delivery is its sender's: the timeout twice over, plus room to record. */
  private readonly leaseMs: number;

  constructor(private readonly o: { redis: Redis; keys: Keys; config: Config; clock: Clock; log: Logger; metrics: Metrics; endpoints: WebhookEndpoints; due: DueTenants }) {
    const lookup = guardedLookup(o.config.environment, o.config.webhookAllowedPrivateTargets);
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: o.config.webhookConcurrency, connect: lookup ? { lookup } : undefined });
    this.leaseMs = 2 * o.config.webhookTimeoutMs + 10_000;
    this.attempts = o.metrics.webhookAttempts;
  }

  /** One pass over the tenants with due deliveries. Returns how many attempts were made. */
  async deliverDue(): Promise<number> {
    const tenants = await this.o.due.due(this.o.clock.now(), tenantsPerPass);
    let total = 0;
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(tenantsAtOnce, tenants.length) }, async () => {
      while (next < tenants.length) {
        const tenantId = tenants[next++]!;
        try {
          const made = await this.deliverTenant(tenantId);
          total += made;
        } catch (err) {
          this.o.log.error({ tenant: tenantId, err: (err as Error).message }, 'webhook delivery pass failed; its leases expire and it is tried again');
        }
      }
    }));
    return total;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async deliverTenant(tenantId: string): Promise<number> {
    const { clock, endpoints, due } = this.o;
    const endpoint = await endpoints.forDelivery(tenantId, clock.now());
    if (!endpoint?.enabled) {
      await due.park(tenantId, async () => !(await endpoints.forDelivery(tenantId, clock.now()))?.enabled);
      return 0;
    }
    let refusal: string | null = null;
    await endpoints.check(endpoint.url).catch((err: Error) => { refusal = `endpoint address refused: ${err.message}`; });
    let made = 0;
    const started = performance.now();
    for (let round = 0; round < roundsPerPass && performance.now() - started < passBudgetMs; round++) {
      const now = clock.now();
      const lease = now + this.leaseMs;
      const ids = await runClaimWebhooks(this.o.redis, this.o.keys, tenantId, now, lease, this.o.config.webhookConcurrency);
      if (ids.length === 0) break;
      const pipeline = this.o.redis.pipeline();
      // With tracing on, also the step the delivery's span is the child of (`tp`, docs/tracing.md).
      const fields = tracer === null ? ['body', 'attempts'] : ['body', 'attempts', 'tp'];
      for (const id of ids) pipeline.hmget(this.o.keys.webhookMessage(tenantId, id), ...fields);
      // A read Redis could not answer stops the tick: taken for a missing record, it would drop the delivery.
      const records = await execReplies(pipeline);
      const outcomes = await Promise.all(ids.map((id, i) => {
        const [body, attempts, traceparent] = (records[i] ?? []) as (string | null)[];
        return this.attempt(tenantId, endpoint, id, body ?? null, Number(attempts ?? 0), lease, refusal, traceparent ?? undefined);
      }));
      made += ids.length;
      // A round that delivered nothing (endpoint down, slow or gone): leave the rest to their
      // schedule rather than spend more timeouts on it in this tick.
      if (!outcomes.includes('delivered') || ids.length < this.o.config.webhookConcurrency) break;
    }
    await due.refresh(tenantId);
    return made;
  }

  private async attempt(tenantId: string, endpoint: DeliveryEndpoint, id: string, body: string | null, attemptsBefore: number, lease: number, refusal: string | null, traceparent?: string): Promise<Outcome | 'stale'> {
    const { clock, keys, redis } = this.o;
    if (body === null) {
      // The record is gone (deleted by hand): nothing to send, drop the due entry.
      await redis.zrem(keys.webhookDue(tenantId), id);
      return 'stale';
    }
    let answer: HttpAnswer | null = null;
    let error = refusal ?? '';
    if (refusal === null) {
      const sentAt = clock.now();
      try {
        const posting = httpJson(endpoint.url, {
          method: 'POST', body, timeoutMs: this.o.config.webhookTimeoutMs, dispatcher: this.agent,
          headers: {
            'content-type': 'application/json', 'user-agent': 'claims-workflow-webhooks/1',
            'webhook-id': id, 'webhook-timestamp': String(Math.floor(sentAt / 1000)), 'webhook-signature': this.sign(id, sentAt, body, endpoint.secrets),
          },
        });
        // With tracing on, each delivery in a span: the tenant, the attempt and the answer's status;
        // the child of the step that made the event when one is kept with it (every attempt, a
        // retry's and a replay's too), else a trace of its own.
        answer = tracer === null ? await posting : await inSpan('webhook deliver', SpanKind.CLIENT, { 'cw.tenant_id': tenantId, 'cw.webhook.attempt': attemptsBefore + 1 }, async (span) => {
          const got = await posting;
          span.setAttribute('http.response.status_code', got.status);
          return got;
        }, contextOf(traceparent));
        if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
      } catch (err) {
        if (!(err instanceof HttpFailure)) throw err;
        error = err.message;
      }
    }
    const now = clock.now();
    let outcome: Outcome;
    let nextAt = 0;
    if (answer && answer.status >= 200 && answer.status < 300) outcome = 'delivered';
    else if (answer?.status === 410) {
      outcome = 'held';
      nextAt = now;
      if (await this.o.endpoints.disable(tenantId, endpoint.epoch, 'gone', now)) this.o.log.warn({ tenant: tenantId }, 'webhook endpoint answered 410 Gone: disabled until the partner sets it again');
    } else {
      const next = nextAttemptAt(attemptsBefore + 1, now, parseRetryAfter(answer?.headers['retry-after'], now), this.o.config.webhookRetryDelaysMs);
      outcome = next === null ? 'failed' : 'retry';
      nextAt = next ?? 0;
    }
    const settled = await runSettleWebhook(redis, keys, tenantId, {
      messageId: id, leaseEnd: lease, outcome, nextAt, httpStatus: answer ? answer.status : null, error,
      retentionMs: this.o.config.webhookRetentionSeconds * 1000, counts: outcome !== 'held', now,
    });
    if (settled.kind === 'stale') {
      this.o.log.warn({ tenant: tenantId, webhook_id: id }, 'webhook lease expired before the attempt was recorded; another sender has it');
      return 'stale';
    }
    this.attempts.inc({ tenant: tenantId, outcome });
    if (outcome === 'failed') this.o.log.warn({ tenant: tenantId, webhook_id: id, error }, 'webhook delivery dead-lettered after the last attempt');
    return outcome;
  }

  /** `v1,<sig>` per secret, space-separated: the current secret first. */
  private sign(id: string, atMs: number, body: string, secrets: string[]): string {
    const at = new Date(atMs);
    return secrets.map((secret) => {
      let signer = this.signers.get(secret);
      if (!signer) {
        if (this.signers.size > 1000) this.signers.clear();
        signer = new Webhook(secret);
        this.signers.set(secret, signer);
      }
      return signer.sign(id, at, body);
    }).join(' ');
  }
}
