/**
 * Machine tokens (OAuth2 client_credentials): RS256 JWTs with the spec's claims plus `aud`,
 * `iss`, `jti` and a `kid` header.
 */
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { TenantStore } from '../tenants/tenant-store';
import { verifySecret } from './secret-hash';
import type { SigningKeys } from './signing-keys';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export class TokenIssuer {
  constructor(private readonly config: Config, private readonly tenants: TenantStore, private readonly signing: SigningKeys) {}

  async clientCredentials(clientId: string, clientSecret: string, requestedScope: string | undefined, nowMs: number): Promise<TokenResponse> {
    const client = await this.tenants.client(clientId);
    // Same answer, and a hash computed either way, whether the client exists or not.
    const ok = client ? await verifySecret(clientSecret, client.secret_hash) : (await verifySecret(clientSecret, dummyHash), false);
    if (!client || !ok) throw new AppError('invalid_client', 'client authentication failed', { extra: { error: 'invalid_client' } });
    let scopes = client.scopes;
    if (requestedScope !== undefined && requestedScope.trim() !== '') {
      const asked = requestedScope.trim().split(/\s+/);
      const refused = asked.filter((s) => !client.scopes.includes(s));
      if (refused.length > 0) throw new AppError('invalid_scope', `scope not granted to this client: ${refused.join(' ')}`, { extra: { error: 'invalid_scope' } });
      scopes = asked;
    }
    const { kid, key } = await this.signing.signingKey();
    const iat = Math.floor(nowMs / 1000);
    const scope = scopes.join(' ');
    const token = await new SignJWT({ tenant_id: client.tenant_id, scope, client_id: client.client_id, token_type: 'machine' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(client.client_id)
      .setIssuer(this.config.jwtIssuer)
      .setAudience(this.config.jwtAudience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.config.machineTokenTtlSeconds)
      .setJti(randomUUID())
      .sign(key);
    return { access_token: token, token_type: 'Bearer', expires_in: this.config.machineTokenTtlSeconds, scope };
  }
}

/** A valid hash of a random value, so unknown client ids cost the same time as wrong secrets. */
const dummyHash = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
