/**
 * Erasure of a claimant (DPDP Act 2023; docs/retention.md, docs/audit-ledger.md): a claimant goes
 * through claim-status, query-reason and pending-documents, part of it is archived, then the
 * partner erases them. Afterwards no Redis key or value and no archive row holds the phone, the
 * claim id, their SHA-256 (bare or `sha256:`), their keyed log references or the erasure's own
 * keyed name; the open workflow was cancelled with its usual webhook; the ledger still verifies
 * across archive and Redis; another claimant and another tenant are untouched.
 */
import { createHash, createHmac } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { Archiver } from '../../src/archive/archiver';
import { walkTenantLedger } from '../../src/audit/ledger-walk';
import { ManualClock, systemClock } from '../../src/clock';
import { sha256Hex } from '../../src/phi';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { consentOnWhatsApp } from '../helpers/whatsapp-claimant';

interface Envelope { type: string; workflow_id?: string; data: Record<string, unknown> }
interface AuditItem { event_id: string; workflow_id: string; type: string; detail: Record<string, unknown>; transition: Record<string, unknown> | null }

/** Every Redis key of the harness's prefix with every value it holds, as text. */
async function redisDump(h: Harness): Promise<Map<string, string>> {
  const r = h.services.redis;
  const dump = new Map<string, string>();
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${h.config.keyPrefix}:*`, 'COUNT', 1000);
    for (const key of keys) {
      const type = await r.type(key);
      const value = type === 'string' ? await r.get(key)
        : type === 'hash' ? JSON.stringify(await r.hgetall(key))
        : type === 'list' ? JSON.stringify(await r.lrange(key, 0, -1))
        : type === 'set' ? JSON.stringify(await r.smembers(key))
        : type === 'zset' ? JSON.stringify(await r.zrange(key, 0, -1, 'WITHSCORES'))
        : type === 'stream' ? JSON.stringify(await r.xrange(key, '-', '+'))
        : `(${type})`;
      dump.set(key, value ?? '');
    }
    cursor = next;
  } while (cursor !== '0');
  return dump;
}

/** Every row of every archive table, as text. */
async function archiveDump(h: Harness): Promise<string[]> {
  const client = new pg.Client({ connectionString: h.config.databaseUrl! });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    const rows: string[] = [];
    for (const { table_name: table } of tables.rows) {
      const result = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table}" t`);
      rows.push(...result.rows.map((r) => `${table}: ${r.row}`));
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** Where any of `wanted` occurs in a key, a value or an archive row. */
function findings(dump: Map<string, string>, rows: string[], wanted: string[]): string[] {
  const found: string[] = [];
  for (const [key, value] of dump) for (const n of wanted) if (key.includes(n) || value.includes(n)) found.push(`${n} in ${key}`);
  for (const row of rows) for (const n of wanted) if (row.includes(n)) found.push(`${n} in ${row.slice(0, 80)}`);
  return found;
}

