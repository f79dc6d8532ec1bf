/**
 * Builds elements with text nodes only (never innerHTML), so data from the API cannot become
 * markup; the CSP forbids inline script and style as a second line.
 */
type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | boolean | EventListener>;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false) el.setAttribute(name, value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

export function table(headers: string[], rows: Child[][], label: string): HTMLElement {
  return h('table', { 'aria-label': label },
    h('thead', {}, h('tr', {}, ...headers.map((text) => h('th', { scope: 'col' }, text)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))));
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '—';
}

/** The claim id's hash as the API's claim_id_hash filter takes it: computed here, never sent in clear. */
export async function claimIdHash(claimId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(claimId.trim()));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
