/**
 * Runs ledger walks on a worker thread (src/audit/verify-worker.ts), started on the first
 * verification and kept for the next: the API's event loop only waits for the answer. The worker
 * reads Redis on its own connection and, with PostgreSQL, the archive on its own pool; the
 * embedded PGlite is one in-process database that a second handle cannot open, so there the
 * worker asks this side for each archive page (one indexed query of at most a page) and does the
 * rest, parsing and hashing, itself (docs/audit-ledger.md). The worker file is the compiled `.js`
 * under dist/; under tsx (npm start, the tests) it is the `.ts` source, loaded through tsx's
 * require hook, which a worker does not inherit from its parent.
 */
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ArchivedEvent, ArchiveStore } from '../archive/archive-store';
import type { Logger } from '../logger';
import type { RedisTarget } from '../redis/connection';
import type { LedgerWalk } from './audit-chain';

/** Where a walk starts when the ledger's oldest events were truncated (a verified truncation checkpoint's position and hash). */
export type WalkStart = { count: number; hash: string } | null;

interface WalkCommon {
  pageSize: number;
  /** The walk's pace (src/audit/walk-pacing.ts). */
  eventsPerSecond: number;
  position: number | null;
}

/** A walk of one ledger stream in Redis, or of a tenant's whole ledger, archive then Redis (src/audit/audit-ledger.ts `pages`). */
type WalkOf = WalkCommon & ({ ledgerKey: string } | { tenantId: string; afterN: number; start: WalkStart });
export type WalkJob = WalkOf & { id: number };

export type WalkReply = { id: number; walk: LedgerWalk } | { id: number; error: string };

/** A log line of the worker's (pino JSON), which this side writes to the process's logger. */
export type WorkerLogLine = { log: string };

/** The worker asks for a page of archived events (PGlite only: src/archive/archive-store.ts `eventsAfter`). */
export type ArchiveRead = { archiveRead: number; tenantId: string; afterN: number; max: number };
export type ArchiveRows = { archiveRows: number; rows: ArchivedEvent[] } | { archiveRows: number; error: string };

/** What the worker needs to walk a tenant's ledger as this process does. */
export interface VerifierTarget extends RedisTarget {
  keyPrefix?: string;
  partitions?: number;
  /** The archive's PostgreSQL (the worker opens its own pool); null: the embedded PGlite, read through this side. */
  databaseUrl?: string | null;
}

/** The data a worker starts with. */
export interface VerifyWorkerData {
  redis: RedisTarget;
  logLevel: string;
  keyPrefix: string;
  partitions: number;
  /** 'postgres': its own pool on this URL; 'parent': archive pages asked of this side; null: no archive. */
  archive: { postgres: string } | 'parent' | null;
}

const levelNames: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

type Pace = { pageSize: number; eventsPerSecond: number };

export class LedgerVerifier {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (w: LedgerWalk) => void; reject: (e: Error) => void }>();

  constructor(private readonly target: VerifierTarget, private readonly log: Logger, private readonly archive: ArchiveStore | null = null) {}

  /** Walks the ledger stream `ledgerKey` (Redis only) at `pace`; `position` is a checkpoint's, or null. */
  walk(ledgerKey: string, position: number | null, pace: Pace): Promise<LedgerWalk> {
    return this.run({ ledgerKey, position, ...pace });
  }

  /**
   * Walks a tenant's whole ledger, the archived part then Redis, after position `afterN` from
   * `start` (a truncation checkpoint the caller has verified, or null for the genesis).
   */
  walkTenant(tenantId: string, afterN: number, start: WalkStart, position: number | null, pace: Pace): Promise<LedgerWalk> {
    if (this.target.keyPrefix === undefined || this.target.partitions === undefined) throw new Error('a tenant walk needs the key prefix and partitions');
    return this.run({ tenantId, afterN, start, position, ...pace });
  }

  private run(job: WalkOf): Promise<LedgerWalk> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<LedgerWalk>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...job } satisfies WalkJob);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    // The worker ends once its connections have closed; a stuck one is stopped.
    const timer = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // Only where Redis and the archive are: the worker makes its own connections.
    const archive = !this.archive ? null : this.target.databaseUrl ? { postgres: this.target.databaseUrl } : 'parent' as const;
    const workerData: VerifyWorkerData = {
      redis: { redisUrl: this.target.redisUrl, redisClusterNodes: this.target.redisClusterNodes }, logLevel: this.log.level,
      keyPrefix: this.target.keyPrefix ?? '', partitions: this.target.partitions ?? 0, archive,
    };
    const file = join(__dirname, `verify-worker${extname(__filename)}`);
    const worker = extname(file) === '.ts'
      ? new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(file)});`, { eval: true, workerData })
      : new Worker(file, { workerData });
    worker.on('message', (reply: WalkReply | WorkerLogLine | ArchiveRead) => {
      if ('log' in reply) {
        this.relay(reply.log);
        return;
      }
      if ('archiveRead' in reply) {
        this.readArchive(worker, reply);
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(`audit verification failed: ${reply.error}`));
      else waiting.resolve(reply.walk);
    });
    worker.on('error', (err) => {
      this.log.error({ err }, 'audit verification worker failed; the next verification starts a new one');
      this.fail(worker, err);
    });
    worker.on('exit', (code) => this.fail(worker, new Error(`audit verification worker exited (code ${code})`)));
    // An idle worker must not keep a process alive that is otherwise done; a busy one does.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** One page of the embedded archive for the worker (PGlite runs in this thread only). */
  private readArchive(worker: Worker, read: ArchiveRead): void {
    this.archive!.eventsAfter(read.tenantId, read.afterN, read.max).then(
      (rows) => worker.postMessage({ archiveRows: read.archiveRead, rows } satisfies ArchiveRows),
      (err: unknown) => worker.postMessage({ archiveRows: read.archiveRead, error: err instanceof Error ? err.message : String(err) } satisfies ArchiveRows),
    );
  }

  /** Writes one of the worker's log lines to this process's logger, at its level, marked as the worker's. */
  private relay(line: string): void {
    try {
      const { level, msg, time: _time, pid: _pid, hostname: _hostname, ...fields } = JSON.parse(line) as Record<string, unknown>;
      const name = levelNames[Number(level)] ?? 'info';
      this.log[name]({ ...fields, thread: 'audit-verify' }, String(msg ?? ''));
    } catch {
      this.log.warn({ thread: 'audit-verify' }, 'audit verification worker wrote a log line that is not JSON');
    }
  }

  /** Rejects every walk waiting on `worker`; the next walk starts a new one. */
  private fail(worker: Worker, err: Error): void {
    if (this.worker === worker) this.worker = null;
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(err);
    }
  }
}
