/**
 * `npm run bench:audit-verify`: what `POST /v1/audit/verify` on a long ledger costs everyone else
 * (issue 11, finding 4). One API process (`src/main.ts api`, as in production); tenant `bench`
 * gets a ledger of `--events` chained events written straight into Redis; two other tenants each
 * have one workflow. Two phases of `--seconds` each, with the same paced reads of another
 * tenant's workflow (`GET /v1/workflows/{id}`, `--rate` per second, a fresh tenant per phase so
 * the spec's 600/min limit never answers):
 *
 *  1. the reads alone;
 *  2. the reads while `--verifiers` loops of tenant `bench` call `POST /v1/audit/verify` back to
 *     back (whatever the service answers: 200, 429 over its limit, 503 when busy, 422 too long).
 *
 * With `--rounds N` the two phases alternate N times (a fresh reading tenant each phase) and the
 * reads of each kind are also pooled, so a p99 rests on N times as many reads and the spread
 * between rounds of the same kind shows the machine's own noise.
 * Prints the reads' p50/p99/max of each phase, the verification answers by status with their
 * times, and the API process's peak resident memory (VmHWM). Options: --events 100000
 * --verifiers 8 --seconds 10 --rate 40 --rounds 1. Uses REDIS_URL (default the local Redis) under a fresh
 * key prefix, removed at the end.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { chain, genesisHash, toFields, type UnchainedEvent } from '../src/audit/audit-chain';
import { onboardFakeTenant, type FakeTenant } from '../test/helpers/fakes/demo-tenant';
import { option, percentile } from './bench-support';
import { startBenchWorld } from './bench-world';

const events = Number(option('events', '100000'));
const verifiers = Number(option('verifiers', '8'));
const seconds = Number(option('seconds', '10'));
const rate = Number(option('rate', '40'));
const rounds = Number(option('rounds', '1'));

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

/** Peak resident memory of a process so far, MiB (Linux). */
function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const world = await startBenchWorld('910910910');
  const { services: s } = world;
  try {
    process.stdout.write(`writing a ledger of ${events} events for tenant bench...\n`);
    let head = genesisHash;
    for (let n = 0; n < events; n += 5000) {
      const batch: UnchainedEvent[] = Array.from({ length: Math.min(5000, events - n) }, (_, i) => ({
        event_id: `ae-bench-${n + i}`, tenant_id: 'bench', workflow_id: `wf-0-${String(n + i).padStart(20, '0')}`, stage: 'truth',
        type: 'workflow.transition', at: 1_700_000_000_000 + n + i, detail: '{"outcome":"status_found","claim_id_hash":"sha256:0000"}',
      }));
      const chained = chain(batch, head, n);
      const pipeline = s.redis.pipeline();
      for (const e of chained) pipeline.xadd(s.keys.ledger('bench'), '*', ...toFields(e));
      await pipeline.exec();
      head = chained[chained.length - 1]!.hash;
    }
    await s.redis.hset(s.keys.ledgerHead('bench'), 'hash', head, 'count', String(events));

    const readers: { tenant: FakeTenant; workflowId: string }[] = [];
    const readerNames = Array.from({ length: rounds }, (_, r) => [`quiet${r}`, `loaded${r}`]).flat();
    for (const [i, tenantId] of readerNames.entries()) {
      const tenant = await onboardFakeTenant(s, world.cms, world.wa, { tenantId, phoneNumberId: `9209209${String(i).padStart(3, '0')}` });
      const { workflowId } = await s.intake.message(tenantId, 'whatsapp', { businessNumberId: `9209209${String(i).padStart(3, '0')}`, from: `+91990000${String(i).padStart(3, '0')}0`, id: `wamid.verify-bench-${i}`, text: 'claim status' }, Date.now());
      readers.push({ tenant, workflowId });
    }
    await world.startService([['api']], '');
    const [pid] = world.servicePids();
    const base = `http://127.0.0.1:${world.config.port}`;
    const tokenOf = async (clientId: string, clientSecret: string) => {
      const res = await request(`${base}/v1/auth/token`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
      return ((await res.body.json()) as { access_token: string }).access_token;
    };
    const verifierToken = await tokenOf(world.tenant.credentials.client_id, world.tenant.credentials.client_secret);
    const readerTokens = await Promise.all(readers.map((r) => tokenOf(r.tenant.credentials.client_id, r.tenant.credentials.client_secret)));

    /** Paced reads of one tenant's workflow for `seconds`: latencies in ms, and statuses. */
    const paced = async (index: number) => {
      const latencies: number[] = [];
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
          latencies.push(performance.now() - t0);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        })());
      }
      await Promise.all(inFlight);
      latencies.sort((a, b) => a - b);
      return { latencies, statuses };
    };
    const report = (what: string, r: { latencies: number[]; statuses: Record<number, number> }) => process.stdout.write(
      `${what}: ${r.latencies.length} reads, p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, max ${r.latencies[r.latencies.length - 1]!.toFixed(1)} ms, statuses ${JSON.stringify(r.statuses)}\n`);

    let before = 0;
    const answers: Record<number, number[]> = {};
    const pooled = { alone: [] as number[], verifying: [] as number[] };
    const p99s = { alone: [] as string[], verifying: [] as string[] };
    for (let r = 0; r < rounds; r++) {
      const alone = await paced(2 * r);
      report(`round ${r + 1}: another tenant's reads, alone`, alone);
      if (r === 0) before = peakRssMiB(pid!);

      let stop = false;
      const loops = Array.from({ length: verifiers }, async () => {
        while (!stop) {
          const t0 = performance.now();
          const res = await request(`${base}/v1/audit/verify`, { method: 'POST', dispatcher: agent, headers: { authorization: `Bearer ${verifierToken}`, 'content-type': 'application/json' }, body: '{}', headersTimeout: 600_000, bodyTimeout: 600_000 });
          await res.body.dump();
          (answers[res.statusCode] ??= []).push(performance.now() - t0);
          // A refusal answers in microseconds: wait a little instead of spinning on it.
          if (res.statusCode !== 200) await new Promise((r) => setTimeout(r, 100));
        }
      });
      const loaded = await paced(2 * r + 1);
      stop = true;
      await Promise.all(loops);
      report(`round ${r + 1}: another tenant's reads, while ${verifiers} loops verify tenant bench's ${events}-event ledger`, loaded);
      pooled.alone.push(...alone.latencies);
      pooled.verifying.push(...loaded.latencies);
      p99s.alone.push(percentile(alone.latencies, 99).toFixed(1));
      p99s.verifying.push(percentile(loaded.latencies, 99).toFixed(1));
    }
    if (rounds > 1) {
      for (const kind of ['alone', 'verifying'] as const) {
        const list = pooled[kind].sort((a, b) => a - b);
        process.stdout.write(`pooled ${kind}: ${list.length} reads, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms; p99 per round ${p99s[kind].join(', ')} ms\n`);
      }
    }
    for (const [status, times] of Object.entries(answers)) {
      times.sort((a, b) => a - b);
      process.stdout.write(`verify answered ${status}: ${times.length} times, median ${percentile(times, 50).toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms\n`);
    }
    process.stdout.write(`API process peak memory (VmHWM): ${before.toFixed(0)} MiB after the quiet phase, ${peakRssMiB(pid!).toFixed(0)} MiB at the end\n`);
  } finally {
    await world.stop();
    await agent.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`bench:audit-verify failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
