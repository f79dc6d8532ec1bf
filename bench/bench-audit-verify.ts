/**
 * `npm run bench:audit-verify`: what `POST /v1/audit/verify` on a long ledger costs everyone else
 * (issue 11, finding 4). One API process (`src/main.ts api`, as in production) on a private
 * redis-server (test/helpers/redis.ts, no persistence; other work on the machine's shared Redis
 * does not land in the figures); tenant `bench` gets a ledger of `--events` chained events written
 * straight into Redis; other tenants each have one workflow. Phases of `--seconds` each, with the
 * same paced reads of another tenant's workflow (`GET /v1/workflows/{id}`, `--rate` per second, a
 * fresh tenant per phase so the spec's 600/min limit never answers):
 *
 *  1. the reads alone (A);
 *  2. the reads while `--verifiers` loops of tenant `bench` call `POST /v1/audit/verify` back to
 *     back (B; whatever the service answers: 200, 429 over its limit, 503 when busy, 422 too long).
 *
 * With `--rounds N` the phases repeat N times (a fresh reading tenant each phase) and the reads of
 * each kind are also pooled, so a p99 rests on N times as many reads and the spread between rounds
 * of the same kind shows the machine's own noise. With `--aa` each round also has a second phase
 * of reads alone (A'), and the three run in a seeded random order per round (`--seed`), so that
 * the A/A difference (A' - A, nothing changed but time) shows how far noise alone moves a p99
 * next to the A/B difference (B - A). For each, the pooled p99 difference is printed with a 95%
 * bootstrap interval over one-second blocks of reads (bench/bench-support.ts
 * `percentileDifference`, seeded): "does not move" is an A/B interval that contains 0, and its
 * width says how small a move the run could have seen.
 * Prints the reads' p50/p99/max of each phase and where the phase's CPU went (the API's walk
 * thread, its other threads, redis-server, and Redis's own time in XRANGE, during which it serves
 * no other client), the verification answers by status with their times, the API process's peak
 * resident memory (VmHWM) and the load average at the start and end. Options: --events 100000 --verifiers 8 --seconds 10 --rate 40 --rounds 1 --aa --seed 1.
 *
 * With `--archive postgres` (a private database on the test server, test/helpers/postgres.ts) or
 * `--archive pglite` (the embedded database in a fresh directory, opened by the API process), all
 * but the newest `--hot` (1000) of the ledger's events are first moved to the archive by the
 * archiver itself (src/archive/archiver.ts), so each verification walks archive then Redis, as a
 * partly archived ledger is verified. The check: another tenant's pooled read p99 while verifying
 * within `--within` (20%) of its p99 alone, printed as PASS or FAIL (exit 1 on FAIL with --check).
 * The headline run: `npm run bench:audit-verify -- --events 60000 --archive postgres --verifiers 1 --rounds 3 --aa --check`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Agent, request } from 'undici';
import { onboardFakeTenant, type FakeTenant } from '../test/helpers/fakes/demo-tenant';
import { loadavg } from 'node:os';
import { startPrivateRedis } from '../test/helpers/redis';
import { createTestDatabase, type TestDatabase } from '../test/helpers/postgres';
import { Archiver } from '../src/archive/archiver';
import { systemClock } from '../src/clock';
import { option, percentile, percentileDifference, seededRandom, writeBenchLedger } from './bench-support';
import { startBenchWorld } from './bench-world';
import { readProcStat } from './process-cpu';

const events = Number(option('events', '100000'));
const verifiers = Number(option('verifiers', '8'));
const seconds = Number(option('seconds', '10'));
const rate = Number(option('rate', '40'));
const rounds = Number(option('rounds', '1'));
const aa = process.argv.includes('--aa');
const seed = Number(option('seed', '1'));
const archiveKind = option('archive', 'none');
const hot = Number(option('hot', '1000'));
const within = Number(option('within', '20'));
const check = process.argv.includes('--check');
if (!['none', 'postgres', 'pglite'].includes(archiveKind)) throw new Error('--archive is none, postgres or pglite');

type Kind = 'alone' | 'again' | 'verifying';
const kinds: Kind[] = aa ? ['alone', 'again', 'verifying'] : ['alone', 'verifying'];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

/**
 * CPU time (user + system, ms) of a process's threads so far (Linux), split into those at nice 19
 * (the verification walk's thread, src/audit/verify-worker.ts), the main thread (the event loop:
 * its thread id is the process id) and all others (V8's and libuv's helper threads): where a
 * phase's CPU went. The event loop's share is the figure a machine's load does not move: CPU
 * time, not wall time, so what the walk costs the loop every request waits on.
 */
