/**
 * `npm run bench:timers`: what waiting pending-documents workflows cost in Redis, and how fast the
 * scheduler fires their timers when many fall due at once (docs/pending-documents.md). Goals
 * (issue: pending-documents): at most 2 KiB of Redis memory per waiting workflow, and at least
 * 5,000 timers fired per second on the 2-core machine.
 *
 * 1. Memory. `--workflows` follow-ups (default 100,000) are started the way a CMS event starts
 *    them (`PendingDocuments.startFromCms`, the call `POST /v1/cms/events` makes once it has read
 *    the claim; the HTTP layer writes nothing to Redis for it) and run through the real pipeline:
 *    the service's stage processes and scheduler as child processes (`src/main.ts ROLE`, as in
 *    production), the fake CMS and the fake WhatsApp provider in this process. Each workflow
 *    passes gateway, consent, router, truth (the CMS's pending list), policy and outbound (the
 *    first request, sent), and waits with its two reminders and its deadline in the timer sets.
 *    Memory per waiting workflow = (`used_memory` from `INFO memory` once all wait and the audit
 *    events have reached the ledger − `used_memory` before the first start) / workflows. The
 *    claimants' consent records are written before the first reading: they belong to the
 *    claimant, not to one follow-up. The audit ledger holds the history of every event (never
 *    trimmed), so its share is printed apart from the state that keeps the workflows waiting.
 * 2. Firing. The service processes are stopped; this process then moves an injected clock to the
 *    first reminders, the second reminders, then the deadlines, and each time runs the
 *    scheduler's fire step (`Scheduler.fireDue`, which runs `fireWorkflowTimers.lua` 500 timers
 *    a call, partition by partition) until every due timer has fired: `--workflows` timers due at
 *    once, three times. Timers per second = fired / time of that call.
 *
 * Redis: a private redis-server on a free port (test/helpers/redis.ts; no persistence, like the
 * other benchmarks), removed at the end. Options: --workflows 100000 --concurrency 64
 * --record-fields (prints every field of one record with its bytes) --hash-max-listpack-value N (a Redis setting; default 256, the deployment setting in
 * docs/configuration.md; Redis's own default is 64, and the record's encoding depends on it)
 * (PARTITIONS, BATCH_SIZE, LANES and the rest from the environment).
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { ManualClock } from '../src/clock';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { sha256Hex } from '../src/phi';
import { waitReady, type Redis } from '../src/redis/connection';
import { stageNames } from '../pipeline/vocabulary';
import { Scheduler } from '../src/runtime/scheduler';
import { createServices } from '../src/services';
import { freePort, startPrivateRedis } from '../test/helpers/redis';
import { redisCpuMicros } from './bench-redis-side';
import { option, startServiceProcess } from './bench-support';
import { onboardFakeTenant } from '../test/helpers/fakes/demo-tenant';
import { startFakeCms } from '../test/helpers/fakes/fake-cms';
import { startFakeWhatsApp } from '../test/helpers/fakes/whatsapp';

const workflows = Number(option('workflows', '100000'));
const concurrency = Number(option('concurrency', '64'));
/** Sets Redis's hash-max-listpack-value before the first start (default 256, as deployed; 64 shows Redis's default). */
const listpackValue = option('hash-max-listpack-value', '256');
const hour = 3600_000;
const tenantId = 'bench';

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/^used_memory:(\d+)/m.exec(info)![1]);
}

