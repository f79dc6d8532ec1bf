/**
 * A fourth workflow type, defined in this file and added through the public hooks only
 * (docs/architecture.md, "Adding a workflow type"): `policy-copy` sends a claimant the reference
 * of their policy. Its definition (intent, route, truth step), its phrases (an intent template
 * and a word class) and its reply template are all here; nothing in src/ names it. A claimant's
 * message runs through the real runtime (the in-process service, the fake CMS and WhatsApp):
 * gateway, consent, router, truth, policy, outbound. Below it, `callback`, a workflow that waits
 * (docs/architecture.md, "Waiting"): its arrival, reminder and deadline are its own, and it runs
 * through the same runtime, the deadline firing into its step and a worker dying while it waits.
 */
import { expect } from 'chai';
import { addIntentTemplates, addWordClasses } from '../../pipeline/intents';
import { ownClaims } from '../../pipeline/own-claims';
import type { Decision, Envelope, StageContext, WorkflowPayload } from '../../pipeline/types';
import { next, planWait, registerWorkflow, stepReadsRecord, timerOf, waitPayload, type WaitDeclaration, type WorkflowDefinition } from '../../pipeline/workflows';
import { ManualClock } from '../../src/clock';
import { maskClaimId, phiHash, sha256Hex } from '../../src/phi';
import { startRoles, type RunningRoles } from '../../src/roles';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { advanceAndFireTimers } from '../helpers/pipeline-waits';
import { waitFor } from '../helpers/wait';

/** The workflow's truth step: the claimant's newest claim, its policy masked, into `policy_copy`. */
async function policyCopyTruth(envelope: Envelope, ctx: StageContext, workflow: WorkflowDefinition): Promise<Decision> {
  const found = await ownClaims(envelope, ctx);
  if ('decision' in found) return found.decision;
  const claim = found.claims[0]!;
  return {
    kind: 'forward', to: next(workflow, 'truth'),
    payload: { ...envelope.payload, reply: { template: 'policy_copy', vars: { policy_ref: maskClaimId(claim.policy_number), claim_ref: maskClaimId(claim.claim_id) } } },
    patch: { claim_id_hash: phiHash(claim.claim_id), outcome: 'policy_copy_sent' },
    audit: { type: 'policy_copy.found', detail: { claims_found: found.claims.length } },
  };
}

const policyCopy: WorkflowDefinition = {
  type: 'policy-copy',
  intent: 'policy_copy',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: policyCopyTruth },
  restricted: null,
  // Not offered as a choice: at most four workflows are offered (docs/understanding.md), and the shipped four take them.
  offered: false,
  waitsIn: [],
};

const phone = '+919822220001';
const repliesTo = (h: Harness) => h.wa.sent.filter((m: SentMessage) => m.to === phone);

