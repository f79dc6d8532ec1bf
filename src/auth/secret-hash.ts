/**
 * Secrets we only ever compare (client secrets, later passwords) are stored as scrypt hashes:
 * `scrypt$N$r$p$<salt b64url>$<hash b64url>`. Comparison is constant-time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (secret: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(secret, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));

const defaults = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, keyLength, { ...defaults, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${defaults.N}$${defaults.r}$${defaults.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new random secret with a readable prefix (`cs_` client secret). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}
