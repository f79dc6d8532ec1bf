/**
 * Runs ledger walks on a worker thread (src/audit/verify-worker.ts), started on the first
 * verification and kept for the next: the API's event loop only waits for the answer. The worker
 * file is the compiled `.js` under dist/; under tsx (npm start, the tests) it is the `.ts` source,
 * loaded through tsx's require hook, which a worker does not inherit from its parent.
 */
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { RedisTarget } from '../redis/connection';
import type { LedgerWalk } from './audit-chain';

export interface WalkJob {
  id: number;
  ledgerKey: string;
  pageSize: number;
  /** The walk's pace (src/audit/walk-pacing.ts). */
  eventsPerSecond: number;
  position: number | null;
}

export type WalkReply = { id: number; walk: LedgerWalk } | { id: number; error: string };

/** A log line of the worker's (pino JSON), which this side writes to the process's logger. */
export type WorkerLogLine = { log: string };

const levelNames: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

export class LedgerVerifier {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (w: LedgerWalk) => void; reject: (e: Error) => void }>();

  constructor(private readonly redis: RedisTarget, private readonly log: Logger) {}

  /** Walks the ledger stream `ledgerKey` at `pace`; `position` is a checkpoint's, or null. */
  walk(ledgerKey: string, position: number | null, pace: { pageSize: number; eventsPerSecond: number }): Promise<LedgerWalk> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<LedgerWalk>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ledgerKey, pageSize: pace.pageSize, eventsPerSecond: pace.eventsPerSecond, position } satisfies WalkJob);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    // The worker ends once its connection has quit; a stuck one is stopped.
    const timer = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // Only where Redis is: the worker makes its own connection (a cluster client, or one server).
    const workerData = { redis: { redisUrl: this.redis.redisUrl, redisClusterNodes: this.redis.redisClusterNodes }, logLevel: this.log.level };
    const file = join(__dirname, `verify-worker${extname(__filename)}`);
    const worker = extname(file) === '.ts'
      ? new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(file)});`, { eval: true, workerData })
      : new Worker(file, { workerData });
    worker.on('message', (reply: WalkReply | WorkerLogLine) => {
      if ('log' in reply) {
        this.relay(reply.log);
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
