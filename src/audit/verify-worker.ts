/**
 * The verification worker: walks a tenant's ledger on a thread of its own, with its own Redis
 * connection and, when the archive is PostgreSQL, its own pool on it (`application_name`
 * `cw-audit-verify`), so that reading and hashing a long ledger (about a second per 100,000
 * events), archive included, never holds the API's event loop: another tenant's reads do not wait
 * behind it (`npm run bench:audit-verify`). With the embedded PGlite the archive's pages are asked
 * of the API's thread, where that database lives (src/audit/ledger-verifier.ts). Started and fed
 * by src/audit/ledger-verifier.ts; its walks interleave, each at its own pace.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ArchiveStore, type ArchivedEvent } from '../archive/archive-store';
import type { Database } from '../archive/database';
import { createLogger, type Logger } from '../logger';
import { createRedis } from '../redis/connection';
import { Keys } from '../redis/keys';
import { walkPages } from './audit-chain';
import { AuditLedger, ledgerPages } from './audit-ledger';
import type { ArchiveRead, ArchiveRows, VerifyWorkerData, WalkJob, WalkReply, WorkerLogLine } from './ledger-verifier';
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
const data = workerData as VerifyWorkerData;
const log = createLogger(data.logLevel, { write: (line: string) => port.postMessage({ log: line } satisfies WorkerLogLine) });

// A plain connection: the worker only reads (XRANGE, HGET), so no scripts are registered on it.
const redis = createRedis(data.redis, { name: 'cw-audit-verify', scripts: false, log });

/**
 * The embedded archive, read through the API's thread: only `eventsAfter`, the one read a walk
 * makes of it; anything else would open a second, empty database here, so it is refused.
 */
class ArchiveThroughParent extends ArchiveStore {
  private nextRead = 1;
  private readonly reads = new Map<number, { resolve: (rows: ArchivedEvent[]) => void; reject: (err: Error) => void }>();

  constructor(logger: Logger) {
    super({ databaseUrl: null, embeddedDir: null, log: logger });
  }

  override db(): Promise<Database> {
    return Promise.reject(new Error('the embedded archive is read through the API thread (eventsAfter only)'));
  }

  override eventsAfter(tenantId: string, afterN: number, max: number): Promise<ArchivedEvent[]> {
    const id = this.nextRead++;
    return new Promise((resolve, reject) => {
      this.reads.set(id, { resolve, reject });
      port!.postMessage({ archiveRead: id, tenantId, afterN, max } satisfies ArchiveRead);
    });
  }

  answered(reply: ArchiveRows): void {
    const waiting = this.reads.get(reply.archiveRows);
    if (!waiting) return;
    this.reads.delete(reply.archiveRows);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.rows);
  }
}

const throughParent = data.archive === 'parent' ? new ArchiveThroughParent(log) : null;
const archive = data.archive === null ? null : throughParent
  ?? new ArchiveStore({ databaseUrl: data.archive === 'parent' ? null : data.archive.postgres, embeddedDir: null, log, applicationName: 'cw-audit-verify', maxConnections: 1 });
const ledger = data.partitions > 0 ? new AuditLedger(redis, new Keys(data.keyPrefix, data.partitions), data.partitions, log, archive) : null;

function walk(job: WalkJob) {
  const pace = walkPace(job.eventsPerSecond);
  if ('ledgerKey' in job) return walkPages(ledgerPages(redis, job.ledgerKey, job.pageSize), job.position, pace);
  if (!ledger) throw new Error('the worker was started without the key prefix and partitions a tenant walk needs');
  return walkPages(ledger.pages(job.tenantId, job.pageSize, job.afterN), job.position, pace, job.start);
}

port.on('message', (message: WalkJob | ArchiveRows | 'close') => {
  if (message === 'close') {
    void Promise.allSettled([redis.quit().catch(() => redis.disconnect()), archive?.close()]).finally(() => port.close());
    return;
  }
  if ('archiveRows' in message) {
    throughParent?.answered(message);
    return;
  }
  const job = message;
  Promise.resolve().then(() => walk(job)).then(
    (result) => port.postMessage({ id: job.id, walk: result } satisfies WalkReply),
    (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies WalkReply),
  );
});
