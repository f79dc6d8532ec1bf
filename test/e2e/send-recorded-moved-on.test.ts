/**
 * A reply the provider took is recorded exactly once though its workflow moved on while the
 * provider held it (docs/workflows.md, "Effectively-once replies"). Through the real pipeline in
 * one process, on a real Redis, with an injected clock; pending-documents follow-ups wait, and the
 * fake WhatsApp takes each reminder at once but answers it only when the test lets it:
 * - its entry is reclaimed by a second worker while the first one's call is out (the provider's
 *   status webhooks held back: the second run finds an intent without proof and defers); the
 *   partner cancels; the deferred copy comes back, finds the workflow moved on and its wait for
 *   proof over, and sends and records nothing; then the first worker gets its answer;
 * - no second worker: the next reminder falls due while the first one is out, and its timer moves
 *   the workflow on at its step.
 * Either way the first worker's decision no longer applies when it is handed off; that hand-off
 * used to drop it with its `reply.sent` (sent, never recorded), and now writes the event as a note
 * at the send's step. Counted where a user would see it: the messages the fake provider took, each
 * once, and one `reply.sent` in the tenant's ledger for each.
 */
import { expect } from 'chai';
import type { LedgerEvent } from '../../src/audit/audit-chain';
import { ManualClock } from '../../src/clock';
import type { Config } from '../../src/config';
import { sha256Hex } from '../../src/phi';
import { decodeEnvelope } from '../../src/runtime/envelope-codec';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const hour = 3600_000;
const tenantId = 'acme';
const t0 = Date.UTC(2026, 10, 23, 6, 0, 0);

