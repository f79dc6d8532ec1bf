/** The tenant's operational mode: read by every role, changed (with a reason) by a tenant admin only. */
import { h } from './dom';
import type { Mode } from './resources';
import { call, can, json } from './session';
import { when } from './time';
import { errorText, go, setNotice, show } from './view';

export async function modeView(): Promise<void> {
  const mode = await json<Mode>('/v1/tenant/operational-mode');
  const current = h('p', {}, 'Current mode: ', h('span', { class: 'status', id: 'current-mode' }, mode.mode), mode.reason ? ` · reason: ${mode.reason}` : '',
    ` · changed ${when(mode.changed_at)} by ${mode.changed_by ?? '—'}`);
  const change = can('tenant:admin') ? h('form', {
    'aria-label': 'Change the mode',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      call('/v1/tenant/operational-mode', { method: 'PUT', body: JSON.stringify({ mode: data.get('mode'), reason: data.get('reason') }) })
        .catch((err: unknown) => setNotice(errorText(err)))
        .finally(() => go('/mode'));
    },
  },
  h('label', {}, 'New mode', h('select', { name: 'mode' }, ...['OPERATIONAL', 'RESTRICTED', 'SUSPENDED'].map((m) => h('option', { value: m, selected: m === mode.mode }, m)))),
  h('label', {}, 'Reason', h('input', { name: 'reason', required: true, maxlength: '500' })),
  h('button', { type: 'submit' }, 'Change mode')) : h('p', { class: 'note', id: 'mode-refused' }, 'Only a tenant admin can change the operational mode.');
  show('Operational mode', current, change);
}