describe('a workflow type added in a test runs through the real runtime', function () {
  let h: Harness;
  const removals: Array<() => void> = [];

  before(async () => {
    // Its phrases: a word class and an intent template over it (pipeline/data holds a shipped
    // workflow's; these hooks take a workflow's given at run time).
    removals.push(addWordClasses({ policycopy: ['policy copy', 'copy of my policy', 'policy document'] }));
    removals.push(addIntentTemplates([{ name: 'policy-copy', intent: 'policy_copy', all: ['policycopy'], weight: 1.0 }]));
    removals.push(registerWorkflow(policyCopy));
    h = await startHarness();
    // Its reply template: the tenant's own templates, as a partner adds one.
    h.tenant.doc.templates = { whatsapp: { EN: { policy_copy: 'Your policy {{policy_ref}} (claim {{claim_ref}}): a copy is on its way to your registered email.' } } };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-2026-004321', policy_number: 'POL-77-8765', member_name: 'Ravi Kumar', claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: 50000, reason_codes: [],
    });
  });

  after(async () => {
    await h?.close();
    for (const remove of removals.reverse()) remove();
  });

  it('answers "send my policy copy" through gateway, consent, router, truth, policy and outbound', async () => {
    await h.wa.postInbound({ from: phone, text: 'send my policy copy' });
    await h.wa.waitFor(() => repliesTo(h).length >= 1, 10000);
    expect(repliesTo(h)[0]!.text).to.match(/Reply YES/);

    const res = await h.wa.postInbound({ from: phone, text: 'YES' });
    expect(res.status).to.equal(200);
    await h.wa.waitFor(() => repliesTo(h).length >= 2, 10000);
    const reply = repliesTo(h)[1]!;
    expect(reply.text).to.equal('Your policy XXXX8765 (claim XXXX4321): a copy is on its way to your registered email.');
    expect(reply.text).not.to.contain('CLM-2026-004321');

    // Consent on file now: one message, one workflow of the new type, one audit event per stage.
    const again = await h.wa.postInbound({ from: phone, text: 'send my policy copy' });
    const { workflow_ids: [workflowId] } = again.body as { workflow_ids: string[] };
    await h.wa.waitFor(() => repliesTo(h).length >= 3, 10000);
    const workflow = await waitFor(async () => {
      const body = (await (await h.api(`/v1/workflows/${workflowId}`)).json()) as { status: string };
      return body.status === 'completed' ? body : null;
    }, { what: 'policy-copy workflow completed' }) as unknown as Record<string, unknown>;
    expect(workflow).to.include({ workflow_type: 'policy-copy', status: 'completed', outcome: 'policy_copy_sent' });
    expect(workflow.claim_id_hash).to.equal(phiHash('CLM-2026-004321'));
    expect(workflow.audit_event_ids).to.have.length(6);
  });

  it('says which steps read the workflow record (stage fusion): only those a definition does not list as record-free', () => {
    const payload = (intent: string) => ({ channel: 'whatsapp', businessNumberId: 'b', from: '+919800000001', messageId: 'm', text: '', receivedAt: 0, intent }) as WorkflowPayload;
    expect(stepReadsRecord('truth', payload('claim_status'))).to.equal(false);
    expect(stepReadsRecord('truth', payload('query_reason'))).to.equal(false);
    expect(stepReadsRecord('knowledge', payload('query_reason'))).to.equal(false);
    // pending-documents' truth step reads its wait and documents from the record.
    expect(stepReadsRecord('truth', payload('pending_documents'))).to.equal(true);
    // This test's workflow lists none; an entry of no known workflow is taken to read it.
    expect(stepReadsRecord('truth', payload('policy_copy'))).to.equal(true);
    expect(stepReadsRecord('truth', payload('no_such_intent'))).to.equal(true);
  });

  it('refuses a definition that lists a record-free step it does not have', () => {
    const bad = { ...policyCopy, type: 'odd-steps', intent: 'odd_steps', recordFreeSteps: ['knowledge'] as const };
    expect(() => registerWorkflow(bad)).to.throw(/recordFreeSteps names knowledge, where it has no step/);
  });

  it('refuses a definition whose route skips the policy gate', () => {
    const bad = { ...policyCopy, type: 'no-gate', intent: 'no_gate', stages: ['gateway', 'consent', 'router', 'truth', 'outbound'] as const };
    expect(() => registerWorkflow(bad)).to.throw(/route must start gateway, consent, router and end policy, outbound/);
  });
});

/*
 * A workflow that waits, defined here too: `callback`. A claimant asks to be called back; it asks
 * them for a time and waits for their answer (its arrival `time_slot`), reminds them after an hour
 * (its reminder) and gives up after three (its deadline: timed out, and escalated). Its wait and
 * what each arrival and timer means are its own, decided in its step below; the runtime's generic
 * wait (pipeline/workflows/wait.ts) keeps its timers and folds the arrival in.
 */
const hour = 3_600_000;
const callbackWait: WaitDeclaration = {
  status: 'awaiting_documents', stage: 'truth', arrivals: ['time_slot'],
  reminders: () => [1 * hour],
  deadline: () => 3 * hour,
};

/** Set by the test: the next reminder step stops there (its process "dies" holding the entry) until `release`. */
let hangNextReminder: { reached: () => void; release: Promise<void> } | null = null;

async function callbackTruth(envelope: Envelope, ctx: StageContext, workflow: WorkflowDefinition): Promise<Decision> {
  const { payload } = envelope;
  const reply = (template: string, afterSend: WorkflowPayload['afterSend']) => ({ ...payload, reply: { template, vars: {} }, afterSend });
  const timer = timerOf(payload.timer);
  if (timer?.kind === 'deadline') {
    return {
      kind: 'finish', status: 'timed_out', patch: { outcome: 'no_time_given' },
      audit: { type: 'callback.expired', detail: {} }, also: [{ type: 'callback.escalated', detail: { reason: 'deadline' } }],
      effects: [{ type: 'wait.end' }],
    };
  }
  if (timer?.kind === 'reminder') {
    const hang = hangNextReminder;
    if (hang) {
      hangNextReminder = null;
      hang.reached();
      await hang.release;
    }
    return { kind: 'forward', to: next(workflow, 'truth'), payload: reply('callback_reminder', 'awaiting_documents'), audit: { type: 'callback.reminded', detail: { reminder: timer.n } } };
  }
  if (payload.intent === 'callback_booked') {
    return { kind: 'forward', to: next(workflow, 'truth'), payload: reply('callback_booked', 'completed'), patch: { outcome: 'booked' }, audit: { type: 'callback.booked', detail: {} } };
  }
  return {
    kind: 'forward', to: next(workflow, 'truth'), payload: reply('callback_ask', 'awaiting_documents'),
    audit: { type: 'callback.requested', detail: {} },
    effects: [{ type: 'wait.start', timers: planWait(callbackWait, ctx, ctx.now()), payload: waitPayload(payload), claimIdHash: phiHash(`callback:${payload.from}`) }],
  };
}

