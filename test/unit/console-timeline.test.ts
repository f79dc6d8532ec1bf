/**
 * The console's plain-language timeline (console/src/timeline-words.ts) and the actions it
 * offers by status (console/src/workflow-actions.ts), run in Node: every audit event type the
 * docs list, and every reply template the service sends, reads as a sentence of its own; the
 * examples a claims handler reads; the pipeline's words kept for the detail; the actions follow
 * the API's rules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { AuditEvent } from '../../console/src/resources';
import { setTimeZone } from '../../console/src/time';
import { conversationOrder, describeEvent, documentNames, pipelineWords } from '../../console/src/timeline-words';
import { allowedActions } from '../../console/src/workflow-actions';
import { transitions } from '../../pipeline/workflows/transitions';
import type { WorkflowStatus } from '../../pipeline/types';

const root = join(__dirname, '..', '..');
const generic = /^Step recorded: /;

function event(type: string, detail: Record<string, unknown> = {}, more: Partial<AuditEvent> = {}): AuditEvent {
  return { n: 1, stage: 'truth', type, at: '2026-11-29T13:35:00.000Z', detail, transition: null, ...more };
}

/** The event types a docs table lists in its `type` column (backticked, `word.word`). */
function documentedTypes(file: string, heading: string): string[] {
  const text = readFileSync(join(root, 'docs', file), 'utf8');
  const section = text.slice(text.indexOf(heading));
  const tableRows = section.split('\n').filter((line) => line.startsWith('|')).slice(2);
  const types = new Set<string>();
  for (const row of tableRows) {
    const cell = row.split('|')[2] ?? '';
    for (const m of cell.matchAll(/`([a-z_]+\.[a-z_]+)`/g)) types.add(m[1]!);
  }
  return [...types];
}

