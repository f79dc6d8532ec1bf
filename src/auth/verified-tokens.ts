/**
 * Remembers tokens whose signature, `aud`, `iss` and times were verified, until their `exp`, so a
 * busy client's every request does not pay an RSA verification (ARCHITECTURE.md). Only the
 * cryptographic result is remembered: revocation and the subject's existence are still checked
 * live on every request. Keyed by a SHA-256 of the whole token; bounded in size.
 */
import { createHash } from 'node:crypto';

export interface RememberedClaims {
  tenant_id: string;
  sub: string;
  scope: string;
  jti: string;
  exp: number;
  iat?: number;
  nbf?: number;
  token_type?: string;
  client_id?: string;
}

const maxEntries = 50_000;

/** How far in the future a token's `iat` may be (clocks of issuing processes drift a little), s. */
export const iatSkewSeconds = 60;

/**
 * What every verifier asks of a token's times beyond the library's checks: an `exp` (a token
 * without one would be good forever) and an `iat` not in the future beyond `iatSkewSeconds`.
 */
export function lifetimeHolds(claims: { exp?: unknown; iat?: unknown }, nowMs: number): boolean {
  return typeof claims.exp === 'number' && Number.isFinite(claims.exp)
    && typeof claims.iat === 'number' && Number.isFinite(claims.iat)
    && claims.iat <= Math.floor(nowMs / 1000) + iatSkewSeconds && claims.iat < claims.exp;
}

export class VerifiedTokens {
  private readonly entries = new Map<string, RememberedClaims>();

  /** The remembered claims if the token is still within its validity at `nowMs`. */
  get(token: string, nowMs: number): RememberedClaims | null {
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

  remember(token: string, claims: RememberedClaims): void {
    if (this.entries.size >= maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(createHash('sha256').update(token).digest('base64'), claims);
  }
}
