/**
 * Partner webhooks as a partner meets them: the endpoint set through the API, events put in with
 * `enqueue`, and what a real receiver (a local HTTP server verifying with the stock
 * `standardwebhooks` library) gets as the clock is moved through the retry schedule and
 * `deliverDue()` is called by hand, as the scheduler would each tick.
 */
import { expect } from 'chai';
import { onboardFakeTenant, type FakeTenant } from '../helpers/fakes/demo-tenant';
import { ManualClock } from '../../src/clock';
import { runClaimWebhooks } from '../../src/redis/scripts';
import { PartnerWebhooks } from '../../src/webhooks/partner-webhooks';
import type { WebhookEnvelope } from '../../src/webhooks/envelope';
import { startHarness, type Harness } from '../helpers/harness';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

interface EndpointBody {
  url: string; enabled: boolean; disabled_reason: string | null; signing_secret?: string;
  secret: { fingerprint: string; previous: { fingerprint: string; expires_at: string } | null };
}
interface DeliveryBody { id: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; event: WebhookEnvelope }
interface PageBody { items: DeliveryBody[]; next_cursor: string | null }

describe('partner webhooks', function () {
  this.timeout(30000);
  const clock = new ManualClock(Date.now());
  let h: Harness;
  let receiver: WebhookReceiver;
  let other: FakeTenant;
  let token: { value: string; at: number } | null = null;

  /** The API with a token of the harness tenant, fetched again once the clock has moved far. */
  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    if (!token || clock.now() - token.at > 30 * minute) token = { value: await h.token(), at: clock.now() };
    return h.api(path, { ...init, token: token.value });
  }
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const put = (body: unknown): RequestInit => ({ ...json(body), method: 'PUT' });

  async function setEndpoint(url = receiver.url): Promise<string> {
    const res = await api('/v1/webhooks/endpoint', put({ url }));
    expect(res.status).to.equal(201);
    const secret = ((await res.json()) as EndpointBody).signing_secret!;
    receiver.secrets = [secret];
    return secret;
  }
  const enqueue = (type = 'workflow.completed', extra: { workflow_id?: string; sequence?: number } = {}) =>
    h.services.webhooks.enqueue('acme', { type, ...extra, data: { status: 'completed', claim_id_hash: `sha256:${'ab'.repeat(32)}` } }, clock.now());
  const deliver = () => h.services.webhooks.deliverDue();
  async function list(status: string, query = ''): Promise<PageBody> {
    const res = await api(`/v1/webhooks/deliveries?status=${status}${query}`);
    expect(res.status).to.equal(200);
    return (await res.json()) as PageBody;
  }

  before(async () => {
    h = await startHarness({ clock, roles: { api: true, scheduler: false, stages: [] } });
    other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'other', phoneNumberId: '100200399' });
  });
  after(async () => { await h?.close(); });

  beforeEach(async () => {
    // Each test starts with no webhook state and its own receiver.
    const found = await h.services.redis.keys(`${h.config.keyPrefix}:{t:*}:webhook:*`);
    if (found.length > 0) await h.services.redis.del(...found);
    await h.services.redis.del(h.services.keys.webhookTenants());
    receiver = await startWebhookReceiver();
    receiver.clock = clock;
  });
  afterEach(async () => { await receiver.close(); });

  it('configures the endpoint, shows the secret once, and delivers signed envelopes that verify', async () => {
    const secret = await setEndpoint();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const shown = (await (await api('/v1/webhooks/endpoint')).json()) as EndpointBody;
    expect(shown).to.include({ url: receiver.url, enabled: true, disabled_reason: null });
    expect(JSON.stringify(shown)).not.to.include(secret.slice(6));
    expect(shown.secret.fingerprint).to.match(/^[0-9a-f]{16}$/);

    const first = await enqueue('workflow.started', { workflow_id: 'wf-1-0123456789abcdef0123' });
    const second_ = await enqueue('workflow.completed', { workflow_id: 'wf-1-0123456789abcdef0123' });
    const loose = await enqueue('operational_mode.changed');
    expect([first!.sequence, second_!.sequence, loose!.sequence]).to.deep.equal([1, 2, null]);
    expect(await deliver()).to.equal(3);

    expect(receiver.received).to.have.length(3);
    for (const r of receiver.received) {
      expect(r.verified).to.deep.equal([true]);
      const body = verifyWebhook(secret, r, clock) as WebhookEnvelope;
      expect(r.id).to.equal(body.id).and.match(/^msg_[0-9a-f]{24}$/);
      expect(r.contentType).to.equal('application/json');
      expect(Number(r.timestamp)).to.equal(Math.floor(clock.now() / 1000));
      expect(Object.keys(body)).to.deep.equal(['id', 'type', 'tenant_id', 'timestamp', 'workflow_id', 'sequence', 'data']);
      expect(body.tenant_id).to.equal('acme');
    }
    const byId = Object.fromEntries(receiver.received.map((r) => [r.id, JSON.parse(r.body) as WebhookEnvelope]));
    expect(byId[first!.id]).to.deep.equal(first);
    expect(byId[loose!.id]).to.include({ type: 'operational_mode.changed', workflow_id: null, sequence: null });
    expect(byId[loose!.id]!.timestamp).to.equal(new Date(clock.now()).toISOString());

    const delivered = await list('delivered');
    expect(delivered.items.map((d) => d.id).sort()).to.deep.equal([first!.id, second_!.id, loose!.id].sort());
    expect(delivered.items[0]).to.include({ status: 'delivered', attempts: 1, last_status_code: 204 });
    expect((await list('pending')).items).to.deep.equal([]);
    expect(await deliver(), 'nothing is sent twice').to.equal(0);
  });

  it('keeps nothing for a tenant without an endpoint', async () => {
    expect(await enqueue()).to.equal(null);
    expect(await h.services.redis.zcard(h.services.keys.webhookTenants())).to.equal(0);
  });

  it('retries on the schedule with the same webhook-id: fails 3 times, then one accepted delivery', async () => {
    await setEndpoint();
    receiver.respond = (n) => ({ status: n < 3 ? 500 : 200 });
    const event = await enqueue();
    expect(await deliver()).to.equal(1);
    // 5 s, then 5 min, then 30 min: nothing is sent a moment early.
    for (const wait of [5 * second, 5 * minute, 30 * minute]) {
      clock.advance(wait - second);
      expect(await deliver(), `not before ${wait} ms`).to.equal(0);
      clock.advance(second);
      expect(await deliver()).to.equal(1);
    }
    expect(receiver.received.map((r) => r.answered)).to.deep.equal([500, 500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.id))).to.deep.equal(new Set([event!.id]));
    expect(receiver.received.map((r) => r.verified), 'each attempt verified when it arrived').to.deep.equal([[true], [true], [true], [true]]);
    expect(receiver.received.map((r) => r.body)).to.deep.equal(Array(4).fill(JSON.stringify(event)));
    const [done] = (await list('delivered')).items;
    expect(done).to.include({ id: event!.id, attempts: 4, last_status_code: 200 });
    clock.advance(24 * hour);
    expect(await deliver()).to.equal(0);
    expect(receiver.received).to.have.length(4);
  });

  /** cw_webhook_attempts_total of one tenant and outcome, as /metrics shows it. */
  async function attempts(tenant: string, outcome: string): Promise<number> {
    const { values } = await h.services.metrics.webhookAttempts.get();
    return values.find((v) => v.labels.tenant === tenant && v.labels.outcome === outcome)?.value ?? 0;
  }

  it('dead-letters after the 8th attempt; the retry endpoint then delivers it with the same id', async () => {
    const before = { retry: await attempts('acme', 'retry'), failed: await attempts('acme', 'failed'), delivered: await attempts('acme', 'delivered') };
    await setEndpoint();
    receiver.respond = () => ({ status: 503 });
    const event = await enqueue();
    expect(await deliver()).to.equal(1);
    for (const wait of [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour]) {
      clock.advance(wait);
      expect(await deliver()).to.equal(1);
    }
    expect(receiver.received).to.have.length(8);
    clock.advance(48 * hour);
    expect(await deliver(), 'no 9th attempt').to.equal(0);
    expect((await list('pending')).items).to.deep.equal([]);
    const [dead] = (await list('failed')).items;
    expect(dead).to.include({ id: event!.id, status: 'failed', attempts: 8, last_status_code: 503, last_error: 'HTTP 503' });
    expect(dead!.event).to.deep.equal(event);
    // The alert on a tenant's failing deliveries reads these (deploy/prometheus): per tenant, by outcome.
    expect(await attempts('acme', 'retry') - before.retry).to.equal(7);
    expect(await attempts('acme', 'failed') - before.failed).to.equal(1);
    expect(await attempts('other', 'failed')).to.equal(0);

    receiver.respond = () => ({ status: 200 });
    const retried = await api(`/v1/webhooks/deliveries/${event!.id}/retry`, json({}));
    expect(retried.status).to.equal(202);
    expect((await list('failed')).items).to.deep.equal([]);
    expect(await deliver()).to.equal(1);
    expect(receiver.received).to.have.length(9);
    expect(await attempts('acme', 'delivered') - before.delivered).to.equal(1);
    expect(new Set(receiver.received.map((r) => r.id))).to.deep.equal(new Set([event!.id]));
    expect((await list('delivered')).items.map((d) => d.id)).to.deep.equal([event!.id]);

    const again = await api(`/v1/webhooks/deliveries/${event!.id}/retry`, json({}));
    expect(again.status).to.equal(409);
    expect(await again.json()).to.include({ error_code: 'conflict' });
  });

  it('disables the endpoint on 410 and holds deliveries until the partner sets it again', async () => {
    await setEndpoint();
    receiver.respond = () => ({ status: 410 });
    const gone = await enqueue();
    expect(await deliver()).to.equal(1);
    const endpoint = (await (await api('/v1/webhooks/endpoint')).json()) as EndpointBody;
    expect(endpoint).to.include({ enabled: false, disabled_reason: 'gone' });

    const later = await enqueue();
    clock.advance(hour);
    expect(await deliver()).to.equal(0);
    expect(receiver.received).to.have.length(1);
    expect((await list('pending')).items.map((d) => d.id).sort()).to.deep.equal([gone!.id, later!.id].sort());

    receiver.respond = () => ({ status: 200 });
    const again = await api('/v1/webhooks/endpoint', put({ url: receiver.url }));
    expect(again.status).to.equal(200);
    expect(await again.json()).to.include({ enabled: true }).and.not.have.property('signing_secret');
    expect(await deliver()).to.equal(2);
    expect(receiver.received.slice(1).map((r) => r.id).sort()).to.deep.equal([gone!.id, later!.id].sort());
    const delivered = (await list('delivered')).items;
    expect(delivered.find((d) => d.id === gone!.id), 'the 410 did not use up an attempt').to.include({ attempts: 1 });
  });

  it('honours Retry-After in seconds and as an HTTP date when later than the schedule', async () => {
    await setEndpoint();
    receiver.respond = (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '120' } }
      : n === 1 ? { status: 503, headers: { 'retry-after': new Date(clock.now() + 2 * hour).toUTCString() } } : { status: 200 });
    await enqueue();
    expect(await deliver()).to.equal(1);
    clock.advance(119 * second);
    expect(await deliver(), 'the schedule says 5 s; Retry-After says 120 s').to.equal(0);
    clock.advance(second);
    expect(await deliver()).to.equal(1);
    clock.advance(hour);
    expect(await deliver(), 'the schedule says 5 min; Retry-After says 2 h').to.equal(0);
    clock.advance(hour);
    expect(await deliver()).to.equal(1);
    expect(receiver.received.map((r) => r.answered)).to.deep.equal([429, 503, 200]);
  });

  it('rotates the secret: both signatures during the overlap, only the new one after', async () => {
    const oldSecret = await setEndpoint();
    const rotated = await api('/v1/webhooks/secret/rotate', json({ overlap_hours: 1 }));
    expect(rotated.status).to.equal(200);
    const body = (await rotated.json()) as EndpointBody;
    const newSecret = body.signing_secret!;
    expect(newSecret).to.match(/^whsec_/).and.not.equal(oldSecret);
    expect(body.secret.previous).to.have.property('expires_at', new Date(clock.now() + hour).toISOString());

    // verified[0]: a receiver that has only the old secret; verified[1]: one with only the new.
    receiver.secrets = [oldSecret, newSecret];
    await enqueue();
    await deliver();
    const during = receiver.received[0]!;
    expect(during.signature.split(' ')).to.have.length(2);
    expect(during.verified).to.deep.equal([true, true]);

    clock.advance(hour + second);
    await enqueue();
    await deliver();
    const after = receiver.received[1]!;
    expect(after.signature.split(' ')).to.have.length(1);
    expect(after.verified).to.deep.equal([false, true]);
    expect(() => verifyWebhook(oldSecret, after, clock)).to.throw(/No matching signature/);
    expect(((await (await api('/v1/webhooks/endpoint')).json()) as EndpointBody).secret.previous).to.equal(null);
  });

  it('replays kept events since a time, with their ids, and lists deliveries page by page', async () => {
    await setEndpoint();
    const before = await enqueue();
    clock.advance(minute);
    const since = clock.now();
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await enqueue());
    await deliver();
    expect(receiver.received).to.have.length(6);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PageBody = await list('delivered', `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).to.be.at.most(2);
      seen.push(...page.items.map((d) => d.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect([...seen].sort()).to.deep.equal([before!.id, ...events.map((e) => e!.id)].sort());

    const replay = await api('/v1/webhooks/replay', json({ since: new Date(since).toISOString() }));
    expect(replay.status).to.equal(202);
    expect(await replay.json()).to.include({ requeued: 5, already_pending: 0 });
    expect(await deliver()).to.equal(5);
    expect(receiver.received.slice(6).map((r) => r.id).sort()).to.deep.equal(events.map((e) => e!.id).sort());
  });

  it('never lets two schedulers send one attempt, and resends after a crashed sender\'s lease', async () => {
    await setEndpoint();
    receiver.delayMs = 50;
    // Two schedulers taking 4 at a time, so both claim while the other sends.
    const [one, two] = [0, 1].map(() => new PartnerWebhooks({ ...h.services, config: { ...h.config, webhookConcurrency: 4 } }));
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push((await enqueue())!.id);
    const [a, b] = await Promise.all([one!.deliverDue(), two!.deliverDue()]);
    expect(a).to.be.greaterThan(0);
    expect(b).to.be.greaterThan(0);
    expect(a + b).to.equal(30);
    expect(receiver.received.map((r) => r.id).sort()).to.deep.equal([...ids].sort());
    await Promise.all([one!.close(), two!.close()]);

    // A sender claims and dies before sending: the delivery waits for its lease, then goes out.
    const lost = await enqueue();
    const leaseEnd = clock.now() + 2 * h.config.webhookTimeoutMs + 10_000;
    expect(await runClaimWebhooks(h.services.redis, h.services.keys, 'acme', clock.now(), leaseEnd, 10)).to.deep.equal([lost!.id]);
    expect(await deliver()).to.equal(0);
    clock.set(leaseEnd);
    expect(await deliver()).to.equal(1);
    expect(receiver.received.at(-1)!.id).to.equal(lost!.id);
  });

  it('checks the address again at delivery time in production (DNS may change)', async () => {
    let addresses = ['93.184.216.34'];
    const production = new PartnerWebhooks({ ...h.services, config: { ...h.config, environment: 'production' }, resolve: async () => addresses });
    const res = await production.endpoints.put('acme', 'https://hooks.partner.example/in', clock.now());
    expect(res.created).to.equal(true);
    addresses = ['93.184.216.34', '10.0.0.7'];
    await production.enqueue('acme', { type: 'workflow.completed', data: {} }, clock.now());
    expect(await production.deliverDue()).to.equal(1);
    const [pending] = (await list('pending')).items;
    expect(pending!.last_error).to.match(/endpoint address refused: .*10\.0\.0\.7/);
    expect(pending!.last_status_code).to.equal(null);
    await production.close();
  });

  it('refuses bad URLs with invalid_webhook_url, needs webhook:admin, and answers another tenant 404', async () => {
    const bad = await api('/v1/webhooks/endpoint', put({ url: 'http://example.com/hooks' }));
    expect(bad.status).to.equal(400);
    expect(await bad.json()).to.include({ error_code: 'invalid_webhook_url' });
    const missing = await api('/v1/webhooks/endpoint', put({}));
    expect(await missing.json()).to.include({ error_code: 'invalid_request' });

    await setEndpoint();
    receiver.respond = () => ({ status: 500 });
    const event = await enqueue();
    for (let i = 0; i < 8; i++) { await deliver(); clock.advance(11 * hour); }
    expect((await list('failed')).items.map((d) => d.id)).to.deep.equal([event!.id]);

    const tokenRes = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: other.credentials.client_id, client_secret: other.credentials.client_secret }),
    });
    const otherToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    const retry = await h.api(`/v1/webhooks/deliveries/${event!.id}/retry`, { ...json({}), token: otherToken });
    expect(retry.status).to.equal(404);
    expect(await retry.json()).to.include({ error_code: 'delivery_not_found' });
    const theirs = (await (await h.api('/v1/webhooks/deliveries?status=failed', { token: otherToken })).json()) as PageBody;
    expect(theirs.items).to.deep.equal([]);
    const noEndpoint = await h.api('/v1/webhooks/endpoint', { token: otherToken });
    expect(noEndpoint.status).to.equal(404);
    expect(await noEndpoint.json()).to.include({ error_code: 'webhook_endpoint_not_found' });
    expect((await h.api('/v1/webhooks/secret/rotate', { ...json({}), token: otherToken })).status).to.equal(404);

    const readOnly = await h.token('workflow:read');
    const forbidden = await h.api('/v1/webhooks/deliveries?status=failed', { token: readOnly });
    expect(forbidden.status).to.equal(403);
    expect(await forbidden.json()).to.include({ error_code: 'insufficient_scope', required_scope: 'webhook:admin' });
  });
});

describe('partner webhooks fired by the scheduler role', function () {
  this.timeout(30000);
  let h: Harness;
  let receiver: WebhookReceiver;
  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: true, stages: [] } });
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('delivers an enqueued event on a scheduler tick, verified with the secret from the PUT', async () => {
    const res = await h.api('/v1/webhooks/endpoint', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url }) });
    receiver.secrets = [((await res.json()) as EndpointBody).signing_secret!];
    receiver.clock = h.services.clock;
    const event = await h.services.webhooks.enqueue('acme', { type: 'operational_mode.changed', data: { mode: 'RESTRICTED' } }, h.services.clock.now());
    await waitFor(() => receiver.received.length > 0, { what: 'the webhook at the receiver' });
    expect(receiver.received[0]).to.include({ id: event!.id, answered: 204 });
    expect(receiver.received[0]!.verified).to.deep.equal([true]);
    await waitFor(async () => (await h.services.redis.zscore(h.services.keys.webhookDelivered('acme'), event!.id)) !== null, { what: 'delivered recorded' });
  });
});
