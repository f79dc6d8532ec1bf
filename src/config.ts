/**
 * The one reader of `process.env`. Every setting is parsed and validated here with ajv,
 * then frozen; the rest of the code receives a `Config` and never looks at the environment.
 */
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import { durationPattern, parseDuration, parseDurations } from './durations';
import { defaultRetryDelaysMs } from './webhooks/retry-schedule';
import type { LedgerEntryForm } from './audit/audit-chain';
import type { StageEntryForm } from './runtime/envelope-codec';
import { tracingOf, tracingSchema, type TracingConfig } from './tracing/tracing-config';

export interface Config {
  /** Redis the service keeps everything in. Default `redis://127.0.0.1:6379`. */
  redisUrl: string;
  /**
   * Redis Cluster nodes to start from (`REDIS_CLUSTER_NODES=host:port,host:port,...`); the client
   * learns the rest of the cluster from them. Set, every role uses the cluster (credentials and
   * TLS still come from `redisUrl`); null, the one Redis at `redisUrl` (docs/scaling.md).
   */
  redisClusterNodes: { host: string; port: number }[] | null;
  /**
   * Durability of acknowledged work across a failover (`REDIS_WAIT_REPLICAS`, default 0): with N > 0
   * every script write (intake, hand-off, timer firing, ledger, send records) is followed by
   * `WAIT N` on the node that took it, and counts as done only when N replicas have it
   * (docs/scaling.md, "What each setting guarantees"). 0: asynchronous replication only.
   */
  redisWaitReplicas: number;
  /** How long that WAIT may take before the write counts as failed (`REDIS_WAIT_TIMEOUT_MS`, default 1000). */
  redisWaitTimeoutMs: number;
  /** Prefix of every key; tests give each file its own. Default `cw`. */
  keyPrefix: string;
  /** Number of work partitions `{pN}`. Fixed for the life of a deployment. Default 8. */
  partitions: number;
  /** HTTP listen address of the `api` role. */
  host: string;
  port: number;
  /** Public base address, used in `iss` and the OAuth metadata. */
  publicUrl: string;
  /** JWT issuer (`iss`) and audience (`aud`). */
  jwtIssuer: string;
  jwtAudience: string;
  /** AES-256 key (32 bytes) for signing keys at rest; required in production. */
  signingKeyEncryptionKey: Buffer | null;
  /**
   * HMAC key (32 bytes) of the PHI references in log lines (`from_ref`, `claim_ref`, ...), so a
   * reference cannot be reversed by hashing every phone number. Required in production; outside
   * it a fixed development key (not a secret) is used. Rotated with `npm run ops -- phi-ref-key rotate`.
   */
  phiRefKey: Buffer;
  /** How long a rotated-in signing key is published before it signs (s). Default 900. */
  keyPublishLeadSeconds: number;
  /** Machine token lifetime in seconds (spec: 3600). */
  machineTokenTtlSeconds: number;
  /** Entries read per XREADGROUP call, which is also the bound on in-flight entries per worker. */
  batchSize: number;
  /** Read lanes per stage worker, each with its own blocking connection. Default 2. */
  lanes: number;
  /** How long a blocking read waits before looping (ms). */
  blockMs: number;
  /**
   * How ledger entries are written (`LEDGER_ENTRY_FORM`, default `runs`; docs/audit-ledger.md):
   * `packed` (one event an entry) or `fields` only while a rolling upgrade still runs processes of
   * a release that reads no other.
   */
  ledgerEntryForm: LedgerEntryForm;
  /**
   * How stage stream entries are written (`STAGE_ENTRY_FORM`, default `packed`; docs/architecture.md
   * "What the records hold"): `fields` only while a rolling upgrade still runs processes of a release that
   * reads no other. Both forms are always read.
   */
  stageEntryForm: StageEntryForm;
  /** OpenTelemetry tracing (the standard `OTEL_*` variables, docs/tracing.md); null: off, the default. */
  tracing: TracingConfig | null;
  /** An entry idle this long in another consumer's pending list is reclaimed (ms). */
  reclaimIdleMs: number;
  /** Deliveries after which an entry goes to the dead-letter stream. */
  maxDeliveries: number;
  /** First retry delay (ms); doubles per attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the scheduler looks for due timers (ms). */
  schedulerIntervalMs: number;
  /** Grace time for in-flight work on SIGTERM, then the force timer exits (ms). */
  shutdownGraceMs: number;
  /** Outbound HTTP timeout for the CMS (ms). */
  cmsTimeoutMs: number;
  /** Circuit breaker: error percentage that opens it, and how long it stays open (ms). */
  breakerErrorPercent: number;
  breakerResetMs: number;
  breakerVolumeThreshold: number;
  /** Outbound HTTP timeout for channel providers (ms). */
  channelTimeoutMs: number;
  /** How long inbound message ids are remembered for deduplication (s). Meta retries for days. */
  inboundDedupeSeconds: number;
  /** How long a recovering outbound stage waits for proof (a status webhook) that an earlier,
   *  unrecorded send reached the provider before it sends again (ms; docs/workflows.md). */
  sendProofWaitMs: number;
  /** How often it looks again for that proof while it waits (ms). */
  sendProofPollMs: number;
  /** How long what the service knows of each reply's send (intent, result, proof) is kept (s). */
  sendRecordSeconds: number;
  logLevel: string;
  /**
   * `production` refuses development conveniences. The default when NODE_ENV is unset: a
   * deployment that forgets to name its environment gets the strict rules, not the loose ones.
   */
  environment: 'production' | 'development' | 'test';
  /** Port of the `/metrics` listener (0 = none). In production the API port does not serve `/metrics`. */
  metricsPort: number;
  /** Timeout of one webhook delivery attempt, body included (ms). Default 5000. */
  webhookTimeoutMs: number;
  /** Webhook deliveries one scheduler sends at once per tenant (and claims per round). Default 64. */
  webhookConcurrency: number;
  /** How long delivered and dead-lettered webhook messages are kept, for listing, retry and replay (s). Default 7 days. */
  webhookRetentionSeconds: number;
  /** How long a pending-documents workflow waits for documents (ms). Default 72 h (spec). */
  pendingDocsWaitMs: number;
  /** When reminders go out, ms after the wait starts. Default 24 h and 48 h. */
  pendingDocsReminderMs: number[];
  /** Waits before a failed webhook's attempts 2, 3, ... (ms). Default the Svix-like schedule (src/webhooks/retry-schedule.ts). */
  webhookRetryDelaysMs: number[];
  /** Test deployments only: every process reads time from a shared offset in Redis (src/shared-test-clock.ts). */
  sharedTestClock: boolean;
  /** PostgreSQL of the archive (`postgres://...`); null: an embedded PGlite (docs/retention.md). */
  databaseUrl: string | null;
  /** Where the embedded PGlite keeps its data when `databaseUrl` is null; null: in memory. Default
   *  `.data/pg` (in memory when NODE_ENV=test). */
  embeddedDatabaseDir: string | null;
  /** Deployment defaults of the tenants' retention (docs/retention.md); a tenant document may set its own. */
  retention: RetentionDefaults;
  /** How often the scheduler runs the archiver (ms). Default 60 s. */
  archiveIntervalMs: number;
  /** The lease an archiver holds on a tenant (redlock), extended while it works (ms). Default 60 s. */
  archiveLeaseMs: number;
  /** The most workflow records still in Redis one report reads (`REPORT_HOT_LIMIT`, default 100,000;
   *  docs/reports.md): a period holding more is answered 422 `report_period_too_large`. */
  reportHotLimit: number;
  /** Tests only (NODE_ENV=test): the archiver stops for good at this step, so a test can SIGKILL it there. */
  archiverStopAt: ArchiverStep | null;
  /**
   * The most events a second one verification of a tenant's ledger reads and hashes
   * (`AUDIT_VERIFY_EVENTS_PER_SECOND`, default 5,000: 100,000 events in about 20 s, 1,000,000 in
   * about 200 s; at 20,000 another tenant's p99 still moved about 2 ms on a quiet 2-core machine,
   * at 5,000 no more than two runs of reads alone differ, docs/benchmarks.md), for
   * `POST /v1/audit/verify` and `ops audit verify` alike, to bound what it costs other tenants' latency (src/audit/walk-pacing.ts, docs/audit-ledger.md).
   */
  auditVerifyEventsPerSecond: number;
  /**
   * The deployment's own values for named rate limits (`RATE_LIMITS=cms_events=20000,erasure=60`),
   * requests per the limit's window; the rest keep the defaults of src/api/rate-limits.ts
   * (docs/rate-limits.md). A name that is no limit fails at start.
   */
  rateLimits: Readonly<Record<string, number>>;
  /**
   * Private or loopback webhook targets the operator allows (`WEBHOOK_ALLOWED_PRIVATE_TARGETS`,
   * comma-separated `host` or `host:port`, IPv6 in brackets): outside test, a webhook URL to such
   * an address is refused unless its host (and port, when one is named) is listed here; in
   * development a listed target may also be plain http. Empty by default (docs/webhooks.md).
   */
  webhookAllowedPrivateTargets: { host: string; port: number | null }[];
}

