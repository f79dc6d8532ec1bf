/**
 * Every Redis key the service uses is built here, and nowhere else.
 *
 * Partitions: a claimant's whole conversation (their workflows, consent record, message dedupe,
 * the stage streams those workflows pass and their audit events) lives in one partition `{pN}`,
 * chosen by a hash of tenant + claimant phone. So every hand-off Lua script touches keys of one
 * hash slot, and the design runs unchanged on Redis Cluster. The partition is written into the
 * workflow id (`wf-<p>-<random>`) so a lookup by id finds its slot without an index.
 *
 * Tenant-wide data (config, credentials, templates, channel status log) shares `{t:TENANT}`;
 * the few cross-tenant lookups (receiving number → tenant, client_id → tenant, signing keys)
 * share `{g}`. Names are readable so an operator can use `redis-cli` directly.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StageName } from '../../pipeline/vocabulary';

const workflowIdPattern = /^wf-(\d{1,4})-([a-z0-9]{16,32})$/;

/**
 * `bytes` random bytes as hex, from the CSPRNG a pool at a time: a `randomBytes` call per id costs
 * a native call (not the randomness), about 20 times what a slice of a pool costs, and every
 * message that starts a workflow takes one. The same
 * source; Node's `randomUUID` keeps such a pool too.
 */
const idPool = { bytes: Buffer.alloc(0), at: 0 };
function randomHex(bytes: number): string {
  if (idPool.at + bytes > idPool.bytes.length) {
    idPool.bytes = randomBytes(4096);
    idPool.at = 0;
  }
  const hex = idPool.bytes.toString('hex', idPool.at, idPool.at + bytes);
  idPool.at += bytes;
  return hex;
}

export class Keys {
  constructor(readonly prefix: string, readonly partitions: number) {}

  /** The partition of a claimant: stable for a tenant + phone pair. */
  partitionOf(tenantId: string, phone: string): number {
    const digest = createHash('sha256').update(`${tenantId}\u0000${phone}`).digest();
    return digest.readUInt32BE(0) % this.partitions;
  }

  newWorkflowId(partition: number): string {
    return `wf-${partition}-${randomHex(10)}`;
  }

  /** The partition encoded in a workflow id, or null when the id is not one of ours. */
  partitionOfWorkflow(workflowId: string): number | null {
    const match = workflowIdPattern.exec(workflowId);
    if (!match) return null;
    const partition = Number(match[1]);
    return partition < this.partitions ? partition : null;
  }

  private p(partition: number): string {
    return `${this.prefix}:{p${partition}}`;
  }

  private t(tenantId: string): string {
    return `${this.prefix}:{t:${tenantId}}`;
  }

  private g(): string {
    return `${this.prefix}:{g}`;
  }

