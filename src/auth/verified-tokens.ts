/**
 * Remembers tokens whose signature, `aud`, `iss` and times were verified, until their `exp`, so a
 * busy client's every request does not pay an RSA verification (ARCHITECTURE.md). Only the
 * cryptographic result is remembered: revocation and the subject's existence are still checked
 * live on every request. Keyed by a SHA-256 of the whole token; bounded in size.
 */
import { createHash } from 'node:crypto';
import type { Principal } from './principal';

const maxEntries = 50_000;

export class VerifiedTokens {
  private readonly entries = new Map<string, Principal>();

  /** The remembered claims if the token is still within its validity at `nowMs`. */
  get(token: string, nowMs: number): Principal | null {
    const key = createHash('sha256').update(token).digest('base64');
    const claims = this.entries.get(key);
    if (!claims) return null;
    const now = Math.floor(nowMs / 1000);
    if (now >= claims.exp) {
      this.entries.delete(key);
      return null;
    }
    return claims.nbf !== undefined && now < claims.nbf ? null : claims;
  }

  remember(token: string, claims: Principal): void {
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(createHash('sha256').update(token).digest('base64'), claims);
  }
}
