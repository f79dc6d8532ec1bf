/**
 * `npm run bench:handoff`: the Redis-side cost of the hand-off script alone, on fixed batches, for
 * an A/B of a change to handoff.lua (run it on each side, alternating).
 *
 * The whole-service benches vary their batches with the machine's speed (a read batch holds what
 * arrived since the last read), so their per-call figures move with load. Here one client, in
 * series, on a private redis-server (bench/bench-redis-side.ts): `--workflows` workflows enter
 * through the real intake script in one partition, then each of seven stages named after the
 * pipeline's reads them in batches of `--batch` and hands each batch off with one real call
 * (buildHandoff + runHandoff, as StageWorker does): a forward to the next stage, the seventh a
 * finish (`completed`). `--status every`: every forward also sets `started`, so every call reads
 * the transition table. Printed per round: `EVALSHA` calls, us/call and us/workflow (INFO
 * commandstats, reset before the hand-offs; the script's execution time in Redis's main thread),
 * and the redis-server's CPU per workflow over the same calls (INFO cpu, which also holds the reads).
 * `--fused`: the hand-offs stage fusion makes (docs/architecture.md, "Stage fusion"): gateway's
 * call carries each workflow's first six steps as one chain (no entry for the fused stages), and
 * outbound hands off from its own stream, as `bench:runtime` runs them with stage fusion (the default).
 * Options: --rounds 3 --workflows 2000 --batch 50 --status none|every --fused. With BENCH_REDIS_CALLGRIND=<dir>
 * the server runs under callgrind and counts instructions over the hand-offs only
 * (bench/bench-redis-side.ts): `callgrind_annotate <dir>/callgrind.out.*` gives the total and
 * where it goes.
 */
import type { Decision, Envelope } from '../pipeline/types';
import { stageNames } from '../pipeline/vocabulary';
import { transitions } from '../pipeline/workflows/transitions';
import { createRedis, waitReady } from '../src/redis/connection';
import { Keys } from '../src/redis/keys';
import { runHandoff, runIngestInbound } from '../src/redis/scripts';
import { decodeEnvelope, type StreamEntry } from '../src/runtime/envelope-codec';
import { buildHandoff, type Outcome } from '../src/runtime/handoff-ops';
import { ensureGroups } from '../src/runtime/stage-worker';
import { option } from './bench-support';
import { commandStats, redisCpuMicros, startBenchRedis } from './bench-redis-side';

const rounds = Number(option('rounds', '3'));
const workflows = Number(option('workflows', '2000'));
const batch = Number(option('batch', '50'));
const everyStatus = option('status', 'none') === 'every';
const fused = process.argv.includes('--fused');

/** The transition table as StageWorker passes it. */
const allowedTransitions = JSON.stringify(Object.fromEntries(
  Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))]),
));

function decide(i: number, envelope: Envelope): Decision {
  const to = stageNames[i + 1];
  if (!to) return { kind: 'finish', status: 'completed', audit: { type: 'bench.done' } };
  return { kind: 'forward', to, payload: envelope.payload, audit: { type: 'bench.step' }, ...(everyStatus ? { status: 'started' as const } : {}) };
}

async function main(): Promise<void> {
  const server = await startBenchRedis();
  const redis = createRedis(server.url, { name: 'bench-handoff' });
  await waitReady(redis);
  const keys = new Keys('hobench', 1);
  console.log(`${workflows} workflows x ${stageNames.length} stages, batches of ${batch}, forwards ${everyStatus ? 'set a status' : 'without a status'}${fused ? ', the first six fused (one chain per workflow)' : ''}`);
  console.log(['round', 'calls', 'us/call', 'us/workflow', 'Redis CPU us/wf'].map((c, i) => (i ? c.padStart(16) : c.padEnd(6))).join(''));
  try {
    for (let round = 1; round <= rounds; round++) {
      await server.admin.flushall();
      for (const stage of stageNames) await ensureGroups(redis, [keys.stream(0, stage)], keys.group(stage));
      const now = Date.now();
      for (let w = 0; w < workflows; w++) {
        const from = `+9197${String(w).padStart(8, '0')}`;
        await runIngestInbound(redis, keys, {
          partition: 0, tenantId: 'bench', workflowId: keys.newWorkflowId(0), messageId: `m${w}`, channel: 'whatsapp', phone: from,
          payload: { channel: 'whatsapp', businessNumberId: 'bench', from, messageId: `m${w}`, text: 'claim status', receivedAt: now }, now, dedupeSeconds: 600, entryForm: 'packed',
        });
      }
      await server.admin.config('RESETSTAT');
      const cpu0 = await redisCpuMicros(server.admin);
      server.collect(true);
      for (const [i, stage] of stageNames.entries()) {
        const stream = keys.stream(0, stage);
        for (;;) {
          const reply = (await redis.xreadgroup('GROUP', keys.group(stage), 'bench', 'COUNT', batch, 'STREAMS', stream, '>')) as [string, StreamEntry[]][] | null;
          const entries = reply?.[0]?.[1] ?? [];
          if (entries.length === 0) break;
          const outcomes: Outcome[] = entries.flatMap(([id, fields]): Outcome[] => {
            const envelope = decodeEnvelope(stage, fields);
            const first: Outcome = { kind: 'decided', entryId: id, envelope, decision: decide(i, envelope) };
            if (!fused || stage === 'outbound') return [first];
            // The stages after this one, up to outbound, run fused: each a chained op of the same entry.
            const chain = [first];
            for (let k = i + 1; k < stageNames.length - 1; k++) {
              const next = { ...envelope, seq: envelope.seq + (k - i), stage: stageNames[k]! };
              chain.push({ kind: 'decided', entryId: id, envelope: next, decision: decide(k, next), chained: true });
            }
            return chain;
          });
          const at = Date.now();
          const results = await runHandoff(redis, buildHandoff(keys, 0, stage, outcomes, at, new Map()), keys.group(stage), at, 0, allowedTransitions);
          const refused = results.find((r) => r.kind !== 'applied');
          if (refused) throw new Error(`hand-off at ${stage} answered ${JSON.stringify(refused)}`);
        }
      }
      server.collect(false);
      const cpu = (await redisCpuMicros(server.admin)) - cpu0;
      // The first call of a fresh server is an EVAL (ioredis loads the script on NOSCRIPT): counted with the EVALSHAs.
      const evalsha = (await commandStats(server.admin)).filter((s) => s.command === 'evalsha' || s.command === 'eval')
        .reduce((sum, s) => ({ calls: sum.calls + s.calls, usec: sum.usec + s.usec }), { calls: 0, usec: 0 });
      if (evalsha.calls === 0) throw new Error('no script call counted');
      console.log([String(round).padEnd(6), evalsha.calls, (evalsha.usec / evalsha.calls).toFixed(1), (evalsha.usec / workflows).toFixed(1), (cpu / workflows).toFixed(1)]
        .map((c, k) => (k ? String(c).padStart(16) : c)).join(''));
    }
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
