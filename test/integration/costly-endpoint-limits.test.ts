/**
 * The limits on the costly partner endpoints (docs/rate-limits.md): webhook test and replay,
 * claimant erasure, checkpoint signing, CMS events, mode changes and reports. Each is counted per tenant in
 * Redis; past it the answer is 429 `rate_limited` with `Retry-After` and the `RateLimit-*`
 * headers, and another tenant's allowance is untouched.
 */
import { expect } from 'chai';
import { limits, RateLimits, windowOf } from '../../src/api/rate-limits';
import { ConfigError, loadConfig } from '../../src/config';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';

interface Answer { status: number; headers: Headers; body: string }

/** What the docs promise: requests per window (seconds), per tenant. */
const documented = {
  webhookTest: { limit: 20, window: 3600 },
  webhookReplay: { limit: 10, window: 3600 },
  erasure: { limit: 30, window: 60 },
  checkpoint: { limit: 60, window: 60 },
  cmsEvents: { limit: 6000, window: 60 },
  modeChange: { limit: 10, window: 60 },
  reports: { limit: 30, window: 60 },
};

describe('limits on costly endpoints', function () {
  this.timeout(60000);
  let h: Harness;
  let tenants = 0;

  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  /** A tenant of its own for each test (its counters start empty), and a token with every scope. */
  async function freshTenant(): Promise<{ tenantId: string; token: string }> {
    tenants += 1;
    const tenantId = `lim${tenants}`;
    const tenant = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId, phoneNumberId: `8008000${String(tenants).padStart(2, '0')}` });
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.credentials.client_id, client_secret: tenant.credentials.client_secret }),
    });
    expect(res.status).to.equal(200);
    return { tenantId, token: ((await res.json()) as { access_token: string }).access_token };
  }

  async function call(token: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${h.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  /**
   * Sends `limit` requests (numbered, `batch` at a time), each of which must pass the limit with
   * its headers; then the next must be a 429 in the spec's style.
   */
  async function exhaust(name: keyof typeof documented, send: (i: number) => Promise<Answer>, batch = 1, limit = documented[name].limit): Promise<Answer> {
    const { window } = documented[name];
    const passed: Answer[] = [];
    for (let i = 0; i < limit; i += batch) passed.push(...(await Promise.all(Array.from({ length: Math.min(batch, limit - i) }, (_, j) => send(i + j)))));
    expect(passed.filter((a) => a.status === 429).map((a) => a.body), `${name}: refused within the limit`).to.deep.equal([]);
    for (const a of passed) expect(a.headers.get('ratelimit-limit'), `${name}: ${a.status} ${a.body}`).to.equal(String(limit));
    expect(passed.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((x, y) => x - y)).to.deep.equal(Array.from({ length: limit }, (_, i) => i));
    const refused = await send(limit);
    expect(refused.status, `${name}: request ${limit + 1} answered ${refused.body}`).to.equal(429);
    expect(refused.headers.get('content-type')?.split(';')[0]).to.equal('application/problem+json');
    expect(JSON.parse(refused.body)).to.include({ status: 429, error_code: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, window);
    expect(JSON.parse(refused.body).retry_after).to.equal(retryAfter);
    expect(refused.headers.get('ratelimit-limit')).to.equal(String(limit));
    expect(refused.headers.get('ratelimit-remaining')).to.equal('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).to.be.within(1, window);
    return refused;
  }

  it('POST /v1/webhooks/test: 20 an hour per tenant; the 21st queues nothing; another tenant is unaffected', async () => {
    const { tenantId, token } = await freshTenant();
    expect((await call(token, 'PUT', '/v1/webhooks/endpoint', { url: 'http://127.0.0.1:9/hooks' })).status).to.equal(201);
    await exhaust('webhookTest', () => call(token, 'POST', '/v1/webhooks/test', { types: ['workflow.completed'] }));
    const pending = async () => (JSON.parse((await call(token, 'GET', '/v1/webhooks/deliveries?status=pending&limit=100')).body) as { items: unknown[] }).items.length;
    expect(await pending(), `pending deliveries of ${tenantId}`).to.equal(documented.webhookTest.limit);
    const other = await freshTenant();
    expect((await call(other.token, 'PUT', '/v1/webhooks/endpoint', { url: 'http://127.0.0.1:9/hooks' })).status).to.equal(201);
    const answer = await call(other.token, 'POST', '/v1/webhooks/test', { types: ['workflow.completed'] });
    expect(answer.status, answer.body).to.equal(202);
    expect(answer.headers.get('ratelimit-remaining')).to.equal(String(documented.webhookTest.limit - 1));
  });

  it('POST /v1/webhooks/replay: 10 an hour per tenant', async () => {
    const { token } = await freshTenant();
    expect((await call(token, 'PUT', '/v1/webhooks/endpoint', { url: 'http://127.0.0.1:9/hooks' })).status).to.equal(201);
    const since = new Date(Date.now() - 3600_000).toISOString();
    await exhaust('webhookReplay', () => call(token, 'POST', '/v1/webhooks/replay', { since }));
  });

  it('POST /v1/claimants/erasure: 30 a minute per tenant', async () => {
    const { token } = await freshTenant();
    await exhaust('erasure', (i) => call(token, 'POST', '/v1/claimants/erasure', { phone: `+9198${String(77000000 + i)}` }), 5);
  });

  it('GET /v1/audit/checkpoint: 60 signatures a minute per tenant', async () => {
    const { token } = await freshTenant();
    const refused = await exhaust('checkpoint', () => call(token, 'GET', '/v1/audit/checkpoint'), 10);
    expect(refused.body).to.not.contain('signature');
  });

  it('POST /v1/cms/events: a limit a minute per tenant (RATE_LIMITS lowers it here), counted whatever the answer', async () => {
    // The default (6,000) would take the test minutes to reach: the same limiter on a lower value.
    const own = await startHarness({ roles: ['api'], config: { rateLimits: { cms_events: 40 } } });
    const saved = h;
    try {
      h = own; // freshTenant and call use the harness in h
      const { token } = await freshTenant();
      // Events for claims the CMS does not serve (404) count as any other.
      await exhaust('cmsEvents', (i) => call(token, 'POST', '/v1/cms/events', { type: 'claim.documents_received', claim_id: `CLM-NONE-${i}` }), 10, 40);
    } finally {
      h = saved;
      await own.close();
    }
  });

  it('GET /v1/reports/summary: 30 a minute per tenant; another tenant is unaffected', async () => {
    const { token } = await freshTenant();
    await exhaust('reports', () => call(token, 'GET', '/v1/reports/summary?from=2026-11-01&to=2026-11-07'), 5);
    const other = await freshTenant();
    expect((await call(other.token, 'GET', '/v1/reports/summary?from=2026-11-01&to=2026-11-07')).status).to.equal(200);
  });

  it('the limits and windows in the code are the documented ones', () => {
    const named = { webhookTest: 'webhook_test', webhookReplay: 'webhook_replay', erasure: 'erasure', checkpoint: 'checkpoint', cmsEvents: 'cms_events', modeChange: 'mode_change', reports: 'reports' } as const;
    for (const [key, name] of Object.entries(named)) {
      expect({ limit: limits[name], window: windowOf(name) }, name).to.deep.equal(documented[key as keyof typeof documented]);
    }
  });

  it('RATE_LIMITS sets a deployment\'s own value for a named limit, and refuses a name that is no limit', async () => {
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'cms_events=2,erasure=45' });
    expect(config.rateLimits).to.deep.equal({ cms_events: 2, erasure: 45 });
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'cms_events=0' })).to.throw(ConfigError, /RATE_LIMITS/);
    expect(new RateLimits(h.services.redis, h.services.keys, undefined, config.rateLimits).points).to.include({ cms_events: 2, erasure: 45, mode_change: limits.mode_change });
    expect(() => new RateLimits(h.services.redis, h.services.keys, undefined, { cms_event: 5 })).to.throw(/RATE_LIMITS names no limit: cms_event/);
  });

  it('PUT /v1/tenant/operational-mode: 10 changes a minute per tenant; reading the mode is not limited', async () => {
    const { token } = await freshTenant();
    const modes = ['RESTRICTED', 'OPERATIONAL'];
    await exhaust('modeChange', (i) => call(token, 'PUT', '/v1/tenant/operational-mode', { mode: modes[i % 2], reason: `drill ${i}` }));
    const read = await call(token, 'GET', '/v1/tenant/operational-mode');
    expect(read.status).to.equal(200);
    expect(read.headers.get('ratelimit-limit')).to.equal(null);
  });
});
