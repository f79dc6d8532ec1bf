/**
 * Tenants in Redis: the tenant document (JSON in `cw:{t:ID}:tenant`), the routes from a channel
 * number to its tenant. API clients are in src/auth/client-credentials.ts.
 * Reads are cached for a few seconds: stages read the tenant on every message.
 */
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import type { TenantDocument } from './tenant-document';

const cacheMs = 5000;

export class TenantStore {
  private readonly cache = new Map<string, { doc: TenantDocument; at: number }>();
  private readonly routes = new Map<string, { tenantId: string | null; at: number }>();

  constructor(private readonly redis: Redis, private readonly keys: Keys) {}

  /** Creates or replaces a tenant and routes its channel numbers (WhatsApp, SMS or both) to it. */
  async put(doc: TenantDocument, now: number): Promise<void> {
    const wa = doc.channels.whatsapp;
    const smsNumbers = doc.channels.sms?.numbers ?? [];
    const owner = wa ? await this.redis.hget(this.keys.whatsappRoutes(), wa.phone_number_id) : null;
    if (owner && owner !== doc.tenant_id) {
      throw new AppError('conflict', `WhatsApp number ${wa!.phone_number_id} already belongs to another tenant`);
    }
    const smsOwners = smsNumbers.length > 0 ? await this.redis.hmget(this.keys.smsRoutes(), ...smsNumbers) : [];
    if (smsOwners.some((o) => o && o !== doc.tenant_id)) throw new AppError('conflict', 'an SMS number already belongs to another tenant');
    // Numbers the previous document had and this one drops stop routing to the tenant.
    const previousRaw = await this.redis.hget(this.keys.tenant(doc.tenant_id), 'doc');
    const previous = previousRaw ? (JSON.parse(previousRaw) as TenantDocument).channels : {};
    const droppedSms = (previous.sms?.numbers ?? []).filter((number) => !smsNumbers.includes(number));
    if (droppedSms.length > 0) await this.redis.hdel(this.keys.smsRoutes(), ...droppedSms);
    if (previous.whatsapp && previous.whatsapp.phone_number_id !== wa?.phone_number_id) await this.redis.hdel(this.keys.whatsappRoutes(), previous.whatsapp.phone_number_id);
    await this.redis.hset(this.keys.tenant(doc.tenant_id), 'doc', JSON.stringify(doc), 'updated_at', String(now));
    await this.redis.sadd(this.keys.tenantSet(), doc.tenant_id);
    if (wa) await this.redis.hset(this.keys.whatsappRoutes(), wa.phone_number_id, doc.tenant_id);
    if (wa?.verify_token) await this.redis.hset(this.keys.whatsappVerifyTokens(), sha256Hex(wa.verify_token), doc.tenant_id);
    for (const number of smsNumbers) await this.redis.hset(this.keys.smsRoutes(), number, doc.tenant_id);
    this.cache.delete(doc.tenant_id);
    if (wa) this.routes.delete(`whatsapp:${wa.phone_number_id}`);
    for (const number of [...smsNumbers, ...droppedSms]) this.routes.delete(`sms:${number}`);
    if (previous.whatsapp) this.routes.delete(`whatsapp:${previous.whatsapp.phone_number_id}`);
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
    return this.route('whatsapp', this.keys.whatsappRoutes(), phoneNumberId);
  }

  /** Which tenant owns an SMS receiving number (E.164). */
  async tenantForSmsNumber(number: string): Promise<string | null> {
    return this.route('sms', this.keys.smsRoutes(), number);
  }

  private async route(channel: string, key: string, number: string): Promise<string | null> {
    const hit = this.routes.get(`${channel}:${number}`);
    if (hit && Date.now() - hit.at < cacheMs) return hit.tenantId;
    const tenantId = await this.redis.hget(key, number);
    this.routes.set(`${channel}:${number}`, { tenantId, at: Date.now() });
    return tenantId;
  }

  async tenantForVerifyToken(token: string): Promise<string | null> {
    return this.redis.hget(this.keys.whatsappVerifyTokens(), sha256Hex(token));
  }
}
