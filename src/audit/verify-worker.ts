/**
 * The verification worker: walks a tenant's ledger on a thread of its own, with its own Redis
 * connection, so that reading and hashing a long ledger (about a second per 100,000 events) never
 * holds the API's event loop: another tenant's reads do not wait behind it (issue 11, finding 4;
 * `npm run bench:audit-verify`). Started and fed by src/audit/ledger-verifier.ts; one job at a time.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../logger';
import { createRedis, type RedisTarget } from '../redis/connection';
import { walkPages } from './audit-chain';
import { ledgerPages } from './audit-ledger';
import type { WalkJob, WalkReply, WorkerLogLine } from './ledger-verifier';
import { walkPace } from './walk-pacing';

const port = parentPort;
if (!port) throw new Error('verify-worker runs as a worker thread (src/audit/ledger-verifier.ts)');

/**
 * On Linux each thread has its own nice value, and `setpriority` given a thread id sets that
 * thread's only: the walk runs at nice 19, so when cores are scarce the scheduler gives the API's
 * threads the CPU first and the walk takes what is left (on 2 cores, pacing alone still moved
 * another tenant's p99). Elsewhere, or where it is refused, the pacing below is the only bound.
 */
function yieldToTheApi(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 19);
  } catch {
    // Not Linux (no /proc/thread-self), or the priority may not be changed here.
  }
}
yieldToTheApi();

// The thread's log lines go to the process's logger (src/audit/ledger-verifier.ts), so an outage
// of this connection is logged like every other connection's, not printed by ioredis to stderr.
const data = workerData as { redis: RedisTarget; logLevel: string };
const log = createLogger(data.logLevel, { write: (line: string) => port.postMessage({ log: line } satisfies WorkerLogLine) });

// A plain connection: the worker only reads (XRANGE), so no scripts are registered on it.
const redis = createRedis(data.redis, { name: 'cw-audit-verify', scripts: false, log });

port.on('message', (job: WalkJob | 'close') => {
  if (job === 'close') {
    void redis.quit().catch(() => redis.disconnect()).finally(() => port.close());
    return;
  }
  walkPages(ledgerPages(redis, job.ledgerKey, job.pageSize), job.position, walkPace(job.eventsPerSecond)).then(
    (walk) => port.postMessage({ id: job.id, walk } satisfies WalkReply),
    (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies WalkReply),
  );
});
