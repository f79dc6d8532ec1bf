/**
 * The partner API as a partner's integration engineer meets it: tokens, bearer verification
 * (RS256 only, aud and iss checked), tenant isolation, listing with filters and cursors, and
 * problem documents for every error.
 */
import { expect } from 'chai';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { phiHash } from '../../src/phi';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

interface Page { items: { workflow_id: string; status: string; started_at: string; claim_id_hash: string | null; workflow_type: string | null }[]; next_cursor: string | null }

describe('partner API', function () {
  this.timeout(30000);
  let h: Harness;
  const phones = ['+919855500001', '+919855500002', '+919855500003'];

  before(async () => {
    h = await startHarness();
    phones.forEach((phone, i) => h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: `CLM-API-00${i}`, policy_number: 'POL-A', member_name: 'N Rao', claimant_phone: phone, status: 'REGISTERED',
      status_updated_at: '2026-11-10T10:00:00Z', amount_claimed: 100, amount_approved: null, reason_codes: [],
    }));
    // Seven workflows: three consent answers, then four status questions.
    for (const from of phones) await h.wa.postInbound({ from, text: 'YES' });
    await h.wa.waitFor((sent) => sent.length >= 3);
    // One at a time: the first claimant asks twice, and a question that arrives while its earlier
    // one is still in flight is a different case (the newer question is the one answered).
    for (let i = 0; i < 4; i++) {
      await h.wa.postInbound({ from: phones[i % 3]!, text: 'claim status' });
      await h.wa.waitFor((sent) => sent.length >= 4 + i);
    }
    await waitFor(async () => ((await (await h.api('/v1/workflows?status=completed&limit=100')).json()) as Page).items.length === 7, { what: '7 completed workflows' });
  });
  after(async () => { await h?.close(); });

  describe('tokens', () => {
    it('issues a token from a form-encoded request too, as OAuth2 client libraries send it', async () => {
      const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: h.tenant.credentials.client_secret, scope: 'workflow:read' }).toString(),
      });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'workflow:read' });
      expect(res.headers.get('cache-control')).to.equal('no-store');
    });

    it('refuses a wrong secret with 401 invalid_client, with the RFC 6749 error member', async () => {
      const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: 'cs_wrong' }) });
      expect(res.status).to.equal(401);
      // fetch sends `accept: */*`: no preference, so the OAuth form's default (docs/errors.md).
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(await res.json()).to.include({ error_code: 'invalid_client', error: 'invalid_client' });
    });

    it('answers other grant types with 400 unsupported_grant_type and bad bodies with 400 invalid_request', async () => {
      const grant = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: 'x', client_secret: 'y' }) });
      expect(grant.status).to.equal(400);
      expect(await grant.json()).to.include({ error_code: 'unsupported_grant_type', error: 'unsupported_grant_type' });
      const broken = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
      expect(broken.status).to.equal(400);
      expect(await broken.json()).to.include({ error_code: 'malformed_json', error: 'invalid_request' });
    });

    it('answers GET on the token endpoint with 405 problem+json and an Allow header', async () => {
      const res = await fetch(`${h.apiUrl}/v1/auth/token`);
      expect(res.status).to.equal(405);
      expect(res.headers.get('allow')).to.contain('POST');
      expect(await res.json()).to.include({ error_code: 'method_not_allowed' });
    });
  });

  describe('bearer verification', () => {
    const claims = () => ({ tenant_id: 'acme', scope: 'workflow:read', sub: h.tenant.credentials.client_id, token_type: 'machine', jti: randomUUID() });

    it('is 401 invalid_token with WWW-Authenticate when the token is missing', async () => {
      const res = await fetch(`${h.apiUrl}/v1/workflows`);
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.equal('Bearer error="invalid_token"');
      expect(await res.json()).to.include({ error_code: 'invalid_token' });
    });

    it('refuses alg none, a foreign key under our kid, and a wrong aud or iss', async () => {
      const { kid, key } = await h.services.signing.signingKey(Date.now());
      const now = Math.floor(Date.now() / 1000);
      const sign = (k: Parameters<SignJWT['sign']>[0], aud: string, iss: string) =>
        new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', kid }).setIssuedAt(now).setExpirationTime(now + 600).setAudience(aud).setIssuer(iss).sign(k);
      const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const tokens = {
        none: new UnsecuredJWT(claims()).setAudience(h.config.jwtAudience).setIssuer(h.config.jwtIssuer).setExpirationTime(now + 600).encode(),
        foreignKey: await sign(foreign, h.config.jwtAudience, h.config.jwtIssuer),
        wrongAud: await sign(key, 'other-api', h.config.jwtIssuer),
        wrongIss: await sign(key, h.config.jwtAudience, 'https://attacker.example'),
      };
      for (const [name, token] of Object.entries(tokens)) {
        const res = await h.api('/v1/workflows', { token });
        expect(res.status, name).to.equal(401);
        expect(((await res.json()) as { error_code: string }).error_code, name).to.equal('invalid_token');
      }
      // The same claims, properly signed, are accepted: the refusals above are about the token.
      expect((await h.api('/v1/workflows', { token: await sign(key, h.config.jwtAudience, h.config.jwtIssuer) })).status).to.equal(200);
    });

    it('is 403 insufficient_scope for a token without workflow:read', async () => {
      const token = await h.token('audit:read');
      const res = await h.api('/v1/workflows', { token });
      expect(res.status).to.equal(403);
      expect(await res.json()).to.include({ error_code: 'insufficient_scope', required_scope: 'workflow:read' });
    });
  });

  describe('tenant isolation', () => {
    it("answers another tenant's workflow with 404 and never lists it", async () => {
      const other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'globex', phoneNumberId: '900900900' });
      const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: other.credentials.client_id, client_secret: other.credentials.client_secret }) });
      const { access_token: token } = (await res.json()) as { access_token: string };
      const mine = ((await (await h.api('/v1/workflows?limit=1')).json()) as Page).items[0]!;
      const foreign = await h.api(`/v1/workflows/${mine.workflow_id}`, { token });
      expect(foreign.status).to.equal(404);
      expect(await foreign.json()).to.include({ error_code: 'workflow_not_found' });
      expect(((await (await h.api('/v1/workflows', { token })).json()) as Page).items).to.have.length(0);
    });

    it('answers an id that is not a workflow id with the same 404', async () => {
      const res = await h.api('/v1/workflows/not-a-workflow');
      expect(res.status).to.equal(404);
    });
  });

  describe('listing', () => {
    it('pages newest first with a cursor, with no workflow missing or repeated', async () => {
      const seen: Page['items'] = [];
      let cursor: string | null = null;
      do {
        const page = (await (await h.api(`/v1/workflows?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
        expect(page.items.length).to.be.at.most(2);
        seen.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).to.have.length(7);
      expect(new Set(seen.map((w) => w.workflow_id)).size).to.equal(7);
      const times = seen.map((w) => Date.parse(w.started_at));
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));
    });

    it('filters by workflow type, status, claim id hash (either form) and start time', async () => {
      const typed = ((await (await h.api('/v1/workflows?workflow_type=claim-status')).json()) as Page).items;
      expect(typed).to.have.length(4);
      const hash = phiHash('CLM-API-000');
      const byHash = ((await (await h.api(`/v1/workflows?claim_id_hash=${hash}`)).json()) as Page).items;
      expect(byHash.map((w) => w.claim_id_hash)).to.deep.equal([hash, hash]);
      const bare = ((await (await h.api(`/v1/workflows?claim_id_hash=${hash.slice(7).toUpperCase()}`)).json()) as Page).items;
      expect(bare).to.have.length(2);
      expect(((await (await h.api('/v1/workflows?status=awaiting_consent')).json()) as Page).items).to.have.length(0);
      const future = new Date(Date.now() + 3600000).toISOString();
      expect(((await (await h.api(`/v1/workflows?started_after=${future}`)).json()) as Page).items).to.have.length(0);
      expect(((await (await h.api(`/v1/workflows?started_before=${future}`)).json()) as Page).items).to.have.length(7);
    });

    it('answers bad filters with 400 problem documents that say what is wrong', async () => {
      for (const query of ['status=finished', 'limit=0', 'limit=101', 'claim_id_hash=abc', 'cursor=!!', 'started_after=yesterday']) {
        const res = await h.api(`/v1/workflows?${query}`);
        expect(res.status, query).to.equal(400);
        expect(((await res.json()) as { error_code: string }).error_code, query).to.equal(query.startsWith('cursor=') ? 'invalid_cursor' : 'invalid_request');
      }
    });
  });
});
