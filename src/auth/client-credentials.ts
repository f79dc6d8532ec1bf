/**
 * API clients (client_credentials) of a tenant: `cw:{t:ID}:clients`, one field per client id,
 * with its scopes and its secrets, each stored only as a scrypt hash. A client may hold two
 * secrets during a rotation's overlap window: both work until the old one's `expires_at`.
 *
 * Verifying a secret costs one scrypt (tens of milliseconds, on purpose). A process remembers a
 * secret it has verified, under an HMAC with a key that lives only in its memory, for as long as
 * that secret stays valid in Redis, so a busy client does not pay the scrypt on every token.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../errors';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { HashWork } from './hash-work';
import { hashSecret, newSecret, verifySecret } from './secret-hash';

export interface ClientSecret {
  hash: string;
  created_at: number;
  /** End of the overlap window after a rotation; null while it is the current secret. */
  expires_at: number | null;
}

export interface ClientRecord {
  client_id: string;
  tenant_id: string;
  scopes: string[];
  created_at: number;
  secrets: ClientSecret[];
}

/** How a secret check is made: for whom (`source`), and what to do before it must hash. */
export interface ClientCheck {
  source?: string;
  beforeHash?: () => Promise<void>;
}

export interface IssuedCredentials {
  tenant_id: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
}

/** Secrets older than this should be rotated (spec: every 90 days). */
export const secretMaxAgeMs = 90 * 24 * 3600 * 1000;

const live = (s: ClientSecret, now: number) => s.expires_at === null || s.expires_at > now;

export class ClientCredentials {
  /** HMAC(pepper, client_id, secret) → the hash of the stored secret it matched. */
  private readonly verified = new Map<string, string>();
  private readonly pepper = randomBytes(32);
  private readonly tenantOf = new Map<string, string>();

  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly hashWork = new HashWork()) {}

  /** Creates a client; the secret is returned once and stored only as a slow hash. */
  async create(tenantId: string, scopes: readonly string[], now: number): Promise<IssuedCredentials> {
    const clientId = `cli_${randomBytes(12).toString('hex')}`;
    const secret = newSecret('cs_');
    const record: ClientRecord = { client_id: clientId, tenant_id: tenantId, scopes: [...scopes], created_at: now, secrets: [{ hash: await hashSecret(secret), created_at: now, expires_at: null }] };
    await this.save(record);
    await this.redis.hset(this.keys.clientIndex(), clientId, tenantId);
    return { tenant_id: tenantId, client_id: clientId, client_secret: secret, scopes: [...scopes] };
  }

  async get(clientId: string): Promise<ClientRecord | null> {
    // A client never changes tenant, so its index entry is remembered; a deleted client is still
    // caught below, where its record is read every time.
    let tenantId = this.tenantOf.get(clientId) ?? null;
    if (!tenantId) {
      tenantId = await this.redis.hget(this.keys.clientIndex(), clientId);
      if (!tenantId) return null;
      if (this.tenantOf.size > 100_000) this.tenantOf.clear();
      this.tenantOf.set(clientId, tenantId);
    }
    const raw = await this.redis.hget(this.keys.clients(tenantId), clientId);
    return raw ? (JSON.parse(raw) as ClientRecord) : null;
  }

  async list(tenantId: string): Promise<ClientRecord[]> {
    return Object.values(await this.redis.hgetall(this.keys.clients(tenantId))).map((raw) => JSON.parse(raw) as ClientRecord);
  }

  /**
   * The client when `secret` is one of its live secrets, else null. A secret verified before
   * costs no hash; anything else costs one scrypt (unknown client or not), run in `HashWork`
   * under `source`, the caller's address, which may refuse it with 429 or 503. `beforeHash` runs
   * first, only when a hash is needed (the caller counts the attempt there, and may refuse it).
   */
  async authenticate(clientId: string, secret: string, now: number, options: ClientCheck = {}): Promise<ClientRecord | null> {
    const record = await this.get(clientId);
    const secrets = record?.secrets.filter((s) => live(s, now)) ?? [];
    const memo = createHmac('sha256', this.pepper).update(clientId).update('\0').update(secret).digest('base64');
    const remembered = this.verified.get(memo);
    if (remembered && secrets.some((s) => s.hash === remembered)) return record;
    await options.beforeHash?.();
    const matched = await this.hashWork.run(options.source ?? 'internal', async () => {
      for (const candidate of secrets.length > 0 ? secrets : [{ hash: unknownClientHash }]) {
        if (await verifySecret(secret, candidate.hash)) return candidate.hash;
      }
      return null;
    });
    if (matched === null) return null;
    if (this.verified.size > 10_000) this.verified.clear();
    this.verified.set(memo, matched);
    return record;
  }

  /**
   * A new secret for the client. The current ones keep working for `overlapMs` (0: they stop at
   * once, for a leaked secret). Returns the new secret, shown once.
   */
  async rotate(clientId: string, overlapMs: number, now: number): Promise<{ client_secret: string; old_secrets_expire_at: number }> {
    const record = await this.get(clientId);
    if (!record) throw new AppError('not_found', `no client ${clientId}`);
    const secret = newSecret('cs_');
    const until = now + overlapMs;
    const kept = record.secrets
      .map((s) => ({ ...s, expires_at: s.expires_at === null ? until : Math.min(s.expires_at, until) }))
      .filter((s) => live(s, now));
    record.secrets = [{ hash: await hashSecret(secret), created_at: now, expires_at: null }, ...kept];
    await this.save(record);
    return { client_secret: secret, old_secrets_expire_at: until };
  }

  /** Removes the client: its tokens are refused from the next request on (RevocationStore). */
  async remove(clientId: string): Promise<boolean> {
    const tenantId = await this.redis.hget(this.keys.clientIndex(), clientId);
    if (!tenantId) return false;
    await this.redis.hdel(this.keys.clients(tenantId), clientId);
    await this.redis.hdel(this.keys.clientIndex(), clientId);
    return true;
  }

  /** Age (ms) of the client's current secret. */
  static secretAge(record: ClientRecord, now: number): number {
    const current = record.secrets.find((s) => s.expires_at === null) ?? record.secrets[0];
    return current ? now - current.created_at : 0;
  }

  private async save(record: ClientRecord): Promise<void> {
    await this.redis.hset(this.keys.clients(record.tenant_id), record.client_id, JSON.stringify(record));
  }
}

/** A valid hash of a random value, so unknown client ids cost the same time as wrong secrets. */
const unknownClientHash = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