/** How long finished workflows and their ledger events stay hot in Redis, how long the archive keeps them,
 *  and the lifetimes of consent records and dedupe markers (all ms). */
export interface RetentionDefaults {
  hotWindowMs: number;
  archiveRetentionMs: number;
  consentMs: number;
  dedupeMs: number;
}

/** The archiver's steps, in order, at which a test may stop it (docs/retention.md). */
export const archiverSteps = ['workflows-copied', 'workflows-confirmed', 'workflows-trimmed', 'events-copied', 'events-confirmed', 'events-trimmed'] as const;
export type ArchiverStep = (typeof archiverSteps)[number];

/** A comma-separated list of up to 10 durations (src/durations.ts); empty means none. */
const durationListPattern = `^(${durationPattern.slice(1, -1)}(,${durationPattern.slice(1, -1)}){0,9})?$`;

const schema = {
  type: 'object',
  properties: {
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    REDIS_CLUSTER_NODES: { type: 'string', pattern: '^[^,:\\s]+:\\d{1,5}(,[^,:\\s]+:\\d{1,5}){0,99}$' },
    REDIS_WAIT_REPLICAS: { type: 'integer', minimum: 0, maximum: 16 },
    REDIS_WAIT_TIMEOUT_MS: { type: 'integer', minimum: 1, maximum: 60000 },
    KEY_PREFIX: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,30}$' },
    PARTITIONS: { type: 'integer', minimum: 1, maximum: 1024 },
    HOST: { type: 'string' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    PUBLIC_URL: { type: 'string', pattern: '^https?://' },
    JWT_ISSUER: { type: 'string', minLength: 1 },
    JWT_AUDIENCE: { type: 'string', minLength: 1 },
    MACHINE_TOKEN_TTL_SECONDS: { type: 'integer', minimum: 60, maximum: 86400 },
    SIGNING_KEY_ENCRYPTION_KEY: { type: 'string', pattern: '^[A-Za-z0-9+/]{43}=$' },
    PHI_REF_KEY: { type: 'string', pattern: '^[A-Za-z0-9+/]{43}=$' },
    KEY_PUBLISH_LEAD_SECONDS: { type: 'integer', minimum: 0, maximum: 86400 },
    BATCH_SIZE: { type: 'integer', minimum: 1, maximum: 1000 },
    BLOCK_MS: { type: 'integer', minimum: 1, maximum: 60000 },
    LANES: { type: 'integer', minimum: 1, maximum: 64 },
    LEDGER_ENTRY_FORM: { enum: ['runs', 'packed', 'fields'] },
    STAGE_ENTRY_FORM: { enum: ['packed', 'fields'] },
    RECLAIM_IDLE_MS: { type: 'integer', minimum: 100 },
    MAX_DELIVERIES: { type: 'integer', minimum: 1, maximum: 100 },
    RETRY_BASE_MS: { type: 'integer', minimum: 1 },
    RETRY_MAX_MS: { type: 'integer', minimum: 1 },
    SCHEDULER_INTERVAL_MS: { type: 'integer', minimum: 5 },
    SHUTDOWN_GRACE_MS: { type: 'integer', minimum: 0 },
    CMS_TIMEOUT_MS: { type: 'integer', minimum: 10 },
    BREAKER_ERROR_PERCENT: { type: 'integer', minimum: 1, maximum: 100 },
    BREAKER_RESET_MS: { type: 'integer', minimum: 10 },
    BREAKER_VOLUME_THRESHOLD: { type: 'integer', minimum: 0 },
    CHANNEL_TIMEOUT_MS: { type: 'integer', minimum: 10 },
    INBOUND_DEDUPE_SECONDS: { type: 'integer', minimum: 60 },
    SEND_PROOF_WAIT_MS: { type: 'integer', minimum: 0 },
    SEND_PROOF_POLL_MS: { type: 'integer', minimum: 10 },
    SEND_RECORD_SECONDS: { type: 'integer', minimum: 60 },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    NODE_ENV: { enum: ['production', 'development', 'test'] },
    METRICS_PORT: { type: 'integer', minimum: 0, maximum: 65535 },
    WEBHOOK_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60000 },
    WEBHOOK_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 1000 },
    WEBHOOK_RETENTION_SECONDS: { type: 'integer', minimum: 3600 },
    SHARED_TEST_CLOCK: { enum: ['0', '1'] },
    PENDING_DOCS_WAIT_HOURS: { type: 'integer', minimum: 1, maximum: 720 },
    PENDING_DOCS_REMINDER_HOURS: { type: 'string', pattern: '^(\\d{1,3}(,\\d{1,3}){0,9})?$' },
    PENDING_DOCS_WAIT: { type: 'string', pattern: durationPattern },
    PENDING_DOCS_REMINDERS: { type: 'string', pattern: durationListPattern },
    WEBHOOK_RETRY_SCHEDULE: { type: 'string', pattern: durationListPattern },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    EMBEDDED_DATABASE_DIR: { type: 'string', minLength: 1 },
    HOT_WINDOW: { type: 'string', pattern: durationPattern },
    ARCHIVE_RETENTION: { type: 'string', pattern: durationPattern },
    CONSENT_RETENTION: { type: 'string', pattern: durationPattern },
    ARCHIVE_INTERVAL: { type: 'string', pattern: durationPattern },
    ARCHIVE_LEASE: { type: 'string', pattern: durationPattern },
    REPORT_HOT_LIMIT: { type: 'integer', minimum: 1, maximum: 10000000 },
    ARCHIVER_STOP_AT: { enum: [...archiverSteps] },
    AUDIT_VERIFY_EVENTS_PER_SECOND: { type: 'integer', minimum: 1000, maximum: 10000000 },
    WEBHOOK_ALLOWED_PRIVATE_TARGETS: { type: 'string', maxLength: 4096 },
    RATE_LIMITS: { type: 'string', pattern: '^[a-z_]{1,32}=[1-9]\\d{0,8}(,[a-z_]{1,32}=[1-9]\\d{0,8}){0,31}$' },
    ...tracingSchema,
  },
} as const;