function threadCpuMs(pid: number): { walk: number; main: number; others: number } {
  const cpu = { walk: 0, main: 0, others: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readProcStat(`/proc/${pid}/task/${tid}/stat`);
    if (!stat) continue; // the thread ended meanwhile
    if (stat.nice === 19) cpu.walk += stat.cpuMicros / 1000;
    else if (Number(tid) === pid) cpu.main += stat.cpuMicros / 1000;
    else cpu.others += stat.cpuMicros / 1000;
  }
  return cpu;
}

/** Peak resident memory of a process so far, MiB (Linux). */
function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  process.stdout.write(`load average at the start: ${load()}\n`);
  const privateRedis = await startPrivateRedis();
  const database: TestDatabase | null = archiveKind === 'postgres' ? await createTestDatabase() : null;
  const embeddedDir = archiveKind === 'pglite' ? mkdtempSync(join(tmpdir(), 'cw-bench-pglite-')) : null;
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : embeddedDir ? { EMBEDDED_DATABASE_DIR: embeddedDir } : {};
  const world = await startBenchWorld('910910910', { redisUrl: privateRedis.url, env });
  const { services: s } = world;
  let failed = false;
  try {
    process.stdout.write(`writing a ledger of ${events} events for tenant bench...\n`);
    const head = await writeBenchLedger(s.redis, s.keys.ledger('bench'), events);
    // webhooked_n: the archiver moves only events already published to webhooks; the newest --hot stay in Redis.
    await s.redis.hset(s.keys.ledgerHead('bench'), 'hash', head, 'count', String(events), 'webhooked_n', String(archiveKind === 'none' ? events : Math.max(0, events - hot)));
    if (archiveKind !== 'none') {
      const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock: systemClock, log: s.log, archive: s.archive, tenants: s.tenants });
      let moved = 0;
      for (let pass = await archiver.runOnce(['bench']); pass.events > 0; pass = await archiver.runOnce(['bench'])) moved += pass.events;
      const marker = await s.redis.hget(s.keys.archived('bench'), 'ledger_n');
      process.stdout.write(`archived ${moved} events to ${archiveKind} (marker ${marker}); ${await s.redis.xlen(s.keys.ledger('bench'))} entries left in Redis\n`);
      // PGlite is one process's database: this process lets go of it before the API process opens it.
      await s.archive.close();
    }

    const readers: { tenant: FakeTenant; workflowId: string }[] = [];
    const readerNames = Array.from({ length: rounds }, (_, r) => kinds.map((kind) => `${kind}${r}`)).flat();
    for (const [i, tenantId] of readerNames.entries()) {
      const tenant = await onboardFakeTenant(s, world.cms, world.wa, { tenantId, phoneNumberId: `9209209${String(i).padStart(3, '0')}` });
      const { workflowId } = await s.intake.message(tenantId, 'whatsapp', { businessNumberId: `9209209${String(i).padStart(3, '0')}`, from: `+91990000${String(i).padStart(3, '0')}0`, id: `wamid.verify-bench-${i}`, text: 'claim status' }, Date.now());
      readers.push({ tenant, workflowId });
    }
    await world.startService([['api']], '');
    const pid = world.serviceProcesses()[0]?.pid;
    const base = `http://127.0.0.1:${world.config.port}`;
    const tokenOf = async (clientId: string, clientSecret: string) => {
      const res = await request(`${base}/v1/auth/token`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
      if (res.statusCode !== 200) throw new Error(`a token request for a reading tenant answered ${res.statusCode}`);
      return ((await res.body.json()) as { access_token: string }).access_token;
    };
    const verifierToken = await tokenOf(world.tenant.credentials.client_id, world.tenant.credentials.client_secret);
    // One after another: the service hashes at most 8 client secrets at once per source address
    // (docs/security.md), and a refused token request would leave a phase reading with none (401).
    const readerTokens: string[] = [];
    for (const r of readers) readerTokens.push(await tokenOf(r.tenant.credentials.client_id, r.tenant.credentials.client_secret));

    /** Paced reads of one tenant's workflow for `seconds`: latencies in ms (in the order sent), and statuses. */
    const paced = async (index: number) => {
      const sent: number[] = [];
      const statuses: Record<number, number> = {};
      const started = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let k = 0; performance.now() - started < seconds * 1000; k++) {
        const due = started + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inFlight.push((async () => {
          const t0 = performance.now();
          const res = await request(`${base}/v1/workflows/${readers[index]!.workflowId}`, { dispatcher: agent, headers: { authorization: `Bearer ${readerTokens[index]}` } });
          await res.body.dump();
          sent[k] = performance.now() - t0;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        })());
      }
      await Promise.all(inFlight);
      // One-second blocks of reads sent one after another: what the bootstrap draws.
      const blocks = Array.from({ length: Math.ceil(sent.length / rate) }, (_, i) => sent.slice(i * rate, (i + 1) * rate));
      return { latencies: [...sent].sort((a, b) => a - b), blocks, statuses };
    };
    const report = (what: string, r: { latencies: number[]; statuses: Record<number, number> }) => process.stdout.write(
      `${what}: ${r.latencies.length} reads, p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, max ${r.latencies[r.latencies.length - 1]!.toFixed(1)} ms, statuses ${JSON.stringify(r.statuses)}\n`);

    const redisPid = Number(/process_id:(\d+)/.exec(await s.redis.info('server'))![1]);
    /** redis-server's CPU so far, all its threads (the main one included). */
    const redisCpuMs = () => { const c = threadCpuMs(redisPid); return c.main + c.walk + c.others; };
    /** Redis's own count of XRANGE calls and the time it spent in them (INFO commandstats). */
    const xrangeStats = async () => {
      const line = /cmdstat_xrange:calls=(\d+),usec=(\d+)/.exec(await s.redis.info('commandstats'));
      return { calls: Number(line?.[1] ?? 0), usec: Number(line?.[2] ?? 0) };
    };
    // One verification before any phase, not counted: the worker thread starts with the first one
    // (under tsx it also compiles), a once-per-process cost that is not what a verification costs.
    const warm = await request(`${base}/v1/audit/verify`, { method: 'POST', dispatcher: agent, headers: { authorization: `Bearer ${verifierToken}`, 'content-type': 'application/json' }, body: '{}', headersTimeout: 600_000, bodyTimeout: 600_000 });
    await warm.body.dump();
    process.stdout.write(`warm-up verification answered ${warm.statusCode}\n`);

    let before = 0;
    const answers: Record<number, number[]> = {};
    const pooled: Record<Kind, { latencies: number[]; blocks: number[][]; p99s: string[]; mainMs: number[] }> = {
      alone: { latencies: [], blocks: [], p99s: [], mainMs: [] }, again: { latencies: [], blocks: [], p99s: [], mainMs: [] }, verifying: { latencies: [], blocks: [], p99s: [], mainMs: [] },
    };
    const random = seededRandom(seed);
    const phaseName: Record<Kind, string> = { alone: 'alone', again: 'alone again (A/A)', verifying: `while ${verifiers} loops verify tenant bench's ${events}-event ledger` };
    for (let r = 0; r < rounds; r++) {
      // With --aa the order is drawn per round, so neither kind of "alone" is always the one after a verification.
      const order = aa ? [...kinds].map((kind) => ({ kind, key: random() })).sort((x, y) => x.key - y.key).map((o) => o.kind) : kinds;
      for (const kind of order) {
        let stop = false;
        const loops = kind !== 'verifying' ? [] : Array.from({ length: verifiers }, async () => {
          while (!stop) {
            const t0 = performance.now();
            const res = await request(`${base}/v1/audit/verify`, { method: 'POST', dispatcher: agent, headers: { authorization: `Bearer ${verifierToken}`, 'content-type': 'application/json' }, body: '{}', headersTimeout: 600_000, bodyTimeout: 600_000 });
            await res.body.dump();
            (answers[res.statusCode] ??= []).push(performance.now() - t0);
            // A refusal answers in microseconds: wait a little instead of spinning on it.
            if (res.statusCode !== 200) await new Promise((r) => setTimeout(r, 100));
          }
        });
        const cpuBefore = { api: threadCpuMs(pid!), redis: redisCpuMs(), xrange: await xrangeStats() };
        const reads = await paced(kinds.length * r + kinds.indexOf(kind));
        const cpuAfter = { api: threadCpuMs(pid!), redis: redisCpuMs(), xrange: await xrangeStats() };
        stop = true;
        // The next phase starts once the last verification has answered: it never overlaps a walk.
        await Promise.all(loops);
        report(`round ${r + 1}: another tenant's reads, ${phaseName[kind]} (load ${load()})`, reads);
        const calls = cpuAfter.xrange.calls - cpuBefore.xrange.calls;
        const xrangeMs = (cpuAfter.xrange.usec - cpuBefore.xrange.usec) / 1000;
        const mainMs = cpuAfter.api.main - cpuBefore.api.main;
        pooled[kind].mainMs.push(mainMs);
        process.stdout.write(`  where the phase's CPU went: API walk thread ${(cpuAfter.api.walk - cpuBefore.api.walk).toFixed(0)} ms, API event loop ${mainMs.toFixed(0)} ms, API other threads ${(cpuAfter.api.others - cpuBefore.api.others).toFixed(0)} ms, `
          + `redis-server ${(cpuAfter.redis - cpuBefore.redis).toFixed(0)} ms, of which XRANGE ${xrangeMs.toFixed(0)} ms in ${calls} calls${calls > 0 ? ` (${((xrangeMs * 1000) / calls).toFixed(0)} us each, Redis held for every other client meanwhile)` : ''}\n`);
        if (r === 0 && kind === 'alone') before = peakRssMiB(pid!);
        pooled[kind].latencies.push(...reads.latencies);
        pooled[kind].blocks.push(...reads.blocks);
        pooled[kind].p99s.push(percentile(reads.latencies, 99).toFixed(1));
      }
    }
    if (rounds > 1 || aa) {
      for (const kind of kinds) {
        const list = pooled[kind].latencies.sort((a, b) => a - b);
        process.stdout.write(`pooled ${kind}: ${list.length} reads, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms; p99 per round ${pooled[kind].p99s.join(', ')} ms; `
          + `API event loop CPU per phase ${pooled[kind].mainMs.map((m) => m.toFixed(0)).join(', ')} ms\n`);
      }
      const comparisons: [string, Kind][] = [['A/B (verifying - alone)', 'verifying'], ...(aa ? [['A/A (alone again - alone)', 'again'] as [string, Kind]] : [])];
      for (const [what, kind] of comparisons) {
        const d = percentileDifference(pooled.alone.blocks, pooled[kind].blocks, 99, { seed });
        process.stdout.write(`p99 difference ${what}: ${d.observed >= 0 ? '+' : ''}${d.observed.toFixed(1)} ms, 95% interval ${d.low.toFixed(1)} to ${d.high.toFixed(1)} ms (width ${(d.high - d.low).toFixed(1)} ms; block bootstrap, 1 s blocks, seed ${seed}): ${d.low <= 0 && d.high >= 0 ? 'contains 0' : 'excludes 0'}\n`);
      }
    }
    {
      const p99 = (kind: Kind) => percentile([...pooled[kind].latencies].sort((a, b) => a - b), 99);
      const ratio = p99('verifying') / p99('alone');
      const pass = ratio <= 1 + within / 100;
      failed = !pass;
      process.stdout.write(`${pass ? 'PASS' : 'FAIL'}: another tenant's read p99 while verifying ${p99('verifying').toFixed(1)} ms is ${((ratio - 1) * 100).toFixed(0)}% from ${p99('alone').toFixed(1)} ms alone (bound +${within}%; archive ${archiveKind}, ${events} events, ${archiveKind === 'none' ? 0 : Math.max(0, events - hot)} archived)\n`);
    }
    for (const [status, times] of Object.entries(answers)) {
      times.sort((a, b) => a - b);
      process.stdout.write(`verify answered ${status}: ${times.length} times, median ${percentile(times, 50).toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms\n`);
    }
    process.stdout.write(`API process peak memory (VmHWM): ${before.toFixed(0)} MiB after the first phase alone, ${peakRssMiB(pid!).toFixed(0)} MiB at the end\n`);
    process.stdout.write(`load average at the end: ${load()}\n`);
  } finally {
    await world.stop();
    await agent.close();
    await privateRedis.close();
    await database?.drop();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
  }
  if (failed && check) process.exitCode = 1;
}

main().catch((err: Error) => {
  process.stderr.write(`bench:audit-verify failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
