/**
 * A workflow's timeline, as the workflow page and a conversation show it: one entry per audit
 * event in the conversation's order, its time in the tenant's zone and what happened in plain
 * words (timeline-words.ts); the pipeline's own record (stage, type, status change, detail) is
 * in a `<details>` under each entry, one click (or Enter) away.
 */
import { h, syncChildren } from './dom';
import type { AuditEvent } from './resources';
import { when } from './time';
import { conversationOrder, describeEvent, pipelineWords } from './timeline-words';

/** A detail value in words; times the ledger keeps in ms (`deadline_at`, `first_response_due`) in the tenant's zone. */
function valueText(key: string, value: unknown): string {
  if (typeof value === 'number' && /(_at|_due)$/.test(key) && value > 1e12) return when(new Date(value).toISOString());
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function entry(e: AuditEvent, names: ReadonlyMap<string, string>): HTMLElement {
  const text = describeEvent(e, names);
  const detail = Object.entries(e.detail ?? {});
  return h('li', { 'data-key': String(e.n) },
    h('p', { class: 'entry' }, h('time', { datetime: e.at }, when(e.at)), ' · ', h('span', { class: 'what' }, text)),
    h('details', {},
      h('summary', {}, 'Pipeline detail', h('span', { class: 'visually-hidden' }, `: ${text}`)),
      h('p', { class: 'pipeline' }, pipelineWords(e)),
      detail.length
        ? h('dl', { class: 'event-detail' }, ...detail.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, valueText(k, v)))))
        : null));
}

/**
 * Brings a timeline list in line with `events`; an entry whose detail is open stays open (the
 * fresh entry is drawn open too, so an unchanged entry is left as it is).
 */
export function syncTimeline(list: HTMLElement, events: readonly AuditEvent[], names: ReadonlyMap<string, string>): void {
  const open = new Set([...list.querySelectorAll('li')].filter((li) => li.querySelector('details')?.open).map((li) => li.getAttribute('data-key')));
  const fresh = conversationOrder(events).map((e) => {
    const li = entry(e, names);
    if (open.has(li.getAttribute('data-key'))) li.querySelector('details')?.setAttribute('open', '');
    return li;
  });
  syncChildren(list, fresh);
}

/** A new timeline list of `events`. */
export function timelineList(events: readonly AuditEvent[], names: ReadonlyMap<string, string>): HTMLElement {
  const list = h('ol', { class: 'timeline', 'aria-label': 'Timeline' });
  syncTimeline(list, events, names);
  return list;
}