/** Polls `check` every 200 ms until it is true; fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

async function main(): Promise<void> {
  const privateRedis = await startPrivateRedis();
  const config = loadConfig(developmentUnlessNamed(process.env), { redisUrl: privateRedis.url, keyPrefix: 'bench', logLevel: 'warn' });
  const cms = await startFakeCms();
  const wa = await startFakeWhatsApp();
  const services = createServices(config, { log: createLogger('warn') });
  const { redis, keys } = services;
  const children: ChildProcess[] = [];
  try {
    await waitReady(services.redis);
    const tenant = await onboardFakeTenant(services, cms, wa, { tenantId, phoneNumberId: '555000222' });
    const serverVersion = /^redis_version:(\S+)/m.exec(await redis.info('server'))![1];
    if (listpackValue) await redis.config('SET', 'hash-max-listpack-value', listpackValue);
    const [, listpackSetting] = (await redis.config('GET', 'hash-max-listpack-value')) as [string, string];
    console.log(`bench:timers: ${workflows} workflows, partitions ${config.partitions}, batch ${config.batchSize}, lanes ${config.lanes}; `
      + `${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; Node ${process.version}, Redis ${serverVersion} (private, no persistence, hash-max-listpack-value ${listpackSetting})`);

    const claims = Array.from({ length: workflows }, (_, i) => ({
      claim_id: `CLM-T-${i}`, policy_number: 'POL-T', member_name: 'Bench Claimant', claimant_phone: `+9196${String(i).padStart(8, '0')}`,
      status: 'DOCUMENTS_PENDING', status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    }));
    const consentAt = Date.now();
    for (let i = 0; i < claims.length; i += 5000) {
      const write = redis.pipeline();
      for (const claim of claims.slice(i, i + 5000)) {
        cms.upsertClaim(tenant.doc.cms.api_key, claim);
        cms.setPendingDocuments(tenant.doc.cms.api_key, claim.claim_id, [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }]);
        const phone = claim.claimant_phone;
        write.hset(keys.consent(keys.partitionOf(tenantId, phone), tenantId, sha256Hex(phone)), 'state', 'granted', 'updated_at', consentAt);
      }
      await write.exec();
    }

    // The service: both stage processes and the scheduler (which moves audit events to the ledger).
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const roleSets = [['stage', 'gateway,consent,router'], ['stage', 'truth,policy,outbound'], ['scheduler']];
    roleSets.forEach((args, i) => children.push(startServiceProcess(args, {
      ...developmentUnlessNamed(process.env), REDIS_URL: privateRedis.url, KEY_PREFIX: config.keyPrefix, PARTITIONS: String(config.partitions), LOG_LEVEL: 'warn', METRICS_PORT: String(ports[i]),
    }, '')));
    for (const port of ports) {
      await until(`service process on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.ok === true, 30_000);
    }

    // 1. Memory.
    const before = await usedMemory(redis);
    const ids: string[] = new Array(workflows);
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < workflows) {
        const i = next++;
        const { workflowId } = await services.pendingDocs.startFromCms(tenantId, claims[i]!, 'whatsapp', tenant.doc.channels.whatsapp!.phone_number_id, Date.now());
        ids[i] = workflowId;
      }
    }));
    await until('every first request sent', async () => wa.sent.length >= workflows, 30 * 60_000);
    const records = async (fields: string[]) => {
      const out: Array<Array<string | null>> = [];
      for (let i = 0; i < ids.length; i += 5000) {
        const read = redis.pipeline();
        for (const id of ids.slice(i, i + 5000)) read.hmget(keys.workflow(keys.partitionOfWorkflow(id)!, id), ...fields);
        out.push(...((await read.exec()) ?? []).map(([, v]) => v as Array<string | null>));
      }
      return out;
    };
    await until('every workflow awaiting documents', async () => (await records(['status'])).every(([s]) => s === 'awaiting_documents'), 120_000);
    const waitingAfter = (performance.now() - started) / 1000;
    await until('audit events in the ledger, stage streams drained', async () => {
      const read = redis.pipeline();
      for (let p = 0; p < config.partitions; p++) {
        read.xlen(keys.audit(p));
        for (const s of stageNames) read.xlen(keys.stream(p, s));
      }
      return ((await read.exec()) ?? []).every(([, n]) => Number(n) === 0);
    }, 10 * 60_000);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
    children.length = 0;

    const after = await usedMemory(redis);
    const memoryUsage = async (key: string) => Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0') ?? 0);
    const ledgerBytes = await memoryUsage(keys.ledger(tenantId));
    let timerBytes = 0;
    for (let p = 0; p < config.partitions; p++) timerBytes += await memoryUsage(keys.workflowTimers(p));
    // The keys of each follow-up, measured on a sample: its record, its claim's pointer, its claimant's follow-up index.
    const sample = ids.filter((_, i) => i % Math.max(1, Math.floor(workflows / 1000)) === 0);
    let recordBytes = 0;
    let pointerBytes = 0;
    let claimantBytes = 0;
    for (const id of sample) {
      const p = keys.partitionOfWorkflow(id)!;
      const claim = claims[ids.indexOf(id)]!;
      recordBytes += await memoryUsage(keys.workflow(p, id));
      pointerBytes += await memoryUsage(keys.pendingDocsByClaim(p, tenantId, sha256Hex(claim.claim_id)));
      claimantBytes += await memoryUsage(keys.pendingDocsByClaimant(p, tenantId, sha256Hex(claim.claimant_phone)));
    }
    let indexBytes = 0;
    for (let p = 0; p < config.partitions; p++) indexBytes += await memoryUsage(keys.workflowIndex(p, tenantId));
    const one = await redis.hgetall(keys.workflow(keys.partitionOfWorkflow(ids[0]!)!, ids[0]!));
    const encoding = await redis.object('ENCODING', keys.workflow(keys.partitionOfWorkflow(ids[0]!)!, ids[0]!));
    const largest = Object.entries(one).sort((a, b) => b[1].length - a[1].length).slice(0, 5).map(([f, v]) => `${f} ${v.length} B`).join(', ');
    const perWorkflow = (after - before) / workflows;
    console.log(`started and waiting: ${workflows} workflows in ${waitingAfter.toFixed(1)} s (${(workflows / waitingAfter).toFixed(0)}/s through the pipeline)`);
    console.log(`memory per waiting workflow (used_memory delta / workflows): ${kib(perWorkflow)} in all, of which the audit ledger `
      + `${kib(ledgerBytes / workflows)} (${(Number((await redis.hget(keys.ledgerHead(tenantId), 'count')) ?? 0) / workflows).toFixed(1)} events each, kept as history); `
      + `the waiting state ${kib(perWorkflow - ledgerBytes / workflows)}`);
    console.log(`  by key (MEMORY USAGE, mean of ${sample.length}): workflow record ${kib(recordBytes / sample.length)}, claim pointer ${kib(pointerBytes / sample.length)}, `
      + `claimant's follow-up index ${kib(claimantBytes / sample.length)}; per workflow: its timer ${kib(timerBytes / workflows)}, tenant's workflow index ${kib(indexBytes / workflows)}`);
    console.log(`  the record: ${Object.keys(one).length} fields, encoding ${encoding}; largest values: ${largest}`);
    // Every field with its name's and value's bytes (`--record-fields`): where the record's size goes.
    if (process.argv.includes('--record-fields')) {
      const bytes = (t: string) => Buffer.byteLength(t);
      console.log(`  every field (name + value bytes): ${Object.entries(one).map(([f, v]) => `${f} ${bytes(f)}+${bytes(v)}`).join(', ')}`);
    }

    // 2. Firing: the service is stopped; only the fire step runs, on an injected clock.
    const waits = (await records(['wait_started_at'])).map(([w]) => Number(w));
    const lastWait = Math.max(...waits);
    const clock = new ManualClock(lastWait);
    const scheduler = new Scheduler({
      redis, keys, config, clock, log: services.log, metrics: services.metrics, ledger: services.ledger, modes: services.modes,
      webhooks: services.webhooks, ledgerWebhooks: services.ledgerWebhooks,
    });
    let totalFired = 0;
    let totalSeconds = 0;
    for (const [what, offset] of [['first reminders', 24], ['second reminders', 48], ['deadlines', 72]] as const) {
      clock.set(lastWait + offset * hour);
      // CPU a timer (this process's, Redis's) moves less than the rate when the machine is shared.
      const redisBefore = await redisCpuMicros(redis);
      const ownBefore = process.cpuUsage();
      const t = performance.now();
      const fired = await scheduler.fireDue();
      const seconds = (performance.now() - t) / 1000;
      const own = process.cpuUsage(ownBefore);
      const redisUs = (await redisCpuMicros(redis)) - redisBefore;
      if (fired !== workflows) throw new Error(`${what}: fired ${fired} of ${workflows}`);
      totalFired += fired;
      totalSeconds += seconds;
      console.log(`fired ${fired} ${what} due at once in ${seconds.toFixed(2)} s: ${(fired / seconds).toFixed(0)} timers/s; `
        + `CPU a timer: Redis ${(redisUs / fired).toFixed(1)} us, scheduler ${((own.user + own.system) / fired).toFixed(1)} us`);
    }
    const timedOut = (await records(['status'])).filter(([s]) => s === 'timed_out').length;
    console.log(`all three: ${totalFired} timers in ${totalSeconds.toFixed(2)} s = ${(totalFired / totalSeconds).toFixed(0)} timers/s; `
      + `${timedOut} of ${workflows} workflows timed out; load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await services.close();
    await Promise.allSettled([cms.close(), wa.close()]);
    await privateRedis.close();
  }
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.message}`);
  process.exit(1);
});
