/**
 * `npm run bench:ledger-move`: the Redis-side cost of moving audit events from the partition
 * streams into the tenants' ledgers (src/audit/audit-ledger.ts, moveOnce: XRANGE, the ledger
 * head, appendLedger-2.lua, the delete), alone, on a private redis-server
 * (bench/bench-redis-side.ts). `--events` audit events, as a hand-off writes them (a status
 * change on every third), spread over 8 partitions and `--tenants` tenants, are moved by one
 * mover; printed per round: the server's CPU per event (INFO cpu) over the moves, and the mover's
 * own (this process's user + system time over the same moves: chaining, hashing, packing). With
 * BENCH_REDIS_CALLGRIND=<dir>, instructions instead (the figure a shared machine does not move).
 * `--form packed` (the default) writes each event as the scripts now do, one packed field;
 * `--form fields` as older writers did, seven or eight fields (src/audit/audit-stream-entry.ts).
 * Options: --rounds 3 --events 6000 --tenants 4 --form packed|fields
 */
import { AuditLedger } from '../src/audit/audit-ledger';
import { packAuditEvent, type WaitingAuditEvent } from '../src/audit/audit-stream-entry';
import { createLogger } from '../src/logger';
import { createRedis, waitReady } from '../src/redis/connection';
import { Keys } from '../src/redis/keys';
import { option } from './bench-support';
import { redisCpuMicros, startBenchRedis } from './bench-redis-side';

const rounds = Number(option('rounds', '3'));
const events = Number(option('events', '6000'));
const tenants = Number(option('tenants', '4'));
const form = option('form', 'packed');
const partitions = 8;
if (form !== 'packed' && form !== 'fields') throw new Error(`--form ${form}: packed or fields`);

/** An event's stream fields in the form asked for. */
function entryFields(e: WaitingAuditEvent): string[] {
  if (form === 'packed') return packAuditEvent(e);
  const { transition, ...rest } = e;
  return [...Object.entries(rest).flat(), ...(transition ? ['transition', transition] : [])];
}

async function main(): Promise<void> {
  const server = await startBenchRedis();
  const redis = createRedis(server.url, { name: 'bench-ledger-move' });
  await waitReady(redis);
  const keys = new Keys('lmbench', partitions);
  const mover = new AuditLedger(redis, keys, partitions, createLogger('silent'));
  const detail = JSON.stringify({ intent: 'claim_status', confidence: 0.97, route: 'truth' });
  try {
    for (let round = 1; round <= rounds; round++) {
      await server.admin.flushall();
      const write = redis.pipeline();
      for (let i = 0; i < events; i++) {
        const tenant = `tenant-${i % tenants}`;
        const transition = i % 3 !== 0 ? '' : JSON.stringify({ workflow_id: `wf-${Math.floor(i / 6)}`, from: 'started', to: 'completed', seq: i % 6,
          workflow_type: 'claim-status', claim_id_hash: 'sha256:9f2c4b1e7a0d3c5b8e6f1a2d4c7b9e0f3a5d8c1b4e7f0a2d5c8b1e4f7a0d3c6b' });
        const event = { tenant, workflow_id: `wf-${Math.floor(i / 6)}`, stage: 'truth', type: 'stage.truth.done', seq: String(i % 6), at: String(1795000000000 + i), transition, detail };
        write.xadd(keys.audit(i % partitions), '*', ...entryFields(event));
      }
      await write.exec();
      const cpu0 = await redisCpuMicros(server.admin);
      server.collect(true);
      const own0 = process.cpuUsage();
      let moved = 0;
      for (let pass = 0; moved < events && pass < 1000; pass++) moved += await mover.moveOnce();
      const own = process.cpuUsage(own0);
      server.collect(false);
      const cpu = (await redisCpuMicros(server.admin)) - cpu0;
      const left = await Promise.all(Array.from({ length: partitions }, (_, p) => redis.xlen(keys.audit(p))));
      if (moved !== events || left.some((n) => n !== 0)) throw new Error(`moved ${moved} of ${events}, ${left.join(',')} left`);
      console.log(`round ${round}: ${events} events moved, Redis CPU ${(cpu / events).toFixed(1)} us/event, mover (Node) ${((own.user + own.system) / events).toFixed(1)} us/event`);
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
