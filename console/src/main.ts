/**
 * The partner console (docs/console.md): hash routes over the public API, as the logged-in
 * person's role allows. Every view asks the API afresh; nothing is cached in the browser.
 */
import { claimIdHash, h, table, when } from './dom';
import { conversationView, inboxView } from './inbox';
import { stopRefreshing } from './refresh';
import { call, can, json, loggedIn, login, logout, resume, whenSessionEnds } from './session';
import { errorText, go, onRerender, setNotice, show } from './view';

interface Workflow { workflow_id: string; workflow_type: string | null; status: string; started_at: string; updated_at: string; deadline_at?: string | null; outcome: string | null; channel: string }
interface AuditEvent { n: number; stage: string; type: string; at: string; transition: { from?: string; to?: string } | null }
interface Delivery { id: string; type: string; status: string; workflow_id: string | null; attempts: number; created_at: string; last_status_code: number | null }
interface Mode { mode: string; reason: string | null; changed_at: string | null; changed_by: string | null }
interface Article { id: string; title: Record<string, string>; version: number; trusted: boolean; updated_at: string }
interface Page<T> { items: T[]; next_cursor: string | null }

const nav = document.getElementById('nav') as HTMLElement;

function renderNav(): void {
  if (!loggedIn()) return nav.replaceChildren();
  const link = (route: string, text: string, scope: string | null) => (scope === null || can(scope) ? h('a', { href: `#${route}` }, text) : null);
  const items = [
    link('/workflows', 'Workflows', 'workflow:read'),
    link('/inbox', 'Inbox', 'conversations:read'),
    link('/deliveries', 'Webhook deliveries', 'webhook:admin'),
    link('/mode', 'Operational mode', null),
    link('/knowledge', 'Knowledge base', 'kb:read'),
    link('/ledger', 'Audit ledger', 'audit:read'),
    h('button', { type: 'button', onclick: () => void logout().then(() => go('/login')) }, 'Log out'),
  ];
  nav.replaceChildren(...items.filter((item): item is HTMLElement => item !== null));
}

function loginView(): void {
  const error = h('p', { class: 'error', role: 'alert' });
  const form = h('form', {
    onsubmit: (e: Event) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      login(String(data.get('username')), String(data.get('password')))
        .then(() => go('/workflows'))
        .catch((err: unknown) => error.replaceChildren(errorText(err)));
    },
  },
  h('label', {}, 'Username (e-mail)', h('input', { name: 'username', type: 'email', autocomplete: 'username', required: true })),
  h('label', {}, 'Password', h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true })),
  h('button', { type: 'submit' }, 'Log in'));
  show('Log in', form, error);
}

async function workflowsView(params: URLSearchParams): Promise<void> {
  const query = new URLSearchParams({ limit: '50' });
  const status = params.get('status') ?? '';
  if (status) query.set('status', status);
  if (params.get('claim_id_hash')) query.set('claim_id_hash', params.get('claim_id_hash') as string);
  const page = await json<Page<Workflow>>(`/v1/workflows?${query}`);
  const statuses = ['', 'started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'with_agent', 'completed', 'policy_blocked', 'timed_out', 'cancelled'];
  const filters = h('form', {
    'aria-label': 'Filters',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      const next = new URLSearchParams();
      if (data.get('status')) next.set('status', String(data.get('status')));
      const claimId = String(data.get('claim_id') ?? '').trim();
      // The claim id is hashed here; only its hash leaves the browser.
      void (claimId ? claimIdHash(claimId) : Promise.resolve('')).then((hash) => {
        if (hash) next.set('claim_id_hash', hash);
        go(`/workflows?${next}`);
      });
    },
  },
  h('label', {}, 'Status', h('select', { name: 'status' }, ...statuses.map((s) => h('option', { value: s, selected: s === status }, s || 'any')))),
  h('label', {}, 'Claim id (hashed in your browser)', h('input', { name: 'claim_id', type: 'search', autocomplete: 'off' })),
  h('button', { type: 'submit' }, 'Filter'));
  const rows = page.items.map((w) => [h('a', { href: `#/workflow/${w.workflow_id}` }, w.workflow_id), w.workflow_type ?? '—', h('span', { class: 'status' }, w.status), w.outcome ?? '—', when(w.updated_at)]);
  show('Workflows', filters, rows.length ? table(['Workflow', 'Type', 'Status', 'Outcome', 'Updated'], rows, 'Workflows') : h('p', {}, 'No workflow matches.'));
}

