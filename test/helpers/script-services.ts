/**
 * Services for the Lua script tests (test/integration/lua-scripts-*.test.ts): the real stores
 * on the test Redis under a key prefix of their own, a hand-moved clock, and a scheduler that is
 * never started (tests call its steps). No roles run.
 */
import { randomBytes } from 'node:crypto';
import { readAuditEvents, type WaitingAuditEvent } from '../../src/audit/audit-stream-entry';
import { ManualClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { waitReady } from '../../src/redis/connection';
import { Scheduler } from '../../src/runtime/scheduler';
import { readStageEntry } from '../../src/runtime/envelope-codec';
import { createServices, type Services } from '../../src/services';
import { testConfigOverrides } from './harness';
import { testRedisUrl } from './redis';

export const hour = 3_600_000;

export interface ScriptServices {
  services: Services;
  clock: ManualClock;
  scheduler: Scheduler;
  /** Deletes every key under this instance's prefix. */
  wipe(): Promise<void>;
  close(): Promise<void>;
}

export async function startScriptServices(): Promise<ScriptServices> {
  const keyPrefix = `lua${randomBytes(5).toString('hex')}`;
  const config = loadConfig({}, {
    ...testConfigOverrides, redisUrl: testRedisUrl(), keyPrefix, pendingDocsWaitMs: 72 * hour, pendingDocsReminderMs: [24 * hour, 48 * hour],
  });
  const clock = new ManualClock(Date.UTC(2026, 5, 1));
  const services = createServices(config, { clock, log: createLogger('silent') });
  await waitReady(services.redis);
  const s = services;
  const scheduler = new Scheduler({
    redis: s.redis, keys: s.keys, config: s.config, clock: s.clock, log: s.log, metrics: s.metrics, ledger: s.ledger, modes: s.modes,
    webhooks: s.webhooks, ledgerWebhooks: s.ledgerWebhooks,
  });
  const wipe = async () => {
    let cursor = '0';
    do {
      const [next, found] = await s.redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (found.length > 0) await s.redis.del(...found);
    } while (cursor !== '0');
  };
  return {
    services, clock, scheduler, wipe,
    async close() {
      await wipe();
      await scheduler.close();
      await services.close();
    },
  };
}

/**
 * The suite's script services, through mocha hooks registered where this is called (inside a
 * `describe`): started before its first test, wiped before each test, closed after the last.
 * The answer reads through to them, so it is only used inside tests and later hooks.
 */
export function scriptServicesPerSuite(): ScriptServices {
  let started: ScriptServices | undefined;
  before(async () => { started = await startScriptServices(); });
  beforeEach(async () => { await started!.wipe(); });
  after(async () => { await started?.close(); });
  const live = (): ScriptServices => {
    if (!started) throw new Error('the script services are not started yet: use them inside a test or a later hook');
    return started;
  };
  return {
    get services() { return live().services; },
    get clock() { return live().clock; },
    get scheduler() { return live().scheduler; },
    wipe: () => live().wipe(),
    close: () => live().close(),
  };
}

/** A stream's entries as { id, fields } records (a stage entry's parts as its fields, in either form). */
export async function streamRecords(redis: Services['redis'], key: string): Promise<{ id: string; f: Record<string, string> }[]> {
  const entries = (await redis.xrange(key, '-', '+')) as [string, string[]][];
  // (a stage entry in either form, src/runtime/envelope-codec.ts; any other entry field by field)
  return entries.map(([id, fields]) => ({ id, f: readStageEntry(fields) }));
}

/**
 * A partition audit stream's events as { id, f }: `id` the event's own stream id (its audit id
 * less `ae-<partition>-`), `f` the event, in every stored form (src/audit/audit-stream-entry.ts:
 * packed fields, one event or a hand-off's several in one entry, or an older writer's seven).
 */
export async function auditRecords(redis: Services['redis'], key: string): Promise<{ id: string; f: WaitingAuditEvent }[]> {
  const entries = (await redis.xrange(key, '-', '+')) as [string, string[]][];
  return entries.flatMap(([entryId, fields]) => readAuditEvents(entryId, fields).map(({ id, event }) => ({ id, f: event })));
}
