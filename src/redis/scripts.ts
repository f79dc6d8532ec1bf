/**
 * The script layer. This file registers every Lua script in ./lua with ioredis `defineCommand`
 * (EVALSHA with a fallback to EVAL) and types the raw commands through module augmentation. A
 * file named `name-N.lua` takes N keys; a file without a number takes a variable count, passed
 * first. Lua shared by several scripts lives in ./lua/includes: a line `--@include name` is
 * replaced by includes/name.lua before the script is registered, so the SHA ioredis computes is
 * that of the expanded text Redis runs.
 *
 * Callers do not use the raw commands: each script has one typed wrapper, `run<Name>`, in
 * ./scripts/<domain>.ts (re-exported here), which builds the script's KEYS from `Keys` and domain
 * arguments, packs its ARGV, and turns its reply into a typed result.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from 'ioredis';
import type { Redis } from './client';
import { durabilityOf, execWithWait } from './durability';

export * from './scripts/handoff';
export * from './scripts/intake';
export * from './scripts/pending-documents';
export * from './scripts/timers';
export * from './scripts/dead-letters';
export * from './scripts/modes';
export * from './scripts/ledger';
export * from './scripts/webhooks';
export * from './scripts/auth';
export * from './scripts/knowledge';
export * from './scripts/archive';
export * from './scripts/claimants';
export * from './scripts/sends';
export * from './scripts/handovers';
export * from './scripts/reports';

const luaDir = join(__dirname, 'lua');

const scripts = [
  { name: 'ingestInbound', file: 'ingestInbound-4.lua', keys: 4 },
  { name: 'handoff', file: 'handoff.lua' },
  { name: 'fireTimers', file: 'fireTimers.lua' },
  { name: 'fireWorkflowTimers', file: 'fireWorkflowTimers.lua' },
  { name: 'startPendingDocs', file: 'startPendingDocs-6.lua', keys: 6 },
  { name: 'controlPendingDocs', file: 'controlPendingDocs-7.lua', keys: 7 },
  { name: 'releaseRestricted', file: 'releaseRestricted.lua' },
  { name: 'redriveDeadLetter', file: 'redriveDeadLetter-2.lua', keys: 2 },
  { name: 'rotateRefreshToken', file: 'rotateRefreshToken-1.lua', keys: 1 },
  { name: 'revokeRefreshFamily', file: 'revokeRefreshFamily-1.lua', keys: 1 },
  { name: 'loginAttempt', file: 'loginAttempt-2.lua', keys: 2 },
  { name: 'appendLedger', file: 'appendLedger-2.lua', keys: 2 },
  { name: 'changeMode', file: 'changeMode-3.lua', keys: 3 },
  { name: 'releaseHeld', file: 'releaseHeld-3.lua', keys: 3 },
  { name: 'putWebhookEndpoint', file: 'putWebhookEndpoint-1.lua', keys: 1 },
  { name: 'rotateWebhookSecret', file: 'rotateWebhookSecret-1.lua', keys: 1 },
  { name: 'disableWebhookEndpoint', file: 'disableWebhookEndpoint-1.lua', keys: 1 },
  { name: 'enqueueWebhook', file: 'enqueueWebhook-5.lua', keys: 5 },
  { name: 'claimWebhooks', file: 'claimWebhooks-1.lua', keys: 1 },
  { name: 'settleWebhook', file: 'settleWebhook-5.lua', keys: 5 },
  { name: 'requeueWebhook', file: 'requeueWebhook-4.lua', keys: 4 },
  { name: 'putArticle', file: 'putArticle-4.lua', keys: 4 },
  { name: 'deleteArticle', file: 'deleteArticle-4.lua', keys: 4 },
  { name: 'archiveLedgerTo', file: 'archiveLedgerTo-2.lua', keys: 2 },
  { name: 'trimArchivedWorkflows', file: 'trimArchivedWorkflows.lua' },
  { name: 'trimArchivedConversation', file: 'trimArchivedConversation-3.lua', keys: 3 },
  { name: 'endErasedWorkflow', file: 'endErasedWorkflow-4.lua', keys: 4 },
  { name: 'recordErasure', file: 'recordErasure-2.lua', keys: 2 },
  { name: 'beginSend', file: 'beginSend-2.lua', keys: 2 },
  { name: 'recordDelivery', file: 'recordDelivery-3.lua', keys: 3 },
  { name: 'assignHandover', file: 'assignHandover-3.lua', keys: 3 },
  { name: 'releaseHandover', file: 'releaseHandover-3.lua', keys: 3 },
  { name: 'postAgentReply', file: 'postAgentReply-7.lua', keys: 7 },
  { name: 'readReportFields', file: 'readReportFields.lua' },
] as const;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    ingestInbound(
      seenKey: string, workflowKey: string, indexKey: string, gatewayStream: string,
      now: number, dedupeSeconds: number, workflowId: string, tenantId: string, channel: string, phoneHash: string, payload: string, entryForm: string,
    ): Result<string, Context>;
    handoff(numKeys: number, ...keysThenArgs: (string | number)[]): Result<string[], Context>;
    fireTimers(numKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
    fireWorkflowTimers(numKeys: number, ...keysThenArgs: (string | number)[]): Result<[fired: number, paused: number, dropped: number], Context>;
    startPendingDocs(
      claimKey: string, workflowKey: string, indexKey: string, gatewayStream: string, claimantKey: string, openWorkflowKey: string,
      now: number, workflowId: string, tenantId: string, channel: string, phoneHash: string, claimIdHash: string, payload: string, workflowPrefix: string, entryForm: string,
    ): Result<[workflowId: string, outcome: 'started' | 'joined' | 'undeclared'], Context>;
    controlPendingDocs(
      workflowKey: string, timersKey: string, auditKey: string, reentryStream: string, claimKey: string, claimantKey: string, openWorkflowKey: string,
      now: number, action: 'cancel' | 'resume' | 'reschedule' | 'recheck', tenantId: string, workflowId: string, detail: string, deadline: number, reminders: string, workflowPrefix: string, entryForm: string,
    ): Result<[outcome: 'ok' | 'refused' | 'undeclared', statusOrReason: string, current?: string], Context>;
    releaseRestricted(numKeys: number, ...keysThenArgs: (string | number)[]): Result<[released: number, timers: number], Context>;
    redriveDeadLetter(deadLetterKey: string, streamKey: string, entryId: string): Result<string | null, Context>;
    changeMode(modeKey: string, ledgerKey: string, headKey: string, expectedHead: string, newHead: string, count: number, event: string, mode: string): Result<'ok' | 'conflict', Context>;
    releaseHeld(heldKey: string, outboundKey: string, heldTenantsKey: string, tenantId: string, max: number): Result<number, Context>;
    appendLedger(
      ledgerKey: string, headKey: string, expectedHead: string, cursorField: string, cursor: string, newHead: string, count: number, width: number,
      eventsPerEntry: number, ...entries: string[]
    ): Result<'ok' | 'conflict', Context>;
    rotateRefreshToken(
      familyKey: string, presentedHash: string, newHash: string, now: number, accessJti: string, accessExp: number,
    ): Result<[outcome: string, access: string], Context>;
    revokeRefreshFamily(familyKey: string, presentedHash: string, now: number, reason: string, userId: string): Result<[outcome: string, access: string], Context>;
    loginAttempt(attemptsKey: string, lockKey: string, now: number, windowMs: number, max: number, lockMs: number, attemptId: string): Result<number, Context>;
    putWebhookEndpoint(endpointKey: string, url: string, now: number, sealedSecret: string, fingerprint: string): Result<number, Context>;
    rotateWebhookSecret(endpointKey: string, sealedSecret: string, fingerprint: string, now: number, previousExpiresAt: number): Result<number, Context>;
    disableWebhookEndpoint(endpointKey: string, epoch: string, reason: string, now: number): Result<number, Context>;
    enqueueWebhook(
      endpointKey: string, messageKey: string, dueKey: string, eventsKey: string, sequencesKey: string,
      messageId: string, now: number, bodyHead: string, bodyTail: string, sequence: string, type: string, workflowId: string, traceparent: string,
    ): Result<[queued: number, sequence: string], Context>;
    claimWebhooks(dueKey: string, now: number, leaseEnd: number, max: number): Result<string[], Context>;
    settleWebhook(
      messageKey: string, dueKey: string, deliveredKey: string, failedKey: string, eventsKey: string,
      messageId: string, leaseEnd: number, now: number, outcome: 'delivered' | 'failed' | 'retry' | 'held', nextAt: number,
      httpStatus: string, error: string, retentionMs: number, counts: '0' | '1',
    ): Result<'ok' | 'stale', Context>;
    requeueWebhook(messageKey: string, dueKey: string, deliveredKey: string, failedKey: string, messageId: string, now: number, statuses: string): Result<string, Context>;
    putArticle(
      articlesKey: string, idsKey: string, changesKey: string, counterKey: string,
      id: string, jsonHead: string, jsonTail: string, changeLogCap: number,
    ): Result<[created: number, version: number, change: number], Context>;
    deleteArticle(articlesKey: string, idsKey: string, changesKey: string, counterKey: string, id: string, changeLogCap: number): Result<number, Context>;
    archiveLedgerTo(ledgerKey: string, archivedKey: string, n: number, sid: string, nextSid: string): Result<[archivedTo: number, trimmed: number], Context>;
    trimArchivedWorkflows(numKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>;
    readReportFields(numKeys: number, ...keysThenArgs: string[]): Result<string[], Context>;
    trimArchivedConversation(workflowKey: string, transcriptKey: string, heldKey: string, updatedAt: string, length: number, lastId: string): Result<number, Context>;
    endErasedWorkflow(workflowKey: string, timersKey: string, auditKey: string, jobKey: string, now: number, tenantId: string, workflowId: string, detail: string): Result<'cancelled' | 'finished' | 'not_found', Context>;
    recordErasure(auditKey: string, jobKey: string, tenantId: string, now: number, detail: string): Result<number, Context>;
    beginSend(workflowKey: string, sendKey: string, seq: string, now: number, lifetimeMs: number): Result<(string | null)[] | null, Context>;
    recordDelivery(
      workflowKey: string, sendKey: string, auditKey: string,
      seq: string, status: string, providerMessageId: string, at: number, now: number, lifetimeMs: number, tenantId: string, workflowId: string, partition: number, errorCode: string,
    ): Result<[proved: number, moved: number, failed: number], Context>;
    assignHandover(workflowKey: string, timersKey: string, auditKey: string, now: number, tenantId: string, workflowId: string, agent: string, detail: string): Result<string[], Context>;
    releaseHandover(
      workflowKey: string, timersKey: string, auditKey: string, now: number, tenantId: string, workflowId: string, caller: string, admin: '0' | '1', resolution: string, detail: string,
    ): Result<string[], Context>;
    postAgentReply(
      workflowKey: string, replyKey: string, noticeKey: string, policyStream: string, auditKey: string, transcriptKey: string, heldKey: string,
      now: number, tenantId: string, workflowId: string, replyId: string, noticeId: string, caller: string, admin: '0' | '1', text: string, detail: string, entryForm: string, windowMs: number,
      recordFields: string,
    ): Result<string[], Context>;
  }
}

const includeLine = /^--@include ([a-z0-9-]+)[ \t]*$/gm;

/**
 * A script's text with its `--@include` lines expanded, each include once (a second line naming
 * the same include is dropped: its `local function`s are already in scope).
 */
