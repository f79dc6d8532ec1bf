/**
 * Random ids for the fakes (message ids, SIDs, conversation ids), cut from a pool of CSPRNG bytes
 * refilled 4 KB at a time. A `randomBytes` call costs about 20 times a slice of the pool, and the
 * load generator of `bench:claim-status` takes three to four ids a workflow: a cost no provider
 * puts on our service, so the fakes keep it out of the figures. The service cuts its
 * workflow ids the same way (src/redis/keys.ts).
 */
import { randomBytes } from 'node:crypto';

const pool = { bytes: Buffer.alloc(0), at: 0 };

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  if (pool.at + bytes > pool.bytes.length) {
    pool.bytes = randomBytes(Math.max(4096, bytes));
    pool.at = 0;
  }
  const hex = pool.bytes.toString('hex', pool.at, pool.at + bytes);
  pool.at += bytes;
  return hex;
}
