/**
 * Which deployment a Redis belongs to. `npm start` marks the Redis it uses (under its KEY_PREFIX)
 * with its deployment id, kept in `.data/deployment-id`, and the token issuer it runs with; at
 * the next start it refuses a Redis that holds another deployment's data, so two demos on one
 * Redis cannot break each other (each would remove the other's demo user and clients). The
 * operator CLI reads the recorded issuer, so a checkpoint the service signed verifies whatever
 * port the CLI's own settings name.
 */
import type { Keys } from '../redis/keys';
import { masterNodes, type Redis } from '../redis/connection';

export interface DeploymentRecord {
  /** The deployment's id (`.data/deployment-id` of the checkout that runs `npm start`). */
  id: string;
  /** The token issuer the deployment signs with (JWT_ISSUER, else PUBLIC_URL, else http://127.0.0.1:PORT). */
  issuer: string;
  /** When it first marked this Redis (ms). */
  since: number;
}

/** What `claimRedis` decided: use it (`marked` now, already `ours`, or `shared` on request), or refuse with the reason. */
export type RedisClaim =
  | { use: true; how: 'marked' | 'ours' | 'shared'; other: DeploymentRecord | null }
  | { use: false; reason: string };

export async function readDeployment(redis: Redis, keys: Keys): Promise<DeploymentRecord | null> {
  const fields = await redis.hgetall(keys.deployment());
  if (!fields.id) return null;
  return { id: fields.id, issuer: fields.issuer ?? '', since: Number(fields.since ?? 0) };
}

/** Whether any key under `prefix:` exists (one SCAN pass, stopped at the first key found). */
export async function holdsKeys(redis: Redis, prefix: string): Promise<boolean> {
  for (const node of masterNodes(redis)) {
    let cursor = '0';
    do {
      const [next, found] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (found.length > 0) return true;
      cursor = next;
    } while (cursor !== '0');
  }
  return false;
}

/**
 * Decides whether deployment `id` may use this Redis, and marks it when it may.
 * - Marked with `id`: ours (the issuer is brought up to date).
 * - Marked with another id, or unmarked but holding keys under the prefix: another deployment's
 *   data, refused unless `share` (the mark is then left as it is). `ownsData` (a private Redis
 *   whose data directory belongs to this checkout) marks it as this deployment's whatever it
 *   holds: its keys were written by earlier starts from the same data directory.
 * - Empty: marked with `id` (HSETNX, so of two starts at once one wins and the other refuses).
 */
export async function claimRedis(redis: Redis, keys: Keys, o: { id: string; issuer: string; now: number; share: boolean; ownsData: boolean }): Promise<RedisClaim> {
  const mark = async () => {
    if (await redis.hsetnx(keys.deployment(), 'id', o.id) === 0) return false;
    await redis.hset(keys.deployment(), 'issuer', o.issuer, 'since', String(o.now));
    return true;
  };
  let record = await readDeployment(redis, keys);
  if (!record) {
    const unmarkedData = await holdsKeys(redis, keys.prefix);
    if (!unmarkedData || o.ownsData) {
      if (await mark()) return { use: true, how: 'marked', other: null };
      record = await readDeployment(redis, keys);
    } else if (o.share) {
      return { use: true, how: 'shared', other: null };
    } else {
      return { use: false, reason: `it holds keys under "${keys.prefix}:" written by a deployment that did not mark it` };
    }
  }
  if (record && record.id !== o.id && o.ownsData) {
    // The private Redis of this checkout's data directory is this deployment's whatever its mark says
    // (a deployment id file removed, or a data directory copied): it takes the mark over.
    await redis.hset(keys.deployment(), 'id', o.id, 'issuer', o.issuer, 'since', String(o.now));
    return { use: true, how: 'marked', other: record };
  }
  if (record && record.id === o.id) {
    if (record.issuer !== o.issuer) await redis.hset(keys.deployment(), 'issuer', o.issuer);
    return { use: true, how: 'ours', other: null };
  }
  if (o.share) return { use: true, how: 'shared', other: record };
  return { use: false, reason: `it holds the data of another deployment (id ${record?.id ?? '?'}, there since ${record ? new Date(record.since).toISOString() : '?'})` };
}
