/**
 * Webhook signing secrets: `whsec_` + base64 of 32 random bytes (the Standard Webhooks form).
 * HMAC needs the secret itself, so it is stored recoverably: sealed with AES-256-GCM under
 * SIGNING_KEY_ENCRYPTION_KEY (bound to the tenant id) when that key is set, which production
 * requires; in clear otherwise (development). The API shows a secret once, then only its fingerprint.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** First 16 hex characters of the secret's SHA-256: tells secrets apart, reveals nothing. */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

export class SecretBox {
  constructor(private readonly key: Buffer | null) {}

  seal(secret: string, tenantId: string): string {
    if (!this.key) return secret;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`webhook-secret:${tenantId}`));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `enc:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(stored: string, tenantId: string): string {
    if (!stored.startsWith('enc:')) return stored;
    if (!this.key) throw new Error('a webhook secret is encrypted and SIGNING_KEY_ENCRYPTION_KEY is not set');
    const raw = Buffer.from(stored.slice(4), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`webhook-secret:${tenantId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