export function loadLua(file: string): string {
  const seen = new Set<string>();
  const expand = (text: string): string => text.replace(includeLine, (_line, name: string) => {
    if (seen.has(name)) return `-- (include ${name} already above)`;
    seen.add(name);
    return expand(readFileSync(join(luaDir, 'includes', `${name}.lua`), 'utf8').trimEnd());
  });
  return expand(readFileSync(join(luaDir, file), 'utf8'));
}

export function registerScripts(redis: Redis, options: { onConnection?: (opened: Redis, name: string) => void } = {}): void {
  const durability = durabilityOf(redis);
  const texts = scripts.map((script) => ({ script, lua: loadLua(script.file) }));
  const define = (client: Redis): void => {
    for (const { script, lua } of texts) client.defineCommand(script.name, 'keys' in script ? { lua, numberOfKeys: script.keys } : { lua });
  };
  define(redis);
  if (!durability) return;
  // Every script writes work someone then treats as done (src/redis/durability.ts): with WAIT on,
  // the script and a WAIT go in one pipeline, so they reach the same node over one connection,
  // and a retry after a failover (execWithWait sends both to the new master) waits for the
  // write made there. WAIT holds the connection it is sent on until the replicas answer, so the
  // scripts travel on a connection of their own (opened at the first script): the connection's
  // other commands (reads, the API's lookups, plain writes) do not queue behind a replica's round
  // trip (docs/benchmarks.md, "The cost of REDIS_WAIT_REPLICAS=1").
  let waiting: Redis | null = null;
  const waitingConnection = (): Redis => {
    if (waiting) return waiting;
    const opened: Redis = redis.duplicate();
    options.onConnection?.(opened, 'scripts');
    define(opened);
    // Closed with the connection it serves (quit or disconnect ends both).
    redis.once('end', () => opened.disconnect());
    waiting = opened;
    return opened;
  };
  const target = redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const { script } of texts) {
    target[script.name] = (...args: unknown[]) => execWithWait(waitingConnection(), durability, (pipeline) => {
      (pipeline as unknown as Record<string, (...a: unknown[]) => unknown>)[script.name]!(...args);
    });
  }
}

/**
 * Each script's name and the SHA1 of the text Redis runs (what EVALSHA names): for telling
 * scripts apart in the slow log (bench/bench-redis-side.ts, `--profile-scripts`).
 */
export function scriptDigests(): { name: string; sha: string }[] {
  return scripts.map((script) => ({ name: script.name, sha: createHash('sha1').update(loadLua(script.file)).digest('hex') }));
}
