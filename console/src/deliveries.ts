/**
 * Webhook deliveries (scope `webhook:admin`): the deliveries of one status, a retry for a failed
 * one, and a replay of the events since a time typed in the tenant's zone (date-field.ts).
 */
import { dateField } from './date-field';
import { h, table } from './dom';
import type { Delivery, Page } from './resources';
import { call, json } from './session';
import { when } from './time';
import { errorText, go, setNotice, show } from './view';

const deliveryStatuses = ['failed', 'pending', 'delivered'];

export async function deliveriesView(params: URLSearchParams): Promise<void> {
  const status = deliveryStatuses.includes(params.get('status') ?? '') ? params.get('status') as string : 'failed';
  const page = await json<Page<Delivery>>(`/v1/webhooks/deliveries?status=${status}&limit=50`);
  const back = `/deliveries?status=${status}`;
  const run = (request: () => Promise<unknown>, done: string) => request()
    .then(() => setNotice(done, 'done'))
    .catch((err: unknown) => setNotice(errorText(err)))
    .finally(() => go(back));
  const filter = h('form', {
    'aria-label': 'Delivery status',
    onsubmit: (e: Event) => {
      e.preventDefault();
      go(`/deliveries?status=${String(new FormData(e.target as HTMLFormElement).get('status'))}`);
    },
  }, h('label', {}, 'Status', h('select', { name: 'status' }, ...deliveryStatuses.map((s) => h('option', { value: s, selected: s === status }, s)))),
  h('button', { type: 'submit' }, 'Show'));
  const retry = (id: string) => h('button', {
    type: 'button', 'aria-label': `Retry ${id}`,
    onclick: () => void run(() => call(`/v1/webhooks/deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }), 'The delivery was queued again.'),
  }, 'Retry');
  const since = dateField('since', 'Replay events since');
  const replay = h('form', {
    'aria-label': 'Replay events', novalidate: true,
    onsubmit: (e: Event) => {
      e.preventDefault();
      const at = since.read();
      if (at) void run(() => call('/v1/webhooks/replay', { method: 'POST', body: JSON.stringify({ since: at }) }), `Events since ${when(at)} are being sent again.`);
    },
  }, since.element, h('button', { type: 'submit' }, 'Replay'));
  const rows = page.items.map((d) => [d.id, d.type, d.status, d.workflow_id ?? '—', String(d.attempts), d.last_status_code === null ? '—' : String(d.last_status_code),
    h('time', { datetime: d.created_at }, when(d.created_at)), d.status === 'failed' ? retry(d.id) : '']);
  show('Webhook deliveries', filter, replay,
    rows.length ? table(['Delivery', 'Event', 'Status', 'Workflow', 'Attempts', 'Last answer', 'Created', 'Action'], rows, 'Deliveries') : h('p', {}, `No ${status} deliveries.`));
}
