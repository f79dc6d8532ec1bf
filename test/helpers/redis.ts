/**
 * Redis for tests. Most tests share the machine's Redis (each with its own key prefix); tests
 * that kill or restart Redis start a private `redis-server` on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { masterNodes, type Redis as AnyRedis } from '../../src/redis/connection';
import { waitFor } from './wait';

/** The shared test Redis: TEST_REDIS_URL, else the machine's default. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * A port free on loopback now, for a server the caller starts next. Picked below Linux's ephemeral
 * range (32768-60999 by default): a port the kernel hands out for listen(0) is one it also hands to
 * outgoing connections (every Redis client and fetch of the parallel test files), and one of those
 * took such a port between this check and the caller's listen (EADDRINUSE in a CI run).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt >= 50) throw new Error('no free port found between 20000 and 32000 in 50 tries');
  }
}

export interface PrivateRedis {
  url: string;
  port: number;
  dir: string;
  /** Stops the server (SHUTDOWN, or SIGKILL when `hard`). */
  stop(hard?: boolean): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(options: { appendonly?: boolean } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cw-redis-'));
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
      '--appendonly', options.appendonly ? 'yes' : 'no', '--appendfsync', 'always'], { stdio: 'ignore' });
    await waitFor(async () => {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // Refused until the server listens: expected, and the rejected connect() reports it.
      probe.on('error', () => undefined);
      try { await probe.connect(); return (await probe.ping()) === 'PONG'; } catch { return false; } finally { probe.disconnect(); }
    }, { timeoutMs: 10000, what: `redis-server on port ${port}` });
  };
  const stop = async (hard = false) => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  await start();
  return { url, port, dir, start, stop, async close() { await stop(true); rmSync(dir, { recursive: true, force: true }); } };
}

/** Deletes every key under `prefix:`, on each master of a cluster (one key per DEL: a DEL of several keys must stay in one slot there). */
export async function deleteKeys(redis: AnyRedis, prefix: string): Promise<void> {
  await Promise.all(masterNodes(redis).map(async (node) => {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      await Promise.all(keys.map((key) => node.del(key)));
      cursor = next;
    } while (cursor !== '0');
  }));
}