async function workflowView(id: string): Promise<void> {
  const path = `/v1/workflows/${encodeURIComponent(id)}`;
  const [w, events] = await Promise.all([json<Workflow>(path), json<Page<AuditEvent>>(`/v1/audit/events?workflow_id=${encodeURIComponent(id)}&limit=200`).catch(() => null)]);
  const act = (label: string, init: RequestInit, pathOf = path) => h('button', {
    type: 'button',
    onclick: () => void call(pathOf, init).then(() => go(`/workflow/${id}`)).catch((err: unknown) => { setNotice(errorText(err)); go(`/workflow/${id}`); }),
  }, label);
  const actions = can('workflow:write') ? h('div', { class: 'actions' },
    act('Cancel workflow', { method: 'DELETE' }),
    ' ', act('Resume workflow', { method: 'POST' }, `${path}/resume`),
    h('form', {
      'aria-label': 'Change the deadline',
      onsubmit: (e: Event) => {
        e.preventDefault();
        const value = String(new FormData(e.target as HTMLFormElement).get('deadline'));
        call(path, { method: 'PATCH', body: JSON.stringify({ deadline_at: new Date(`${value}Z`).toISOString() }) })
          .then(() => go(`/workflow/${id}`)).catch((err: unknown) => { setNotice(errorText(err)); go(`/workflow/${id}`); });
      },
    }, h('label', {}, 'New deadline (UTC)', h('input', { name: 'deadline', type: 'datetime-local', required: true })), h('button', { type: 'submit' }, 'Change deadline'))) : null;
  const timeline = events
    ? h('ol', { class: 'timeline', 'aria-label': 'Timeline' }, ...events.items.map((e) => h('li', {}, `${when(e.at)} · ${e.stage} · ${e.type}`, e.transition?.to ? ` → ${e.transition.to}` : '')))
    : h('p', { class: 'note' }, 'The timeline needs the audit:read scope.');
  const conversation = w.workflow_type === 'human-handover' && can('conversations:read')
    ? h('p', {}, h('a', { href: `#/conversation/${w.workflow_id}` }, 'Open the conversation'))
    : null;
  show(`Workflow ${w.workflow_id}`,
    h('p', {}, 'Status: ', h('span', { class: 'status', id: 'workflow-status' }, w.status), ` · type ${w.workflow_type ?? '—'} · channel ${w.channel} · deadline ${when(w.deadline_at)}`),
    conversation, actions, h('h2', {}, 'Timeline'), timeline);
}