/**
 * The arrival `time_slot`: the claimant's answer ("ring me at 5") is a message of its own, which
 * the router gives the intent `callback_time`. Its step hands it to the claimant's waiting
 * callback (read from the claimant's waits: those registered with a claim key), expecting that
 * workflow's step as read; the waiting callback continues at truth as `callback_booked`.
 */
async function callbackTimeTruth(envelope: Envelope, ctx: StageContext, workflow: WorkflowDefinition): Promise<Decision> {
  const { payload, tenantId } = envelope;
  const noted = { ...payload, reply: { template: 'callback_noted', vars: {} } };
  const waiting = (await ctx.pendingDocs.recent(tenantId, payload.from)).find((s) => s.status === callbackWait.status);
  if (!waiting) return { kind: 'forward', to: next(workflow, 'truth'), payload: noted, patch: { outcome: 'not_expected' }, audit: { type: 'callback.unexpected', detail: {} } };
  const at = /at\s+(\d{1,2})/.exec(payload.text)?.[1] ?? '';
  return {
    // This message's own step, should it not be folded in: thanked.
    kind: 'forward', to: next(workflow, 'truth'), payload: noted, patch: { outcome: 'time_forwarded' },
    audit: { type: 'callback.time_received', detail: { callback_workflow_id: waiting.workflowId } },
    effects: [{
      type: 'wait.arrive', target: waiting.workflowId, arrival: 'time_slot', expectSeq: waiting.seq, ends: true, to: 'truth', set: { callback_hour: at },
      payload: { ...waitPayload(payload), intent: 'callback_booked' } as WorkflowPayload,
    }],
  };
}

const callbackTime: WorkflowDefinition = {
  type: 'callback-time',
  intent: 'callback_time',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: callbackTimeTruth },
  restricted: null,
  offered: false,
  waitsIn: [],
};

const callback: WorkflowDefinition = {
  type: 'callback',
  intent: 'callback_request',
  alsoIntents: ['callback_booked'],
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: callbackTruth },
  restricted: null,
  offered: false,
  waitsIn: ['awaiting_documents'],
  wait: callbackWait,
};