  // --- partition-scoped -------------------------------------------------------------------
  /** Stream a stage consumes; one per stage per partition. */
  stream(partition: number, stage: StageName): string {
    return `${this.p(partition)}:stream:${stage}`;
  }
  /** Entries that failed for good at a stage, with their reason. */
  deadLetters(partition: number, stage: StageName): string {
    return `${this.p(partition)}:dlq:${stage}`;
  }
  /** Workflow record (hash). */
  workflow(partition: number, workflowId: string): string {
    return `${this.p(partition)}:wf:${workflowId}`;
  }
  /** A tenant's workflows in this partition, scored by start time (ms). */
  workflowIndex(partition: number, tenantId: string): string {
    return `${this.p(partition)}:idx:${tenantId}`;
  }
  /** Marker that a channel message id was already taken in (Meta redelivers). */
  seenMessage(partition: number, tenantId: string, messageId: string): string {
    return `${this.p(partition)}:seen:${tenantId}:${messageId}`;
  }
  /** Consent record of one claimant (hash), keyed by a hash of the phone, never the phone. */
  consent(partition: number, tenantId: string, phoneHashHex: string): string {
    return `${this.p(partition)}:consent:${tenantId}:${phoneHashHex}`;
  }
  /** What the service knows of a workflow's reply sends, per step: the intent written before
   *  each provider call, the provider's message id, and proof from a status webhook (hash, TTL). */
  sendRecord(partition: number, tenantId: string, workflowId: string): string {
    return `${this.p(partition)}:send:${tenantId}:${workflowId}`;
  }
  /** Audit events written by hand-offs in this partition (stream). */
  audit(partition: number): string {
    return `${this.p(partition)}:audit`;
  }
  /** Timers that could not be fired, with the error (stream, for operators). */
  deadTimers(partition: number): string {
    return `${this.p(partition)}:dead-timers`;
  }
  /** Replies held back while the tenant is SUSPENDED, in order (stream), released when it returns. */
  heldReplies(partition: number, tenantId: string): string {
    return `${this.p(partition)}:held:${tenantId}`;
  }
  /** Tenants that have replies held in this partition (set), for the scheduler's release pass. */
  heldTenants(partition: number): string {
    return `${this.p(partition)}:held-tenants`;
  }
  /** Durable timers (sorted set, score = due time in ms). */
  timers(partition: number): string {
    return `${this.p(partition)}:timers`;
  }
  /** An erasure under way (hash: the workflows and claim hashes it found, and its steps), named by
   *  a keyed HMAC of tenant + phone so a re-run after a crash finishes the job; deleted at its end. */
  erasureJob(partition: number, tenantId: string, claimantRef: string): string {
    return `${this.p(partition)}:erasure:${tenantId}:${claimantRef}`;
  }
  /** Wait timers of waiting workflows (sorted set, score = due time in ms; member
   *  `w|<tenant>|<workflow id>|<wait id>|<stage>|<timer name>`, defined once in src/redis/wait-timers.ts). */
  workflowTimers(partition: number): string {
    return `${this.p(partition)}:wf-timers`;
  }
  /** Workflow timers that fell due while the tenant was RESTRICTED (sorted set, same members and scores). */
  pausedTimers(partition: number, tenantId: string): string {
    return `${this.p(partition)}:paused-timers:${tenantId}`;
  }
  /** pending-documents and query-reason work held while the tenant is RESTRICTED, in order (stream). */
  heldWork(partition: number, tenantId: string): string {
    return `${this.p(partition)}:held-work:${tenantId}`;
  }
  /** Tenants with held work or paused timers in this partition (set), for the release pass. */
  restrictedTenants(partition: number): string {
    return `${this.p(partition)}:restricted-tenants`;
  }
  /** The open pending-documents workflow of one claim (string: workflow id), by the claim id's hash. */
  pendingDocsByClaim(partition: number, tenantId: string, claimHashHex: string): string {
    return `${this.p(partition)}:pd-claim:${tenantId}:${claimHashHex}`;
  }
  /** A claimant's pending-documents workflows (sorted set by start, ms), by the phone's hash; open
   *  ones are found by reading their status. */
  pendingDocsByClaimant(partition: number, tenantId: string, phoneHashHex: string): string {
    return `${this.p(partition)}:pd-claimant:${tenantId}:${phoneHashHex}`;
  }

  /** A claimant's open wait of a workflow that keeps one per claimant (its declaration's
   *  `perClaimant`: human-handover), by the phone's hash (string: workflow id, set when the wait
   *  starts; open while that workflow's status is one of its wait's). */
  claimantWait(partition: number, tenantId: string, phoneHashHex: string, workflowType: string): string {
    return `${this.p(partition)}:claimant-wait:${tenantId}:${phoneHashHex}:${workflowType}`;
  }
  /** A human-handover conversation's transcript (stream, oldest first): the claimant's messages
   *  (redacted), the bot's replies and the handlers' (docs/human-handover.md). */
  conversation(partition: number, tenantId: string, workflowId: string): string {
    return `${this.p(partition)}:conversation:${tenantId}:${workflowId}`;
  }
  /** Handlers' replies held until the claimant writes again: written outside WhatsApp's 24-hour
   *  window, where only the approved template went out (list of JSON entries, oldest first). */
  conversationHeld(partition: number, tenantId: string, workflowId: string): string {
    return `${this.p(partition)}:conversation-held:${tenantId}:${workflowId}`;
  }

