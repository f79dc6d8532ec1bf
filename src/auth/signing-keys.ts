/**
 * RS256 signing keys, shared by every API process through Redis (`cw:{g}:signing-keys`, one
 * field per key id, JSON). Rotation never breaks a token:
 *
 *  - `rotate()` adds the next key with `activate_at` = now + the publish lead time. It is in the
 *    JWKS at once, so verifiers that cache the JWKS know it before the first token it signs.
 *  - The key that signs is the newest whose `activate_at` has passed.
 *  - A key stays published until its successor has been signing longer than the longest token
 *    lifetime (plus a minute for clock skew); then it leaves the JWKS and is deleted.
 *
 * Private keys are stored encrypted with AES-256-GCM under SIGNING_KEY_ENCRYPTION_KEY (required
 * in production; see docs/security.md). Each process re-reads the key set every 30 s, so a
 * rotation made anywhere reaches every process long before the new key signs.
 */
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

interface StoredKey {
  kid: string;
  created_at: number;
  /** When the key starts signing (ms). */
  activate_at: number;
  public_jwk: JsonWebKey;
  /** base64(iv | tag | ciphertext) of the private JWK, when an encryption key is configured. */
  private_enc?: string;
  /** The private JWK in clear: only without an encryption key (development). */
  private_jwk?: JsonWebKey;
}

export interface SigningKeyOptions {
  /** 32-byte AES key for private keys at rest; null stores them in clear (development only). */
  encryptionKey: Buffer | null;
  /** How long a new key is published before it signs (ms). */
  publishLeadMs: number;
  /** The longest lifetime of any token we sign (ms). */
  maxTokenTtlMs: number;
}

export interface KeyInfo {
  kid: string;
  created_at: number;
  activate_at: number;
  /** When it leaves the JWKS, once a successor signs; null while it is the newest. */
  retire_at: number | null;
  state: 'next' | 'signing' | 'published' | 'retired';
}

const refreshMs = 30_000;
const skewMs = 60_000;