const integerVars = Object.entries(schema.properties)
  .filter(([, s]) => (s as { type?: string }).type === 'integer')
  .map(([k]) => k);

export class ConfigError extends Error {}

/** Outside production only: a fixed, public key, so references still correlate across a demo's processes. */
const developmentPhiRefKey = createHash('sha256').update('claims-workflow development PHI reference key (not a secret)').digest();

/**
 * The environment with `NODE_ENV=development` when it names none: for what people run on their
 * own machine (`npm start`, `npm run chat`, the benchmarks), never for the service's own roles.
 */
export function developmentUnlessNamed(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.NODE_ENV ? env : { ...env, NODE_ENV: 'development' };
}

/**
 * Builds the configuration from an environment-like map (default: `process.env`), merging
 * `overrides` (used by tests and the demo) over it. Throws `ConfigError` naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    raw[key] = integerVars.includes(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const ajv = new Ajv({ allErrors: true });
  if (!ajv.validate(schema, raw)) {
    const problems = (ajv.errors ?? []).map((e) => `${e.instancePath.slice(1)} ${e.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  // Production unless another environment is named (here or by an override).
  const environment = overrides.environment ?? (raw.NODE_ENV as Config['environment'] | undefined) ?? 'production';
  const missing = [
    raw.SIGNING_KEY_ENCRYPTION_KEY === undefined && overrides.signingKeyEncryptionKey == null ? 'SIGNING_KEY_ENCRYPTION_KEY' : null,
    raw.PHI_REF_KEY === undefined && overrides.phiRefKey === undefined ? 'PHI_REF_KEY' : null,
  ].filter((name): name is string => name !== null);
  if (environment === 'production' && missing.length > 0) {
    throw new ConfigError(`invalid configuration: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required in production (32 random bytes, base64: openssl rand -base64 32); `
      + 'NODE_ENV is production unless it names development or test');
  }
  if (raw.ARCHIVER_STOP_AT !== undefined && environment !== 'test') {
    throw new ConfigError('invalid configuration: ARCHIVER_STOP_AT is for tests only (NODE_ENV=test)');
  }
  if (raw.SHARED_TEST_CLOCK === '1' && environment !== 'test') {
    throw new ConfigError('invalid configuration: SHARED_TEST_CLOCK is for test deployments only (NODE_ENV=test)');
  }
  const timers = timersOf(raw, environment);
  const port = (raw.PORT as number | undefined) ?? 8080;
  const publicUrl = (raw.PUBLIC_URL as string | undefined) ?? `http://127.0.0.1:${port}`;
  const config: Config = {
    redisUrl: (raw.REDIS_URL as string | undefined) ?? 'redis://127.0.0.1:6379',
    redisClusterNodes: raw.REDIS_CLUSTER_NODES ? (raw.REDIS_CLUSTER_NODES as string).split(',').map((node) => {
      const at = node.lastIndexOf(':');
      return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
    }) : null,
    redisWaitReplicas: (raw.REDIS_WAIT_REPLICAS as number | undefined) ?? 0,
    redisWaitTimeoutMs: (raw.REDIS_WAIT_TIMEOUT_MS as number | undefined) ?? 1000,
    keyPrefix: (raw.KEY_PREFIX as string | undefined) ?? 'cw',
    partitions: (raw.PARTITIONS as number | undefined) ?? 8,
    host: (raw.HOST as string | undefined) ?? '127.0.0.1',
    port,
    publicUrl,
    jwtIssuer: (raw.JWT_ISSUER as string | undefined) ?? publicUrl,
    jwtAudience: (raw.JWT_AUDIENCE as string | undefined) ?? 'claims-api',
    signingKeyEncryptionKey: raw.SIGNING_KEY_ENCRYPTION_KEY ? Buffer.from(raw.SIGNING_KEY_ENCRYPTION_KEY as string, 'base64') : null,
    phiRefKey: raw.PHI_REF_KEY ? Buffer.from(raw.PHI_REF_KEY as string, 'base64') : developmentPhiRefKey,
    keyPublishLeadSeconds: (raw.KEY_PUBLISH_LEAD_SECONDS as number | undefined) ?? 900,
    machineTokenTtlSeconds: (raw.MACHINE_TOKEN_TTL_SECONDS as number | undefined) ?? 3600,
    batchSize: (raw.BATCH_SIZE as number | undefined) ?? 50,
    lanes: (raw.LANES as number | undefined) ?? 2,
    ledgerEntryForm: (raw.LEDGER_ENTRY_FORM as LedgerEntryForm | undefined) ?? 'runs',
    stageEntryForm: raw.STAGE_ENTRY_FORM === 'fields' ? 'fields' : 'packed',
    tracing: tracingOf(raw),
    blockMs: (raw.BLOCK_MS as number | undefined) ?? 1000,
    reclaimIdleMs: (raw.RECLAIM_IDLE_MS as number | undefined) ?? 30000,
    maxDeliveries: (raw.MAX_DELIVERIES as number | undefined) ?? 5,
    retryBaseMs: (raw.RETRY_BASE_MS as number | undefined) ?? 500,
    retryMaxMs: (raw.RETRY_MAX_MS as number | undefined) ?? 60000,
    schedulerIntervalMs: (raw.SCHEDULER_INTERVAL_MS as number | undefined) ?? 250,
    shutdownGraceMs: (raw.SHUTDOWN_GRACE_MS as number | undefined) ?? 10000,
    cmsTimeoutMs: (raw.CMS_TIMEOUT_MS as number | undefined) ?? 2000,
    breakerErrorPercent: (raw.BREAKER_ERROR_PERCENT as number | undefined) ?? 50,
    breakerResetMs: (raw.BREAKER_RESET_MS as number | undefined) ?? 10000,
    breakerVolumeThreshold: (raw.BREAKER_VOLUME_THRESHOLD as number | undefined) ?? 5,
    channelTimeoutMs: (raw.CHANNEL_TIMEOUT_MS as number | undefined) ?? 5000,
    inboundDedupeSeconds: (raw.INBOUND_DEDUPE_SECONDS as number | undefined) ?? 7 * 24 * 3600,
    sendProofWaitMs: (raw.SEND_PROOF_WAIT_MS as number | undefined) ?? 30000,
    sendProofPollMs: (raw.SEND_PROOF_POLL_MS as number | undefined) ?? 1000,
    sendRecordSeconds: (raw.SEND_RECORD_SECONDS as number | undefined) ?? 7 * 24 * 3600,
    logLevel: (raw.LOG_LEVEL as string | undefined) ?? 'info',
    environment,
    metricsPort: (raw.METRICS_PORT as number | undefined) ?? 0,
    webhookTimeoutMs: (raw.WEBHOOK_TIMEOUT_MS as number | undefined) ?? 5000,
    webhookConcurrency: (raw.WEBHOOK_CONCURRENCY as number | undefined) ?? 64,
    webhookRetentionSeconds: (raw.WEBHOOK_RETENTION_SECONDS as number | undefined) ?? 7 * 24 * 3600,
    ...timers,
    sharedTestClock: raw.SHARED_TEST_CLOCK === '1',
    databaseUrl: (raw.DATABASE_URL as string | undefined) ?? null,
    embeddedDatabaseDir: (raw.EMBEDDED_DATABASE_DIR as string | undefined) ?? (environment === 'test' ? null : '.data/pg'),
    retention: retentionOf(raw, (raw.INBOUND_DEDUPE_SECONDS as number | undefined) ?? 7 * 24 * 3600),
    archiveIntervalMs: raw.ARCHIVE_INTERVAL !== undefined ? parseDuration(raw.ARCHIVE_INTERVAL as string) : 60_000,
    archiveLeaseMs: raw.ARCHIVE_LEASE !== undefined ? parseDuration(raw.ARCHIVE_LEASE as string) : 60_000,
    reportHotLimit: (raw.REPORT_HOT_LIMIT as number | undefined) ?? 100_000,
    archiverStopAt: (raw.ARCHIVER_STOP_AT as ArchiverStep | undefined) ?? null,
    auditVerifyEventsPerSecond: (raw.AUDIT_VERIFY_EVENTS_PER_SECOND as number | undefined) ?? 5_000,
    webhookAllowedPrivateTargets: raw.WEBHOOK_ALLOWED_PRIVATE_TARGETS ? allowedTargetsOf(raw.WEBHOOK_ALLOWED_PRIVATE_TARGETS as string) : [],
    rateLimits: raw.RATE_LIMITS ? Object.fromEntries((raw.RATE_LIMITS as string).split(',').map((pair) => [pair.split('=')[0]!, Number(pair.split('=')[1])])) : {},
    ...overrides,
  };
  return Object.freeze(config);
}

const day = 86_400_000;

/** `WEBHOOK_ALLOWED_PRIVATE_TARGETS`: `host` or `host:port` entries, hosts lower case without brackets. */
function allowedTargetsOf(value: string): Config['webhookAllowedPrivateTargets'] {
  return value.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    let url: URL | null = null;
    try {
      url = /[/?#@\s]/.test(entry) ? null : new URL(`http://${entry}`);
    } catch {
      url = null;
    }
    const host = url?.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase() ?? '';
    // A name (letters, digits, hyphens, dots: no wildcards), an IPv4 address or a bracketed IPv6 one.
    if (!url || !(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) || (url.hostname.startsWith('[') && host.includes(':')))) {
      throw new ConfigError(`invalid configuration: WEBHOOK_ALLOWED_PRIVATE_TARGETS entry ${JSON.stringify(entry)} is not a host or host:port`);
    }
    // URL drops http's default port, so a named :80 is read back from the entry.
    const port = url.port !== '' ? Number(url.port) : /:0*80$/.test(entry) ? 80 : null;
    return { host, port };
  });
}

