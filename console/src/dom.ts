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

/** The claim id's hash as the API's claim_id_hash filter takes it: computed here, never sent in clear. */
export async function claimIdHash(claimId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(claimId.trim()));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Brings a list or a table body in line with fresh content without drawing it again: children
 * are matched by `data-key`. An unchanged child stays as it is, and of a changed one only the
 * parts that changed (its cells) are replaced, so a refresh keeps focus, a screen reader's place
 * and a button being pressed. New children are placed in order; those gone are removed.
 */
export function syncChildren(parent: HTMLElement, fresh: HTMLElement[]): void {
  const old = new Map<string, Element>();
  for (const child of [...parent.children]) old.set(child.getAttribute('data-key') ?? '', child);
  const wanted = new Set(fresh.map((el) => el.getAttribute('data-key') ?? ''));
  for (const [key, child] of old) if (!wanted.has(key)) child.remove();
  fresh.forEach((el, i) => {
    const existing = old.get(el.getAttribute('data-key') ?? '');
    const node = existing && wanted.has(el.getAttribute('data-key') ?? '') ? updated(existing, el) : el;
    const here = parent.children[i] ?? null;
    if (here !== node) parent.insertBefore(node, here);
  });
}

function markup(node: Node): string {
  return node instanceof Element ? node.outerHTML : `${node.nodeType}:${node.textContent ?? ''}`;
}

function updated(existing: Element, fresh: Element): Element {
  if (existing.outerHTML === fresh.outerHTML) return existing;
  const sameShape = existing.tagName === fresh.tagName && existing.childNodes.length === fresh.childNodes.length
    && existing.attributes.length === fresh.attributes.length && [...existing.attributes].every((a) => fresh.getAttribute(a.name) === a.value);
  if (!sameShape) {
    existing.remove();
    return fresh;
  }
  const parts = [...fresh.childNodes];
  parts.forEach((part, i) => {
    const current = existing.childNodes[i] as ChildNode;
    if (markup(current) !== markup(part)) current.replaceWith(part);
  });
  return existing;
}

/** A length of time in words: "40 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
