/**
 * `@claims/sdk` (sdk/) against the running service: its generated types are current, its README
 * example runs, every partner operation goes through it, and its token manager, 401 and 429
 * handling and Idempotency-Keys do what sdk/README.md says, with the service's clock moved for
 * token lifetimes. The network between them is real; a spy around `fetch` only counts and reads.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, inspect } from 'node:util';
import { createClaimsClient, verifyWebhook, WebhookVerificationError, type ClaimsClientOptions } from '../../sdk/src';
import { ManualClock } from '../../src/clock';
import { createTenantUser } from '../../src/ops/users';
import { sampleEventTypes } from '../../src/webhooks/sample-events';
import { startHarness, type Harness } from '../helpers/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

const root = join(__dirname, '..', '..');

interface Sent { method: string; path: string; idempotencyKey: string | null; status: number }

describe('@claims/sdk against the service', function () {
  this.timeout(60000);
  const clock = new ManualClock(Date.now());
  let h: Harness;
  let receiver: WebhookReceiver;

  before(async () => {
    h = await startHarness({ clock });
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await receiver?.close();
    await h?.close();
  });

  /** A client of the harness tenant whose requests are recorded; `onToken` sees each token issued. */
  function client(extra: Partial<ClaimsClientOptions> & { onToken?: (token: string) => Promise<void> } = {}) {
    const sent: Sent[] = [];
    const options: ClaimsClientOptions = {
      baseUrl: h.apiUrl, clientId: h.tenant.credentials.client_id, clientSecret: h.tenant.credentials.client_secret, now: () => clock.now(),
      ...extra,
      fetch: async (request) => {
        const response = await fetch(request);
        const path = new URL(request.url).pathname;
        sent.push({ method: request.method, path, idempotencyKey: request.headers.get('idempotency-key'), status: response.status });
        if (path === '/v1/auth/token' && response.status === 200 && extra.onToken) {
          const body = (await response.clone().json()) as { access_token: string };
          await extra.onToken(body.access_token);
        }
        return response;
      },
    };
    const made = createClaimsClient(options);
    return { ...made, sent, tokenRequests: () => sent.filter((s) => s.path === '/v1/auth/token').length };
  }

  it('its generated types match docs/openapi.yaml (npm run sdk:generate)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'sdk-gen-')), 'openapi.ts');
    const run = spawnSync(process.execPath, [join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), 'docs/openapi.yaml', '-o', out], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    expect(readFileSync(join(root, 'sdk', 'src', 'openapi.ts'), 'utf8') === readFileSync(out, 'utf8'), 'sdk/src/openapi.ts is stale: run npm run sdk:generate').to.equal(true);
  });

  it('runs the example in its README', async () => {
    const readme = readFileSync(join(root, 'sdk', 'README.md'), 'utf8');
    const example = /## Example\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'the README has an Example section with a ts block').to.be.a('string');
    const file = join(mkdtempSync(join(tmpdir(), 'sdk-example-')), 'example.ts');
    writeFileSync(file, example!.replace("from '@claims/sdk'", `from ${JSON.stringify(join(root, 'sdk', 'src'))}`));
    // Not spawnSync: the service answering the example runs in this process.
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root, env: { ...process.env, CLAIMS_API_URL: h.apiUrl, CLAIMS_CLIENT_ID: h.tenant.credentials.client_id, CLAIMS_CLIENT_SECRET: h.tenant.credentials.client_secret },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).to.equal(0);
    expect(stdout).to.contain('mode OPERATIONAL');
  });

  it('verifies a real webhook delivery and returns the typed event; a changed body is refused', async () => {
    const { api } = client();
    const endpoint = await api.PUT('/v1/webhooks/endpoint', { body: { url: receiver.url } });
    expect(endpoint.response.status).to.equal(201);
    // openapi-fetch types `data` after the first 2xx listed (200); the 201 adds the secret, shown once.
    const secret = (endpoint.data as { signing_secret?: string }).signing_secret!;
    await api.PUT('/v1/tenant/operational-mode', { body: { mode: 'RESTRICTED', reason: 'sdk webhook check' } });
    const delivery = await waitFor(() => receiver.received.find((r) => r.body.includes('"operational_mode.changed"')) ?? null, { what: 'the mode change delivered' });
    const headers = { 'webhook-id': delivery.id, 'webhook-timestamp': delivery.timestamp, 'webhook-signature': delivery.signature };
    const event = verifyWebhook(secret, headers, delivery.body);
    expect(event.type).to.equal('operational_mode.changed');
    if (event.type !== 'operational_mode.changed') return;
    expect(event.data).to.include({ to: 'RESTRICTED', reason: 'sdk webhook check' });
    expect(() => verifyWebhook(secret, headers, delivery.body.replace('RESTRICTED', 'SUSPENDED'))).to.throw(WebhookVerificationError);
    // The sample of every event type (POST /v1/webhooks/test) verifies and parses as its type.
    const samples = await api.POST('/v1/webhooks/test', {});
    expect(samples.response.status).to.equal(202);
    const ids = new Set(samples.data!.queued.map((q) => q.id));
    expect(ids.size).to.equal(sampleEventTypes.length);
    const delivered = await waitFor(() => {
      const got = receiver.received.filter((r) => ids.has(r.id));
      return got.length === ids.size ? got : null;
    }, { what: 'every sample delivered' });
    const types = delivered.map((r) => verifyWebhook(secret, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }, r.body))
      .map((e) => `${e.type}${(e.data as { test?: boolean }).test ? ' (test)' : ''}`);
    expect(types.sort()).to.deep.equal(samples.data!.queued.map((q) => `${q.type} (test)`).sort());
    await api.PUT('/v1/tenant/operational-mode', { body: { mode: 'OPERATIONAL', reason: 'sdk webhook check done' } });
  });

  it('calls every partner operation, typed, with Idempotency-Keys on mutating calls only', async () => {
    const { api, sent, tokens } = client();
    const { client_id, client_secret } = h.tenant.credentials;
    const basic = { authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}` };
    // Auth: the token manager's token, introspected and revoked by the client itself.
    const own = await tokens.token();
    expect((await api.POST('/v1/auth/introspect', { headers: basic, body: { token: own } })).data).to.include({ active: true });
    const spare = await createClaimsClient({ baseUrl: h.apiUrl, clientId: client_id, clientSecret: client_secret, now: () => clock.now() }).tokens.token();
    expect((await api.POST('/v1/auth/revoke', { headers: basic, body: { token: spare } })).response.status).to.equal(200);
    const issued = await api.POST('/v1/auth/token', { body: { grant_type: 'client_credentials', client_id, client_secret } });
    expect(issued.data!.token_type).to.equal('Bearer');
    // Human sessions.
    const user = await createTenantUser(h.services, 'acme', `sdk.${Date.now()}@acme-tpa.example`, 'claim_handler');
    const login = await api.POST('/v1/auth/login', { body: { username: user.username, password: user.password! } });
    const refreshed = await api.POST('/v1/auth/refresh', { body: { refresh_token: login.data!.refresh_token } });
    const logout = await api.POST('/v1/auth/logout', { headers: { authorization: `Bearer ${refreshed.data!.access_token}` }, body: { refresh_token: refreshed.data!.refresh_token } });
    expect(logout.response.status).to.equal(204);
    expect((await api.GET('/.well-known/jwks.json')).data!.keys.length).to.be.greaterThan(0);
    expect((await api.GET('/.well-known/oauth-authorization-server')).response.status).to.equal(200);

    // Workflows: a pending-documents follow-up for a claim the fake CMS has.
    const phone = '+919855500001';
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: 'CLM-SDK-1', policy_number: 'POL-SDK', member_name: 'Asha Rao', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, 'CLM-SDK-1', [{ code: 'FINAL_BILL', name: 'Final bill' }]);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => h.wa.sent.some((m) => m.to === phone));
    const started = await api.POST('/v1/cms/events', { body: { type: 'claim.documents_pending', claim_id: 'CLM-SDK-1' } });
    expect(started.response.status).to.equal(202);
    const workflowId = started.data!.workflow_id!;
    const path = { workflow_id: workflowId };
    await waitFor(async () => (await api.GET('/v1/workflows/{workflow_id}', { params: { path } })).data?.status === 'awaiting_documents', { what: 'the follow-up waiting', intervalMs: 50 });
    expect((await api.GET('/v1/workflows', { params: { query: { workflow_type: 'pending-documents' } } })).data!.items.map((w) => w.workflow_id)).to.include(workflowId);
    const deadline = new Date(clock.now() + 30 * 3600_000).toISOString();
    expect((await api.PATCH('/v1/workflows/{workflow_id}', { params: { path }, body: { deadline_at: deadline } })).data!.deadline_at).to.equal(deadline);
    expect((await api.DELETE('/v1/workflows/{workflow_id}', { params: { path } })).data!.status).to.equal('cancelled');
    expect((await api.POST('/v1/workflows/{workflow_id}/resume', { params: { path } })).data!.status).to.equal('started');

    // Human handover: a claimant asks for a person; the handler takes the conversation, writes, reads and releases it.
    const asker = '+919855500002';
    await h.wa.postInbound({ from: asker, text: 'YES' });
    await h.wa.waitFor(() => h.wa.sent.some((m) => m.to === asker));
    await h.wa.postInbound({ from: asker, text: 'I want to talk to a person' });
    const handover = await waitFor(async () => (await api.GET('/v1/workflows', { params: { query: { type: 'human-handover', status: 'awaiting_agent' } } })).data?.items[0] ?? null, { what: 'the handover queued', intervalMs: 50 });
    const conversation = { workflow_id: handover.workflow_id };
    expect((await api.POST('/v1/workflows/{workflow_id}/assign', { params: { path: conversation }, body: { agent: 'me' } })).data!.status).to.equal('with_agent');
    const written = await api.POST('/v1/workflows/{workflow_id}/messages', { params: { path: conversation }, body: { text: 'Hello, I am checking your claim now.' } });
    expect(written.data).to.include({ author: 'agent', text: 'Hello, I am checking your claim now.' });
    expect((await api.GET('/v1/workflows/{workflow_id}/messages', { params: { path: conversation } })).data!.items.map((m) => m.author)).to.include.members(['claimant', 'agent']);
    expect((await api.POST('/v1/workflows/{workflow_id}/release', { params: { path: conversation }, body: { resolution: 'resolved' } })).data!.outcome).to.equal('resolved');

    // Audit.
    expect((await api.GET('/v1/audit/events', { params: { query: { workflow_id: workflowId } } })).data!.items.length).to.be.greaterThan(0);
    const checkpoint = await api.GET('/v1/audit/checkpoint');
    expect((await api.POST('/v1/audit/verify', { body: { checkpoint: checkpoint.data!.checkpoint } })).data!.valid).to.equal(true);

    // Tenant mode, settings, and the report of the days so far (the workflows above started today).
    expect((await api.GET('/v1/tenant/operational-mode')).data!.mode).to.equal('OPERATIONAL');
    const settings = (await api.GET('/v1/tenant/settings')).data!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: settings.time_zone }).format(new Date(h.services.clock.now()));
    const report = (await api.GET('/v1/reports/summary', { params: { query: { from: today, to: today, granularity: 'day' } } })).data!;
    expect(report.days.map((d) => d.date)).to.deep.equal([today]);
    expect(report.totals.conversations).to.be.greaterThan(0);

    // Webhooks (the endpoint was set by the webhook test above).
    expect((await api.GET('/v1/webhooks/endpoint')).data!.url).to.equal(receiver.url);
    expect((await api.POST('/v1/webhooks/secret/rotate', { body: { overlap_hours: 1 } })).data!.signing_secret).to.match(/^whsec_/);
    expect((await api.GET('/v1/webhooks/deliveries', { params: { query: { status: 'delivered' } } })).data!.items.length).to.be.greaterThan(0);
    const retry = await api.POST('/v1/webhooks/deliveries/{delivery_id}/retry', { params: { path: { delivery_id: 'msg_000000000000000000000000' } } });
    expect(retry.error!.error_code).to.equal('delivery_not_found');
    expect((await api.POST('/v1/webhooks/replay', { body: { since: new Date(clock.now() - 3600_000).toISOString() } })).response.status).to.equal(202);

    // Knowledge base.
    const article = {
      title: { EN: 'Co-payment' }, body: { EN: 'A co-payment of 10% applies to every claim.' }, reason_codes: ['COPAY'],
      source: { document: 'Policy wording', section: '5.1', version: '2025-04' }, trusted: true,
    };
    expect((await api.PUT('/v1/knowledge/articles/{id}', { params: { path: { id: 'sdk-copay' } }, body: article })).data!.version).to.equal(1);
    expect((await api.GET('/v1/knowledge/articles/{id}', { params: { path: { id: 'sdk-copay' } } })).data!.title.EN).to.equal('Co-payment');
    expect((await api.GET('/v1/knowledge/articles')).data!.items.map((a) => a.id)).to.include('sdk-copay');
    expect((await api.GET('/v1/knowledge/search', { params: { query: { q: 'co-payment', reason_codes: 'COPAY' } } })).response.status).to.equal(200);
    expect((await api.DELETE('/v1/knowledge/articles/{id}', { params: { path: { id: 'sdk-copay' } } })).response.status).to.equal(204);

    // Idempotency-Keys: on every mutating partner call, on nothing else.
    const partnerMutations = sent.filter((s) => s.method !== 'GET' && s.path.startsWith('/v1/') && !s.path.startsWith('/v1/auth/'));
    expect(partnerMutations.length).to.be.greaterThan(8);
    expect(partnerMutations.filter((s) => !s.idempotencyKey), 'mutating calls without a key').to.deep.equal([]);
    expect(new Set(partnerMutations.map((s) => s.idempotencyKey)).size).to.equal(partnerMutations.length);
    expect(sent.filter((s) => (s.method === 'GET' || s.path.startsWith('/v1/auth/')) && s.idempotencyKey), 'keys on reads or auth calls').to.deep.equal([]);
  });

  it('renews the token after the configured fraction of its lifetime, on the moved clock', async () => {
    const { api, tokenRequests } = client({ renewAt: 0.5 });
    await api.GET('/v1/tenant/operational-mode');
    expect(tokenRequests()).to.equal(1);
    clock.advance(1790 * 1000); // just before half of the 3,600 s lifetime
    await api.GET('/v1/tenant/operational-mode');
    expect(tokenRequests()).to.equal(1);
    clock.advance(20 * 1000);
    expect((await api.GET('/v1/tenant/operational-mode')).response.status).to.equal(200);
    expect(tokenRequests()).to.equal(2);
  });

  it('100 concurrent calls at expiry make exactly one token request', async () => {
    const { api, tokenRequests } = client();
    await api.GET('/v1/tenant/operational-mode');
    clock.advance(3600 * 1000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => api.GET('/v1/tenant/operational-mode')));
    expect(answers.map((a) => a.response.status)).to.deep.equal(answers.map(() => 200));
    expect(tokenRequests()).to.equal(2);
  });

  it('a 401 renews the token once and sends the call again; a second 401 is returned, not looped on', async () => {
    const { client_id, client_secret } = h.tenant.credentials;
    const revoke = async (token: string): Promise<void> => {
      const r = await fetch(`${h.apiUrl}/v1/auth/revoke`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}` },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(r.status).to.equal(200);
    };

    // The held token is revoked behind the client's back: one renewal, and the call goes through.
    const first = client();
    const held = await first.tokens.token();
    await revoke(held);
    const read = await first.api.GET('/v1/tenant/operational-mode');
    expect(read.response.status).to.equal(200);
    expect(first.tokenRequests()).to.equal(2);
    expect(first.sent.filter((s) => s.path === '/v1/tenant/operational-mode').map((s) => s.status)).to.deep.equal([401, 200]);

    // Every token is revoked as soon as it is issued: two tries, one renewal, then the 401.
    const second = client({ onToken: revoke });
    const refused = await second.api.GET('/v1/tenant/operational-mode');
    expect(refused.response.status).to.equal(401);
    expect(refused.error!.error_code).to.equal('invalid_token');
    expect(second.sent.map((s) => `${s.path} ${s.status}`)).to.deep.equal([
      '/v1/auth/token 200', '/v1/tenant/operational-mode 401', '/v1/auth/token 200', '/v1/tenant/operational-mode 401',
    ]);
  });

  it('a 429 waits Retry-After and resends with the same Idempotency-Key, at most maxRetries times', async () => {
    const waits: number[] = [];
    const { api, sent } = client({ maxRetries: 2, sleep: async (ms) => { waits.push(ms); } });
    // The audit verification limit (10 a minute per tenant) is the quickest to reach.
    let last = await api.POST('/v1/audit/verify', { body: {} });
    for (let i = 0; i < 12 && last.response.status !== 429; i++) last = await api.POST('/v1/audit/verify', { body: {} });
    expect(last.response.status).to.equal(429);
    const retryAfter = Number(last.response.headers.get('retry-after'));
    expect(retryAfter).to.be.greaterThan(0);
    expect(waits).to.have.length(2);
    for (const w of waits) expect(w).to.be.within(1000, retryAfter * 1000 + 1000);
    const tries = sent.filter((s) => s.path === '/v1/audit/verify').slice(-3);
    expect(tries.map((s) => s.status)).to.deep.equal([429, 429, 429]);
    expect(new Set(tries.map((s) => s.idempotencyKey)).size, 'one key for the call and its resends').to.equal(1);
    // A 429 is not an outcome the service keeps for the key: each resend was limited afresh.
    expect(last.response.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('never shows the client secret or a token: console.log, util.inspect and JSON.stringify of the client and its token manager', async () => {
    const secret = h.tenant.credentials.client_secret;
    const made = createClaimsClient({ baseUrl: h.apiUrl, clientId: h.tenant.credentials.client_id, clientSecret: secret, now: () => clock.now() });
    const token = await made.tokens.token();
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => { printed.push(format(...args)); };
    try {
      console.log(made);
      console.log(made.tokens);
      console.log('%o %O', made.tokens, made);
    } finally {
      console.log = log;
    }
    const shown = [
      ...printed,
      inspect(made, { showHidden: true, depth: Infinity, getters: true }), inspect(made.tokens, { showHidden: true, depth: Infinity, getters: true }),
      JSON.stringify(made), JSON.stringify(made.tokens), JSON.stringify({ client: made }),
    ];
    for (const text of shown) {
      expect(text).to.not.include(secret);
      expect(text).to.not.include(token);
    }
    // What it does show: which client, and where.
    expect(inspect(made.tokens)).to.include(h.tenant.credentials.client_id).and.include(h.apiUrl);
    expect(JSON.parse(JSON.stringify(made.tokens))).to.deep.equal({ baseUrl: h.apiUrl, clientId: h.tenant.credentials.client_id, scope: null });
  });

  it('refuses an http:// base URL except for loopback (127.0.0.0/8, ::1, localhost)', () => {
    const make = (baseUrl: string) => () => createClaimsClient({ baseUrl, clientId: 'c', clientSecret: 's' });
    for (const refused of ['http://claims.example.com', 'http://10.0.0.5:8080', 'http://192.168.1.2', 'http://[fd00::1]:8080', 'http://127.0.0.1.example.com', 'ftp://claims.example.com', 'not a url']) {
      expect(make(refused), refused).to.throw(/base URL/);
    }
    for (const allowed of ['https://claims.example.com', 'http://127.0.0.1:8080', 'http://127.10.20.30', 'http://[::1]:8080/', 'http://localhost:8080', 'http://LOCALHOST']) {
      expect(make(allowed), allowed).to.not.throw();
    }
  });
});
