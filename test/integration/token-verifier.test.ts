/**
 * The one token verification (src/auth/token-verifier.ts): the bearer gate and
 * introspection give the same verdict on every token, and every time check is made at the injected
 * clock, never the system's.
 */
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { ManualClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';

describe('token verification: one path, one clock', () => {
  const clock = new ManualClock(Date.UTC(2031, 5, 1, 12));
  let h: Harness;

  before(async () => {
    h = await startHarness({ roles: ['api'], clock });
  });
  after(async () => h?.close());

  /** A token signed with the service's current key, with the given claims and header over the usual ones. */
  async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
    const now = clock.now();
    const { kid, key } = await h.services.signing.signingKey(now);
    const iat = Math.floor(now / 1000);
    return new SignJWT({
      sub: h.tenant.credentials.client_id, client_id: h.tenant.credentials.client_id, tenant_id: h.tenant.doc.tenant_id,
      scope: 'workflow:read', token_type: 'machine', jti: `jti-${Math.random()}`,
      iss: h.config.jwtIssuer, aud: h.config.jwtAudience, iat, exp: iat + 600, ...claims,
    }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...header }).sign(key);
  }

  /** The gate's verdict (a gated read) and introspection's, for one token. */
  async function verdicts(token: string): Promise<{ gate: number; introspection: boolean }> {
    const gate = (await h.api('/v1/workflows?limit=1', { token })).status;
    const caller = await h.token('workflow:read');
    const res = await fetch(`${h.apiUrl}/v1/auth/introspect`, {
      method: 'POST', headers: { authorization: `Bearer ${caller}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(res.status).to.equal(200);
    return { gate, introspection: ((await res.json()) as { active: boolean }).active };
  }

  it('accepts a good token in both places', async () => {
    expect(await verdicts(await signed({}))).to.deep.equal({ gate: 200, introspection: true });
  });

  it('accepts a token of the longest lifetime the service issues (an hour), and one a minute of clock skew longer', async () => {
    expect(h.config.machineTokenTtlSeconds).to.equal(3600);
    const iat = Math.floor(clock.now() / 1000);
    expect(await verdicts(await signed({ exp: iat + 3600 }))).to.deep.equal({ gate: 200, introspection: true });
    expect(await verdicts(await signed({ exp: iat + 3600 + 60 }))).to.deep.equal({ gate: 200, introspection: true });
  });

  for (const [name, claims] of [
    ['another audience', { aud: 'https://elsewhere.example' }],
    ['another issuer', { iss: 'https://issuer.example' }],
    ['no exp', { exp: undefined }],
    ['an iat an hour ahead of the clock', { iat: Math.floor(Date.UTC(2031, 5, 1, 13) / 1000) }],
    ['no tenant_id', { tenant_id: undefined }],
    ['an unknown token_type', { token_type: 'robot' }],
    // No token we issue lives longer than the longest lifetime we issue (machine tokens: an hour).
    ['an exp ten years ahead', { exp: Math.floor(Date.UTC(2041, 5, 1, 12) / 1000) }],
    ['an iat a day back and an exp an hour ahead (a 25-hour lifetime)', { iat: Math.floor(Date.UTC(2031, 4, 31, 12) / 1000), exp: Math.floor(Date.UTC(2031, 5, 1, 13) / 1000) }],
    ['a lifetime of an hour and two minutes', { exp: Math.floor(Date.UTC(2031, 5, 1, 12) / 1000) + 3600 + 120 }],
  ] as const) {
    it(`refuses a token with ${name} in both places`, async () => {
      expect(await verdicts(await signed(claims))).to.deep.equal({ gate: 401, introspection: false });
    });
  }

  it('refuses a token signed with another algorithm name in its header (RS256 only)', async () => {
    const token = await signed({});
    const [, payload, signature] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'RS512', kid: JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid, typ: 'JWT' })).toString('base64url');
    expect(await verdicts(`${header}.${payload}.${signature}`)).to.deep.equal({ gate: 401, introspection: false });
  });

  it('judges exp and nbf by the injected clock, not the system clock', async () => {
    // The injected clock is years ahead of the system's: a token valid at it is valid, although
    // its iat is in the system clock's future, and one expired at it is refused.
    const good = await signed({});
    expect(await verdicts(good)).to.deep.equal({ gate: 200, introspection: true });
    const notYet = await signed({ nbf: Math.floor(clock.now() / 1000) + 300, exp: Math.floor(clock.now() / 1000) + 3600 });
    expect(await verdicts(notYet)).to.deep.equal({ gate: 401, introspection: false });
    clock.advance(601_000);
    expect(await verdicts(good), 'expired at the injected clock').to.deep.equal({ gate: 401, introspection: false });
    expect(await verdicts(notYet), 'its nbf has passed').to.deep.equal({ gate: 200, introspection: true });
  });
});
