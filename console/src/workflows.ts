/**
 * The workflows list (docs/console.md, "Workflows"): filters by status, type and claim, the
 * filters in force shown as chips that remove them, and a table sortable by any column
 * (newest update first to begin with).
 *
 * The claim filter: the page hashes the claim id typed (SHA-256, in the browser) and sends only
 * the hash. What stays on the page, in the box and on the chip, and in the route (`claim=`), is
 * the claim masked as the claimant's replies show it, "XXXX1234": never the clear id.
 */
import { claimIdHash, h } from './dom';
import type { Page, Workflow } from './resources';
import { json } from './session';
import { sortableTable, type SortState } from './sortable-table';
import { when } from './time';
import { go, show } from './view';

const statuses = ['started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'with_agent', 'completed', 'policy_blocked', 'timed_out', 'cancelled'];
const types = ['claim-status', 'query-reason', 'pending-documents', 'human-handover'];
const pageSize = 50;

/** The claim as a claimant's reply shows it (src/phi.ts maskClaimId): only its last four characters. */
export function maskClaim(claimId: string): string {
  return `XXXX${claimId.trim().slice(-4)}`;
}

/** Kept while the console is open, so the list comes back sorted as the person left it. */
const sort: SortState = { column: 'Updated', direction: 'descending' };

interface Filters { status: string; type: string; hash: string; claim: string }

function filtersOf(params: URLSearchParams): Filters {
  const hash = params.get('claim_id_hash') ?? '';
  return {
    status: statuses.includes(params.get('status') ?? '') ? params.get('status')! : '',
    type: types.includes(params.get('type') ?? '') ? params.get('type')! : '',
    hash,
    // A hash with no masked claim beside it (a link made elsewhere) still shows as a filter.
    claim: hash ? params.get('claim') ?? 'a claim id' : '',
  };
}

function route(f: Filters): string {
  const next = new URLSearchParams();
  if (f.status) next.set('status', f.status);
  if (f.type) next.set('type', f.type);
  if (f.hash) {
    next.set('claim_id_hash', f.hash);
    next.set('claim', f.claim);
  }
  const query = next.toString();
  return query ? `/workflows?${query}` : '/workflows';
}

function chips(f: Filters): HTMLElement | null {
  const chip = (text: string, without: Partial<Filters>) => h('li', {},
    h('button', { type: 'button', class: 'chip', onclick: () => go(route({ ...f, ...without })) },
      h('span', { class: 'visually-hidden' }, 'Remove the filter '), text, h('span', { 'aria-hidden': 'true' }, ' ×')));
  const items = [
    f.status ? chip(`Status: ${f.status}`, { status: '' }) : null,
    f.type ? chip(`Type: ${f.type}`, { type: '' }) : null,
    f.hash ? chip(`Claim: ${f.claim}`, { hash: '', claim: '' }) : null,
  ].filter((c): c is HTMLElement => c !== null);
  if (items.length === 0) return null;
  return h('div', { class: 'active-filters' },
    h('ul', { class: 'chips', 'aria-label': 'Active filters' }, ...items),
    h('button', { type: 'button', class: 'secondary', onclick: () => go('/workflows') }, 'Clear filters'));
}

export async function workflowsView(params: URLSearchParams): Promise<void> {
  const f = filtersOf(params);
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (f.status) query.set('status', f.status);
  if (f.type) query.set('workflow_type', f.type);
  if (f.hash) query.set('claim_id_hash', f.hash);
  const page = await json<Page<Workflow>>(`/v1/workflows?${query}`);

  const claimBox = h('input', { name: 'claim_id', type: 'search', autocomplete: 'off', value: f.hash ? f.claim : '' }) as HTMLInputElement;
  const form = h('form', {
    'aria-label': 'Filters',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      const next: Filters = { status: String(data.get('status') ?? ''), type: String(data.get('type') ?? ''), hash: '', claim: '' };
      const typed = claimBox.value.trim();
      // The box still shows the masked claim of the filter in force: that is no new claim id.
      if (f.hash && typed === f.claim) {
        go(route({ ...next, hash: f.hash, claim: f.claim }));
        return;
      }
      // The claim id is hashed here; only its hash leaves the browser.
      void (typed ? claimIdHash(typed) : Promise.resolve('')).then((hash) => go(route({ ...next, hash, claim: hash ? maskClaim(typed) : '' })));
    },
  },
  h('label', {}, 'Status', h('select', { name: 'status' }, ...['', ...statuses].map((s) => h('option', { value: s, selected: s === f.status }, s || 'any')))),
  h('label', {}, 'Type', h('select', { name: 'type' }, ...['', ...types].map((t) => h('option', { value: t, selected: t === f.type }, t || 'any')))),
  h('label', {}, 'Claim id (hashed in your browser)', claimBox),
  h('button', { type: 'submit' }, 'Filter'));

  const list = page.items.length
    ? sortableTable<Workflow>('Workflows', [
      { label: 'Workflow', cell: (w) => h('a', { href: `#/workflow/${w.workflow_id}` }, w.workflow_id), sortValue: (w) => w.workflow_id },
      { label: 'Type', cell: (w) => w.workflow_type ?? '—', sortValue: (w) => w.workflow_type ?? '' },
      { label: 'Status', cell: (w) => h('span', { class: 'status' }, w.status), sortValue: (w) => w.status },
      { label: 'Channel', cell: (w) => w.channel, sortValue: (w) => w.channel },
      { label: 'Language', cell: (w) => w.language ?? '—', sortValue: (w) => w.language ?? '' },
      { label: 'Claim', cell: (w) => w.claim_ref ?? '—', sortValue: (w) => w.claim_ref ?? '' },
      // Sorted on the instant the API's ISO time names, never on the dd/mm/yyyy text shown.
      { label: 'Updated', cell: (w) => h('time', { datetime: w.updated_at }, when(w.updated_at)), sortValue: (w) => Date.parse(w.updated_at), firstDirection: 'descending' },
    ], page.items, sort)
    : h('p', {}, 'No workflow matches.');
  const more = page.next_cursor ? h('p', { class: 'note' }, `The ${pageSize} most recently started are shown: narrow the filters to find others.`) : null;
  show('Workflows', form, chips(f), list, more);
}
