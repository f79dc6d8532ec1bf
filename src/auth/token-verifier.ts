/**
 * Verifies one of our access tokens outside the bearer middleware (introspection, revocation):
 * RS256 only, a published `kid`, `aud` and `iss`, `exp` and `nbf` at the injected clock, `exp`
 * and `iat` present and `iat` not in the future (`lifetimeHolds`), then the live checks (not
 * revoked, subject still there).
 */
import { jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { RevocationStore } from './revocation';
import type { SigningKeys } from './signing-keys';
import { lifetimeHolds, type VerifiedTokens } from './verified-tokens';

export interface AccessClaims extends JWTPayload {
  sub: string;
  tenant_id: string;
  scope: string;
  jti: string;
  exp: number;
  iat: number;
  token_type: 'machine' | 'human';
  client_id?: string;
}

export class TokenVerifier {
  constructor(
    private readonly config: Config, private readonly signing: SigningKeys, private readonly revocation: RevocationStore,
    private readonly clock: Clock, private readonly verified: VerifiedTokens,
  ) {}

  /** The claims of a valid, live token; null for anything else (never throws for bad input). */
  async verify(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims | null> {
    const now = this.clock.now();
    const known = options.allowExpired ? null : this.verified.get(token, now);
    if (known && typeof known.iat === 'number') {
      return (await this.revocation.refused(known)) ? null : (known as AccessClaims);
    }
    try {
      const { payload } = await jwtVerify(token, async (header) => {
        const key = header.kid ? await this.signing.publicKey(header.kid, now) : null;
        if (!key) throw new Error('unknown kid');
        return key;
      }, {
        algorithms: ['RS256'], audience: this.config.jwtAudience, issuer: this.config.jwtIssuer,
        currentDate: new Date(now), ...(options.allowExpired ? { clockTolerance: 400 * 24 * 3600 } : {}),
      });
      const claims = payload as AccessClaims;
      if (!lifetimeHolds(claims, now)) return null;
      if (typeof claims.tenant_id !== 'string' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.scope !== 'string') return null;
      if (options.allowExpired) return claims;
      this.verified.remember(token, claims);
      return (await this.revocation.refused(claims)) ? null : claims;
    } catch {
      return null;
    }
  }
}