/** One harness on its own clock, and what the tests read of it. */
function harnessed(config: Partial<Config>, phonePrefix: string) {
  const clock = new ManualClock(t0);
  const t = {
    clock,
    h: null as unknown as Harness,
    phones: [1, 2, 3].map((i) => `${phonePrefix}${String(i).padStart(5, '0')}`),
    ids: [] as string[],

    record(id: string, ...fields: string[]) {
      const { redis, keys } = t.h.services;
      return redis.hmget(keys.workflow(keys.partitionOfWorkflow(id)!, id), ...fields);
    },

    /** Three follow-ups started by the CMS, each waiting once its request is recorded. */
    async waiting(): Promise<void> {
      const { cms, tenant, services } = t.h;
      for (const [i, phone] of t.phones.entries()) {
        const claimId = `CLM-${phonePrefix.slice(-3)}-${i}`;
        cms.upsertClaim(tenant.doc.cms.api_key, {
          claim_id: claimId, policy_number: 'POL-MOVED', member_name: 'Asha Rao', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
          status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
        });
        cms.setPendingDocuments(tenant.doc.cms.api_key, claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
        // Consent on file, where the consent stage reads it: these tests are about the send.
        await services.redis.hset(services.keys.consent(services.keys.partitionOf(tenantId, phone), tenantId, sha256Hex(phone)), 'state', 'granted', 'updated_at', t0);
        const res = await t.h.api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: claimId }) });
        const body = (await res.json()) as { workflow_id: string; outcome: string };
        expect([res.status, body.outcome], JSON.stringify(body)).to.deep.equal([202, 'started']);
        t.ids.push(body.workflow_id);
      }
      await waitFor(async () => (await Promise.all(t.ids.map((id) => t.record(id, 'status')))).every(([s]) => s === 'awaiting_documents'),
        { what: 'every follow-up awaiting documents', timeoutMs: 30_000 });
      expect(t.h.wa.sent).to.have.length(t.ids.length);
    },

    /** The workflows whose outbound entry waits in the retry/defer timers (a deferred wait for proof). */
    async deferred(): Promise<string[]> {
      const { redis, keys } = t.h.services;
      const members = (await Promise.all(Array.from({ length: t.h.config.partitions }, (_, p) => redis.zrange(keys.timers(p), 0, -1)))).flat();
      return members.map((m) => JSON.parse(m) as { id: string; fields: string[] })
        .filter((t) => t.id.startsWith('defer:')).map((t) => decodeEnvelope('outbound', t.fields).workflowId);
    },

    /** Entries in the outbound streams (a hand-off deletes each entry it acks). */
    async outboundBacklog(): Promise<number> {
      const { redis, keys } = t.h.services;
      const lengths = await Promise.all(Array.from({ length: t.h.config.partitions }, (_, p) => redis.xlen(keys.stream(p, 'outbound'))));
      return lengths.reduce((a, b) => a + b, 0);
    },

    /**
     * Once every message the provider took has had its status taken in and the ledger holds every
     * event the workflows list: each claimant's `messagesEach` messages, each once, and one
     * `reply.sent` naming each of them; those in `moved` (whose workflow had moved on by their
     * answer) marked `after_workflow_moved_on`.
     */
    async expectEachSendRecordedOnce(messagesEach: number, moved: readonly SentMessage[]): Promise<void> {
      const { h, ids } = t;
      await waitFor(() => {
        const proven = new Set(h.wa.statusWebhooks.map((st) => st.wamid));
        return h.wa.sent.every((m) => proven.has(m.wamid)) ? true : null;
      }, { what: 'a status webhook taken in for every message sent', timeoutMs: 30_000 });
      const listed = (await Promise.all(ids.map(async (id) => ((await t.record(id, 'audit'))[0] ?? '').split(',').filter(Boolean)))).flat();
      const events = await waitFor(async () => {
        const all = (await h.services.ledger.all(tenantId)).filter((e) => ids.includes(e.workflow_id));
        const have = new Set(all.map((e) => e.event_id));
        return listed.every((id) => have.has(id)) ? all : null;
      }, { what: 'the ledger holding every event the workflows list', timeoutMs: 30_000, intervalMs: 100 });
      expect(new Set(events.map((e) => e.event_id)).size).to.equal(events.length);
      for (const [i, id] of ids.entries()) {
        const sent = h.wa.sent.filter((m) => m.to === t.phones[i]);
        expect(sent, id).to.have.length(messagesEach);
        expect(new Set(sent.map((m) => m.bizOpaque)).size, `${id}: a step's reply sent twice`).to.equal(messagesEach);
        const recorded = events.filter((e: LedgerEvent) => e.workflow_id === id && e.type === 'reply.sent').map((e) => JSON.parse(e.detail) as Record<string, string>);
        expect(recorded.map((d) => d.provider_message_id).sort(), `${id}: reply.sent events ${JSON.stringify(recorded)}`).to.deep.equal(sent.map((m) => m.wamid).sort());
        const late = moved.find((m) => m.to === t.phones[i])!;
        expect(recorded.find((d) => d.provider_message_id === late.wamid), id).to.include({ kind: 'template', template: 'documents_reminder', after_workflow_moved_on: 'true' });
      }
    },
  };
  before(async () => {
    t.h = await startHarness({ clock, config });
  });
  after(async () => { await t.h?.close(); });
  return t;
}

