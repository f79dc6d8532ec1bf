/**
 * Tenants in Redis: the tenant document (JSON in `cw:{t:ID}:tenant`), the routes from a channel
 * number to its tenant, and API clients (`cw:{t:ID}:clients`, secrets as scrypt hashes only).
 * Reads are cached for a few seconds: stages read the tenant on every message.
 */
import { hashSecret, newSecret } from '../auth/secret-hash';
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { allScopes, type TenantDocument } from './tenant-document';
import { randomBytes } from 'node:crypto';

export interface ClientRecord {
  client_id: string;
  tenant_id: string;
  secret_hash: string;
  scopes: string[];
  created_at: number;
}

export interface IssuedCredentials {
  tenant_id: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
}

const cacheMs = 5000;

export class TenantStore {
  private readonly cache = new Map<string, { doc: TenantDocument; at: number }>();
  private readonly routes = new Map<string, { tenantId: string | null; at: number }>();

  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  /** Creates or replaces a tenant and routes its channel numbers to it. */
  async put(doc: TenantDocument, now: number): Promise<void> {
    const wa = doc.channels.whatsapp;
    const owner = await this.redis.hget(this.keys.whatsappRoutes(), wa.phone_number_id);
    if (owner && owner !== doc.tenant_id) {
      throw new AppError('conflict', `WhatsApp number ${wa.phone_number_id} already belongs to another tenant`);
    }
    await this.redis.hset(this.keys.tenant(doc.tenant_id), 'doc', JSON.stringify(doc), 'updated_at', String(now));
    await this.redis.sadd(this.keys.tenantSet(), doc.tenant_id);
    await this.redis.hset(this.keys.whatsappRoutes(), wa.phone_number_id, doc.tenant_id);
    if (wa.verify_token) await this.redis.hset(this.keys.whatsappVerifyTokens(), sha256Hex(wa.verify_token), doc.tenant_id);
    this.cache.delete(doc.tenant_id);
    this.routes.delete(wa.phone_number_id);
  }

  async get(tenantId: string): Promise<TenantDocument> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < cacheMs) return hit.doc;
    const raw = await this.redis.hget(this.keys.tenant(tenantId), 'doc');
    if (!raw) throw new AppError('tenant_not_found', `tenant ${tenantId} is not configured`);
    const doc = JSON.parse(raw) as TenantDocument;
    this.cache.set(tenantId, { doc, at: Date.now() });
    return doc;
  }

  async list(): Promise<string[]> {
    return (await this.redis.smembers(this.keys.tenantSet())).sort();
  }

  /** Which tenant owns a receiving number; cached like tenant documents (every webhook asks). */
  async tenantForWhatsAppNumber(phoneNumberId: string): Promise<string | null> {
    const hit = this.routes.get(phoneNumberId);
    if (hit && Date.now() - hit.at < cacheMs) return hit.tenantId;
    const tenantId = await this.redis.hget(this.keys.whatsappRoutes(), phoneNumberId);
    this.routes.set(phoneNumberId, { tenantId, at: Date.now() });
    return tenantId;
  }

  async tenantForVerifyToken(token: string): Promise<string | null> {
    return this.redis.hget(this.keys.whatsappVerifyTokens(), sha256Hex(token));
  }

  /** Creates an API client; the secret is returned once and stored only as a slow hash. */
  async createClient(tenantId: string, scopes: readonly string[] = allScopes, now: number): Promise<IssuedCredentials> {
    const clientId = `cli_${randomBytes(12).toString('hex')}`;
    const clientSecret = newSecret('cs_');
    const record: ClientRecord = { client_id: clientId, tenant_id: tenantId, secret_hash: await hashSecret(clientSecret), scopes: [...scopes], created_at: now };
    await this.redis.hset(this.keys.clients(tenantId), clientId, JSON.stringify(record));
    await this.redis.hset(this.keys.clientIndex(), clientId, tenantId);
    return { tenant_id: tenantId, client_id: clientId, client_secret: clientSecret, scopes: [...scopes] };
  }

  async client(clientId: string): Promise<ClientRecord | null> {
    const tenantId = await this.redis.hget(this.keys.clientIndex(), clientId);
    if (!tenantId) return null;
    const raw = await this.redis.hget(this.keys.clients(tenantId), clientId);
    return raw ? (JSON.parse(raw) as ClientRecord) : null;
  }
}
