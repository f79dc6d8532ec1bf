/**
 * The authorization server under a partner's security review: an attack suite where every forged
 * or dead token is a bare 401, key rotation that never breaks a token, client-secret rotation
 * with an overlap, RFC 7662 introspection and RFC 7009 revocation. Time moves with a manual clock.
 */
import { expect } from 'chai';
import { createHmac, randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, UnsecuredJWT, decodeProtectedHeader, type JWTPayload } from 'jose';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { ManualClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';

const problemKeys = ['type', 'title', 'status', 'detail', 'instance', 'error_code'];

describe('authorization server', function () {
  this.timeout(30000);
  let h: Harness;
  const clock = new ManualClock(Date.now());

  before(async () => { h = await startHarness({ clock, config: { keyPublishLeadSeconds: 600 } }); });
  after(async () => { await h?.close(); });

  const tokenFor = async (clientId: string, clientSecret: string) => {
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }) });
    return { status: res.status, body: (await res.json()) as { access_token: string; error_code?: string } };
  };
  const expectBare401 = async (token: string, what: string) => {
    const res = await h.api('/v1/workflows', { token });
    expect(res.status, what).to.equal(401);
    expect(res.headers.get('www-authenticate'), what).to.equal('Bearer error="invalid_token"');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort(), what).to.deep.equal([...problemKeys].sort());
    expect(body.error_code, what).to.equal('invalid_token');
    expect(body.detail, what).to.equal('bearer token missing or not accepted');
  };
  const introspect = async (token: string, as?: string) => {
    const res = await h.api('/v1/auth/introspect', { method: 'POST', token: as, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(res.status).to.equal(200);
    return (await res.json()) as Record<string, unknown>;
  };

  describe('attack suite: each is 401 and nothing else', () => {
    const now = () => Math.floor(clock.now() / 1000);
    const claims = () => ({ tenant_id: 'acme', scope: 'workflow:read', token_type: 'machine', client_id: h.tenant.credentials.client_id });
    const sign = async (change: (jwt: SignJWT) => SignJWT = (j) => j) => {
      const { kid, key } = await h.services.signing.signingKey(clock.now());
      const jwt = new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', kid }).setSubject(h.tenant.credentials.client_id)
        .setIssuedAt(now()).setExpirationTime(now() + 600).setAudience(h.config.jwtAudience).setIssuer(h.config.jwtIssuer).setJti(randomUUID());
      return change(jwt).sign(key);
    };

    it('accepts the control token these are forged from', async () => {
      expect((await h.api('/v1/workflows', { token: await sign() })).status).to.equal(200);
    });
    it('alg none', async () => {
      await expectBare401(new UnsecuredJWT(claims()).setSubject(h.tenant.credentials.client_id).setAudience(h.config.jwtAudience).setIssuer(h.config.jwtIssuer).setExpirationTime(now() + 600).setJti(randomUUID()).encode(), 'alg none');
    });
    it('HS256 signed with the public key as the HMAC secret', async () => {
      const { kid } = await h.services.signing.signingKey(clock.now());
      const pem = (await h.services.signing.publicKey(kid))!.export({ format: 'pem', type: 'spki' }).toString();
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const body = `${enc({ alg: 'HS256', typ: 'JWT', kid })}.${enc({ ...claims(), sub: h.tenant.credentials.client_id, aud: h.config.jwtAudience, iss: h.config.jwtIssuer, iat: now(), exp: now() + 600, jti: randomUUID() })}`;
      await expectBare401(`${body}.${createHmac('sha256', pem).update(body).digest('base64url')}`, 'HS256 with public key');
    });
    it('unknown kid', async () => {
      const { key } = await h.services.signing.signingKey(clock.now());
      await expectBare401(await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', kid: 'k-unknown' }).setSubject('x').setAudience(h.config.jwtAudience).setIssuer(h.config.jwtIssuer).setExpirationTime(now() + 600).setJti(randomUUID()).sign(key), 'unknown kid');
    });
    it('expired', async () => { await expectBare401(await sign((j) => j.setIssuedAt(now() - 7200).setExpirationTime(now() - 3600)), 'expired'); });
    it('nbf in the future', async () => { await expectBare401(await sign((j) => j.setNotBefore(now() + 3600)), 'nbf'); });
    it('wrong aud', async () => { await expectBare401(await sign((j) => j.setAudience('other-api')), 'aud'); });
    it('wrong iss', async () => { await expectBare401(await sign((j) => j.setIssuer('https://evil.example')), 'iss'); });
    it('payload tampered (scope widened, signature kept)', async () => {
      const [header, payload, signature] = (await sign()).split('.');
      const widened = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload), scope: 'workflow:read tenant:admin' };
      await expectBare401(`${header}.${Buffer.from(JSON.stringify(widened)).toString('base64url')}.${signature}`, 'tampered');
    });
    it('a revoked token', async () => {
      const token = await h.token();
      expect((await h.api('/v1/workflows', { token })).status).to.equal(200);
      const res = await h.api('/v1/auth/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      expect(res.status).to.equal(200);
      await expectBare401(token, 'revoked');
    });
    it('a token of a deleted client', async () => {
      const client = await h.services.clients.create('acme', ['workflow:read'], clock.now());
      const { body } = await tokenFor(client.client_id, client.client_secret);
      expect((await h.api('/v1/workflows', { token: body.access_token })).status).to.equal(200);
      await h.services.clients.remove(client.client_id);
      await expectBare401(body.access_token, 'deleted client');
    });
    it("tenant A's token on tenant B's workflow is 404", async () => {
      await h.wa.postInbound({ from: '+919899900001', text: 'claim status' });
      await h.wa.waitFor((sent) => sent.length >= 1);
      const [workflow] = ((await (await h.api('/v1/workflows')).json()) as { items: { workflow_id: string }[] }).items;
      const other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'initech', phoneNumberId: '700700700' });
      const { body } = await tokenFor(other.credentials.client_id, other.credentials.client_secret);
      const res = await h.api(`/v1/workflows/${workflow!.workflow_id}`, { token: body.access_token });
      expect(res.status).to.equal(404);
      expect(await res.json()).to.include({ error_code: 'workflow_not_found' });
    });
  });

  describe('introspection (RFC 7662)', () => {
    it('describes an active token of the same tenant, with bearer or Basic client authentication', async () => {
      const token = await h.token('workflow:read');
      const viaBearer = await introspect(token);
      expect(viaBearer).to.include({ active: true, tenant_id: 'acme', scope: 'workflow:read', sub: h.tenant.credentials.client_id, client_id: h.tenant.credentials.client_id, token_type: 'Bearer', token_use: 'machine' });
      expect(viaBearer.exp).to.equal((viaBearer.iat as number) + 3600);
      const basic = Buffer.from(`${h.tenant.credentials.client_id}:${h.tenant.credentials.client_secret}`).toString('base64');
      const res = await fetch(`${h.apiUrl}/v1/auth/introspect`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}` });
      expect(await res.json()).to.deep.equal(viaBearer);
    });
    it('answers only {"active": false} for malformed, expired, revoked and foreign-tenant tokens', async () => {
      const other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'umbrella', phoneNumberId: '800800800' });
      const foreign = (await tokenFor(other.credentials.client_id, other.credentials.client_secret)).body.access_token;
      const revoked = await h.token();
      await h.api('/v1/auth/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: revoked }) });
      for (const [what, token] of Object.entries({ malformed: 'not.a.jwt', revoked, foreign })) {
        expect(await introspect(token), what).to.deep.equal({ active: false });
      }
    });
    it('lets a token describe itself, and refuses it (401) once it is revoked', async () => {
      const token = await h.token('workflow:read');
      expect(await introspect(token, token)).to.include({ active: true, scope: 'workflow:read' });
      await h.api('/v1/auth/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      const res = await h.api('/v1/auth/introspect', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      expect(res.status).to.equal(401);
      expect(await res.json()).to.include({ error_code: 'invalid_token' });
    });
    it('refuses an unauthenticated caller with 401', async () => {
      const res = await fetch(`${h.apiUrl}/v1/auth/introspect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'x' }) });
      expect(res.status).to.equal(401);
    });
  });

  describe('RFC 8414 metadata', () => {
    it('names the issuer, endpoints and JWKS', async () => {
      const meta = (await (await fetch(`${h.apiUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(meta).to.include({ issuer: h.config.jwtIssuer, jwks_uri: `${h.config.publicUrl}/.well-known/jwks.json`, token_endpoint: `${h.config.publicUrl}/v1/auth/token` });
      expect(meta.grant_types_supported).to.include('client_credentials');
    });
  });

  // Runs last: it moves the clock by hours.
  describe('rotation', () => {
    it('rotates signing keys without breaking a token, and retires the old key after the last token it signed', async () => {
      const before = await h.token();
      const oldKid = decodeProtectedHeader(before).kid!;
      const next = await h.services.signing.rotate(clock.now());
      expect(next.state).to.equal('next');
      // Published before it signs: in the JWKS now, while tokens are still signed with the old key.
      const jwks = (await (await fetch(`${h.apiUrl}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((k) => k.kid)).to.include.members([oldKid, next.kid]);
      expect(decodeProtectedHeader(await h.token()).kid).to.equal(oldKid);

      clock.advance(601 * 1000);
      const after = await h.token();
      expect(decodeProtectedHeader(after).kid).to.equal(next.kid);
      // Both work: the old one until it expires, the new one verifies through the published JWKS.
      expect((await h.api('/v1/workflows', { token: before })).status).to.equal(200);
      expect((await h.api('/v1/workflows', { token: after })).status).to.equal(200);
      const published = createLocalJWKSet((await (await fetch(`${h.apiUrl}/.well-known/jwks.json`)).json()) as { keys: [] });
      const verified = await jwtVerify(after, published, { audience: h.config.jwtAudience, issuer: h.config.jwtIssuer, currentDate: new Date(clock.now()) });
      expect(verified.payload.tenant_id).to.equal('acme');

      // Once every token the old key signed has expired, it leaves the JWKS.
      clock.advance((3600 + 61) * 1000);
      expect(await introspect(before, await h.token())).to.deep.equal({ active: false });
      const later = (await (await fetch(`${h.apiUrl}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
      expect(later.keys.map((k) => k.kid)).to.deep.equal([next.kid]);
    });

    it('rotates a client secret with an overlap: old and new work, then only the new', async () => {
      const client = await h.services.clients.create('acme', ['workflow:read'], clock.now());
      const rotated = await h.services.clients.rotate(client.client_id, 3600 * 1000, clock.now());
      expect((await tokenFor(client.client_id, client.client_secret)).status).to.equal(200);
      expect((await tokenFor(client.client_id, rotated.client_secret)).status).to.equal(200);
      clock.advance(3601 * 1000);
      const old = await tokenFor(client.client_id, client.client_secret);
      expect(old.status).to.equal(401);
      expect(old.body.error_code).to.equal('invalid_client');
      expect((await tokenFor(client.client_id, rotated.client_secret)).status).to.equal(200);
    });

    it('shows secrets older than 90 days in /metrics, until they are rotated', async () => {
      const gauge = async () => {
        const text = await (await fetch(`${h.apiUrl}/metrics`)).text();
        return Number(text.split('\n').find((l) => l.startsWith('cw_client_secrets_over_90_days{tenant="acme"}'))?.split(' ')[1]);
      };
      const fresh = await gauge();
      clock.advance(91 * 24 * 3600 * 1000);
      const stale = await gauge();
      expect(stale).to.be.greaterThan(fresh);
      await h.services.clients.rotate(h.tenant.credentials.client_id, 0, clock.now());
      expect(await gauge()).to.equal(stale - 1);
    });

    it('rotates a leaked client secret at once: the old one stops immediately', async () => {
      const client = await h.services.clients.create('acme', ['workflow:read'], clock.now());
      expect((await tokenFor(client.client_id, client.client_secret)).status).to.equal(200);
      const rotated = await h.services.clients.rotate(client.client_id, 0, clock.now());
      expect((await tokenFor(client.client_id, client.client_secret)).status).to.equal(401);
      expect((await tokenFor(client.client_id, rotated.client_secret)).status).to.equal(200);
    });
  });
});
