/**
 * A finished human-handover conversation and the archive (docs/retention.md, docs/human-handover.md):
 * past the hot window it moves to PostgreSQL with its transcript and the records it names outside
 * the tenant's index (a handler's replies, the template notice), and GET /v1/workflows/{id}/messages
 * answers the same pages from there; a pass repeated, or one stopped between the transcript's trim
 * and the record's, doubles and loses nothing; an erasure deletes the archived transcript and finds
 * the claimant's records through it; the end of archive retention removes a transcript with its
 * workflow. The embedded PGlite runs the same queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Archiver } from '../../src/archive/archiver';
import { ArchiveStore } from '../../src/archive/archive-store';
import { readConversation } from '../../src/archive/conversations';
import { ManualClock } from '../../src/clock';
import { createLogger } from '../../src/logger';
import { sha256Hex } from '../../src/phi';
import type { Keys } from '../../src/redis/keys';
import { runTrimArchivedConversation } from '../../src/redis/scripts';
import type { ConversationMessage } from '../../src/workflows/conversation-message';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const hour = 3600_000;

describe('archive: a human-handover conversation', function () {
  this.timeout(60000);
  let h: Harness;
  // Tuesday 1 December 2026, 10:00 in Kolkata: within business hours.
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 4, 30, 0));
  const held = { phone: '+919866610001', id: '', replies: [] as string[] };
  const plain = { phone: '+919866610002', id: '', replies: [] as string[] };
  const shown = new Map<string, ConversationMessage[]>();

  let k: Keys;

  before(async () => {
    h = await startHarness({ clock });
    k = h.services.keys;
  });
  after(async () => { await h?.close(); });

  const tenantId = 'acme';
  const waTo = (p: string) => h.wa.sent.filter((m) => m.to === p);
  // Tokens live an hour of the injected clock: a fresh one for each call.
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => h.api(path, { token: await h.token(), ...init });
  const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const partitionOf = (id: string) => k.partitionOfWorkflow(id)!;
  const recordKey = (id: string) => k.workflow(partitionOf(id), id);

  /** Every message of a conversation through the API, `limit` a page. */
  async function transcript(id: string, limit: number, token?: string): Promise<ConversationMessage[]> {
    const items: ConversationMessage[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(`/v1/workflows/${id}/messages?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token ? { token } : {});
      const body = (await res.json()) as { items: ConversationMessage[]; next_cursor: string | null };
      expect(res.status, JSON.stringify(body)).to.equal(200);
      items.push(...body.items);
      cursor = body.next_cursor;
    } while (cursor);
    return items;
  }

  /** A consented claimant who asked for a person, taken by the handler, wrote, and was answered. */
  async function answered(c: { phone: string; id: string; replies: string[] }, said: string, reply: string): Promise<void> {
    await h.wa.postInbound({ from: c.phone, text: 'hello' });
    await h.wa.waitFor(() => waTo(c.phone).length >= 1);
    await h.wa.postInbound({ from: c.phone, text: 'YES' });
    await h.wa.waitFor(() => waTo(c.phone).length >= 2);
    const asked = await h.wa.postInbound({ from: c.phone, text: 'I want to talk to a person' });
    c.id = (asked.body as { workflow_ids: string[] }).workflow_ids[0]!;
    await waitFor(async () => ((await (await call(`/v1/workflows/${c.id}`)).json()) as { status: string }).status === 'awaiting_agent', { what: 'the handover queued' });
    expect((await post(`/v1/workflows/${c.id}/assign`, { agent: 'me' })).status).to.equal(200);
    await h.wa.postInbound({ from: c.phone, text: said });
    await waitFor(async () => ((await transcript(c.id, 100)).some((m) => m.text === said) ? true : null), { what: 'the claimant\'s message on the transcript' });
    const sent = waTo(c.phone).length;
    expect((await post(`/v1/workflows/${c.id}/messages`, { text: reply })).status).to.equal(201);
    await h.wa.waitFor(() => waTo(c.phone).slice(sent).some((m) => m.text === reply));
  }

  /** Every message to the claimant as far as it will get: delivered, or held for the window. */
  async function settled(id: string): Promise<ConversationMessage[]> {
    return waitFor(async () => {
      const items = await transcript(id, 100);
      return items.every((m) => m.delivery === null || ['delivered', 'awaiting_window'].includes(m.delivery.status)) ? items : null;
    }, { what: 'every message delivered' });
  }

  /** The records a transcript names besides the conversation's own (its senders and held replies). */
  async function named(id: string): Promise<string[]> {
    return (await readConversation(h.services.redis, k, partitionOf(id), tenantId, id)).named;
  }

  /** An archiver whose clock is past the hot window of everything finished so far. */
  function lateArchiver(): Archiver {
    const s = h.services;
    return new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock: new ManualClock(clock.now() + s.config.retention.hotWindowMs + 60_000), log: s.log, archive: s.archive, tenants: s.tenants });
  }

  async function rowsOf(id: string): Promise<number> {
    const db = await h.services.archive.db();
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM archived_conversation_messages WHERE tenant_id = $1 AND workflow_id = $2', [tenantId, id]);
    return Number(rows[0]!.n);
  }

  it('sets up two finished conversations: one left with a reply held for the 24-hour window', async () => {
    await answered(held, 'the room rent cap looks wrong', 'We are looking at the room rent now.');
    await answered(plain, 'when will the money come', 'The payment is on its way.');
    // A day later, outside the window: the template notice goes, the text is held; then it is released.
    clock.advance(25 * hour);
    const late = await post(`/v1/workflows/${held.id}/messages`, { text: 'The cap was applied correctly.' });
    expect(((await late.json()) as { delivery: { status: string } }).delivery.status).to.equal('awaiting_window');
    await h.wa.waitFor(() => waTo(held.phone).some((m) => m.template?.name === 'team_replied'));
    for (const c of [held, plain]) expect((await post(`/v1/workflows/${c.id}/release`, { resolution: 'resolved' })).status).to.equal(200);
    for (const c of [held, plain]) {
      await waitFor(async () => ((await named(c.id)).length >= (c === held ? 3 : 1) ? true : null), { what: 'the notice on the transcript' });
      c.replies = await named(c.id);
      shown.set(c.id, await settled(c.id));
    }
    expect(held.replies).to.have.length(3);
    expect(shown.get(held.id)!.map((m) => m.author)).to.include.members(['claimant', 'bot', 'agent']);
    expect(shown.get(held.id)!.some((m) => m.delivery?.status === 'awaiting_window')).to.equal(true);
  });

  it('moves the conversation with its workflow; GET .../messages answers the same pages from the archive', async () => {
    const s = h.services;
    const statuses = await Promise.all(held.replies.map((id) => s.redis.hget(recordKey(id), 'status')));
    // The reply still held when the conversation ended never goes out: it is not finished.
    expect(statuses.filter((st) => st === 'started')).to.have.length(1);
    const stranded = held.replies[statuses.indexOf('started')]!;
    const replyBefore = await (await call(`/v1/workflows/${held.replies.find((id) => id !== stranded)}`)).json();

    // A transcript trimmed before its record (an archiver stopped between the two): the API reads it from the archive.
    const copy = await readConversation(s.redis, k, partitionOf(plain.id), tenantId, plain.id);
    const record = await s.redis.hgetall(recordKey(plain.id));
    await s.archive.putWorkflows(tenantId, [record], clock.now());
    await s.archive.putConversation(tenantId, plain.id, copy.messages, clock.now());
    await s.redis.hset(k.archived(tenantId), 'workflows', '1');
    // Refused while the record or the transcript is not as copied.
    expect(await runTrimArchivedConversation(s.redis, k, { partition: partitionOf(plain.id), tenantId, workflowId: plain.id, updatedAt: '1', length: copy.length, lastId: copy.lastId })).to.equal(false);
    expect(await runTrimArchivedConversation(s.redis, k, { partition: partitionOf(plain.id), tenantId, workflowId: plain.id, updatedAt: record.updated_at!, length: copy.length - 1, lastId: copy.lastId })).to.equal(false);
    expect(await s.redis.exists(k.conversation(partitionOf(plain.id), tenantId, plain.id))).to.equal(1);
    expect(await runTrimArchivedConversation(s.redis, k, { partition: partitionOf(plain.id), tenantId, workflowId: plain.id, updatedAt: record.updated_at!, length: copy.length, lastId: copy.lastId })).to.equal(true);
    expect(await s.redis.exists(recordKey(plain.id))).to.equal(1);
    expect(await transcript(plain.id, 2)).to.deep.equal(shown.get(plain.id));

    const pass = await lateArchiver().runOnce([tenantId]);
    expect(pass.workflows).to.be.greaterThan(0);
    // Gone from Redis: both handovers, their transcripts and held replies, the finished replies and notice.
    for (const c of [held, plain]) {
      const p = partitionOf(c.id);
      expect(await s.redis.exists(recordKey(c.id), k.conversation(p, tenantId, c.id), k.conversationHeld(p, tenantId, c.id)), c.id).to.equal(0);
    }
    for (const id of [...held.replies, ...plain.replies]) expect(await s.redis.exists(recordKey(id)), id).to.equal(id === stranded ? 1 : 0);
    expect(await rowsOf(held.id)).to.equal(shown.get(held.id)!.length);

    for (const c of [held, plain]) {
      expect(await transcript(c.id, 2), c.id).to.deep.equal(shown.get(c.id));
      expect(await transcript(c.id, 100), c.id).to.deep.equal(shown.get(c.id));
    }
    expect(await (await call(`/v1/workflows/${held.replies.find((id) => id !== stranded)}`)).json()).to.deep.equal(replyBefore);

    // Again: nothing left to move, nothing doubled, also when a copy is made again.
    expect((await lateArchiver().runOnce([tenantId])).workflows).to.equal(0);
    await s.archive.putConversation(tenantId, held.id, shown.get(held.id)!.map((message) => ({ message, messageWorkflowId: null })), clock.now());
    expect(await rowsOf(held.id)).to.equal(shown.get(held.id)!.length);
  });

  it("answers another tenant's archived conversation as not found", async () => {
    const other = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'initech', phoneNumberId: '900900911' });
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: other.credentials.client_id, client_secret: other.credentials.client_secret }),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    expect((await h.api(`/v1/workflows/${held.id}/messages`, { token })).status).to.equal(404);
  });

  it('erasure deletes the archived transcript and finds the claimant\'s records through it, the held reply still in Redis included', async () => {
    const s = h.services;
    const stranded = (await Promise.all(held.replies.map(async (id) => ((await s.redis.exists(recordKey(id))) ? id : null)))).find(Boolean)!;
    expect(await s.redis.hget(recordKey(stranded), 'phone_hash')).to.equal(`sha256:${sha256Hex(held.phone)}`);
    const res = await post('/v1/claimants/erasure', { phone: held.phone });
    expect(res.status, await res.clone().text()).to.equal(200);
    expect(await res.json()).to.deep.include({ cancelled: 1 });
    expect(await rowsOf(held.id)).to.equal(0);
    expect(await transcript(held.id, 100)).to.deep.equal([]);
    expect(await s.redis.hgetall(recordKey(stranded))).to.include({ status: 'cancelled', outcome: 'claimant_erased' }).and.not.have.property('phone_hash');
    const db = await s.archive.db();
    const { rows } = await db.query<{ record: Record<string, string> }>('SELECT record FROM archived_workflows WHERE tenant_id = $1 AND workflow_id = ANY($2::text[])', [tenantId, held.replies]);
    expect(rows).to.have.length(2);
    for (const r of rows) expect(r.record).to.not.have.property('phone_hash');
    // The other claimant's archived conversation is as it was.
    expect(await transcript(plain.id, 100)).to.deep.equal(shown.get(plain.id));
  });

  it('removes an archived transcript with its workflow at the end of archive retention', async () => {
    const s = h.services;
    expect(await rowsOf(plain.id)).to.be.greaterThan(0);
    await s.archive.removeTruncated(tenantId, 0, clock.now() + 1000 * 86_400_000);
    expect(await rowsOf(plain.id)).to.equal(0);
    expect((await call(`/v1/workflows/${plain.id}/messages`)).status).to.equal(404);
  });

  describe('embedded PGlite', () => {
    it('runs the same conversation queries', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cw-pglite-'));
      const store = new ArchiveStore({ databaseUrl: null, embeddedDir: dir, log: createLogger('silent') });
      try {
        const message = (id: string, text: string): ConversationMessage => ({ id, author: 'claimant', agent_id: null, at: new Date(1000).toISOString(), channel: 'whatsapp', text, delivery: null });
        const wf = 'wf-0-00000000000000000001';
        const messages = [message('1000-0', 'one'), message('1000-1', 'two'), message('1001-0', 'three')].map((m, i) => ({ message: m, messageWorkflowId: i === 2 ? 'wf-0-00000000000000000009' : null }));
        await store.putWorkflows('acme', [{ workflow_id: wf, tenant_id: 'acme', workflow_type: 'human-handover', status: 'completed', started_at: '1000', updated_at: '1005', completed_at: '1005' }], 2000);
        await store.putConversation('acme', wf, messages, 2000);
        await store.putConversation('acme', wf, messages, 3000);
        expect([...(await store.conversationIds('acme', [wf])).get(wf)!]).to.have.members(['1000-0', '1000-1', '1001-0']);
        expect((await store.conversation('acme', wf, '1000-0', 10)).map((m) => m.text)).to.deep.equal(['two', 'three']);
        expect(await store.conversation('other', wf, null, 10)).to.deep.equal([]);
        expect(await store.conversationWorkflows('acme', [wf])).to.deep.equal(['wf-0-00000000000000000009']);
        expect((await store.eraseClaimant('acme', [wf], [], ['workflow_id'])).messages).to.equal(3);
        await store.putConversation('acme', wf, messages, 4000);
        await store.removeTruncated('acme', 0, 10_000);
        expect(await store.conversation('acme', wf, null, 10)).to.deep.equal([]);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
