/**
 * The audit verification worker thread's log (src/audit/verify-worker.ts): its Redis connection's
 * errors reach the process's logger, marked as the worker's, as every other connection's do
 * (src/redis/connection.ts `watchConnection`), instead of ioredis printing each reconnect attempt
 * to stderr. Against a private redis-server that the test stops and starts.
 */
import { expect } from 'chai';
import { LedgerVerifier } from '../../src/audit/ledger-verifier';
import { createLogger } from '../../src/logger';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { waitFor } from '../helpers/wait';

type Line = { level: number; msg: string; connection?: string; thread?: string };

describe('audit verification worker: its connection is logged like the others', function () {
  this.timeout(30_000);
  let server: PrivateRedis;
  let verifier: LedgerVerifier;
  const lines: Line[] = [];

  before(async () => {
    server = await startPrivateRedis();
    const log = createLogger('info', { write: (line: string) => { lines.push(JSON.parse(line) as Line); } });
    verifier = new LedgerVerifier({ redisUrl: server.url, redisClusterNodes: null }, log);
  });
  after(async () => {
    await verifier?.close();
    await server?.close();
  });

  it('a Redis outage under the worker is one warning in the process log, and its return an info line', async () => {
    const pace = { pageSize: 100, eventsPerSecond: 20_000 };
    expect((await verifier.walk('no-such-ledger', null, pace)).check).to.include({ valid: true, count: 0 });
    await server.stop(true);
    const worker = () => lines.filter((l) => l.thread === 'audit-verify' && l.connection === 'cw-audit-verify');
    await waitFor(() => worker().some((l) => l.msg.startsWith('Redis connection failing')), { timeoutMs: 10_000, what: "the worker's connection warning" });
    await server.start();
    await waitFor(() => worker().some((l) => l.msg === 'Redis connection ready again'), { timeoutMs: 15_000, what: "the worker's connection back" });
    const failing = worker().filter((l) => l.msg.startsWith('Redis connection failing'));
    // Spaced out: one line for the reconnect attempts of a short outage, at pino's warn level.
    expect(failing.length).to.be.within(1, 2);
    expect(failing.every((l) => l.level === 40)).to.equal(true);
    // And the worker walks again on the connection it kept.
    expect((await verifier.walk('no-such-ledger', null, pace)).check).to.include({ valid: true, count: 0 });
  });
});
