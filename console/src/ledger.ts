/** The audit ledger (scope `audit:read`): verify its chain, download the latest signed checkpoint. */
import { h } from './dom';
import { call, json } from './session';
import { errorText, show } from './view';

export function ledgerView(): void {
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