describe('claimant erasure', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  const logLines: string[] = [];
  const phone = '+919844400001';
  const claimId = 'CLM-ER-0001';
  const other = { phone: '+919844400002', claimId: 'CLM-ER-0002' };
  const docs = [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }];

  before(async () => {
    h = await startHarness({ logLines });
    receiver = await startPartnerEndpoint(h.api, systemClock);
    for (const c of [{ phone, claimId }, other]) {
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
        claim_id: c.claimId, policy_number: 'POL-ER', member_name: 'Meera Iyer', claimant_phone: c.phone, status: 'PARTIALLY_APPROVED',
        status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100000, amount_approved: 80000, reason_codes: ['ROOM_RENT_CAP'],
      });
    }
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const sentTo = (p: string) => h.wa.sent.filter((m) => m.to === p);
  const tenantId = () => h.tenant.doc.tenant_id;

  async function converse(p: string, text: string): Promise<string> {
    const before = sentTo(p).length;
    const res = await h.wa.postInbound({ from: p, text });
    expect(res.status).to.equal(200);
    await h.wa.waitFor(() => sentTo(p).length > before, 10000);
    return (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
  }

  async function finished(id: string): Promise<void> {
    await waitFor(async () => ((await h.services.workflows.get(tenantId(), id))?.completed_at ? true : null), { what: `workflow ${id} finished`, intervalMs: 20 });
  }

  /** What must not be found anywhere once `p` and `claim` are erased. */
  function needles(p: string, claim: string): string[] {
    const refKey = h.config.phiRefKey;
    return [
      p, p.slice(1), claim, sha256Hex(p), sha256Hex(claim), `sha256:${sha256Hex(p)}`, `sha256:${sha256Hex(claim)}`,
      h.services.refs.of(p), h.services.refs.of(claim),
      createHmac('sha256', refKey).update(`erasure\0${tenantId()}\0${p}`).digest('hex'),
    ];
  }

  const erase = (body: unknown, init: { token?: string; key?: string } = {}) => h.api('/v1/claimants/erasure', {
    method: 'POST', token: init.token,
    headers: { 'content-type': 'application/json', ...(init.key ? { 'idempotency-key': init.key } : {}) },
    body: JSON.stringify(body),
  });

  let openWorkflow = '';
  const workflows: string[] = [];

  it('runs a claimant through claim-status, query-reason and pending-documents, and archives part of it', async () => {
    for (const c of [{ phone, claimId }, other]) {
      // The question waits for consent; the YES resumes it (the YES's own message folds into it).
      const statusWf = await converse(c.phone, 'What is my claim status?');
      await converse(c.phone, 'YES');
      await finished(statusWf);
      const why = await converse(c.phone, 'Why was my claim cut?');
      await finished(why);
      if (c.phone === phone) workflows.push(statusWf, why);
    }
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: claimId, policy_number: 'POL-ER', member_name: 'Meera Iyer', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-21T10:00:00Z', amount_claimed: 100000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(h.tenant.doc.cms.api_key, claimId, docs);
    const started = await h.api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: claimId }) });
    expect(started.status, await started.clone().text()).to.be.oneOf([200, 201, 202]);
    openWorkflow = ((await started.json()) as { workflow_id: string }).workflow_id;
    workflows.push(openWorkflow);
    await waitFor(async () => ((await h.services.workflows.get(tenantId(), openWorkflow))?.status === 'awaiting_documents' ? true : null), { what: 'awaiting documents', intervalMs: 20 });

    // Every event in the ledger and published (the archiver trims only published events), then an
    // archiver whose clock is past the hot window moves the finished workflows and the events.
    await waitFor(async () => {
      const [count, published] = await h.services.redis.hmget(h.services.keys.ledgerHead(tenantId()), 'count', 'webhooked_n');
      const waiting = await Promise.all(Array.from({ length: h.config.partitions }, (_, p) => h.services.redis.xlen(h.services.keys.audit(p))));
      return waiting.every((n) => n === 0) && count === published ? true : null;
    }, { what: 'ledger published', intervalMs: 50 });
    const s = h.services;
    const clock = new ManualClock(Date.now() + h.config.retention.hotWindowMs + 60_000);
    const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
    const moved = await archiver.runOnce([tenantId()]);
    expect(moved.workflows).to.be.greaterThan(0);
    expect(moved.events).to.be.greaterThan(0);
    // One more question after the archiving: its workflow and events stay in Redis.
    const late = await converse(phone, 'What is my claim status?');
    await finished(late);
    workflows.push(late);
    await waitFor(async () => {
      const waiting = await Promise.all(Array.from({ length: h.config.partitions }, (_, p) => h.services.redis.xlen(h.services.keys.audit(p))));
      return waiting.every((n) => n === 0) ? true : null;
    }, { what: 'audit streams drained' });

    // Before erasure the claimant's hashes are there to find (the search below is not vacuous),
    // and the API shows the claim hash in the transitions, archived or not.
    expect(findings(await redisDump(h), await archiveDump(h), needles(phone, claimId))).to.not.be.empty;
    const items = ((await (await h.api(`/v1/audit/events?workflow_id=${openWorkflow}&limit=100`)).json()) as { items: AuditItem[] }).items;
    expect(items.some((e) => e.transition?.claim_id_hash === `sha256:${sha256Hex(claimId)}`)).to.equal(true);
  });

  it('refuses a token without tenant:admin, a phone that is not E.164, and another tenant\'s claimant is not theirs to find', async () => {
    const reader = await h.token('audit:read');
    expect((await erase({ phone }, { token: reader })).status).to.equal(403);
    for (const bad of [{ phone: '98444 00001' }, { phone: 919844400001 }, {}]) {
      const res = await erase(bad);
      expect(res.status).to.equal(400);
      expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
      expect(await res.text()).to.not.contain('98444');
    }
    // Another tenant erasing the same phone erases nothing of this tenant's, and cannot read its workflows.
    const beta = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'beta', phoneNumberId: '100200399' });
    const tokenRes = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: beta.credentials.client_id, client_secret: beta.credentials.client_secret }),
    });
    const betaToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    const res = await erase({ phone }, { token: betaToken });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.include({ workflows: 0, cancelled: 0, consent_withdrawn: false });
    expect((await h.api(`/v1/workflows/${openWorkflow}`, { token: betaToken })).status).to.equal(404);
    expect((await h.services.workflows.get(tenantId(), openWorkflow))?.claim_id_hash).to.equal(`sha256:${sha256Hex(claimId)}`);
  });

  it('erases the claimant: the open workflow is cancelled with its webhook, and nothing stored leads to them', async () => {
    const res = await erase({ phone }, { key: 'erase-1' });
    const text = await res.text();
    expect(res.status, text).to.equal(200);
    expect(text).to.not.contain(phone.slice(1));
    const summary = JSON.parse(text) as Record<string, unknown>;
    expect(summary).to.deep.include({ erased: true, workflows: workflows.length, cancelled: 1, consent_withdrawn: true });
    expect(summary.archived_workflows).to.be.greaterThan(0);

    // The partner hears of the cancellation the usual way, with no claim hash.
    const cancelled = await waitFor(() => receiver.received.map((r) => JSON.parse(r.body) as Envelope)
      .find((e) => e.type === 'workflow.cancelled' && e.data.workflow_id === openWorkflow) ?? null, { what: 'workflow.cancelled webhook' });
    expect(cancelled.data).to.include({ status: 'cancelled', previous_status: 'awaiting_documents', claim_id_hash: null });
    const w = await h.services.workflows.get(tenantId(), openWorkflow);
    expect(w).to.include({ status: 'cancelled', outcome: 'claimant_erased', claim_id_hash: null });

    // The ledger records the erasure (counts only) once it moved.
    const erasedEvent = await waitFor(async () => {
      const body = (await (await h.api('/v1/audit/events?type=claimant.erased&limit=10')).json()) as { items: AuditItem[] };
      return body.items[0] ?? null;
    }, { what: 'claimant.erased in the ledger' });
    expect(erasedEvent.detail).to.deep.include({ workflows: workflows.length, cancelled: 1, consent_withdrawn: true });

    // Every Redis key and value, every archive row: none of the claimant's references.
    await waitFor(async () => {
      const waiting = await Promise.all(Array.from({ length: h.config.partitions }, (_, p) => h.services.redis.xlen(h.services.keys.audit(p))));
      return waiting.every((n) => n === 0) ? true : null;
    }, { what: 'audit streams drained' });
    const dump = await redisDump(h);
    const rows = await archiveDump(h);
    expect(rows.length).to.be.greaterThan(0);
    expect(findings(dump, rows, needles(phone, claimId))).to.deep.equal([]);
    // The Idempotency-Key record of the request is kept (24 h), and its fingerprint is not a plain
    // SHA-256 of the request, which hashing every phone number would reverse.
    const idem = [...dump.entries()].filter(([key]) => key.includes(':idem:'));
    expect(idem.some(([, value]) => value.includes('erased') && value.includes('consent_withdrawn'))).to.equal(true);
    const plain = createHash('sha256').update('POST /v1/claimants/erasure\n').update(JSON.stringify({ phone })).digest('hex');
    expect(idem.filter(([, value]) => value.includes(plain))).to.deep.equal([]);
    // The API no longer shows the claim hash in any transition of the claimant's workflows.
    for (const id of workflows) {
      const items = ((await (await h.api(`/v1/audit/events?workflow_id=${id}&limit=100`)).json()) as { items: AuditItem[] }).items;
      expect(items.length).to.be.greaterThan(0);
      for (const e of items) if (e.transition) expect(e.transition.claim_id_hash, `${id} ${e.type}`).to.equal(null);
    }

    // The other claimant of the tenant is untouched: still found by their hashes.
    expect(findings(dump, rows, [sha256Hex(other.phone), `sha256:${sha256Hex(other.claimId)}`])).to.have.length.greaterThan(1);
    expect((await h.services.consent.lookup(tenantId(), other.phone)).state).to.not.equal('none');
  });

  it('leaves a ledger that verifies across the archive and Redis, by the API and by the operator\'s check', async () => {
    const res = await h.api('/v1/audit/verify', { method: 'POST', token: await h.token('audit:read'), headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = (await res.json()) as { valid: boolean; count: number };
    expect(res.status).to.equal(200);
    expect(body.valid, JSON.stringify(body)).to.equal(true);
    expect(await h.services.ledger.hasArchived(tenantId())).to.equal(true);
    const s = h.services;
    const ops = await s.checkpoints.verify(tenantId(), (position) => walkTenantLedger(s, tenantId(), position, s.clock.now()), undefined, s.clock.now());
    expect(ops.valid).to.equal(true);
    expect(ops.count).to.equal(body.count);
  });

  it('answers a repeated erasure harmlessly: the same Idempotency-Key replays, a new one finds nothing left', async () => {
    const replay = await erase({ phone }, { key: 'erase-1' });
    expect(replay.status).to.equal(200);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    expect(await replay.json()).to.deep.include({ workflows: workflows.length, cancelled: 1 });
    const again = await erase({ phone }, { key: 'erase-2' });
    expect(again.status).to.equal(200);
    expect(await again.json()).to.deep.include({ workflows: 0, cancelled: 0, archived_workflows: 0, consent_withdrawn: false });
    expect(findings(await redisDump(h), await archiveDump(h), needles(phone, claimId))).to.deep.equal([]);
    // A claimant who writes again starts afresh: asked for consent again.
    await converse(phone, 'What is my claim status?');
    expect(sentTo(phone).at(-1)!.text).to.match(/Reply YES/);
  });

  it('never writes the phone number or its hash to the logs', () => {
    const joined = logLines.join('\n');
    expect(joined).to.contain('claimant erased');
    for (const n of [phone, phone.slice(1), sha256Hex(phone)]) expect(joined).to.not.contain(n);
  });
});

