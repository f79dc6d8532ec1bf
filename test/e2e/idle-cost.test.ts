/**
 * What idle stage workers send (docs/scaling.md): on one Redis each lane's blocking read names
 * every partition, stages x lanes reads per BLOCK_MS; on a cluster each partition has its own,
 * stages x partitions per BLOCK_MS. Counted with INFO commandstats on every master while nothing
 * happens: bounded, and the same formula the doc gives.
 */
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { startHarness, type Harness } from '../helpers/harness';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { describeOnBoth } from '../helpers/redis-targets';
import { waitFor } from '../helpers/wait';

const stages = ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'];
const partitions = 4;
const lanes = 2;
const blockMs = 200;

async function onEach<T>(ports: number[], fn: (r: Redis) => Promise<T>): Promise<T[]> {
  return Promise.all(ports.map(async (port) => {
    const r = new Redis({ host: '127.0.0.1', port });
    try { return await fn(r); } finally { r.disconnect(); }
  }));
}

async function readCalls(ports: number[]): Promise<number> {
  const infos = await onEach(ports, (r) => r.info('commandstats'));
  return infos.reduce((sum, info) => sum + Number(/^cmdstat_xreadgroup:calls=(\d+)/m.exec(info)?.[1] ?? 0), 0);
}

describeOnBoth('idle stage workers', function (target) {
  this.timeout(60_000);
  let h: Harness;
  let privateRedis: PrivateRedis | null = null;
  let masters: number[] = [];

  before(async () => {
    // One Redis of its own: the shared test Redis counts every other test's commands too.
    if (target.kind === 'single') privateRedis = await startPrivateRedis();
    h = await startHarness({
      roles: ['stage', stages.join(',')], ...(privateRedis ? { redisUrl: privateRedis.url } : {}),
      config: { partitions, lanes, blockMs, ...target.config() },
    });
    masters = privateRedis ? [privateRedis.port] : [...new Set(await Promise.all([0, 8000, 16000].map((s) => target.cluster!.masterOf(s))))];
  });
  after(async () => {
    await h?.close();
    await privateRedis?.close();
  });

  it('sends a bounded number of blocking reads: stages x (lanes on one Redis, partitions on a cluster) per BLOCK_MS', async () => {
    const readers = stages.length * (target.kind === 'single' ? lanes : partitions);
    // Every reader blocked at least once: the workers are in their idle loop.
    await waitFor(async () => (await readCalls(masters)) >= readers, { what: 'every reader blocked', timeoutMs: 20_000 });
    await onEach(masters, (r) => r.config('RESETSTAT'));
    const started = Date.now();
    // Five rounds of empty blocked reads.
    await waitFor(async () => (await readCalls(masters)) >= 5 * readers, { what: 'five rounds of idle reads', timeoutMs: 20_000, intervalMs: 50 });
    const calls = await readCalls(masters);
    const perSecond = calls / ((Date.now() - started) / 1000);
    const expected = readers / (blockMs / 1000);
    process.stderr.write(`[idle cost] ${target.kind}: ${perSecond.toFixed(1)} XREADGROUP/s (formula: ${expected}/s)\n`);
    expect(perSecond).to.be.at.most(expected * 1.3);
  });
});