/** The deployment's retention defaults: hot window 7 days, archive 10 years, consent records 10 years,
 *  dedupe markers `INBOUND_DEDUPE_SECONDS`. */
function retentionOf(raw: Record<string, unknown>, dedupeSeconds: number): RetentionDefaults {
  const retention = {
    hotWindowMs: raw.HOT_WINDOW !== undefined ? parseDuration(raw.HOT_WINDOW as string) : 7 * day,
    archiveRetentionMs: raw.ARCHIVE_RETENTION !== undefined ? parseDuration(raw.ARCHIVE_RETENTION as string) : 3650 * day,
    consentMs: raw.CONSENT_RETENTION !== undefined ? parseDuration(raw.CONSENT_RETENTION as string) : 3650 * day,
    dedupeMs: dedupeSeconds * 1000,
  };
  if (retention.archiveRetentionMs <= retention.hotWindowMs) {
    throw new ConfigError('invalid configuration: ARCHIVE_RETENTION must be longer than HOT_WINDOW');
  }
  return retention;
}

/** Shortest timer production takes: sub-minute timers are for development deployments. */
const productionMinimumMs = 60_000;

/**
 * The workflow and webhook timers. Durations (`PENDING_DOCS_WAIT=90s`) win over the older
 * whole-hour settings (`PENDING_DOCS_WAIT_HOURS`); production refuses any timer under a minute,
 * so a development value cannot reach claimants by mistake.
 */