/**
 * Erasure of a claimant who talked to a person (docs/human-handover.md): their open handover ends
 * like any open workflow (cancelled, `claimant_erased`, its webhook), and its transcript, the
 * handler's reply held for WhatsApp's 24-hour window, the claimant's pointer to the conversation
 * and the handler's replies (workflow records of their own, outside the tenant's index) keep
 * nothing of them. Another claimant's conversation is untouched.
 */
describe('claimant erasure: a human-handover conversation', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  // Tuesday 1 December 2026, 10:00 in Kolkata: within business hours.
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 4, 30, 0));
  const hour = 3600_000;
  const phone = '+919844410001';
  const other = '+919844410002';
  const said = 'the hospital bill came to forty thousand rupees';
  const otherSaid = 'the ward charges look wrong to me';
  const firstReply = 'We are checking the bill with the hospital now.';
  const heldReply = 'Your claim was approved after the review.';
  const conversations = new Map<string, string>();

  before(async () => {
    h = await startHarness({ clock });
    receiver = await startPartnerEndpoint(call, clock);
    h.tenant.doc.handover = { support_number: '1800-000-111' };
    await h.services.tenants.put(h.tenant.doc, clock.now());
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const tenantId = () => h.tenant.doc.tenant_id;
  const waTo = (p: string) => h.wa.sent.filter((m) => m.to === p);
  const envelopes = () => receiver.received.map((r) => JSON.parse(r.body) as Envelope);
  // Tokens live an hour of the injected clock: a fresh one for each call.
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    return h.api(path, { ...init, token: await h.token() });
  }
  const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const partitionOf = (id: string) => h.services.keys.partitionOfWorkflow(id)!;
  const transcriptKey = (id: string) => h.services.keys.conversation(partitionOf(id), tenantId(), id);
  const heldKey = (id: string) => h.services.keys.conversationHeld(partitionOf(id), tenantId(), id);
  const pointerKey = (p: string) => h.services.keys.claimantWait(h.services.keys.partitionOf(tenantId(), p), tenantId(), sha256Hex(p), 'human-handover');

  /** A consented claimant who asked for a person, taken by the handler: the conversation's id. */
  async function takenConversation(p: string): Promise<string> {
    await consentOnWhatsApp(h, p);
    const asked = await h.wa.postInbound({ from: p, text: 'I want to talk to a person' });
    await h.wa.waitFor(() => waTo(p).length >= 3);
    const id = (asked.body as { workflow_ids: string[] }).workflow_ids[0]!;
    await waitFor(async () => ((await (await call(`/v1/workflows/${id}`)).json()) as { status: string }).status === 'awaiting_agent', { what: 'the handover queued' });
    expect((await post(`/v1/workflows/${id}/assign`, { agent: 'me' })).status).to.equal(200);
    return id;
  }

  /** The claimant writes to the handler: the message joins the conversation, the partner hears of it. */
  async function claimantWrites(p: string, id: string, text: string): Promise<void> {
    await h.wa.postInbound({ from: p, text });
    await waitFor(() => envelopes().find((e) => e.type === 'human_handover.message_received' && e.workflow_id === id && e.data.text === text) ?? null,
      { what: 'the message_received webhook' });
  }

  /** Every needle of the claimant: their number, its hashes and references, the words of the conversation. */
  function needles(p: string, words: string[]): string[] {
    return [
      p, p.slice(1), sha256Hex(p), `sha256:${sha256Hex(p)}`, h.services.refs.of(p),
      createHmac('sha256', h.config.phiRefKey).update(`erasure\0${tenantId()}\0${p}`).digest('hex'), ...words,
    ];
  }

  it('sets up two conversations: one with a reply sent, a reply held for the 24-hour window and its notice', async () => {
    for (const [p, text] of [[phone, said], [other, otherSaid]] as const) {
      const id = await takenConversation(p);
      conversations.set(p, id);
      await claimantWrites(p, id, text);
    }
    const id = conversations.get(phone)!;
    const sent = waTo(phone).length;
    expect((await post(`/v1/workflows/${id}/messages`, { text: firstReply })).status).to.equal(201);
    await h.wa.waitFor(() => waTo(phone).slice(sent).some((m) => m.text === firstReply));
    // A day later, outside the window: the template goes now, the text is held for the claimant's next message.
    clock.advance(25 * hour);
    const held = await post(`/v1/workflows/${id}/messages`, { text: heldReply });
    expect(held.status).to.equal(201);
    expect(((await held.json()) as { delivery: { status: string } }).delivery.status).to.equal('awaiting_window');
    await h.wa.waitFor(() => waTo(phone).some((m) => m.template?.name === 'team_replied'));

    const { redis } = h.services;
    await waitFor(async () => (await redis.xlen(transcriptKey(id))) >= 6 ? true : null, { what: 'the notice on the transcript' });
    expect(await redis.llen(heldKey(id))).to.equal(1);
    expect(await redis.get(pointerKey(phone))).to.equal(id);
    // The search below is not vacuous: before erasure the claimant is there to be found.
    const found = findings(await redisDump(h), [], needles(phone, [said]));
    expect(found.some((f) => f.startsWith(said))).to.equal(true);
    expect(found.some((f) => f.startsWith(`sha256:${sha256Hex(phone)}`))).to.equal(true);
  });

  it('erases the claimant: the handover is cancelled, and no transcript, held reply, pointer or reply record keeps anything of them', async () => {
    const id = conversations.get(phone)!;
    const { redis } = h.services;
    const replyIds = (await redis.xrange(transcriptKey(id), '-', '+')).flatMap(([, f]) => (f[0] === 'author' && f[1] !== 'claimant' && f[f.indexOf('wf') + 1] !== id ? [f[f.indexOf('wf') + 1]!] : []));
    expect(replyIds).to.have.length(3); // the sent reply, the held one and the template notice

    const res = await post('/v1/claimants/erasure', { phone });
    const text = await res.text();
    expect(res.status, text).to.equal(200);
    // The handover and the held reply (never sent) were open.
    expect(JSON.parse(text)).to.deep.include({ cancelled: 2, consent_withdrawn: true });

    const w = (await (await call(`/v1/workflows/${id}`)).json()) as { status: string; outcome: string; handover: { agent: string | null } | null };
    expect(w).to.deep.include({ status: 'cancelled', outcome: 'claimant_erased' });
    // What the partner API shows of the handover stays: who held it.
    expect(w.handover?.agent).to.be.a('string');
    await waitFor(() => envelopes().find((e) => e.type === 'workflow.cancelled' && e.data.workflow_id === id) ?? null, { what: 'workflow.cancelled webhook' });

    const page = await call(`/v1/workflows/${id}/messages`);
    if (page.status === 200) expect(((await page.json()) as { items: unknown[] }).items).to.deep.equal([]);
    else expect(page.status).to.equal(404);

    for (const key of [transcriptKey(id), heldKey(id), pointerKey(phone)]) expect(await redis.exists(key), key).to.equal(0);
    for (const reply of replyIds) {
      const record = await redis.hgetall(h.services.keys.workflow(partitionOf(reply), reply));
      expect(record.phone_hash, reply).to.equal(undefined);
      expect(record.status, reply).to.be.oneOf(['completed', 'cancelled']);
    }
    await waitFor(async () => {
      const waiting = await Promise.all(Array.from({ length: h.config.partitions }, (_, p) => redis.xlen(h.services.keys.audit(p))));
      return waiting.every((n) => n === 0) ? true : null;
    }, { what: 'audit streams drained' });
    const dump = await redisDump(h);
    expect(findings(dump, await archiveDump(h), needles(phone, [said, firstReply, heldReply]))).to.deep.equal([]);

    // The other claimant's conversation is as it was.
    const otherId = conversations.get(other)!;
    expect(await redis.get(pointerKey(other))).to.equal(otherId);
    const theirs = ((await (await call(`/v1/workflows/${otherId}/messages`)).json()) as { items: Array<{ text: string }> }).items;
    expect(theirs.map((m) => m.text)).to.include(otherSaid);
    expect(findings(dump, [], [`sha256:${sha256Hex(other)}`, otherSaid])).to.have.length.greaterThan(1);
  });

  it('answers the claimant who writes again as a newcomer: asked for consent, no conversation to join', async () => {
    const before = waTo(phone).length;
    await h.wa.postInbound({ from: phone, text: 'hello again' });
    await h.wa.waitFor(() => waTo(phone).length > before);
    expect(waTo(phone).at(-1)!.text).to.match(/Reply YES/);
    expect(waTo(phone).some((m) => m.text === heldReply)).to.equal(false);
  });
});
