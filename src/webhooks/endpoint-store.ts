/**
 * A tenant's webhook endpoint: its URL, whether it is enabled (a 410 answer disables it until the
 * partner PUTs it again), and its signing secrets, current and, during a rotation's overlap,
 * previous. Secrets are sealed at rest (secret-box.ts) and shown only once, when created.
 */
import type { Config } from '../config';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runDisableWebhookEndpoint, runPutWebhookEndpoint, runRotateWebhookSecret } from '../redis/scripts';
import type { DueTenants } from './due-tenants';
import { checkEndpointUrl, type Resolve } from './endpoint-url';
import { fingerprint, newSecret, SecretBox } from './secret-box';

/** What `GET /v1/webhooks/endpoint` shows. Never a secret. */
export interface EndpointView {
  url: string;
  enabled: boolean;
  /** Why deliveries stopped: `gone` (the endpoint answered 410). Null while enabled. */
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  secret: {
    fingerprint: string;
    created_at: string;
    /** The rotated-out secret still signing during the overlap, or null. */
    previous: { fingerprint: string; expires_at: string } | null;
  };
}

/** What a delivery pass needs. */
export interface DeliveryEndpoint {
  url: string;
  enabled: boolean;
  /** Bumped by every PUT; a 410 disables only the epoch it was sent under. */
  epoch: string;
  /** Secrets to sign with now: the current one first, then the previous one during its overlap. */
  secrets: string[];
}

/** Longest rotation overlap, in hours. */
export const maxOverlapHours = 168;

const iso = (ms: string | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);

export class WebhookEndpoints {
  private readonly box: SecretBox;

  constructor(private readonly o: { redis: Redis; keys: Keys; config: Config; due: DueTenants; resolve?: Resolve }) {
    this.box = new SecretBox(o.config.signingKeyEncryptionKey);
  }

  /** Checks the URL against the rules (endpoint-url.ts) of this deployment's environment. */
  check(url: unknown): Promise<URL> {
    return checkEndpointUrl(url, { environment: this.o.config.environment, resolve: this.o.resolve, allowedTargets: this.o.config.webhookAllowedPrivateTargets });
  }

  async get(tenantId: string, nowMs: number): Promise<EndpointView | null> {
    const h = await this.o.redis.hgetall(this.o.keys.webhookEndpoint(tenantId));
    if (!h.url) return null;
    const previousLive = h.previous_secret && Number(h.previous_secret_expires_at) > nowMs;
    return {
      url: h.url,
      enabled: h.enabled === '1',
      disabled_reason: h.enabled === '1' ? null : h.disabled_reason || null,
      disabled_at: h.enabled === '1' ? null : iso(h.disabled_at),
      created_at: iso(h.created_at)!,
      updated_at: iso(h.updated_at)!,
      secret: {
        fingerprint: h.secret_fingerprint ?? '',
        created_at: iso(h.secret_created_at)!,
        previous: previousLive ? { fingerprint: h.previous_secret_fingerprint ?? '', expires_at: iso(h.previous_secret_expires_at)! } : null,
      },
    };
  }

  /**
   * Sets the URL and enables the endpoint. The first call creates the signing secret and returns
   * it (the only time it is shown); later calls keep the secret and return null for it.
   */
  async put(tenantId: string, rawUrl: unknown, nowMs: number): Promise<{ created: boolean; secret: string | null; view: EndpointView }> {
    const url = (await this.check(rawUrl)).href;
    const secret = newSecret();
    const created = await runPutWebhookEndpoint(this.o.redis, this.o.keys, tenantId, { url, sealedSecret: this.box.seal(secret, tenantId), fingerprint: fingerprint(secret), now: nowMs });
    await this.o.due.wake(tenantId);
    return { created, secret: created ? secret : null, view: (await this.get(tenantId, nowMs))! };
  }

  /** A new current secret (returned once); the old one keeps signing for `overlapHours`. Null without an endpoint. */
  async rotate(tenantId: string, overlapHours: number, nowMs: number): Promise<{ secret: string; view: EndpointView } | null> {
    const secret = newSecret();
    const done = await runRotateWebhookSecret(this.o.redis, this.o.keys, tenantId, {
      sealedSecret: this.box.seal(secret, tenantId), fingerprint: fingerprint(secret), now: nowMs, previousExpiresAt: nowMs + Math.round(overlapHours * 3600_000),
    });
    if (!done) return null;
    return { secret, view: (await this.get(tenantId, nowMs))! };
  }

  async forDelivery(tenantId: string, nowMs: number): Promise<DeliveryEndpoint | null> {
    const [url, enabled, epoch, secret, previous, previousExpires] = await this.o.redis.hmget(
      this.o.keys.webhookEndpoint(tenantId), 'url', 'enabled', 'epoch', 'secret', 'previous_secret', 'previous_secret_expires_at',
    );
    if (!url || !secret) return null;
    const secrets = [this.box.open(secret, tenantId)];
    if (previous && Number(previousExpires) > nowMs) secrets.push(this.box.open(previous, tenantId));
    return { url, enabled: enabled === '1', epoch: epoch ?? '', secrets };
  }

  /** Disables the endpoint unless it was PUT again after `epoch`. */
  async disable(tenantId: string, epoch: string, reason: string, nowMs: number): Promise<boolean> {
    return runDisableWebhookEndpoint(this.o.redis, this.o.keys, tenantId, epoch, reason, nowMs);
  }
}
