/**
 * Prometheus metrics of one process. Stage workers count and time what they hand off; the API
 * process also reports per-stage backlog and pending counts read from Redis on each scrape.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type BreakerState = 'closed' | 'half_open' | 'open';
const breakerValue: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };

export class Metrics {
  readonly registry = new Registry();
  readonly handled = new Counter({ name: 'cw_stage_handled_total', help: 'Stream entries a stage handed off, by outcome (forward, wait, finish, retry, dead, stale).', labelNames: ['stage', 'outcome'], registers: [this.registry] });
  readonly failed = new Counter({ name: 'cw_stage_failed_total', help: 'Stage failures by stable error code (each is then retried or dead-lettered).', labelNames: ['stage', 'error_code'], registers: [this.registry] });
  readonly latency = new Histogram({
    name: 'cw_stage_latency_seconds', help: 'From an entry entering a stage stream to its hand-off.', labelNames: ['stage'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry],
  });
  readonly backlog = new Gauge({ name: 'cw_stage_backlog', help: 'Entries in a stage stream not yet handed off (all partitions).', labelNames: ['stage'], registers: [this.registry] });
  readonly pending = new Gauge({ name: 'cw_stage_pending', help: 'Entries delivered to a consumer and not yet acknowledged.', labelNames: ['stage'], registers: [this.registry] });
  readonly lag = new Gauge({ name: 'cw_stage_lag_seconds', help: 'Age of the oldest entry still waiting in a stage stream (any partition); 0 when none.', labelNames: ['stage'], registers: [this.registry] });
  readonly deadLetters = new Gauge({ name: 'cw_stage_dead_letters', help: 'Entries in a stage dead-letter stream.', labelNames: ['stage'], registers: [this.registry] });
  readonly breaker = new Gauge({ name: 'cw_cms_breaker_state', help: 'CMS circuit breaker per tenant: 0 closed, 1 half-open, 2 open.', labelNames: ['tenant'], registers: [this.registry] });
  readonly oldSecrets = new Gauge({ name: 'cw_client_secrets_over_90_days', help: 'API clients whose current secret is older than 90 days (rotate them).', labelNames: ['tenant'], registers: [this.registry] });
  readonly answerCache = new Counter({ name: 'cw_answer_cache_total', help: 'query-reason answer-cache lookups, by result (hit, miss).', labelNames: ['result'], registers: [this.registry] });
  readonly timersFired = new Counter({ name: 'cw_timers_fired_total', help: 'Durable timers moved into their streams.', registers: [this.registry] });
  readonly smsSegments = new Counter({ name: 'cw_sms_segments_total', help: 'SMS segments sent (what the provider bills), by encoding (gsm7, ucs2).', labelNames: ['encoding'], registers: [this.registry] });
  readonly smsMessages = new Counter({ name: 'cw_sms_messages_total', help: 'SMS replies sent, by encoding (gsm7, ucs2).', labelNames: ['encoding'], registers: [this.registry] });
  readonly inbound = new Counter({ name: 'cw_inbound_messages_total', help: 'Channel messages received, by result (accepted, duplicate).', labelNames: ['channel', 'result'], registers: [this.registry] });
  readonly webhookAttempts = new Counter({ name: 'cw_webhook_attempts_total', help: 'Webhook delivery attempts per tenant by outcome (delivered, retry, failed = dead-lettered, held = endpoint disabled).', labelNames: ['tenant', 'outcome'], registers: [this.registry] });
  readonly redisUp = new Gauge({ name: 'cw_redis_up', help: '1 when Redis answered this process a PING within 1 s at the last scrape, else 0.', registers: [this.registry] });
  readonly timerOverdue = new Gauge({ name: 'cw_timer_overdue_seconds', help: 'How long past due the oldest timer not yet fired is (any partition), by kind (retry, workflow = pending-documents reminders and deadlines); 0 when none is due.', labelNames: ['kind'], registers: [this.registry] });
  readonly archiveLastPass = new Gauge({ name: 'cw_archive_last_pass_timestamp_seconds', help: "When this process's archiver last finished a pass over every tenant (Unix time, seconds); absent before the first.", registers: [this.registry] });
  readonly httpResponses = new Counter({ name: 'cw_http_responses_total', help: 'API responses by status class (2xx, 3xx, 4xx, 5xx).', labelNames: ['class'], registers: [this.registry] });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'cw_' });
  }

  setBreaker(tenantId: string, state: BreakerState): void {
    this.breaker.set({ tenant: tenantId }, breakerValue[state]);
  }
}
