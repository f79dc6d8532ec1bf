/**
 * `npm run bench:audit-walk`: where a ledger verification's cost lands (issue 11, finding 4), the
 * walk alone, without the API. Writes a chained ledger of `--events` (default 100,000) into a
 * private redis-server (test/helpers/redis.ts, no persistence) and walks it unpaced once per page
 * size (`--pages 1000,200,100,50`; 0 for none), printing per page: Redis's own time in the XRANGE
 * (`INFO commandstats`: Redis serves no other client meanwhile), the round trip as the client
 * sees it (its client side is ioredis reading and parsing the reply, and on a loaded machine
 * waiting for a core), turning entries into events, and hashing.
 * Then, unless `--paced 0`, one walk as a verification makes it (pages of `verifyPageSize`, at
 * `--paced` events a second, default the config's default), timed: what a ledger that long takes.
 */
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { ChainWalker, fromFields, walkPages } from '../src/audit/audit-chain';
import { ledgerPages } from '../src/audit/audit-ledger';
import { verifyPageSize, walkPace } from '../src/audit/walk-pacing';
import { loadConfig } from '../src/config';
import { startPrivateRedis } from '../test/helpers/redis';
import { option, writeBenchLedger } from './bench-support';

const events = Number(option('events', '100000'));
const pageSizes = option('pages', '1000,200,100,50').split(',').map(Number).filter((n) => n > 0);
const paced = Number(option('paced', String(loadConfig({ NODE_ENV: 'development' }).auditVerifyEventsPerSecond)));
type StreamEntry = [id: string, fields: string[]];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<void> {
  process.stdout.write(`load average at the start: ${load()}\n`);
  const privateRedis = await startPrivateRedis();
  const redis = new Redis(privateRedis.url);
  try {
    const key = 'bench:ledger';
    await writeBenchLedger(redis, key, events);
    process.stdout.write(`wrote a ledger of ${events} events (load ${load()})\n`);
    for (const pageSize of pageSizes) {
      await redis.config('RESETSTAT');
      const walker = new ChainWalker();
      const ms = { roundTrip: 0, events: 0, hash: 0 };
      let pages = 0;
      for (let start = '-'; ;) {
        const t0 = performance.now();
        const chunk = (await redis.xrange(key, start, '+', 'COUNT', pageSize)) as StreamEntry[];
        const t1 = performance.now();
        const page = chunk.map(([, fields]) => fromFields(fields));
        const t2 = performance.now();
        walker.add(page);
        ms.roundTrip += t1 - t0;
        ms.events += t2 - t1;
        ms.hash += performance.now() - t2;
        pages += 1;
        if (chunk.length < pageSize) break;
        start = `(${chunk[chunk.length - 1]![0]}`;
      }
      const stats = /cmdstat_xrange:calls=(\d+),usec=(\d+)/.exec(await redis.info('commandstats'));
      const redisMs = Number(stats?.[2] ?? 0) / 1000;
      process.stdout.write(`pages of ${pageSize}: ${pages} XRANGE; per page Redis ${(redisMs / pages).toFixed(3)} ms, round trip ${(ms.roundTrip / pages).toFixed(3)} ms `
        + `(client side ${((ms.roundTrip - redisMs) / pages).toFixed(3)} ms), entries to events ${(ms.events / pages).toFixed(3)} ms, hashing ${(ms.hash / pages).toFixed(3)} ms; `
        + `whole walk: Redis ${redisMs.toFixed(0)} ms, round trips ${ms.roundTrip.toFixed(0)} ms, events ${ms.events.toFixed(0)} ms, hashing ${ms.hash.toFixed(0)} ms; valid ${walker.result().valid} (load ${load()})\n`);
    }
    if (paced > 0) {
      const t0 = performance.now();
      const walk = await walkPages(ledgerPages(redis, key, verifyPageSize), null, walkPace(paced));
      process.stdout.write(`paced walk, pages of ${verifyPageSize} at ${paced} events/s: ${walk.check.count} events in ${((performance.now() - t0) / 1000).toFixed(1)} s, valid ${walk.check.valid} (load ${load()})\n`);
    }
  } finally {
    redis.disconnect();
    await privateRedis.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`bench:audit-walk failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
