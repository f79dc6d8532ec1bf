/**
 * What every view shares: the page's main region, the one-shot notice a view shows above its
 * content, how an API problem reads to a person, and hash routing.
 */
import { h } from './dom';
import { ApiError } from './session';

const main = document.getElementById('main') as HTMLElement;
let notice: { text: string; tone: 'error' | 'done' } | null = null;
let rerender: () => void = () => undefined;

/**
 * A message for the next view shown: an action's refusal or a session that ended (`error`), or
 * what an action did (`done`, "The workflow was cancelled.").
 */
export function setNotice(text: string, tone: 'error' | 'done' = 'error'): void {
  notice = { text, tone };
}

/**
 * Draws a view under its heading and moves focus to the heading, so keyboard and screen-reader
 * users start reading the new page at its top (and hear its title).
 */
export function show(title: string, ...content: (Node | string | null)[]): void {
  document.title = `${title} · Claims console`;
  const heading = h('h1', { tabindex: '-1' }, title);
  const message = notice ? h('p', { class: notice.tone === 'error' ? 'error' : 'done', role: notice.tone === 'error' ? 'alert' : 'status' }, notice.text) : null;
  const parts = [heading, message, ...content];
  main.replaceChildren(...parts.filter((c): c is Node | string => c !== null));
  notice = null;
  heading.focus();
}

/** A problem (RFC 9457) in words; the members some problems carry are named. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const p = err.problem;
    if (p.status === 403) return `Refused: your role does not allow this (${p.detail ?? 'insufficient scope'}).`;
    if (p.error_code === 'conversation_held_by_another') {
      return typeof p.held_by === 'string' ? `Another handler holds this conversation: ${p.held_by}.` : 'Another handler holds this conversation.';
    }
    if (p.error_code === 'message_blocked' && typeof p.phrase === 'string') return `Not sent: the policy gate blocks the phrase "${p.phrase}". Reword the message.`;
    if (p.error_code === 'sms_segment_budget_exceeded' && typeof p.segments === 'number') {
      return `Not sent: the message takes ${p.segments} SMS segments and the limit is ${String(p.segment_budget)}. Shorten it.`;
    }
    return p.detail ?? p.title ?? `The service answered ${p.status}.`;
  }
  return 'The service could not be reached.';
}

/** Called by the router once: how to draw the current route again. */
export function onRerender(handler: () => void): void {
  rerender = handler;
}

export function go(route: string): void {
  if (location.hash === `#${route}`) rerender();
  else location.hash = route;
}