export class SigningKeys {
  private cache: { at: number; keys: StoredKey[] } | null = null;
  private readonly privateKeys = new Map<string, KeyObject>();
  private readonly publicKeys = new Map<string, KeyObject>();
  private lastMissReload = 0;

  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly options: SigningKeyOptions) {}

  /** Makes sure a signing key exists; the first process to start creates it. */
  async ensure(now: number): Promise<void> {
    if ((await this.load(true)).length > 0) return;
    const key = this.generate(now, now);
    // One creator wins the race; the others adopt its key.
    if (await this.redis.hsetnx(this.keys.signingKeys(), 'first', key.kid)) {
      await this.redis.hset(this.keys.signingKeys(), key.kid, JSON.stringify(key));
    }
    await this.load(true);
  }

  /** Publishes the next key; it signs from `activate_at`. Retired keys are deleted. */
  async rotate(now: number): Promise<KeyInfo> {
    if ((await this.load(true)).length === 0) {
      // Nothing signs yet: the first key signs at once.
      await this.ensure(now);
      return (await this.list(now))[0]!;
    }
    const key = this.generate(now, now + this.options.publishLeadMs);
    await this.redis.hset(this.keys.signingKeys(), key.kid, JSON.stringify(key));
    await this.prune(now);
    return (await this.list(now)).find((k) => k.kid === key.kid)!;
  }

  /** Every stored key with its state at `now`. */
  async list(now: number): Promise<KeyInfo[]> {
    const all = await this.load(true);
    return all.map((k, i) => {
      const successor = all[i + 1];
      const retireAt = successor ? successor.activate_at + this.options.maxTokenTtlMs + skewMs : null;
      const signing = this.current(all, now)?.kid === k.kid;
      const state = k.activate_at > now ? 'next' : signing ? 'signing' : retireAt !== null && now >= retireAt ? 'retired' : 'published';
      return { kid: k.kid, created_at: k.created_at, activate_at: k.activate_at, retire_at: retireAt, state };
    });
  }

  async signingKey(now: number): Promise<{ kid: string; key: KeyObject }> {
    const key = this.current(await this.load(), now);
    if (!key) throw new Error('no signing key is active: the API process must call ensure() at start');
    let privateKey = this.privateKeys.get(key.kid);
    if (!privateKey) {
      privateKey = createPrivateKey({ key: this.decrypt(key), format: 'jwk' });
      this.privateKeys.set(key.kid, privateKey);
    }
    return { kid: key.kid, key: privateKey };
  }

  /** The public key of a published `kid`, or null. An unknown kid reloads at most once a second. */
  async publicKey(kid: string, now = Date.now()): Promise<KeyObject | null> {
    const cached = this.publicKeys.get(kid);
    if (cached && this.isPublished(await this.load(), kid, now)) return cached;
    let all = await this.load();
    if (!all.some((k) => k.kid === kid) && Date.now() - this.lastMissReload > 1000) {
      this.lastMissReload = Date.now();
      all = await this.load(true);
    }
    if (!this.isPublished(all, kid, now)) return null;
    const stored = all.find((k) => k.kid === kid)!;
    const key = createPublicKey({ key: stored.public_jwk, format: 'jwk' });
    this.publicKeys.set(kid, key);
    return key;
  }

  /** The JSON Web Key Set: every key not retired (the next key included), read fresh (clients cache it). */
  async jwks(now: number): Promise<{ keys: JsonWebKey[] }> {
    const all = await this.load(true);
    return {
      keys: all.filter((k) => this.isPublished(all, k.kid, now)).map((k) => ({ ...k.public_jwk, kid: k.kid, alg: 'RS256', use: 'sig' })),
    };
  }

  private current(all: StoredKey[], now: number): StoredKey | undefined {
    return [...all].reverse().find((k) => k.activate_at <= now);
  }

  private isPublished(all: StoredKey[], kid: string, now: number): boolean {
    const i = all.findIndex((k) => k.kid === kid);
    if (i < 0) return false;
    const successor = all[i + 1];
    return !successor || now < successor.activate_at + this.options.maxTokenTtlMs + skewMs;
  }

  private async prune(now: number): Promise<void> {
    const all = await this.load(true);
    const retired = all.filter((k) => !this.isPublished(all, k.kid, now)).map((k) => k.kid);
    if (retired.length > 0) await this.redis.hdel(this.keys.signingKeys(), ...retired);
    await this.load(true);
  }

  private async load(force = false): Promise<StoredKey[]> {
    if (!force && this.cache && Date.now() - this.cache.at < refreshMs) return this.cache.keys;
    const raw = await this.redis.hgetall(this.keys.signingKeys());
    const keys = Object.entries(raw)
      .filter(([field]) => field.startsWith('k-'))
      .map(([, value]) => JSON.parse(value) as StoredKey)
      .map((k) => ({ ...k, activate_at: k.activate_at ?? k.created_at }))
      .sort((a, b) => a.activate_at - b.activate_at || a.kid.localeCompare(b.kid));
    this.cache = { at: Date.now(), keys };
    return keys;
  }

  private generate(now: number, activateAt: number): StoredKey {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = `k-${new Date(now).toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
    const privateJwk = privateKey.export({ format: 'jwk' });
    const stored: StoredKey = { kid, created_at: now, activate_at: activateAt, public_jwk: publicKey.export({ format: 'jwk' }) };
    if (this.options.encryptionKey) stored.private_enc = this.encrypt(privateJwk, kid);
    else stored.private_jwk = privateJwk;
    return stored;
  }

  private encrypt(jwk: JsonWebKey, kid: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.options.encryptionKey!, iv);
    cipher.setAAD(Buffer.from(kid)); // binds the ciphertext to its key id
    const body = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  private decrypt(key: StoredKey): JsonWebKey {
    if (key.private_jwk) return key.private_jwk;
    if (!key.private_enc || !this.options.encryptionKey) throw new Error(`signing key ${key.kid} is encrypted and SIGNING_KEY_ENCRYPTION_KEY is not set`);
    const raw = Buffer.from(key.private_enc, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.options.encryptionKey, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(key.kid));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as JsonWebKey;
  }
}
