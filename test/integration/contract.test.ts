/**
 * The contract test: every operation in docs/openapi.yaml is sent to the running service (all
 * roles, real Redis, the fake CMS and channel providers), and every answer, success or problem,
 * is checked against the document (test/helpers/openapi-contract.ts): a status it does not list, a
 * media type or a body it does not describe, or a required header missing fails the test. At the
 * end, every operation must have been called, and all but the named few must have answered 2xx.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { signPayload } from '../helpers/fakes/whatsapp';
import { twilioSignature } from '../helpers/fakes/twilio';
import { createTenantUser } from '../../src/ops/users';
import { startHarness, type Harness } from '../helpers/harness';
import { buildConsole } from '../../scripts/build-console';
import { OpenApiContract, type HttpMethod } from '../helpers/openapi-contract';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

const contract = new OpenApiContract();

/** Operations that may pass without a 2xx here, and why. */
const no2xxNeeded: Record<string, string> = {
  retryWebhookDelivery: 'a 202 needs a delivery dead-lettered after its 8th attempt (test/integration/webhooks.test.ts); here its 404 and 409 are checked',
};

interface Answer { status: number; headers: Headers; text: string; json: <T>() => T }

describe('contract: docs/openapi.yaml against the running service', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  const statuses = new Map<string, number[]>();
  let phoneCounter = 0;

  before(async () => {
    h = await startHarness();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await receiver?.close();
    await h?.close();
  });

  /** Sends one request for the operation at `method path` (its `{name}`s filled from `params`) and checks the answer. */
  async function call(method: HttpMethod, path: string, init: { params?: Record<string, string>; query?: string; token?: string | null; headers?: Record<string, string>; body?: string; json?: unknown } = {}): Promise<Answer> {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(init.params?.[name] ?? `missing-${name}`));
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${h.apiUrl}${url}${init.query ? `?${init.query}` : ''}`, { method: method.toUpperCase(), headers, body });
    const text = await res.text();
    const problems = contract.check(method, path, res.status, res.headers, text);
    expect(problems, `${method.toUpperCase()} ${url} answered ${res.status}:\n  ${problems.join('\n  ')}\n${text.slice(0, 400)}`).to.deep.equal([]);
    const id = contract.doc.paths[path]![method]!.operationId;
    statuses.set(id, [...(statuses.get(id) ?? []), res.status]);
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }

  let machineToken: string;
  const token = async () => (machineToken ??= await h.token());
  const claimant = () => `+9198555${String(10000 + ++phoneCounter).slice(-5)}`;

  /** A WhatsApp message as Meta posts it, signed with the tenant's app secret. */
  function whatsappBody(from: string, text: string): string {
    const wa = h.tenant.doc.channels.whatsapp;
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'waba-contract', changes: [{ field: 'messages', value: {
        messaging_product: 'whatsapp', metadata: { display_phone_number: '15550100200', phone_number_id: wa.phone_number_id },
        contacts: [{ profile: { name: 'Claimant' }, wa_id: from.slice(1) }],
        messages: [{ from: from.slice(1), id: `wamid.contract-${randomBytes(6).toString('hex')}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
      } }] }],
    });
  }

  it('infrastructure and discovery', async () => {
    expect((await call('get', '/health')).status).to.equal(200);
    expect((await call('get', '/ready')).status).to.equal(200);
    expect((await call('get', '/favicon.ico')).status).to.equal(204);
    expect((await call('get', '/metrics')).status).to.equal(200);
    expect((await call('get', '/.well-known/oauth-authorization-server')).status).to.equal(200);
    expect((await call('get', '/.well-known/jwks.json')).status).to.equal(200);
  });

  it('the partner console\'s files', async () => {
    await buildConsole();
    expect((await call('get', '/console')).status).to.equal(200);
    for (const file of ['app.js', 'console.css', 'index.html']) expect((await call('get', '/console/{file}', { params: { file } })).status).to.equal(200);
    expect((await call('get', '/console/{file}', { params: { file: 'package.json' } })).status).to.equal(404);
  });

  it('machine tokens: issue, introspect, revoke, and their errors in both media types', async () => {
    const { client_id, client_secret } = h.tenant.credentials;
    const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const basic = `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}`;
    const issued = await call('post', '/v1/auth/token', form({ grant_type: 'client_credentials', client_id, client_secret }));
    expect(issued.status).to.equal(200);
    const access = issued.json<{ access_token: string }>().access_token;
    expect((await call('post', '/v1/auth/token', { json: { grant_type: 'client_credentials', client_id, client_secret: 'wrong' } })).status).to.equal(401);
    expect((await call('post', '/v1/auth/token', { ...form({ grant_type: 'password', client_id, client_secret }), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/problem+json' } })).status).to.equal(400);
    expect((await call('post', '/v1/auth/token', { headers: { 'content-type': 'text/plain' }, body: 'grant_type=client_credentials' })).status).to.equal(415);
    const introspected = await call('post', '/v1/auth/introspect', { ...form({ token: access }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } });
    expect(introspected.json<{ active: boolean }>().active).to.equal(true);
    expect((await call('post', '/v1/auth/introspect', form({ token: access }))).status).to.equal(401);
    expect((await call('post', '/v1/auth/revoke', { ...form({ token: access }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } })).status).to.equal(200);
    expect((await call('post', '/v1/auth/revoke', { ...form({}), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } })).status).to.equal(400);
  });

  it('human sessions: login, refresh, logout', async () => {
    const user = await createTenantUser(h.services, 'acme', `contract.${Date.now()}@acme-tpa.example`, 'tpa_admin');
    const login = await call('post', '/v1/auth/login', { json: { username: user.username, password: user.password } });
    expect(login.status).to.equal(200);
    const tokens = login.json<{ access_token: string; refresh_token: string }>();
    expect((await call('post', '/v1/auth/login', { json: { username: user.username, password: 'not the password' } })).status).to.equal(401);
    expect((await call('post', '/v1/auth/login', { json: { username: user.username } })).status).to.equal(400);
    const refreshed = await call('post', '/v1/auth/refresh', { json: { refresh_token: tokens.refresh_token } });
    expect(refreshed.status).to.equal(200);
    const second = refreshed.json<{ access_token: string; refresh_token: string }>();
    expect((await call('post', '/v1/auth/logout', { token: second.access_token, json: { refresh_token: second.refresh_token } })).status).to.equal(204);
    expect((await call('post', '/v1/auth/logout', { token: second.access_token, json: {} })).status).to.equal(401);
    expect((await call('post', '/v1/auth/refresh', { json: { refresh_token: tokens.refresh_token } })).status, 'a used refresh token').to.equal(400);
  });

  it('the console\'s cookie session: login, refresh, logout, and the CSRF refusal', async () => {
    const user = await createTenantUser(h.services, 'acme', `contract.console.${Date.now()}@acme-tpa.example`, 'claim_handler');
    const page = { 'console-session': 'cookie', origin: new URL(h.apiUrl).origin };
    const cookieOf = (answer: Answer) => answer.headers.getSetCookie()[0]!.split(';')[0]!;
    const login = await call('post', '/v1/auth/console/login', { headers: page, json: { username: user.username, password: user.password } });
    expect(login.status).to.equal(200);
    expect((await call('post', '/v1/auth/console/login', { headers: page, json: { username: user.username, password: 'not the password' } })).status).to.equal(401);
    expect((await call('post', '/v1/auth/console/login', { headers: page, json: { username: user.username } })).status).to.equal(400);
    expect((await call('post', '/v1/auth/console/login', { headers: { ...page, origin: 'https://evil.example' }, json: { username: user.username, password: user.password } })).status).to.equal(403);
    const refreshed = await call('post', '/v1/auth/console/refresh', { headers: { ...page, cookie: cookieOf(login) } });
    expect(refreshed.status).to.equal(200);
    expect((await call('post', '/v1/auth/console/refresh', { headers: { ...page, cookie: cookieOf(login) } })).status, 'a spent cookie').to.equal(400);
    expect((await call('post', '/v1/auth/console/refresh', { headers: { origin: page.origin, cookie: cookieOf(refreshed) } })).status, 'no Console-Session').to.equal(403);
    expect((await call('post', '/v1/auth/console/logout', { headers: { ...page, origin: 'https://evil.example' } })).status).to.equal(403);
    expect((await call('post', '/v1/auth/console/logout', { token: refreshed.json<{ access_token: string }>().access_token, headers: { ...page, cookie: cookieOf(refreshed) } })).status).to.equal(204);
  });

  it('channels: the WhatsApp verification and messages, SMS messages and status callbacks', async () => {
    const wa = h.tenant.doc.channels.whatsapp;
    expect((await call('get', '/channels/whatsapp/webhook', { query: `hub.mode=subscribe&hub.verify_token=${wa.verify_token}&hub.challenge=1158201444` })).status).to.equal(200);
    expect((await call('get', '/channels/whatsapp/webhook', { query: 'hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' })).status).to.equal(403);
    const body = whatsappBody(claimant(), 'claim status');
    expect((await call('post', '/channels/whatsapp/webhook', { headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, wa.app_secret) }, body })).status).to.equal(200);
    expect((await call('post', '/channels/whatsapp/webhook', { headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }, body })).status).to.equal(401);

    const sms = h.tenant.doc.channels.sms!;
    const twilio = (path: string, params: Record<string, string>, authToken = sms.auth_token) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(`${h.apiUrl}${path}`, params, authToken) },
      body: new URLSearchParams(params).toString(),
    });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const inbound = { AccountSid: sms.account_sid, ApiVersion: '2010-04-01', Body: 'claim status', From: claimant(), MessageSid: sid, NumMedia: '0', NumSegments: '1', SmsMessageSid: sid, SmsSid: sid, SmsStatus: 'received', To: sms.numbers[0]! };
    expect((await call('post', '/channels/sms/webhook', twilio('/channels/sms/webhook', inbound))).status).to.equal(200);
    expect((await call('post', '/channels/sms/webhook', twilio('/channels/sms/webhook', inbound, 'not-the-token'))).status).to.equal(401);
    const callback = { AccountSid: sms.account_sid, ApiVersion: '2010-04-01', From: sms.numbers[0]!, MessageSid: `SM${randomBytes(16).toString('hex')}`, MessageStatus: 'delivered', SmsSid: sid, SmsStatus: 'delivered', To: claimant() };
    expect((await call('post', '/channels/sms/status', twilio('/channels/sms/status', callback))).status).to.equal(204);
    expect((await call('post', '/channels/sms/status', { headers: { 'content-type': 'application/json' }, body: '{}' })).status).to.equal(415);
  });

  it('workflows: a pending-documents follow-up started, listed, moved, cancelled and resumed', async () => {
    const bearer = await token();
    const phone = claimant();
    const claimId = `CLM-CONTRACT-${phoneCounter}`;
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-C', member_name: 'Asha Rao', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
    const started = await call('post', '/v1/cms/events', { token: bearer, json: { type: 'claim.documents_pending', claim_id: claimId } });
    expect(started.status).to.equal(202);
    const workflowId = started.json<{ workflow_id: string }>().workflow_id;
    expect((await call('post', '/v1/cms/events', { token: bearer, json: { type: 'claim.documents_pending' } })).status).to.equal(400);
    expect((await call('post', '/v1/cms/events', { token: bearer, json: { type: 'claim.documents_received', claim_id: 'CLM-NOBODY' } })).status).to.equal(404);
    // No consent on file: the follow-up asks for it first; a YES lets it wait for the documents.
    await waitFor(async () => (await h.services.workflows.get('acme', workflowId))?.status === 'awaiting_consent', { what: 'awaiting_consent' });
    const yes = whatsappBody(phone, 'YES');
    await call('post', '/channels/whatsapp/webhook', { headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(yes, h.tenant.doc.channels.whatsapp.app_secret) }, body: yes });
    await waitFor(async () => (await h.services.workflows.get('acme', workflowId))?.status === 'awaiting_documents', { what: 'awaiting_documents' });

    const params = { workflow_id: workflowId };
    expect((await call('get', '/v1/workflows/{workflow_id}', { token: bearer, params })).status).to.equal(200);
    expect((await call('get', '/v1/workflows/{workflow_id}', { params })).status).to.equal(401);
    expect((await call('get', '/v1/workflows/{workflow_id}', { token: await h.token('audit:read'), params })).status).to.equal(403);
    expect((await call('get', '/v1/workflows/{workflow_id}', { token: bearer, params: { workflow_id: 'wf-1-00000000000000000000' } })).status).to.equal(404);
    expect((await call('get', '/v1/workflows', { token: bearer, query: 'status=awaiting_documents&workflow_type=pending-documents' })).status).to.equal(200);
    expect((await call('get', '/v1/workflows', { token: bearer, query: 'status=sleeping' })).status).to.equal(400);
    const deadline = new Date(Date.now() + 30 * 3600_000).toISOString();
    expect((await call('patch', '/v1/workflows/{workflow_id}', { token: bearer, params, json: { deadline_at: deadline } })).status).to.equal(200);
    expect((await call('patch', '/v1/workflows/{workflow_id}', { token: bearer, params, json: { deadline_at: '2001-01-01T00:00:00Z' } })).status).to.equal(400);
    expect((await call('delete', '/v1/workflows/{workflow_id}', { token: bearer, params, headers: { 'idempotency-key': `cancel-${workflowId}` } })).status).to.equal(200);
    expect((await call('delete', '/v1/workflows/{workflow_id}', { token: bearer, params })).status, 'cancelled twice').to.equal(409);
    expect((await call('patch', '/v1/workflows/{workflow_id}', { token: bearer, params, json: { deadline_at: deadline } })).status, 'a cancelled one').to.equal(409);
    expect((await call('post', '/v1/workflows/{workflow_id}/resume', { token: bearer, params })).status).to.equal(200);
    expect((await call('post', '/v1/workflows/{workflow_id}/resume', { token: bearer, params: { workflow_id: 'wf-1-00000000000000000000' } })).status).to.equal(404);
  });

  it('conversations: a human-handover queued, assigned, written to, read and released, and its refusals', async () => {
    const bearer = await token();
    const phone = claimant();
    const toClaimant = () => h.wa.sent.filter((m) => m.to === phone).length;
    // A consented claimant asks for a person; the handover enters the queue once they are told.
    await h.wa.postInbound({ from: phone, text: 'hello' });
    await h.wa.waitFor(() => toClaimant() >= 1);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => toClaimant() >= 2);
    await h.wa.postInbound({ from: phone, text: 'I want to talk to a person' });
    const queued = await waitFor(async () => {
      const page = await call('get', '/v1/workflows', { token: bearer, query: 'type=human-handover&status=awaiting_agent&limit=100' });
      return page.json<{ items: Array<{ workflow_id: string; handover: { queued_at: string } | null }> }>().items.at(-1) ?? null;
    }, { what: 'the handover queued' });
    const params = { workflow_id: queued.workflow_id };
    expect((await call('get', '/v1/workflows', { token: bearer, query: 'status=completed&order=oldest' })).status, 'oldest first of ended workflows').to.equal(400);

    expect((await call('get', '/v1/workflows/{workflow_id}/messages', { token: bearer, params })).status).to.equal(200);
    expect((await call('get', '/v1/workflows/{workflow_id}/messages', { token: bearer, params, query: 'limit=0' })).status).to.equal(400);
    expect((await call('get', '/v1/workflows/{workflow_id}/messages', { token: bearer, params: { workflow_id: 'wf-1-00000000000000000000' } })).status).to.equal(404);
    expect((await call('get', '/v1/workflows/{workflow_id}/messages', { token: await h.token('workflow:read'), params })).status).to.equal(403);
    expect((await call('post', '/v1/workflows/{workflow_id}/messages', { token: bearer, params, json: { text: 'hello' } })).status, 'not assigned yet').to.equal(409);
    expect((await call('post', '/v1/workflows/{workflow_id}/release', { token: bearer, params, json: { resolution: 'resolved' } })).status, 'not assigned yet').to.equal(409);
    const handler = await h.token('workflow:read conversations:read conversations:write');
    expect((await call('post', '/v1/workflows/{workflow_id}/assign', { token: handler, params, json: { agent: 'usr_someone_else' } })).status, 'for another, not an admin').to.equal(403);
    expect((await call('post', '/v1/workflows/{workflow_id}/assign', { token: handler, params, json: { agent: 7 } })).status).to.equal(400);
    expect((await call('post', '/v1/workflows/{workflow_id}/assign', { token: handler, params, json: { agent: 'me' }, headers: { 'idempotency-key': `assign-${queued.workflow_id}` } })).status).to.equal(200);
    expect((await call('post', '/v1/workflows/{workflow_id}/messages', { token: handler, params, json: { text: 'Hello, I am checking your claim now.' } })).status).to.equal(201);
    expect((await call('post', '/v1/workflows/{workflow_id}/messages', { token: handler, params, json: { text: 'We guarantee payment.' } })).status).to.equal(422);
    expect((await call('post', '/v1/workflows/{workflow_id}/messages', { token: handler, params, json: { text: '   ' } })).status).to.equal(400);
    expect((await call('post', '/v1/workflows/{workflow_id}/messages', { token: handler, params, headers: { 'content-type': 'text/plain' }, body: 'hello' })).status).to.equal(415);
    expect((await call('post', '/v1/workflows/{workflow_id}/release', { token: handler, params, json: { resolution: 'done' } })).status).to.equal(400);
    expect((await call('post', '/v1/workflows/{workflow_id}/release', { token: handler, params, json: { resolution: 'resolved' } })).status).to.equal(200);
    // Ended: every action is refused, naming the status it has.
    const again = await call('post', '/v1/workflows/{workflow_id}/release', { token: handler, params, json: { resolution: 'resolved' } });
    expect(again.status).to.equal(409);
    expect(again.json<Record<string, unknown>>()).to.include({ status: 409, error_code: 'workflow_state_conflict', workflow_status: 'completed' });
    expect((await call('post', '/v1/workflows/{workflow_id}/assign', { token: handler, params, json: {} })).status).to.equal(409);
    expect((await call('post', '/v1/workflows/{workflow_id}/assign', { token: handler, params: { workflow_id: 'wf-1-00000000000000000000' }, json: {} })).status).to.equal(404);
  });

  it('audit: events, a checkpoint and a verification', async () => {
    const reader = await h.token('audit:read');
    expect((await call('get', '/v1/audit/events', { token: reader, query: 'limit=5' })).status).to.equal(200);
    expect((await call('get', '/v1/audit/events', { token: reader, query: 'cursor=forged' })).status).to.equal(400);
    expect((await call('get', '/v1/audit/events', { token: reader, query: 'workflow_id=wf-1-00000000000000000000' })).status).to.equal(404);
    const checkpoint = await call('get', '/v1/audit/checkpoint', { token: reader });
    expect(checkpoint.status).to.equal(200);
    const verified = await call('post', '/v1/audit/verify', { token: reader, json: { checkpoint: checkpoint.json<{ checkpoint: string }>().checkpoint } });
    expect(verified.status).to.equal(200);
    expect((await call('post', '/v1/audit/verify', { token: await h.token('workflow:read'), json: {} })).status).to.equal(403);
  });

  it('tenant: the operational mode read and changed', async () => {
    const bearer = await token();
    const settings = await call('get', '/v1/tenant/settings', { token: await h.token('workflow:read') });
    expect(settings.json<{ time_zone: string }>()).to.deep.equal({ time_zone: 'Asia/Kolkata' });
    expect((await call('get', '/v1/tenant/settings')).status).to.equal(401);
    expect((await call('get', '/v1/tenant/operational-mode', { token: bearer })).status).to.equal(200);
    expect((await call('put', '/v1/tenant/operational-mode', { token: bearer, json: { mode: 'OPERATIONAL', reason: 'contract test' } })).status).to.equal(200);
    expect((await call('put', '/v1/tenant/operational-mode', { token: bearer, json: { mode: 'ASLEEP', reason: 'x' } })).status).to.equal(400);
    expect((await call('put', '/v1/tenant/operational-mode', { token: await h.token('workflow:read'), json: { mode: 'OPERATIONAL', reason: 'x' } })).status).to.equal(403);
    expect((await call('get', '/v1/tenant/operational-mode')).status).to.equal(401);
  });

  it('reports: a summary, and its problems', async () => {
    const summary = await call('get', '/v1/reports/summary', { token: await token(), query: 'from=2026-11-01&to=2026-11-03&granularity=day' });
    expect(summary.status).to.equal(200);
    expect(summary.json<{ days: unknown[] }>().days).to.have.length(3);
    expect((await call('get', '/v1/reports/summary', { token: await token(), query: 'from=2026-11-03&to=2026-11-01' })).status).to.equal(400);
    expect((await call('get', '/v1/reports/summary', { token: await h.token('workflow:read'), query: 'from=2026-11-01&to=2026-11-03' })).status).to.equal(403);
    expect((await call('get', '/v1/reports/summary', { query: 'from=2026-11-01&to=2026-11-03' })).status).to.equal(401);
  });

  it('claimants: an erasure, and its problems', async () => {
    const bearer = await token();
    const phone = claimant();
    expect((await call('post', '/v1/claimants/erasure', { token: bearer, json: { phone }, headers: { 'idempotency-key': `erase-${phone}` } })).status).to.equal(200);
    expect((await call('post', '/v1/claimants/erasure', { token: bearer, json: { phone: '9800000000' } })).status).to.equal(400);
    expect((await call('post', '/v1/claimants/erasure', { token: bearer, body: `phone=${encodeURIComponent(phone)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).to.equal(415);
    expect((await call('post', '/v1/claimants/erasure', { token: await h.token('workflow:read'), json: { phone } })).status).to.equal(403);
    expect((await call('post', '/v1/claimants/erasure', { json: { phone } })).status).to.equal(401);
  });

  it('webhooks: the endpoint, its secret, deliveries, retry and replay', async () => {
    const bearer = await token();
    expect((await call('get', '/v1/webhooks/endpoint', { token: bearer })).status, 'none set yet').to.equal(404);
    expect((await call('post', '/v1/webhooks/secret/rotate', { token: bearer, json: {} })).status, 'no endpoint to rotate').to.equal(404);
    expect((await call('post', '/v1/webhooks/test', { token: bearer })).status, 'no endpoint to test').to.equal(404);
    expect((await call('put', '/v1/webhooks/endpoint', { token: bearer, json: { url: receiver.url } })).status).to.equal(201);
    expect((await call('put', '/v1/webhooks/endpoint', { token: bearer, json: { url: receiver.url } })).status).to.equal(200);
    expect((await call('put', '/v1/webhooks/endpoint', { token: bearer, json: { url: 'ftp://example.com/hooks' } })).status).to.equal(400);
    expect((await call('get', '/v1/webhooks/endpoint', { token: bearer })).status).to.equal(200);
    expect((await call('post', '/v1/webhooks/secret/rotate', { token: bearer, json: { overlap_hours: 1 } })).status).to.equal(200);
    const event = await h.services.webhooks.enqueue('acme', { type: 'workflow.completed', data: { status: 'completed', claim_id_hash: `sha256:${'ab'.repeat(32)}` } }, Date.now());
    expect((await call('get', '/v1/webhooks/deliveries', { token: bearer, query: 'status=pending' })).status).to.equal(200);
    expect((await call('get', '/v1/webhooks/deliveries', { token: bearer })).status, 'status defaults to failed').to.equal(200);
    expect(event, 'an event queued for the endpoint').to.not.equal(null);
    expect((await call('post', '/v1/webhooks/deliveries/{delivery_id}/retry', { token: bearer, params: { delivery_id: 'msg_2QWERTYUIOPASDFGHJKLZXCVBN' }, json: {} })).status).to.equal(404);
    expect((await call('post', '/v1/webhooks/deliveries/{delivery_id}/retry', { token: bearer, params: { delivery_id: event!.id }, json: {} })).status, 'not dead-lettered').to.equal(409);
    expect((await call('post', '/v1/webhooks/test', { token: bearer, json: { types: ['workflow.completed', 'pending_documents.escalated'] } })).status).to.equal(202);
    expect((await call('post', '/v1/webhooks/test', { token: bearer, json: { types: ['workflow.sleeping'] } })).status).to.equal(400);
    expect((await call('post', '/v1/webhooks/replay', { token: bearer, json: { since: new Date(Date.now() - 3600_000).toISOString() } })).status).to.equal(202);
    expect((await call('post', '/v1/webhooks/replay', { token: bearer, json: {} })).status).to.equal(400);
  });

  it('knowledge: articles written, read, listed, searched and deleted', async () => {
    const bearer = await token();
    const article = {
      title: { EN: 'Room rent limit', HI: 'कमरे के किराये की सीमा' },
      body: { EN: 'Room rent is paid up to 1% of the sum insured per day.', HI: 'कमरे का किराया बीमा राशि के 1% प्रतिदिन तक मिलता है।' },
      reason_codes: ['ROOM_RENT_CAP'], source: { document: 'Policy wording', section: '4.2', version: '2025-04' }, trusted: true,
    };
    const params = { id: 'contract-room-rent' };
    expect((await call('put', '/v1/knowledge/articles/{id}', { token: bearer, params, json: article })).status).to.equal(201);
    expect((await call('put', '/v1/knowledge/articles/{id}', { token: bearer, params, json: { ...article, trusted: false } })).status).to.equal(200);
    expect((await call('put', '/v1/knowledge/articles/{id}', { token: bearer, params, json: { title: {} } })).status).to.equal(400);
    expect((await call('put', '/v1/knowledge/articles/{id}', { token: bearer, params, headers: { 'content-type': 'text/plain' }, body: 'x' })).status).to.equal(415);
    expect((await call('get', '/v1/knowledge/articles/{id}', { token: bearer, params })).status).to.equal(200);
    expect((await call('get', '/v1/knowledge/articles', { token: bearer, query: 'limit=10' })).status).to.equal(200);
    expect((await call('get', '/v1/knowledge/search', { token: bearer, query: 'q=room%20rent%20limit&reason_codes=ROOM_RENT_CAP' })).status).to.equal(200);
    expect((await call('get', '/v1/knowledge/search', { token: bearer })).status).to.equal(400);
    expect((await call('delete', '/v1/knowledge/articles/{id}', { token: bearer, params })).status).to.equal(204);
    expect((await call('get', '/v1/knowledge/articles/{id}', { token: bearer, params })).status).to.equal(404);
  });

  it('every operation in the document was called, and all but the named few answered 2xx', () => {
    const missing = contract.operations().filter((o) => !statuses.has(o.id)).map((o) => `${o.method.toUpperCase()} ${o.path} (${o.id})`);
    expect(missing, 'operations never called').to.deep.equal([]);
    const no2xx = contract.operations().filter((o) => !(statuses.get(o.id) ?? []).some((s) => s >= 200 && s < 300) && !no2xxNeeded[o.id]).map((o) => o.id);
    expect(no2xx, 'operations that never answered 2xx').to.deep.equal([]);
  });
});