describe('console timeline: audit events in plain words', () => {
  before(() => setTimeZone('Asia/Kolkata'));

  it('names every audit event type docs/workflows.md and docs/human-handover.md list', () => {
    const types = [...documentedTypes('workflows.md', '## Audit events'), ...documentedTypes('human-handover.md', 'Audit events on the handover')];
    expect(types.length, 'types read from the docs').to.be.greaterThan(40);
    const unnamed = types.filter((t) => generic.test(describeEvent(event(t))));
    expect(unnamed, 'event types without words of their own').to.deep.equal([]);
  });

  it('says what each reply template the service sends told the claimant', () => {
    // Every pack has the English pack's replies (test/unit/language-packs.test.ts), so its names are all of them.
    const english = JSON.parse(readFileSync(join(root, 'pipeline', 'languages', 'en', 'replies.json'), 'utf8')) as { whatsapp: Record<string, string> };
    // Parts of a message (list lines, choice labels, the offered-languages line) are never sent alone.
    const sent = Object.keys(english.whatsapp).filter((name) => !/(_line|^choices?_|^more$|^languages_offered$)/.test(name));
    expect(sent.length).to.be.greaterThan(20);
    const unnamed = sent.filter((template) => describeEvent(event('reply.sent', { template, kind: 'text' })) === 'Reply sent');
    expect(unnamed, 'templates without words of their own').to.deep.equal([]);
    expect(describeEvent(event('reply.sent', { template: 'claim_status_short' }))).to.equal('Answered with the claim status');
  });

  it('reads as what happened to the claimant', () => {
    const names = documentNames([{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary', received: true, received_at: null }]);
    expect(describeEvent(event('consent.requested', {}, { stage: 'consent' }))).to.equal('Asked for consent');
    expect(describeEvent(event('consent.granted'))).to.equal('Consent given');
    expect(describeEvent(event('consent.revoked'))).to.equal('Consent withdrawn (STOP)');
    expect(describeEvent(event('reply.sent', { template: 'claim_status', kind: 'text' }))).to.equal('Answered with the claim status');
    expect(describeEvent(event('documents.reminder', { reminder: 1, missing: 2 }))).to.equal('Reminder 1 sent (2 documents missing)');
    expect(describeEvent(event('documents.received', { document: 'DISCHARGE_SUMMARY', accepted: true }), names)).to.equal('Document received: discharge summary');
    // A code the workflow does not name still reads as words.
    expect(describeEvent(event('documents.received', { document: 'FINAL_BILL', accepted: true }), names)).to.equal('Document received: final bill');
    expect(describeEvent(event('documents.received', { document: 'DISCHARGE_SUMMARY', accepted: false }), names)).to.equal('Document received: discharge summary, after the wait had ended');
    expect(describeEvent(event('human_handover.assigned', { agent: 'usr_1' }))).to.equal('Handed to a person');
    expect(describeEvent(event('documents.timed_out', { missing: 1, received: 1 }))).to.equal('Timed out: 1 document still missing');
    expect(describeEvent(event('human_handover.timed_out', { sla: 'max_wait' }))).to.equal('Timed out: nobody took it in time');
    expect(describeEvent(event('workflow.routed', { workflow_type: 'claim-status', matched_by: 'claim_status_en' }))).to.equal('Understood the claimant asked for the claim status');
    expect(describeEvent(event('workflow.routed', { workflow_type: 'pending-documents', matched_by: 'choice' }))).to.equal('The claimant chose: the documents still needed');
    expect(describeEvent(event('policy.blocked', { reason: 'payment_promise', tier: 2 }))).to.equal('Reply blocked by the policy gate (a payment promise); a person will follow up');
    expect(describeEvent(event('workflow.cancelled', { by: 'usr_1' }, { stage: 'control' }))).to.equal('Cancelled by your team');
    expect(describeEvent(event('workflow.cancelled', { reason: 'claimant_erased' }, { stage: 'erasure' }))).to.equal('Cancelled: the claimant\'s data was erased');
  });

  it('gives times the ledger keeps in ms in the tenant\'s zone, as dd/mm/yyyy', () => {
    const deadline = Date.parse('2026-12-02T13:35:00Z');
    expect(describeEvent(event('documents.requested', { documents: 2, trigger: 'cms_event', deadline_at: deadline }))).to.equal('Asked for 2 documents, due by 02/12/2026 19:05 IST');
    expect(describeEvent(event('documents.deadline_changed', { deadline_at: deadline, previous_deadline_at: deadline - 1000 }))).to.equal('Deadline changed to 02/12/2026 19:05 IST');
    setTimeZone('Europe/London');
    try {
      expect(describeEvent(event('documents.deadline_changed', { deadline_at: deadline }))).to.equal('Deadline changed to 02/12/2026 13:35 GMT');
    } finally {
      setTimeZone('Asia/Kolkata');
    }
  });

  it('falls back to a sentence for a type it does not know', () => {
    expect(describeEvent(event('future.thing_happened'))).to.equal('Step recorded: future thing happened');
  });

  it('keeps the pipeline\'s words for the detail, and the ledger\'s order', () => {
    const e = event('documents.all_received', { via: 'claimant' }, { stage: 'truth', transition: { from: 'awaiting_documents', to: 'completed' } });
    expect(pipelineWords(e)).to.equal('truth · documents.all_received · awaiting_documents → completed');
    expect(pipelineWords(event('policy.passed', {}, { stage: 'policy' }))).to.equal('policy · policy.passed');
    const ordered = conversationOrder([event('b', {}, { n: 7 }), event('a', {}, { n: 3 }), event('c', {}, { n: 12 })]);
    expect(ordered.map((x) => x.n)).to.deep.equal([3, 7, 12]);
  });
});

describe('console workflow actions follow the workflow\'s status', () => {
  const statuses = Object.keys(transitions) as WorkflowStatus[];
  const allowed = (status: WorkflowStatus, outcome: string | null = null, type = 'pending-documents') => allowedActions({ workflow_type: type, status, outcome });

  it('cancel while open, resume once cancelled or timed out, a new deadline only while awaiting documents', () => {
    const byAction = (action: 'cancel' | 'resume' | 'deadline') => statuses.filter((s) => allowed(s)[action]);
    // The statuses src/redis/lua/controlPendingDocs-7.lua accepts for each action.
    expect(byAction('cancel')).to.have.members(['started', 'awaiting_consent', 'awaiting_documents']);
    expect(byAction('resume')).to.have.members(['cancelled', 'timed_out']);
    expect(byAction('deadline')).to.deep.equal(['awaiting_documents']);
    // Each is a status change the state machine allows (pipeline/workflows/transitions.ts).
    for (const s of byAction('cancel')) expect(transitions[s]).to.include('cancelled');
    for (const s of byAction('resume')) expect(transitions[s]).to.include('started');
  });

  it('offers nothing on another type, or on an erased claimant\'s workflow', () => {
    for (const s of statuses) expect(allowed(s, null, 'claim-status')).to.deep.equal({ cancel: false, resume: false, deadline: false });
    expect(allowed('cancelled', 'claimant_erased').resume).to.equal(false);
  });
});
