/**
 * The authorization server driven by the client libraries partners use, not by hand-written
 * requests: openid-client 6 (RFC 8414 discovery, client_credentials with client_secret_post and
 * client_secret_basic, RFC 7662 introspection, RFC 7009 revocation, and every error read as its
 * RFC 6749 `error`), and jose's remote JWKS across a signing-key rotation. The Standard Webhooks
 * verifier on delivered webhooks is in webhooks.test.ts and workflow-webhooks.test.ts.
 * Time moves with a manual clock; the issuer is the service's real address, as discovery checks it.
 */
import { expect } from 'chai';
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { ManualClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { freePort } from '../helpers/redis';

describe('OAuth interop: openid-client and jose against the service', function () {
  this.timeout(30000);
  const clock = new ManualClock(Date.now());
  let h: Harness;
  let issuer: URL;

  before(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    h = await startHarness({ roles: ['api'], clock, config: { port, publicUrl: base, jwtIssuer: base } });
    issuer = new URL(base);
  });
  after(async () => { await h?.close(); });

  /** What a partner writes: discover the server, then configure the client (plain HTTP in tests only). */
  const discover = (clientAuth: oidc.ClientAuth, clientId = h.tenant.credentials.client_id) =>
    oidc.discovery(issuer, clientId, undefined, clientAuth, { algorithm: 'oauth2', execute: [oidc.allowInsecureRequests] });
  const post = () => discover(oidc.ClientSecretPost(h.tenant.credentials.client_secret));
  const basic = () => discover(oidc.ClientSecretBasic(h.tenant.credentials.client_secret));

  /** The error a call rejects with; fails the test when it resolves. */
  async function rejection(call: Promise<unknown>): Promise<unknown> {
    try {
      await call;
    } catch (err) {
      return err;
    }
    throw new Error('the call succeeded; an error was expected');
  }

  /** openid-client's ResponseBodyError: the RFC 6749 error it parsed from an application/json body. */
  async function oauthError(call: Promise<unknown>): Promise<{ error: string; status: number; description?: string }> {
    const err = await rejection(call);
    if (!(err instanceof oidc.ResponseBodyError)) throw new Error(`expected a ResponseBodyError, got ${String(err)} (${String((err as Error).cause)})`);
    expect(err.response.headers.get('content-type')).to.match(/^application\/json/);
    // The same body is still a problem document with our stable code.
    expect(err.cause).to.include.keys('type', 'title', 'status', 'detail', 'instance', 'error_code');
    return { error: err.error, status: err.status, description: err.error_description };
  }

  /**
   * openid-client's WWWAuthenticateChallengeError (a 401 with a challenge, raised before the
   * body is read), with the challenge and the RFC 6749 error of the body it leaves unread.
   */
  async function challenge(call: Promise<unknown>): Promise<{ scheme: string; parameters: Record<string, string | undefined>; status: number; error: unknown; contentType: string | null }> {
    const err = await rejection(call);
    if (!(err instanceof oidc.WWWAuthenticateChallengeError)) throw new Error(`expected a WWWAuthenticateChallengeError, got ${String(err)} (${String((err as Error).cause)})`);
    const [first] = err.cause;
    const body = (await err.response.json()) as { error?: unknown };
    return { scheme: first!.scheme, parameters: { ...first!.parameters }, status: err.status, error: body.error, contentType: err.response.headers.get('content-type') };
  }

  describe('discovery and tokens', () => {
    it('discovers the server from its issuer (RFC 8414) and finds every endpoint it needs', async () => {
      const meta = (await basic()).serverMetadata();
      expect(meta.issuer).to.equal(issuer.origin);
      expect(meta.token_endpoint).to.equal(`${issuer.origin}/v1/auth/token`);
      expect(meta.introspection_endpoint).to.equal(`${issuer.origin}/v1/auth/introspect`);
      expect(meta.revocation_endpoint).to.equal(`${issuer.origin}/v1/auth/revoke`);
      expect(meta.token_endpoint_auth_methods_supported).to.include.members(['client_secret_post', 'client_secret_basic']);
    });

    it('issues a client_credentials token with client_secret_post and with client_secret_basic', async () => {
      for (const config of [await post(), await basic()]) {
        const tokens = await oidc.clientCredentialsGrant(config, { scope: 'workflow:read' });
        expect(tokens.token_type).to.equal('bearer');
        expect(tokens.expires_in).to.equal(h.config.machineTokenTtlSeconds);
        expect(tokens.scope).to.equal('workflow:read');
        // The token works on the partner API.
        expect((await h.api('/v1/workflows', { token: tokens.access_token })).status).to.equal(200);
      }
    });
  });

  describe('token endpoint errors, each read as its RFC 6749 code', () => {
    it('invalid_scope: a scope the client was not granted', async () => {
      const err = await oauthError(oidc.clientCredentialsGrant(await basic(), { scope: 'workflow:read cms:everything' }));
      expect(err).to.deep.include({ error: 'invalid_scope', status: 400 });
      expect(err.description).to.match(/cms:everything/);
    });

    it('invalid_client over client_secret_post: a 401 with no challenge', async () => {
      const config = await discover(oidc.ClientSecretPost('cs_wrong'));
      expect(await oauthError(oidc.clientCredentialsGrant(config))).to.deep.include({ error: 'invalid_client', status: 401 });
    });

    it('invalid_client over client_secret_basic: a 401 with the Basic challenge (RFC 6749 5.2) and the error in the body', async () => {
      const config = await discover(oidc.ClientSecretBasic('cs_wrong'));
      expect(await challenge(oidc.clientCredentialsGrant(config))).to.deep.equal({
        scheme: 'basic', parameters: { realm: 'claims-api' }, status: 401, error: 'invalid_client', contentType: 'application/json; charset=utf-8',
      });
    });

    it('invalid_client for an unknown client, the same answer as a wrong secret', async () => {
      const config = await discover(oidc.ClientSecretPost('cs_whatever'), 'cli_unknown');
      expect(await oauthError(oidc.clientCredentialsGrant(config))).to.deep.include({ error: 'invalid_client', status: 401 });
    });

    it('unsupported_grant_type: a grant the server does not serve', async () => {
      const err = await oauthError(oidc.genericGrantRequest(await post(), 'password', { username: 'someone@acme.example', password: 'x' }));
      expect(err).to.deep.include({ error: 'unsupported_grant_type', status: 400 });
    });

    it('invalid_request: client credentials sent both in the header and in the body', async () => {
      const err = await oauthError(oidc.genericGrantRequest(await basic(), 'client_credentials', { client_id: h.tenant.credentials.client_id }));
      expect(err).to.deep.include({ error: 'invalid_request', status: 400 });
    });

    it('temporarily_unavailable with Retry-After: the 61st token request of a client within a minute', async () => {
      const client = await h.services.clients.create('acme', ['workflow:read'], clock.now());
      const config = await discover(oidc.ClientSecretBasic(client.client_secret), client.client_id);
      for (let i = 0; i < 60; i++) await oidc.clientCredentialsGrant(config);
      const err = await rejection(oidc.clientCredentialsGrant(config));
      expect(err).to.be.instanceOf(oidc.ResponseBodyError);
      const limited = err as oidc.ResponseBodyError;
      expect({ error: limited.error, status: limited.status, error_code: limited.cause.error_code }).to.deep.equal({ error: 'temporarily_unavailable', status: 429, error_code: 'rate_limited' });
      expect(Number(limited.response.headers.get('retry-after'))).to.be.within(1, 60);
    });
  });

  describe('introspection and revocation (client_secret_basic)', () => {
    it('introspects an active token, revokes it, and introspects it as inactive', async () => {
      const config = await basic();
      const { access_token: token } = await oidc.clientCredentialsGrant(config, { scope: 'workflow:read' });
      const active = await oidc.tokenIntrospection(config, token);
      expect(active).to.include({ active: true, client_id: h.tenant.credentials.client_id, sub: h.tenant.credentials.client_id, scope: 'workflow:read', iss: issuer.origin });
      await oidc.tokenRevocation(config, token);
      expect(await oidc.tokenIntrospection(config, token)).to.deep.equal({ active: false });
      expect((await h.api('/v1/workflows', { token })).status).to.equal(401);
    });

    it('invalid_client with the Basic challenge when the caller of introspection or revocation has a wrong secret', async () => {
      const token = (await oidc.clientCredentialsGrant(await basic())).access_token;
      const wrong = await discover(oidc.ClientSecretBasic('cs_wrong'));
      const expected = { scheme: 'basic', parameters: { realm: 'claims-api' }, status: 401, error: 'invalid_client', contentType: 'application/json; charset=utf-8' };
      expect(await challenge(oidc.tokenIntrospection(wrong, token)), 'introspection').to.deep.equal(expected);
      expect(await challenge(oidc.tokenRevocation(wrong, token)), 'revocation').to.deep.equal(expected);
    });

    it('invalid_token with the Bearer challenge when the caller sends its credentials in the body (only Basic or a bearer token are accepted there)', async () => {
      const config = await post();
      const token = (await oidc.clientCredentialsGrant(config)).access_token;
      const expected = { scheme: 'bearer', parameters: { error: 'invalid_token' }, status: 401, error: 'invalid_token', contentType: 'application/json; charset=utf-8' };
      expect(await challenge(oidc.tokenIntrospection(config, token)), 'introspection').to.deep.equal(expected);
      expect(await challenge(oidc.tokenRevocation(config, token)), 'revocation').to.deep.equal(expected);
    });
  });

  // Runs last: it moves the clock past the publish lead of the next signing key.
  describe("jose's remote JWKS", () => {
    const verifyWith = (jwks: ReturnType<typeof createRemoteJWKSet>, token: string) =>
      jwtVerify(token, jwks, { issuer: issuer.origin, audience: h.config.jwtAudience, algorithms: ['RS256'], currentDate: new Date(clock.now()) });
    /** A remote JWKS with jose's defaults (10 minutes' cache), counting its fetches. */
    const remoteJwks = async (options: { cooldownDuration?: number } = {}) => {
      const fetched: string[] = [];
      const jwks = createRemoteJWKSet(new URL((await basic()).serverMetadata().jwks_uri!), {
        ...options,
        [customFetch]: (url, init) => { fetched.push(url); return fetch(url, init); },
      });
      return { jwks, fetched };
    };
    const token = async () => (await oidc.clientCredentialsGrant(await basic())).access_token;

    it('verifies tokens signed by the next key from a JWKS cached before that key signs: no fetch after the first', async () => {
      const { jwks, fetched } = await remoteJwks();
      // The operator rotates: the next key is published now and signs after the publish lead.
      const next = await h.services.signing.rotate(clock.now());
      const before = await token();
      const oldKid = decodeProtectedHeader(before).kid;
      expect(oldKid).to.not.equal(next.kid);
      expect((await verifyWith(jwks, before)).payload.tenant_id).to.equal('acme');
      expect(fetched).to.have.length(1);

      clock.advance(h.config.keyPublishLeadSeconds * 1000 + 1000);
      const after = await token();
      expect(decodeProtectedHeader(after).kid).to.equal(next.kid);
      expect((await verifyWith(jwks, after)).payload.tenant_id).to.equal('acme');
      // Tokens of the old key stay valid until they expire.
      expect((await verifyWith(jwks, before)).payload.tenant_id).to.equal('acme');
      expect(jwks.fresh, 'still within its cache time').to.equal(true);
      expect(fetched, 'the cached JWKS already held the next key').to.have.length(1);
    });

    it('finds a key that started signing after the JWKS was cached by fetching it again once (an unknown kid, cooldown over)', async () => {
      const { jwks, fetched } = await remoteJwks({ cooldownDuration: 0 });
      const before = await token();
      expect((await verifyWith(jwks, before)).payload.tenant_id).to.equal('acme');
      expect(fetched).to.have.length(1);

      const next = await h.services.signing.rotate(clock.now());
      clock.advance(h.config.keyPublishLeadSeconds * 1000 + 1000);
      const after = await token();
      expect(decodeProtectedHeader(after).kid).to.equal(next.kid);
      expect((await verifyWith(jwks, after)).payload.tenant_id).to.equal('acme');
      expect((await verifyWith(jwks, before)).payload.tenant_id).to.equal('acme');
      expect(fetched).to.have.length(2);
    });
  });
});