describe('a workflow that waits, added in a test, runs through the real runtime: its arrival, reminder and deadline, and a crash while it waits', function () {
  this.timeout(60_000);
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
  let h: Harness;
  /** The truth stage runs on its own, so that its worker can "die" mid-step while the others go on. */
  let truth: RunningRoles;
  const removals: Array<() => void> = [];
  const [booker, silent] = ['+919822230001', '+919822230002'];
  const to = (who: string) => h.wa.sent.filter((m: SentMessage) => m.to === who);

  before(async () => {
    removals.push(addWordClasses({ callbackask: ['call me back'], callbacktime: ['ring me at'] }));
    removals.push(addIntentTemplates([
      { name: 'callback-request', intent: 'callback_request', all: ['callbackask'], weight: 1.0 },
      { name: 'callback-time', intent: 'callback_time', all: ['callbacktime'], weight: 1.0 },
    ]));
    removals.push(registerWorkflow(callback));
    removals.push(registerWorkflow(callbackTime));
    h = await startHarness({ clock, roles: { api: true, scheduler: true, stages: ['gateway', 'consent', 'router', 'policy', 'outbound'] } });
    truth = await startRoles(h.services, { api: false, scheduler: false, stages: ['truth'] });
    h.tenant.doc.templates = { whatsapp: { EN: {
      callback_ask: 'When should we call you back? Reply "ring me at" and an hour.',
      callback_reminder: 'Still want a call back? Reply "ring me at" and an hour.',
      callback_booked: 'We will call you then.',
      callback_noted: 'Thank you.',
    } } };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    // Consent on file, where the consent stage reads it.
    for (const phone of [booker, silent]) {
      const { keys } = h.services;
      await h.services.redis.hset(keys.consent(keys.partitionOf('acme', phone), 'acme', sha256Hex(phone)), 'state', 'granted', 'updated_at', clock.now());
    }
  });

  after(async () => {
    await truth?.close();
    await h?.close();
    for (const remove of removals.reverse()) remove();
  });

  /** The workflow as GET /v1/workflows/{id} shows it (its store, read directly while polling: no rate limit). */
  const workflow = async (id: string) => (await h.services.workflows.get('acme', id)) as unknown as Record<string, unknown> & { status: string; audit_event_ids: string[] };
  /** The types of the workflow's events in the ledger, once it holds every event the workflow lists. */
  const eventTypes = async (id: string): Promise<string[]> => waitFor(async () => {
    const body = (await (await h.api(`/v1/audit/events?workflow_id=${id}&limit=100`)).json()) as { items: Array<{ type: string }> };
    return body.items.length >= (await workflow(id)).audit_event_ids.length ? body.items.map((e) => e.type) : null;
  }, { what: 'ledger caught up', intervalMs: 20 });
  const timersOf = async (id: string) => {
    const { keys, redis } = h.services;
    return (await redis.zrange(keys.workflowTimers(keys.partitionOfWorkflow(id)!), 0, -1)).filter((m) => m.includes(id));
  };
  const advance = (ms: number) => advanceAndFireTimers(h, clock, ms);
  async function asksForCallback(phone: string): Promise<string> {
    const res = await h.wa.postInbound({ from: phone, text: 'please call me back' });
    const { workflow_ids: [id] } = res.body as { workflow_ids: string[] };
    await waitFor(async () => ((await workflow(id!)).status === 'awaiting_documents' ? true : null), { what: 'callback waiting' });
    expect(to(phone).map((m) => m.text)).to.deep.equal(['When should we call you back? Reply "ring me at" and an hour.']);
    return id!;
  }

  it('waits for its own arrival: the claimant\'s time is folded into the waiting workflow, which completes and drops its timers', async () => {
    const id = await asksForCallback(booker);
    expect(await timersOf(id)).to.have.length(1);
    await h.wa.postInbound({ from: booker, text: 'ring me at 5 please' });
    await waitFor(async () => ((await workflow(id)).status === 'completed' ? true : null), { what: 'callback booked' });
    await h.wa.waitFor(() => to(booker).length >= 2, 10_000);
    expect(to(booker).map((m) => m.text)).to.deep.equal([
      'When should we call you back? Reply "ring me at" and an hour.', 'We will call you then.',
    ]);
    expect(await workflow(id)).to.include({ workflow_type: 'callback', outcome: 'booked' });
    const { keys, redis } = h.services;
    expect(await redis.hget(keys.workflow(keys.partitionOfWorkflow(id)!, id), 'callback_hour')).to.equal('5');
    expect(await timersOf(id)).to.deep.equal([]);
  });

  it('reminds once though the worker died mid-reminder, then its deadline times it out, decided by its own step', async () => {
    const id = await asksForCallback(silent);
    let reached!: () => void;
    let release!: () => void;
    const hung = new Promise<void>((resolve) => { reached = resolve; });
    hangNextReminder = { reached, release: new Promise<void>((resolve) => { release = resolve; }) };

    // An hour on, the reminder fires into the step, whose worker stops there: it has read the
    // entry and will never hand it off in time. Another truth worker takes over.
    await advance(1 * hour);
    await hung;
    const dead = truth;
    truth = await startRoles(h.services, { api: false, scheduler: false, stages: ['truth'] });
    await h.wa.waitFor(() => to(silent).length >= 2, 20_000);
    expect(to(silent)[1]!.text).to.equal('Still want a call back? Reply "ring me at" and an hour.');
    // The dead worker wakes: its hand-off finds the reminder handled, and writes nothing.
    release();
    await dead.close();
    expect(to(silent)).to.have.length(2);
    expect((await workflow(id)).status).to.equal('awaiting_documents');

    // Three hours after the start, the deadline fires into its step: timed out, and escalated.
    await advance(2 * hour);
    const done = await waitFor(async () => {
      const w = await workflow(id);
      return w.status === 'timed_out' ? w : null;
    }, { what: 'callback timed out' });
    expect(done).to.include({ outcome: 'no_time_given' });
    expect(await timersOf(id)).to.deep.equal([]);
    const types = await eventTypes(id);
    for (const type of ['callback.requested', 'callback.reminded', 'callback.expired', 'callback.escalated']) {
      expect(types.filter((t) => t === type), type).to.have.length(1);
    }
    expect(to(silent)).to.have.length(2);
  });
});
