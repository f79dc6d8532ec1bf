/** The login form (docs/human-auth.md): e-mail and password; a refusal is said in words. */
import { h } from './dom';
import { login } from './session';
import { errorText, go, show } from './view';

export function loginView(): void {
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