  // --- tenant-scoped ----------------------------------------------------------------------
  tenant(tenantId: string): string {
    return `${this.t(tenantId)}:tenant`;
  }
  /** client_id → JSON credential record (slow hash of the secret, scopes). */
  clients(tenantId: string): string {
    return `${this.t(tenantId)}:clients`;
  }
  /** Marker that a token (by its jti) was revoked; expires when the token would have. */
  revokedToken(tenantId: string, jti: string): string {
    return `${this.t(tenantId)}:revoked:${jti}`;
  }
  /** Tenant users (TPA admins, claim handlers): user_id → JSON record with a password hash. */
  users(tenantId: string): string {
    return `${this.t(tenantId)}:users`;
  }
  /** A refresh-token family: its current token hash, state and owner (hash). */
  refreshFamily(tenantId: string, familyId: string): string {
    return `${this.t(tenantId)}:refresh:${familyId}`;
  }
  /** Failed logins of one username, for lockout. */
  loginFailures(tenantId: string, userId: string): string {
    return `${this.t(tenantId)}:login-failures:${userId}`;
  }
  /** Lockout marker of one user: the time (ms) the lock ends; expires with it. */
  loginLock(tenantId: string, userId: string): string {
    return `${this.t(tenantId)}:login-lock:${userId}`;
  }
  /** The tenant's operational mode (hash: mode, reason, changed_at, changed_by). */
  operationalMode(tenantId: string): string {
    return `${this.t(tenantId)}:mode`;
  }
  /** The tenant's audit ledger: append-only stream, each event chained to the one before by SHA-256. */
  ledger(tenantId: string): string {
    return `${this.t(tenantId)}:ledger`;
  }
  /** The unchained `claim_id_hash` of ledger events still in Redis (hash: event id → `sha256:<hex>`),
   *  kept outside the chain so that erasure can remove it (docs/audit-ledger.md). */
  ledgerClaims(tenantId: string): string {
    return `${this.t(tenantId)}:ledger-claims`;
  }
  /** Head of the ledger (hash): `hash`, `count`, and per partition `p<N>` the last audit entry moved in. */
  ledgerHead(tenantId: string): string {
    return `${this.t(tenantId)}:ledger-head`;
  }
  /** How far the archive holds the tenant's data (hash, docs/retention.md): `ledger_n` and `ledger_sid`,
   *  the ledger position (and its stream id) up to which events are archived and may be trimmed;
   *  `workflows` 1 once a workflow record may have been trimmed to the archive; `erasures`, how many
   *  erasures changed archived rows, and `vacuumed_erasures`, how many of them the archiver had
   *  counted when it last vacuumed the archive (src/archive/archiver.ts). */
  archived(tenantId: string): string {
    return `${this.t(tenantId)}:archived`;
  }
  /** The archiver's lease on the tenant (redlock): one archiver per tenant at a time. */
  archiveLock(tenantId: string): string {
    return `${this.t(tenantId)}:archive-lock`;
  }
  /** The lease of a running `POST /v1/audit/verify` (redlock): one verification per tenant at a time, across API processes. */
  auditVerifyLease(tenantId: string): string {
    return `${this.t(tenantId)}:audit-verify-lease`;
  }
  /** A mutating request's outcome under its Idempotency-Key (by SHA-256 of the key), kept 24 h. */
  idempotency(tenantId: string, keyHashHex: string): string {
    return `${this.t(tenantId)}:idem:${keyHashHex}`;
  }
  /** Channel delivery statuses reported by providers (capped stream). */
  channelStatuses(tenantId: string): string {
    return `${this.t(tenantId)}:channel-status`;
  }
  /** An approved query-reason answer (string, JSON, with TTL), by a hash of the normalised question,
   *  language and reason codes (docs/query-reason.md). */
  answerCache(tenantId: string, keyHex: string): string {
    return `${this.t(tenantId)}:answer:${keyHex}`;
  }
  /** The tenant's webhook endpoint (hash): url, enabled, epoch, sealed signing secrets (docs/webhooks.md). */
  webhookEndpoint(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:endpoint`;
  }
  /** One webhook message and its delivery state (hash); expires after the retention once delivered or failed. */
  webhookMessage(tenantId: string, messageId: string): string {
    return `${this.t(tenantId)}:webhook:msg:${messageId}`;
  }
  /** Pending webhook deliveries (sorted set, score = next attempt in ms, or lease end while being sent). */
  webhookDue(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:due`;
  }
  /** Delivered webhook messages (sorted set, score = delivered at, ms), trimmed to the retention. */
  webhookDelivered(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:delivered`;
  }
  /** Dead-lettered webhook messages (sorted set, score = failed at, ms), trimmed to the retention. */
  webhookFailed(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:failed`;
  }
  /** Every kept webhook message by event time (sorted set, ms), for replay; trimmed to the retention. */
  webhookEvents(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:events`;
  }
  /** workflow id → last webhook sequence number given to its events (hash). */
  webhookSequences(tenantId: string): string {
    return `${this.t(tenantId)}:webhook:seq`;
  }
  /** Knowledge-base articles (hash): article id → article JSON (docs/knowledge-base.md). */
  knowledgeArticles(tenantId: string): string {
    return `${this.t(tenantId)}:kb:articles`;
  }
  /** Knowledge-base article ids (sorted set, all scores 0), for listing in id order. */
  knowledgeIds(tenantId: string): string {
    return `${this.t(tenantId)}:kb:ids`;
  }
  /** Knowledge-base change log (capped stream): `op` put|delete, `id`, `n` (the change number). */
  knowledgeChanges(tenantId: string): string {
    return `${this.t(tenantId)}:kb:changes`;
  }
  /** Knowledge-base change counter (string): the `n` of the last change. */
  knowledgeVersion(tenantId: string): string {
    return `${this.t(tenantId)}:kb:version`;
  }

  // --- global -----------------------------------------------------------------------------
  tenantSet(): string {
    return `${this.g()}:tenants`;
  }
  /** Tenants with webhook deliveries to look at (sorted set, score = at or before the earliest due one, ms). */
  webhookTenants(): string {
    return `${this.g()}:webhook:tenants`;
  }
  /** WhatsApp phone_number_id → tenant id. */
  whatsappRoutes(): string {
    return `${this.g()}:route:whatsapp`;
  }
  /** SMS receiving number (E.164) → tenant id. */
  smsRoutes(): string {
    return `${this.g()}:route:sms`;
  }
  /** sha256(verify token) → tenant id, for Meta's GET verification challenge. */
  whatsappVerifyTokens(): string {
    return `${this.g()}:route:whatsapp-verify`;
  }
  /** client_id → tenant id. */
  clientIndex(): string {
    return `${this.g()}:client-index`;
  }
  /** kid → JSON signing key; field `active` names the signing kid. */
  signingKeys(): string {
    return `${this.g()}:signing-keys`;
  }
  /** username (e-mail, lower case) → `<tenant>:<user_id>`: logins name no tenant. */
  userIndex(): string {
    return `${this.g()}:user-index`;
  }
  /** Failed logins naming no known user, by sha256 of the username: unknown names lock out too. */
  unknownLoginFailures(usernameHashHex: string): string {
    return `${this.g()}:login-failures:${usernameHashHex}`;
  }
  /** Lockout marker of an unknown username (see unknownLoginFailures). */
  unknownLoginLock(usernameHashHex: string): string {
    return `${this.g()}:login-lock:${usernameHashHex}`;
  }
  /** Prefix of the rate-limit counters of one limit (rate-limiter-flexible adds the subject). */
  rateLimitPrefix(limit: string): string {
    return `${this.prefix}:rl:${limit}`;
  }
  /** Which deployment this Redis (under this prefix) belongs to (hash: id, issuer, since): src/runtime/deployment.ts. */
  deployment(): string {
    return `${this.g()}:deployment`;
  }
  /** Test deployments only (SHARED_TEST_CLOCK=1): milliseconds every process adds to the system time. */
  testClockOffset(): string {
    return `${this.g()}:test-clock-offset`;
  }
  /** Test deployments only: the offset each process last read (hash: pid → offset), so a test that
   *  moves time waits until every process has seen it. */
  testClockSeen(): string {
    return `${this.g()}:test-clock-seen`;
  }
  /** Consumer group name shared by every worker of a stage. */
  group(stage: StageName): string {
    return `${stage}-workers`;
  }
}