function timersOf(raw: Record<string, unknown>, environment: Config['environment']): Pick<Config, 'pendingDocsWaitMs' | 'pendingDocsReminderMs' | 'webhookRetryDelaysMs'> {
  const hour = 3_600_000;
  const timers = {
    pendingDocsWaitMs: raw.PENDING_DOCS_WAIT !== undefined ? parseDuration(raw.PENDING_DOCS_WAIT as string)
      : ((raw.PENDING_DOCS_WAIT_HOURS as number | undefined) ?? 72) * hour,
    pendingDocsReminderMs: raw.PENDING_DOCS_REMINDERS !== undefined ? parseDurations(raw.PENDING_DOCS_REMINDERS as string)
      : raw.PENDING_DOCS_REMINDER_HOURS !== undefined ? (raw.PENDING_DOCS_REMINDER_HOURS as string).split(',').filter(Boolean).map((h) => Number(h) * hour)
        : [24 * hour, 48 * hour],
    webhookRetryDelaysMs: raw.WEBHOOK_RETRY_SCHEDULE !== undefined ? parseDurations(raw.WEBHOOK_RETRY_SCHEDULE as string) : [...defaultRetryDelaysMs],
  };
  if (timers.pendingDocsWaitMs <= 0) throw new ConfigError('invalid configuration: PENDING_DOCS_WAIT must be longer than 0');
  if (environment === 'production') {
    const short = [
      timers.pendingDocsWaitMs < productionMinimumMs ? 'PENDING_DOCS_WAIT' : null,
      timers.pendingDocsReminderMs.some((ms) => ms > 0 && ms < productionMinimumMs) ? 'PENDING_DOCS_REMINDERS' : null,
      timers.webhookRetryDelaysMs.some((ms) => ms < 5_000) ? 'WEBHOOK_RETRY_SCHEDULE' : null,
    ].filter((n): n is string => n !== null);
    if (short.length > 0) {
      throw new ConfigError(`invalid configuration: ${short.join(' and ')} ${short.length > 1 ? 'have' : 'has'} a timer shorter than production takes `
        + '(a minute; 5 s for the first webhook retry, as the spec schedule has): sub-minute timers are for NODE_ENV=development');
    }
  }
  return timers;
}