describe('a reply sent while its workflow moved on is recorded once', function () {
  this.timeout(120_000);

  describe('its entry handled by two workers at once (a reclaim overlapping the slow call), then cancelled', () => {
    // The provider's answers are held until the test releases them (a call timeout well above the
    // test's length): a second worker reclaims each entry (1 s idle) while the first one's call is
    // out. More read lanes than claimants: a lane whose batch waits on the provider reads and
    // reclaims nothing, so one must be left free.
    const t = harnessed({ reclaimIdleMs: 1000, lanes: 4, channelTimeoutMs: 120_000, cmsTimeoutMs: 5000 }, '+9197055');

    it('the provider took each reminder once, and the ledger records it once', async () => {
      const { h, ids, clock } = t;
      await t.waiting();
      // The provider's webhooks lag: the second worker finds no proof of the send, and defers.
      h.wa.configureStatuses({ mode: 'held' });
      h.wa.holdAnswers();
      clock.set(t0 + 24 * hour);
      await h.wa.waitFor((sent) => sent.length >= 2 * ids.length, 30_000);
      const reminders = h.wa.sent.slice(ids.length);
      await waitFor(async () => {
        const waiting = await t.deferred();
        return ids.every((id) => waiting.includes(id));
      }, { what: 'every reminder entry reclaimed and deferred while its send is out', timeoutMs: 30_000, intervalMs: 50 });

      // The partner cancels each follow-up while its reminder is still out.
      const auditBefore = new Map<string, number>();
      // (a token of the clock's day: the harness's first one expired as the clock moved)
      const token = await h.token();
      for (const id of ids) {
        const res = await h.api(`/v1/workflows/${id}`, { method: 'DELETE', token });
        expect(res.status, await res.clone().text()).to.equal(200);
        auditBefore.set(id, ((await t.record(id, 'audit'))[0] ?? '').split(',').length);
      }
      // The deferred copies come back past the wait for proof: each finds its workflow moved on,
      // no answer and no proof yet, and is dropped without a send or an event.
      clock.advance(60_000);
      await waitFor(async () => ((await t.deferred()).length === 0 && (await t.outboundBacklog()) === 0 ? true : null),
        { what: 'the deferred copies handled', timeoutMs: 30_000, intervalMs: 50 });
      const audits = await Promise.all(ids.map(async (id) => ((await t.record(id, 'audit'))[0] ?? '').split(',').length));
      expect(audits, 'nothing recorded while the first workers wait').to.deep.equal(ids.map((id) => auditBefore.get(id)));
      expect(h.wa.sent, 'nothing sent again').to.have.length(2 * ids.length);

      // The answers come: each first worker's decision no longer applies; then the held statuses.
      h.wa.releaseAnswers();
      await waitFor(async () => {
        const now = await Promise.all(ids.map(async (id) => ((await t.record(id, 'audit'))[0] ?? '').split(',').length));
        return now.every((n, i) => n > auditBefore.get(ids[i]!)!) ? true : null;
      }, { what: 'an event after the cancel on every follow-up (the reminder recorded)', timeoutMs: 30_000 })
        // (on its deadline the checks below say which send went unrecorded)
        .catch(() => undefined);
      h.wa.releaseStatuses();
      await t.expectEachSendRecordedOnce(2, reminders);
      expect((await Promise.all(ids.map((id) => t.record(id, 'status')))).flat()).to.deep.equal(ids.map(() => 'cancelled'));
    });
  });

  describe('the next reminder falling due while the first one is out', () => {
    // No reclaim within the call: one worker; the workflow is moved on by its own wait's timer.
    // A lane left free beside those waiting on the held answers reads the second reminders.
    const t = harnessed({ reclaimIdleMs: 120_000, lanes: 4, channelTimeoutMs: 120_000, cmsTimeoutMs: 5000 }, '+9197056');

    it('the provider took each reminder once, and the ledger records it once', async () => {
      const { h, ids, clock } = t;
      await t.waiting();
      h.wa.holdAnswers();
      clock.set(t0 + 24 * hour);
      await h.wa.waitFor((sent) => sent.length >= 2 * ids.length, 30_000);
      const first = h.wa.sent.slice(ids.length);
      // The second reminder's timer fires at each workflow's step while the first is still out:
      // the provider takes the second reminder too (its step came after the first's).
      clock.set(t0 + 48 * hour);
      await h.wa.waitFor((sent) => sent.length >= 3 * ids.length, 30_000);
      const second = h.wa.sent.slice(2 * ids.length);
      h.wa.releaseAnswers();
      await waitFor(async () => {
        const rows = await Promise.all(ids.map((id) => t.record(id, 'status', 'reminders_sent', 'outbound_message_id')));
        return rows.every(([s, n, last]) => s === 'awaiting_documents' && n === '2' && second.some((m) => m.wamid === last));
      }, { what: 'every second reminder recorded as the last reply', timeoutMs: 30_000 });
      await t.expectEachSendRecordedOnce(3, first);
    });
  });
});
