/**
 * The spec's rate limits, counted in Redis: headers on limited responses, 429 with Retry-After
 * past the limit, one tenant's limit not touching another's, and the count shared by two API
 * processes on one Redis (the harness API in-process plus a child `api` process).
 */
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { Context } from 'koa';
import { onboardFakeTenant, type FakeTenant } from '../helpers/fakes/demo-tenant';
import { limits, RateLimits } from '../../src/api/rate-limits';
import { createLogger } from '../../src/logger';
import { Keys } from '../../src/redis/keys';
import { envFor, startChild, type ChildService } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { freePort } from '../helpers/redis';
import { waitFor } from '../helpers/wait';

interface Answer { status: number; headers: Headers; body: string }

describe('rate limits', function () {
  this.timeout(60000);
  let h: Harness;
  let child: ChildService;
  let urls: [string, string];

  before(async () => {
    h = await startHarness({ roles: ['api'] });
    const port = await freePort();
    child = startChild(['api'], envFor(h.config, { PORT: String(port) }));
    const childUrl = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${childUrl}/ready`)).status === 200, { timeoutMs: 30000, what: `child API on ${childUrl}` })
      .catch((err: Error) => { throw new Error(`${err.message}\n${child.output()}`); });
    urls = [h.apiUrl, childUrl];
  });
  after(async () => {
    await child?.kill();
    await h?.close();
  });

  /** One request, body read so the keep-alive connection is free again. */
  async function call(url: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(`${url}${path}`, init);
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  async function tokenFor(tenant: FakeTenant): Promise<string> {
    const res = await call(h.apiUrl, '/v1/auth/token', tokenRequest(tenant));
    expect(res.status, res.body).to.equal(200);
    return (JSON.parse(res.body) as { access_token: string }).access_token;
  }

  function tokenRequest(tenant: FakeTenant): RequestInit {
    return {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.credentials.client_id, client_secret: tenant.credentials.client_secret }),
    };
  }

  /** Requests `first`..`first + count - 1`, alternating between the two processes, `batch` at a time. */
  async function burst(count: number, batch: number, first: number, send: (url: string) => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < count; i += batch) {
      const n = Math.min(batch, count - i);
      answers.push(...(await Promise.all(Array.from({ length: n }, (_, j) => send(urls[(first + i + j) % 2]!)))));
    }
    return answers;
  }

  /** The token endpoint answers `application/json` to a client without a preference (docs/errors.md). */
  function expectRateLimited(res: Answer, limit: number, mediaType = 'application/problem+json'): void {
    // Never print an issued token in a failure message.
    expect(res.status, res.status === 200 ? 'the request was answered 200' : res.body).to.equal(429);
    expect(res.headers.get('content-type')?.split(';')[0]).to.equal(mediaType);
    expect(JSON.parse(res.body)).to.include({ status: 429, error_code: 'rate_limited' });
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).to.match(/^\d+$/);
    expect(Number(retryAfter)).to.be.within(1, 60);
    expect(res.headers.get('ratelimit-limit')).to.equal(String(limit));
    expect(res.headers.get('ratelimit-remaining')).to.equal('0');
  }

  it('puts RateLimit-Limit, -Remaining and -Reset on a limited workflows response, counted across both processes', async () => {
    const token = await h.token();
    const headers = { authorization: `Bearer ${token}` };
    const first = await call(urls[0], '/v1/workflows', { headers });
    expect(first.status, first.body).to.equal(200);
    expect(first.headers.get('ratelimit-limit')).to.equal('600');
    expect(first.headers.get('ratelimit-remaining')).to.equal('599');
    const reset = first.headers.get('ratelimit-reset');
    expect(reset).to.match(/^\d+$/);
    expect(Number(reset)).to.be.within(0, 60);
    expect(first.headers.get('retry-after')).to.equal(null);
    // The single read shares the tenant's counter, and the other process sees the same count.
    const second = await call(urls[1], '/v1/workflows/wf-0-0000000000000000', { headers });
    expect(second.status, second.body).to.equal(404);
    expect(second.headers.get('ratelimit-remaining')).to.equal('598');
  });

  it('answers the 601st GET /v1/workflows of a tenant within a minute, over two processes, with 429 and Retry-After; another tenant is unaffected', async () => {
    const beta = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'beta', phoneNumberId: '700700701' });
    const betaHeaders = { authorization: `Bearer ${await tokenFor(beta)}` };
    const acmeHeaders = { authorization: `Bearer ${await h.token()}` };

    const allowed = await burst(600, 50, 0, (url) => call(url, '/v1/workflows?limit=1', { headers: betaHeaders }));
    expect(allowed.map((r) => r.status).filter((s) => s !== 200), 'statuses other than 200 among the first 600').to.deep.equal([]);
    const remaining = allowed.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).to.deep.equal(Array.from({ length: 600 }, (_, i) => i));

    expectRateLimited(await call(urls[0], '/v1/workflows?limit=1', { headers: betaHeaders }), 600);
    expectRateLimited(await call(urls[1], '/v1/workflows?limit=1', { headers: betaHeaders }), 600);
    expectRateLimited(await call(urls[1], '/v1/workflows/wf-0-0000000000000000', { headers: betaHeaders }), 600);

    const key = `${h.config.keyPrefix}:rl:workflows:beta`;
    const ttl = await h.services.redis.pttl(key);
    expect(ttl).to.be.within(1, 60000);

    for (const url of urls) {
      const other = await call(url, '/v1/workflows?limit=1', { headers: acmeHeaders });
      expect(other.status, other.body).to.equal(200);
      expect(Number(other.headers.get('ratelimit-remaining'))).to.be.within(1, 599);
    }
  });

  // Waits on the token handler calling `rateLimitsFor(s).check(ctx, 'token', clientId)`.
  it('answers the 61st POST /v1/auth/token of a client_id within a minute, over two processes, with 429 and Retry-After', async () => {
    const gamma = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'gamma', phoneNumberId: '700700702' });
    const allowed = await burst(60, 10, 0, (url) => call(url, '/v1/auth/token', tokenRequest(gamma)));
    expect(allowed.map((r) => r.status).filter((s) => s !== 200), 'statuses other than 200 among the first 60').to.deep.equal([]);
    expectRateLimited(await call(urls[0], '/v1/auth/token', tokenRequest(gamma)), limits.token, 'application/json');
  });

  it('lets the request through and logs an error when Redis cannot be reached (fail open)', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', { write: (line: string) => { lines.push(line); } });
    const unreachable = new Redis(`redis://127.0.0.1:${await freePort()}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      const rl = new RateLimits(unreachable, new Keys('rlfail', 1), log);
      const set = new Map<string, string>();
      const ctx = { set: (name: string, value: string) => { set.set(name, value); } } as unknown as Context;
      await rl.check(ctx, 'workflows', 'acme');
      await rl.check(ctx, 'workflows', 'acme');
      expect(set.size, 'no RateLimit headers when the count is unknown').to.equal(0);
      const errors = lines.map((l) => JSON.parse(l) as { level: number; msg: string; limit: string }).filter((l) => l.level === 50);
      expect(errors, 'one error line, the second failure within the period is suppressed').to.have.length(1);
      expect(errors[0]).to.include({ limit: 'workflows', msg: 'rate limit check failed; request allowed (fail open)' });
    } finally {
      unreachable.disconnect();
    }
  });
});
