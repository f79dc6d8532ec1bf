/**
 * Issues RS256 JWTs: machine tokens (OAuth2 client_credentials) and, through `sign`, human
 * tokens. Claims: `sub`, `tenant_id`, `scope`, `iat`, `exp`, `aud`, `iss`, `jti`, plus
 * `token_type` (`machine` or `human`) and `client_id` for machine tokens; header `kid`.
 */
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { ClientCredentials, ClientCheck } from './client-credentials';
import type { SigningKeys } from './signing-keys';

/** Human (login) access tokens live 15 minutes (spec). */
export const humanTokenTtlSeconds = 900;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export interface TokenSubject {
  sub: string;
  tenant_id: string;
  scope: string;
  token_type: 'machine' | 'human';
  client_id?: string;
}

export interface SignedToken {
  token: string;
  jti: string;
  /** Expiry, UNIX seconds. */
  exp: number;
}

export class TokenIssuer {
  constructor(private readonly config: Config, private readonly clients: ClientCredentials, private readonly signing: SigningKeys) {}

  /** Signs a token for `subject`, valid `ttlSeconds` from `nowMs`, with the current signing key. */
  async sign(subject: TokenSubject, ttlSeconds: number, nowMs: number): Promise<SignedToken> {
    const { kid, key } = await this.signing.signingKey(nowMs);
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + ttlSeconds;
    const jti = randomUUID();
    const { sub, ...claims } = subject;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(this.config.jwtIssuer)
      .setAudience(this.config.jwtAudience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(key);
    return { token, jti, exp };
  }

  /** `check`: the caller's address and what runs before a hash is needed (ClientCredentials.authenticate). */
  async clientCredentials(clientId: string, clientSecret: string, requestedScope: string | undefined, nowMs: number, check: ClientCheck = {}): Promise<TokenResponse> {
    // Same answer, and a hash computed either way, whether the client exists or not.
    const client = await this.clients.authenticate(clientId, clientSecret, nowMs, check);
    if (!client) throw new AppError('invalid_client', 'client authentication failed', { extra: { error: 'invalid_client' } });
    let scopes = client.scopes;
    if (requestedScope !== undefined && requestedScope.trim() !== '') {
      const asked = requestedScope.trim().split(/\s+/);
      const refused = asked.filter((s) => !client.scopes.includes(s));
      if (refused.length > 0) throw new AppError('invalid_scope', `scope not granted to this client: ${refused.join(' ')}`, { extra: { error: 'invalid_scope' } });
      scopes = asked;
    }
    const scope = scopes.join(' ');
    const ttl = this.config.machineTokenTtlSeconds;
    const { token } = await this.sign({ sub: client.client_id, tenant_id: client.tenant_id, scope, token_type: 'machine', client_id: client.client_id }, ttl, nowMs);
    return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope };
  }
}
