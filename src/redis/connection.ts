/**
 * Redis connections. Writers share one connection with the scripts registered; every blocking
 * reader gets its own (`maxRetriesPerRequest: null`, so a blocked XREADGROUP is never failed by
 * the retry limit). Auto-pipelining stays off where stages hand off (it halved EVALSHA throughput,
 * ARCHITECTURE.md); a process that only serves the API turns it on: its many small concurrent
 * reads then share socket writes (docs/benchmarks.md).
 */
import { Redis } from 'ioredis';
import { registerScripts } from './scripts';

export type { Redis };

export function createRedis(url: string, options: { blocking?: boolean; name?: string; autoPipelining?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    connectionName: options.name,
    maxRetriesPerRequest: options.blocking ? null : 20,
    enableAutoPipelining: options.autoPipelining ?? false,
    lazyConnect: false,
  });
  registerScripts(redis);
  return redis;
}

/** Resolves when the connection is ready, or rejects after `timeoutMs`. */
export async function waitReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms (status ${redis.status})`));
    }, timeoutMs);
    const onReady = () => { cleanup(); resolve(); };
    const cleanup = () => { clearTimeout(timer); redis.off('ready', onReady); };
    redis.on('ready', onReady);
  });
}