async function deliveriesView(params: URLSearchParams): Promise<void> {
  const status = ['pending', 'delivered', 'failed'].includes(params.get('status') ?? '') ? params.get('status') as string : 'failed';
  const page = await json<Page<Delivery>>(`/v1/webhooks/deliveries?status=${status}&limit=50`);
  const filter = h('form', {
    'aria-label': 'Delivery status',
    onsubmit: (e: Event) => {
      e.preventDefault();
      go(`/deliveries?status=${String(new FormData(e.target as HTMLFormElement).get('status'))}`);
    },
  }, h('label', {}, 'Status', h('select', { name: 'status' }, ...['failed', 'pending', 'delivered'].map((s) => h('option', { value: s, selected: s === status }, s)))),
  h('button', { type: 'submit' }, 'Show'));
  const retry = (id: string) => h('button', {
    type: 'button',
    onclick: () => void call(`/v1/webhooks/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }).then(() => go('/deliveries')).catch((err: unknown) => { setNotice(errorText(err)); go('/deliveries'); }),
  }, 'Retry');
  const replay = h('form', {
    'aria-label': 'Replay events',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const since = String(new FormData(e.target as HTMLFormElement).get('since'));
      call('/v1/webhooks/replay', { method: 'POST', body: JSON.stringify({ since: new Date(`${since}Z`).toISOString() }) })
        .then(() => go('/deliveries')).catch((err: unknown) => { setNotice(errorText(err)); go('/deliveries'); });
    },
  }, h('label', {}, 'Replay events since (UTC)', h('input', { name: 'since', type: 'datetime-local', required: true })), h('button', { type: 'submit' }, 'Replay'));
  const rows = page.items.map((d) => [d.id, d.type, d.status, d.workflow_id ?? '—', String(d.attempts), d.last_status_code === null ? '—' : String(d.last_status_code), when(d.created_at), d.status === 'failed' ? retry(d.id) : '']);
  show('Webhook deliveries', filter, replay, rows.length ? table(['Delivery', 'Event', 'Status', 'Workflow', 'Attempts', 'Last answer', 'Created', ''], rows, 'Deliveries') : h('p', {}, `No ${status} deliveries.`));
}

async function modeView(): Promise<void> {
  const mode = await json<Mode>('/v1/tenant/operational-mode');
  const current = h('p', {}, 'Current mode: ', h('span', { class: 'status', id: 'current-mode' }, mode.mode), mode.reason ? ` · reason: ${mode.reason}` : '', ` · changed ${when(mode.changed_at)} by ${mode.changed_by ?? '—'}`);
  const change = can('tenant:admin') ? h('form', {
    'aria-label': 'Change the mode',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      call('/v1/tenant/operational-mode', { method: 'PUT', body: JSON.stringify({ mode: data.get('mode'), reason: data.get('reason') }) })
        .then(() => go('/mode')).catch((err: unknown) => { setNotice(errorText(err)); go('/mode'); });
    },
  },
  h('label', {}, 'New mode', h('select', { name: 'mode' }, ...['OPERATIONAL', 'RESTRICTED', 'SUSPENDED'].map((m) => h('option', { value: m, selected: m === mode.mode }, m)))),
  h('label', {}, 'Reason', h('input', { name: 'reason', required: true, maxlength: '500' })),
  h('button', { type: 'submit' }, 'Change mode')) : h('p', { class: 'note', id: 'mode-refused' }, 'Only a tenant admin can change the operational mode.');
  show('Operational mode', current, change);
}

async function knowledgeView(): Promise<void> {
  const page = await json<Page<Article>>('/v1/knowledge/articles?limit=100');
  const rows = page.items.map((a) => [a.id, Object.values(a.title)[0] ?? '—', String(a.version), a.trusted ? 'yes' : 'no', when(a.updated_at)]);
  show('Knowledge base', rows.length ? table(['Article', 'Title', 'Version', 'Trusted', 'Updated'], rows, 'Articles') : h('p', {}, 'No articles.'));
}

function ledgerView(): void {
  const result = h('div', { 'aria-live': 'polite' });
  const verify = h('button', {
    type: 'button',
    onclick: () => {
      result.replaceChildren('Verifying…');
      json<Record<string, unknown>>('/v1/audit/verify', { method: 'POST', body: '{}' })
        .then((r) => result.replaceChildren(h('p', { id: 'verify-result' }, r.valid === false ? 'The ledger does NOT verify.' : 'The ledger verifies.'),
          h('pre', {}, JSON.stringify(r, null, 2))))
        .catch((err: unknown) => result.replaceChildren(h('p', { class: 'error' }, errorText(err))));
    },
  }, 'Verify the ledger');
  const download = h('button', {
    type: 'button',
    onclick: () => {
      void call('/v1/audit/checkpoint').then(async (res) => {
        // A Blob URL hands the file to the browser without putting the token in a link.
        const url = URL.createObjectURL(new Blob([await res.text()], { type: 'application/json' }));
        const a = h('a', { href: url, download: 'audit-checkpoint.json' }, 'checkpoint');
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }).catch((err: unknown) => result.replaceChildren(h('p', { class: 'error' }, errorText(err))));
    },
  }, 'Download the latest signed checkpoint');
  show('Audit ledger', h('p', {}, verify, ' ', download), result);
}

async function render(): Promise<void> {
  stopRefreshing();
  renderNav();
  const [route, search] = location.hash.replace(/^#/, '').split('?');
  const path = route || '/workflows';
  if (!loggedIn() || path === '/login') return loginView();
  try {
    if (path.startsWith('/workflow/')) return await workflowView(decodeURIComponent(path.slice('/workflow/'.length)));
    if (path === '/inbox') return await inboxView();
    if (path.startsWith('/conversation/')) return await conversationView(decodeURIComponent(path.slice('/conversation/'.length)));
    if (path === '/deliveries') return await deliveriesView(new URLSearchParams(search ?? ''));
    if (path === '/mode') return await modeView();
    if (path === '/knowledge') return await knowledgeView();
    if (path === '/ledger') return ledgerView();
    return await workflowsView(new URLSearchParams(search ?? ''));
  } catch (err) {
    // A session that ended has already brought the login page, with its reason.
    if (!loggedIn()) return;
    show('Something went wrong', h('p', { class: 'error', role: 'alert' }, errorText(err)));
  }
}

whenSessionEnds((reason) => {
  stopRefreshing();
  setNotice(reason);
  renderNav();
  loginView();
});
onRerender(() => void render());
window.addEventListener('hashchange', () => void render());
// A reload resumes the session kept in the refresh cookie, on the view it was on; else the login.
void resume().finally(() => void render());
