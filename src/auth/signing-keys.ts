/**
 * RS256 signing keys, shared by every API process through Redis (`cw:{g}:signing-keys`):
 * field `active` names the signing key id; each other field is a key as JSON (private and public
 * JWK). The first process to start creates the key; the others adopt it (HSETNX).
 * Rotation and protection of the private key at rest are described in docs/security.md.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

interface StoredKey {
  kid: string;
  created_at: number;
  private_jwk: JsonWebKey;
  public_jwk: JsonWebKey;
}

export class SigningKeys {
  private readonly publicKeys = new Map<string, KeyObject>();
  private activeKey: { kid: string; key: KeyObject } | null = null;

  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  /** Makes sure a signing key exists, creating one if this is the first process. */
  async ensure(now: number): Promise<void> {
    const store = this.keys.signingKeys();
    if (!(await this.redis.hget(store, 'active'))) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const kid = `k-${new Date(now).toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
      const stored: StoredKey = { kid, created_at: now, private_jwk: privateKey.export({ format: 'jwk' }), public_jwk: publicKey.export({ format: 'jwk' }) };
      await this.redis.hsetnx(store, kid, JSON.stringify(stored));
      await this.redis.hsetnx(store, 'active', kid);
    }
  }

  async signingKey(): Promise<{ kid: string; key: KeyObject }> {
    if (this.activeKey) return this.activeKey;
    const store = this.keys.signingKeys();
    const kid = await this.redis.hget(store, 'active');
    const raw = kid ? await this.redis.hget(store, kid) : null;
    if (!kid || !raw) throw new Error('no active signing key: the API process must call ensure() at start');
    const stored = JSON.parse(raw) as StoredKey;
    this.activeKey = { kid, key: createPrivateKey({ key: stored.private_jwk, format: 'jwk' }) };
    return this.activeKey;
  }

  /** The public key of `kid`, or null when no such key is published. */
  async publicKey(kid: string): Promise<KeyObject | null> {
    const cached = this.publicKeys.get(kid);
    if (cached) return cached;
    if (kid === 'active') return null;
    const raw = await this.redis.hget(this.keys.signingKeys(), kid);
    if (!raw) return null;
    const key = createPublicKey({ key: (JSON.parse(raw) as StoredKey).public_jwk, format: 'jwk' });
    this.publicKeys.set(kid, key);
    return key;
  }

  /** The JSON Web Key Set: every published public key. */
  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    const all = await this.redis.hgetall(this.keys.signingKeys());
    const keys = Object.entries(all)
      .filter(([field]) => field !== 'active')
      .map(([, raw]) => JSON.parse(raw) as StoredKey)
      .map((k) => ({ ...k.public_jwk, kid: k.kid, alg: 'RS256', use: 'sig' }));
    return { keys };
  }
}
