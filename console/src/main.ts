/**
 * The partner console (docs/console.md): hash routes over the public API, as the logged-in
 * person's role allows. Every view asks the API afresh; nothing is cached in the browser.
 */
import { dashboardView } from './dashboard';
import { deliveriesView } from './deliveries';
import { h } from './dom';
import { conversationView, inboxView } from './inbox';
import { knowledgeView } from './knowledge';
import { ledgerView } from './ledger';
import { loginView } from './login';
import { modeView } from './mode';
import { stopRefreshing } from './refresh';
import { can, loggedIn, logout, resume, whenSessionEnds } from './session';
import { forgetTenantSettings, loadTenantSettings } from './tenant-settings';
import { errorText, go, onRerender, setNotice, show } from './view';
import { workflowView } from './workflow';
import { workflowsView } from './workflows';

const nav = document.getElementById('nav') as HTMLElement;

/** The sections the person's scopes open; the current one is marked for screen readers. */
function renderNav(path: string): void {
  if (!loggedIn()) return nav.replaceChildren();
  const section = path.startsWith('/workflow') ? '/workflows' : path.startsWith('/conversation') ? '/inbox' : path;
  const link = (route: string, text: string, scope: string | null) => (scope === null || can(scope)
    ? h('a', { href: `#${route}`, 'aria-current': route === section ? 'page' : false }, text)
    : null);
  const items = [
    link('/workflows', 'Workflows', 'workflow:read'),
    link('/inbox', 'Inbox', 'conversations:read'),
    link('/dashboard', 'Dashboard', 'reports:read'),
    link('/deliveries', 'Webhook deliveries', 'webhook:admin'),
    link('/mode', 'Operational mode', null),
    link('/knowledge', 'Knowledge base', 'kb:read'),
    link('/ledger', 'Audit ledger', 'audit:read'),
    h('button', { type: 'button', onclick: () => void logout().then(() => { forgetTenantSettings(); go('/login'); }) }, 'Log out'),
  ];
  nav.replaceChildren(...items.filter((item): item is HTMLElement => item !== null));
}

async function render(): Promise<void> {
  stopRefreshing();
  const [route, search] = location.hash.replace(/^#/, '').split('?');
  const path = route || '/workflows';
  renderNav(path);
  if (!loggedIn() || path === '/login') return loginView();
  try {
    // Every time on the page is in the tenant's zone: read once per session, before the first view.
    await loadTenantSettings();
    if (path.startsWith('/workflow/')) return await workflowView(decodeURIComponent(path.slice('/workflow/'.length)));
    if (path === '/inbox') return await inboxView();
    if (path.startsWith('/conversation/')) return await conversationView(decodeURIComponent(path.slice('/conversation/'.length)));
    if (path === '/deliveries') return await deliveriesView(new URLSearchParams(search ?? ''));
    if (path === '/dashboard') return await dashboardView(new URLSearchParams(search ?? ''));
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
  forgetTenantSettings();
  setNotice(reason);
  renderNav('/login');
  loginView();
});
onRerender(() => void render());
window.addEventListener('hashchange', () => void render());
// A reload resumes the session kept in the refresh cookie, on the view it was on; else the login.
void resume().finally(() => void render());
