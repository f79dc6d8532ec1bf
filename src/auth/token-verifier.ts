/**
 * The one verification of our access tokens, for every caller: the API's bearer gate
 * (src/api/authenticate.ts), introspection, revocation and logout. koa-jwt, the stack's JWT
 * middleware, does the cryptographic part: RS256 only, the key picked by the token's `kid` from
 * the published signing keys, `aud` and `iss`, and `exp` and `nbf` judged at the injected
 * clock (`clockTimestamp`, set for each verification). Then `principalOf` asks for an `exp`, an
 * `iat` not in the future, a lifetime no longer than the longest the service issues (machine or
 * human, plus a minute of skew) and the claims of a Principal, and the live checks run (not
 * revoked, subject still there).
 *
 * Why koa-jwt and not jose here: koa-jwt 4 always verifies with jsonwebtoken and offers no hook
 * to hand verification to another library (its `secret` hook only supplies the key), so with jose
 * as well every token would be verified twice, by two libraries with two clocks. The gate and the
 * other endpoints run the same koa-jwt middleware through `checkSignature`; the others hand it
 * the token from their body through koa-jwt's `getToken` option. jose stays what signs tokens and
 * serves the JWKS (src/auth/signing-keys.ts).
 */
import type { Context } from 'koa';
import koaJwt from 'koa-jwt';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { principalOf, type Principal } from './principal';
import { humanTokenTtlSeconds } from './token-issuer';
import type { RevocationStore } from './revocation';
import type { SigningKeys } from './signing-keys';
import type { VerifiedTokens } from './verified-tokens';

/** The options koa-jwt passes on to jsonwebtoken beyond its own typed ones. */
type VerificationOptions = koaJwt.Options & { clockTimestamp: number; ignoreExpiration: boolean };

export class TokenVerifier {
  /** The longest lifetime of a token the service issues, s: no valid token lives longer. */
  private readonly maxLifetimeSeconds: number;

  constructor(
    private readonly config: Config, private readonly signing: SigningKeys, private readonly revocation: RevocationStore,
    private readonly clock: Clock, private readonly verified: VerifiedTokens,
  ) {
    this.maxLifetimeSeconds = Math.max(config.machineTokenTtlSeconds, humanTokenTtlSeconds);
  }

  /**
   * The principal of a valid, live token; null for anything else (never throws for bad input; throws
   * when Redis cannot answer the key lookup or the live checks, which is no verdict on the token).
   * A token whose signature this process verified before skips the RSA work (VerifiedTokens) but
   * not the live checks. `allowExpired` (revocation of an expired token) skips `exp` and the
   * live checks.
   */
  async verify(token: string, options: { allowExpired?: boolean } = {}): Promise<Principal | null> {
    const now = this.clock.now();
    const allowExpired = options.allowExpired === true;
    const known = allowExpired ? null : this.verified.get(token, now);
    if (known) return (await this.revocation.refused(known)) ? null : known;
    const principal = await this.checkSignature(token, now, allowExpired);
    if (!principal || allowExpired) return principal;
    this.verified.remember(token, principal);
    return (await this.revocation.refused(principal)) ? null : principal;
  }

  /** koa-jwt's verification of `token` at `nowMs`, then the Principal's own checks. */
  private async checkSignature(token: string, nowMs: number, allowExpired: boolean): Promise<Principal | null> {
    // koa-jwt (passthrough) turns whatever the key lookup throws into a failed verification; a
    // lookup that failed (Redis down, a failover) says nothing of the token, so it is kept and
    // thrown below: the API answers 503 and the client keeps its good token (not a 401).
    let lookupFailure: { error: unknown } | null = null;
    const options: VerificationOptions = {
      secret: async (header: { kid?: string; alg?: string }) => {
        let key = null;
        if (header.kid && header.alg === 'RS256') {
          try {
            key = await this.signing.publicKey(header.kid, nowMs);
          } catch (error) {
            lookupFailure = { error };
            throw error;
          }
        }
        if (!key) throw new Error('unknown signing key');
        return key as unknown as string;
      },
      algorithms: ['RS256'],
      audience: this.config.jwtAudience,
      issuer: this.config.jwtIssuer,
      clockTimestamp: Math.floor(nowMs / 1000),
      ignoreExpiration: allowExpired,
      getToken: () => token,
      // A failure is left in the state instead of thrown: the caller decides what to answer.
      passthrough: true,
      key: 'claims',
    };
    // koa-jwt reads only `state` of the context when the token comes from getToken.
    const state: { claims?: unknown } = {};
    await koaJwt(options)({ state } as unknown as Context, async () => undefined);
    if (lookupFailure) throw (lookupFailure as { error: unknown }).error;
    return principalOf(state.claims, nowMs, this.maxLifetimeSeconds);
  }
}
