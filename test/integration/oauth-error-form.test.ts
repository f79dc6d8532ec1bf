/**
 * The error form of the OAuth endpoints (docs/errors.md): one body with the RFC 7807 members,
 * `error_code`, and the RFC 6749 `error` and `error_description`; `application/json` unless the
 * client prefers `application/problem+json`. Every other endpoint stays problem+json.
 */
import { expect } from 'chai';
import { request } from 'node:http';
import { startHarness, type Harness } from '../helpers/harness';

const problemKeys = ['type', 'title', 'status', 'detail', 'instance', 'error_code'];

describe('OAuth endpoints: error form', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${h.apiUrl}${path}`, { method: init.method ?? 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers }, body: init.body });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('answers application/json to no Accept, */* and application/json, and application/problem+json to a client that prefers it', async () => {
    const cases: [string | null, string][] = [
      [null, 'application/json'],
      ['*/*', 'application/json'],
      ['application/json', 'application/json'],
      ['application/json, application/problem+json', 'application/json'],
      ['text/html', 'application/json'],
      ['application/problem+json', 'application/problem+json'],
      ['application/problem+json, application/json;q=0.5', 'application/problem+json'],
      ['application/json;q=0.5, application/problem+json', 'application/problem+json'],
    ];
    for (const [accept, expected] of cases) {
      // Plain node:http, so that "no Accept" is really none (fetch always adds `*/*`).
      const res = await rawPost(`${h.apiUrl}/v1/auth/token`, form({ grant_type: 'password' }), accept);
      expect(res.status, String(accept)).to.equal(400);
      expect(res.contentType.split(';')[0], String(accept)).to.equal(expected);
      expect(res.vary, String(accept)).to.match(/accept/i);
      const body = JSON.parse(res.body) as Record<string, unknown>;
      expect(Object.keys(body).sort(), String(accept)).to.deep.equal([...problemKeys, 'error', 'error_description'].sort());
      expect(body, String(accept)).to.include({ error: 'unsupported_grant_type', error_code: 'unsupported_grant_type', status: 400, error_description: 'grant_type must be client_credentials' });
    }
  });

  it('gives every error of the three endpoints its RFC 6749 error, body and method errors included', async () => {
    const cases: { what: string; path: string; init: Parameters<typeof send>[1]; status: number; error_code: string; error: string }[] = [
      { what: 'no grant_type', path: '/v1/auth/token', init: { body: form({}) }, status: 400, error_code: 'invalid_request', error: 'invalid_request' },
      { what: 'malformed JSON', path: '/v1/auth/token', init: { headers: { 'content-type': 'application/json' }, body: '{"grant_type":' }, status: 400, error_code: 'malformed_json', error: 'invalid_request' },
      { what: 'a text body', path: '/v1/auth/token', init: { headers: { 'content-type': 'text/plain' }, body: 'grant_type=client_credentials' }, status: 415, error_code: 'unsupported_media_type', error: 'invalid_request' },
      { what: 'an oversize body', path: '/v1/auth/token', init: { body: form({ grant_type: 'client_credentials', pad: 'x'.repeat(20000) }) }, status: 413, error_code: 'payload_too_large', error: 'invalid_request' },
      { what: 'GET on the token endpoint', path: '/v1/auth/token', init: { method: 'GET', body: undefined }, status: 405, error_code: 'method_not_allowed', error: 'invalid_request' },
      { what: 'introspection without a token', path: '/v1/auth/introspect', init: { headers: { authorization: basic(h.tenant.credentials.client_id, h.tenant.credentials.client_secret) }, body: form({}) }, status: 400, error_code: 'invalid_request', error: 'invalid_request' },
      { what: 'revocation with a dead bearer token', path: '/v1/auth/revoke', init: { headers: { authorization: 'Bearer not-a-token' }, body: form({ token: 'x' }) }, status: 401, error_code: 'invalid_token', error: 'invalid_token' },
    ];
    for (const c of cases) {
      const res = await send(c.path, c.init);
      expect(res.status, c.what).to.equal(c.status);
      expect(res.headers.get('content-type'), c.what).to.equal('application/json; charset=utf-8');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body, c.what).to.include({ error_code: c.error_code, error: c.error, status: c.status });
      expect(body.error_description, c.what).to.equal(body.detail);
    }
  });

  it('sends WWW-Authenticate: Basic with invalid_client after Basic authentication, and no challenge after credentials in the body', async () => {
    const wrongBasic = basic(h.tenant.credentials.client_id, 'cs_wrong');
    for (const path of ['/v1/auth/token', '/v1/auth/introspect', '/v1/auth/revoke']) {
      const body = path === '/v1/auth/token' ? form({ grant_type: 'client_credentials' }) : form({ token: 'x' });
      const res = await send(path, { headers: { authorization: wrongBasic }, body });
      expect(res.status, path).to.equal(401);
      expect(res.headers.get('www-authenticate'), path).to.equal('Basic realm="claims-api"');
      expect(await res.json(), path).to.include({ error: 'invalid_client', error_code: 'invalid_client' });
    }
    const malformed = await send('/v1/auth/token', { headers: { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` }, body: form({ grant_type: 'client_credentials' }) });
    expect(malformed.status).to.equal(401);
    expect(malformed.headers.get('www-authenticate')).to.equal('Basic realm="claims-api"');
    const inBody = await send('/v1/auth/token', { body: form({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: 'cs_wrong' }) });
    expect(inBody.status).to.equal(401);
    expect(inBody.headers.get('www-authenticate')).to.equal(null);
    expect(await inBody.json()).to.include({ error: 'invalid_client' });
  });

  it('keeps error_description to the characters RFC 6749 allows, while detail keeps the text', async () => {
    const res = await send('/v1/auth/token', { body: form({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: h.tenant.credentials.client_secret, scope: 'workflow:read "quoted"\\ नमस्ते' }) });
    expect(res.status).to.equal(400);
    const body = (await res.json()) as { error: string; detail: string; error_description: string };
    expect(body.error).to.equal('invalid_scope');
    expect(body.detail).to.contain('"quoted"\\').and.to.contain('नमस्ते');
    expect(body.error_description).to.match(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
    expect(body.error_description).to.contain('scope not granted to this client');
  });

  it('keeps every other endpoint application/problem+json, even for a client that asks for JSON', async () => {
    const cases: [string, Response][] = [
      ['partner API without a token', await fetch(`${h.apiUrl}/v1/workflows`, { headers: { accept: 'application/json' } })],
      ['human login', await send('/v1/auth/login', { headers: { accept: 'application/json' }, body: form({}) })],
      ['unknown path', await fetch(`${h.apiUrl}/nowhere`, { headers: { accept: 'application/json' } })],
    ];
    for (const [what, res] of cases) {
      expect(res.status, what).to.be.within(400, 499);
      expect(res.headers.get('content-type'), what).to.match(/^application\/problem\+json/);
      expect(await res.json(), what).to.not.have.property('error_description');
    }
  });
});

/** A form POST with exactly the Accept header given (none for null). */
function rawPost(url: string, body: string, accept: string | null): Promise<{ status: number; contentType: string; vary: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...(accept === null ? {} : { accept }) };
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), vary: String(res.headers.vary), body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
