/**
 * The API while its Redis is down (src/redis/unavailable.ts): a partner and a provider get 503
 * `store_unavailable` with `Retry-After`, which they retry, not a 500; the operator gets a warning
 * that names Redis, not an "unhandled API error" with a stack; and once Redis is back the same
 * process answers again, with no restart. Meta sends a webhook again after any non-2xx answer, so
 * the claimant's message is taken on a later try (here, posted again by the test as Meta would).
 * The connection's own errors are logged as a warning for the outage and a line for its end. The
 * SDK rides such an outage through: it waits `Retry-After` and sends the call again.
 */
import { expect } from 'chai';
import { createClaimsClient } from '../../sdk/src';
import { RevocationStore } from '../../src/auth/revocation';
import { SigningKeys } from '../../src/auth/signing-keys';
import { TokenVerifier } from '../../src/auth/token-verifier';
import { VerifiedTokens } from '../../src/auth/verified-tokens';
import { isRedisUnavailable } from '../../src/redis/unavailable';
import { startHarness, type Harness } from '../helpers/harness';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { waitFor } from '../helpers/wait';

describe('the API while Redis is down', function () {
  this.timeout(90_000);
  let redis: PrivateRedis;
  let h: Harness;
  let down = false;
  const logLines: string[] = [];

  before(async () => {
    redis = await startPrivateRedis({ appendonly: true });
    h = await startHarness({ roles: ['api'], redisUrl: redis.url, logLines });
  });
  after(async () => {
    // The harness closes through Redis: start it again if a failed assertion left it down.
    if (down) await redis.start();
    await h?.close();
    await redis?.close();
  });

  it('answers 503 store_unavailable with Retry-After, logs a warning naming Redis, and answers again once Redis is back', async () => {
    const token = await h.token();
    // A workflow id of this deployment's form that names no workflow: 404 while Redis answers.
    const path = '/v1/workflows/wf-0-00000000000000000000000000000000';
    expect((await h.api(path, { token })).status).to.equal(404);

    await redis.stop(true);
    down = true;
    // A partner's read and the provider's webhook, together: each waits through the connection's
    // reconnect attempts (maxRetriesPerRequest, src/redis/connection.ts), then is answered 503.
    const [answer, inbound] = await Promise.all([
      h.api(path, { token }),
      h.wa.postInbound({ from: '+919822200001', text: 'claim status' }),
    ]);
    expect(answer.status).to.equal(503);
    expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(answer.headers.get('retry-after')).to.equal('1');
    const problem = (await answer.json()) as { error_code: string; status: number; detail: string };
    expect(problem).to.include({ error_code: 'store_unavailable', status: 503 });
    // Meta sends a webhook again after any answer but 200.
    expect(inbound.status).to.equal(503);

    const lines = () => logLines.map((l) => JSON.parse(l) as { level: number; msg: string; connection?: string });
    const answered = lines().filter((l) => l.msg.startsWith('Redis did not answer'));
    expect(answered.length).to.be.at.least(2);
    expect(answered.every((l) => l.level === 40)).to.equal(true); // pino's warn
    expect(logLines.some((l) => l.includes('unhandled API error'))).to.equal(false);
    // The connection's own errors: a warning for the outage, not one line per reconnect attempt.
    const failing = lines().filter((l) => l.msg.startsWith('Redis connection failing') && l.connection === 'cw-main');
    expect(failing.length).to.be.within(1, 3);
    expect(failing[0]!.level).to.equal(40);

    await redis.start();
    down = false;
    // The same process, its connections reconnected by ioredis: answered as before, and the message taken.
    const up = await h.api(path, { token });
    expect(up.status).to.equal(404);
    await waitFor(() => lines().some((l) => l.msg === 'Redis connection ready again' && l.connection === 'cw-main'), { timeoutMs: 10_000, what: 'the connection logged as back' });
    const again = await h.wa.postInbound({ from: '+919822200001', text: 'claim status' });
    expect(again.status).to.equal(200);
  });

  it('the SDK waits Retry-After after a 503 and sends again, with the same Idempotency-Key', async () => {
    const sent: { method: string; status: number; idempotencyKey: string | null }[] = [];
    const waits: number[] = [];
    const sdk = createClaimsClient({
      baseUrl: h.apiUrl, clientId: h.tenant.credentials.client_id, clientSecret: h.tenant.credentials.client_secret, maxRetries: 2,
      fetch: async (request) => {
        const response = await fetch(request);
        if (new URL(request.url).pathname === '/v1/tenant/operational-mode') {
          sent.push({ method: request.method, status: response.status, idempotencyKey: request.headers.get('idempotency-key') });
        }
        return response;
      },
      // Redis comes back while the SDK waits.
      sleep: async (ms) => {
        waits.push(ms);
        if (down) { await redis.start(); down = false; }
      },
    });
    // Its token while Redis answers (the SDK keeps it).
    expect((await sdk.api.GET('/v1/tenant/operational-mode')).response.status).to.equal(200);

    await redis.stop(true);
    down = true;
    const changed = await sdk.api.PUT('/v1/tenant/operational-mode', { body: { mode: 'OPERATIONAL', reason: 'outage drill' } });
    expect(changed.response.status).to.equal(200);
    expect(waits).to.deep.equal([1000]);
    const puts = sent.filter((s) => s.method === 'PUT');
    expect(puts.map((s) => s.status)).to.deep.equal([503, 200]);
    expect(puts[0]!.idempotencyKey).to.be.a('string');
    expect(puts[1]!.idempotencyKey).to.equal(puts[0]!.idempotencyKey);
  });

  it('a token whose signing key this process has not read yet is no verdict either while Redis is down', async () => {
    const token = await h.token();
    // As in a second API process, or one just started: nothing of the keys in memory.
    const { redis: connection, keys, clock } = h.services;
    const fresh = new TokenVerifier(h.config,
      new SigningKeys(connection, keys, { encryptionKey: h.config.signingKeyEncryptionKey, publishLeadMs: h.config.keyPublishLeadSeconds * 1000, maxTokenTtlMs: 3_600_000 }),
      new RevocationStore(connection, keys), clock, new VerifiedTokens());
    await redis.stop(true);
    down = true;
    let thrown: unknown = null;
    try {
      await fresh.verify(token);
    } catch (err) {
      thrown = err;
    }
    // Thrown (the API answers 503), where koa-jwt alone would have made it a refusal (401).
    expect(isRedisUnavailable(thrown), String(thrown)).to.equal(true);
    await redis.start();
    down = false;
    expect((await fresh.verify(token))?.tenant_id).to.equal(h.tenant.doc.tenant_id);
  });
});
