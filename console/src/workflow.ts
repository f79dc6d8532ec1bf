/**
 * One workflow (docs/console.md, "A workflow"): what it is and where it stands, the documents
 * checklist of a pending-documents follow-up (each received, with its time, or missing), the
 * actions its status allows (workflow-actions.ts; cancel and resume confirmed first), and its
 * timeline in plain words with the pipeline's record one click away.
 */
import { confirmAction } from './dialogs';
import { dateField } from './date-field';
import { h, table } from './dom';
import type { AuditEvent, Page, Workflow, WorkflowDocument } from './resources';
import { call, can, json } from './session';
import { when } from './time';
import { timelineList } from './timeline';
import { documentNames } from './timeline-words';
import { allowedActions } from './workflow-actions';
import { errorText, go, setNotice, show } from './view';

function documentState(d: WorkflowDocument, w: Workflow): string {
  if (d.received) return 'Received';
  // The claim system reported the rest received by other means (claim.documents_received).
  if (w.status === 'completed' && w.outcome === 'all_received') return 'Reported received by the claim system';
  return 'Missing';
}

function checklist(w: Workflow): HTMLElement | null {
  if (!w.documents) return null;
  const received = w.documents.filter((d) => d.received).length;
  return h('section', { 'aria-labelledby': 'documents-heading' },
    h('h2', { id: 'documents-heading' }, 'Documents'),
    h('p', {}, `${received} of ${w.documents.length} received.`),
    table(['Document', 'State', 'Received at'], w.documents.map((d) => [
      d.name,
      h('span', { class: d.received ? 'doc received' : 'doc missing' }, h('span', { 'aria-hidden': 'true' }, d.received ? '✓ ' : '✗ '), documentState(d, w)),
      d.received_at ? h('time', { datetime: d.received_at }, when(d.received_at)) : '—',
    ]), 'Documents'));
}

function summary(w: Workflow): HTMLElement {
  const pairs: [string, Node | string][] = [
    ['Type', w.workflow_type ?? '—'],
    ['Outcome', w.outcome ?? '—'],
    ['Channel', w.channel],
    ['Language', w.language ?? '—'],
    ['Claim', w.claim_ref ?? '—'],
    ['Started', when(w.started_at)],
    ['Updated', when(w.updated_at)],
    ['Ended', when(w.completed_at)],
  ];
  if (w.workflow_type === 'pending-documents') {
    pairs.push(['Deadline', when(w.deadline_at)], ['Next reminder', when(w.next_reminder_at)], ['Reminders sent', String(w.reminders_sent ?? 0)]);
  }
  return h('dl', { class: 'context' }, ...pairs.map(([term, value]) => h('div', {}, h('dt', {}, term), h('dd', {}, value))));
}

function actions(w: Workflow): HTMLElement | null {
  if (!can('workflow:write')) return null;
  const id = w.workflow_id;
  const path = `/v1/workflows/${encodeURIComponent(id)}`;
  const allowed = allowedActions(w);
  const run = (request: () => Promise<unknown>, done: string) => request()
    .then(() => setNotice(done, 'done'))
    .catch((err: unknown) => setNotice(errorText(err)))
    .finally(() => go(`/workflow/${id}`));

  const cancel = allowed.cancel ? h('button', {
    type: 'button', class: 'danger',
    onclick: () => void confirmAction({
      title: 'Cancel this workflow?',
      body: 'The claimant gets no more reminders and the wait for their documents ends. You can resume it later.',
      confirm: 'Cancel the workflow', keep: 'Keep the workflow',
    }).then((yes) => (yes ? run(() => call(path, { method: 'DELETE' }), 'The workflow was cancelled.') : undefined)),
  }, 'Cancel workflow') : null;

  const resume = allowed.resume ? h('button', {
    type: 'button',
    onclick: () => void confirmAction({
      title: 'Resume this workflow?',
      body: 'The claimant is asked again for the documents still missing, and a new wait with its own deadline starts.',
      confirm: 'Resume the workflow', keep: 'Leave it as it is',
    }).then((yes) => (yes ? run(() => call(`${path}/resume`, { method: 'POST' }), 'The workflow was resumed.') : undefined)),
  }, 'Resume workflow') : null;

  let deadline: HTMLElement | null = null;
  if (allowed.deadline) {
    const field = dateField('deadline', 'New deadline', w.deadline_at);
    deadline = h('form', {
      'aria-label': 'Change the deadline', novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        const at = field.read();
        if (at) void run(() => call(path, { method: 'PATCH', body: JSON.stringify({ deadline_at: at }) }), `The deadline is now ${when(at)}.`);
      },
    }, field.element, h('button', { type: 'submit' }, 'Change deadline'));
  }

  const none = !cancel && !resume && !deadline
    ? h('p', { class: 'note', id: 'no-actions' }, w.workflow_type === 'pending-documents'
      ? `Nothing to do: a ${w.status} follow-up can be neither cancelled, resumed nor given a new deadline.`
      : 'Cancel, resume and a new deadline apply to pending-documents follow-ups only.')
    : null;
  return h('section', { 'aria-labelledby': 'actions-heading' },
    h('h2', { id: 'actions-heading' }, 'Actions'),
    cancel || resume ? h('div', { class: 'actions' }, cancel, cancel && resume ? ' ' : null, resume) : null,
    deadline, none);
}

export async function workflowView(id: string): Promise<void> {
  const path = `/v1/workflows/${encodeURIComponent(id)}`;
  const [w, events] = await Promise.all([
    json<Workflow>(path),
    can('audit:read') ? json<Page<AuditEvent>>(`/v1/audit/events?workflow_id=${encodeURIComponent(id)}&limit=200`).catch(() => null) : Promise.resolve(null),
  ]);
  const conversation = w.workflow_type === 'human-handover' && can('conversations:read')
    ? h('p', {}, h('a', { href: `#/conversation/${w.workflow_id}` }, 'Open the conversation'))
    : null;
  const timeline = events
    ? timelineList(events.items, documentNames(w.documents))
    : h('p', { class: 'note' }, 'The timeline needs the audit:read scope.');
  show(`Workflow ${w.workflow_id}`,
    h('p', {}, 'Status: ', h('span', { class: 'status', id: 'workflow-status' }, w.status)),
    summary(w), conversation, checklist(w), actions(w),
    h('section', { 'aria-labelledby': 'timeline-heading' },
      h('h2', { id: 'timeline-heading' }, 'Timeline'),
      h('p', { class: 'note' }, 'What happened, oldest first. Each entry\'s pipeline detail opens under it.'),
      timeline));
}
