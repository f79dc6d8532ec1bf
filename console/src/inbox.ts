/**
 * Human handover in the console (docs/console.md, "Inbox"): the queue of claimants waiting for a
 * person, the conversations the logged-in handler holds, and one conversation (its messages, its
 * claim context and timeline, a reply box, release). Both views refresh themselves every few
 * seconds while the tab is visible (refresh.ts), updating in place so a half-typed reply, focus
 * and a screen reader's place survive.
 *
 * Times come from the API only: a queued conversation's `waiting_seconds` is the service's own
 * count, so whether its first response is overdue is judged on the service's clock (queued_at +
 * waiting_seconds), never on the browser's.
 */
import { confirmAction } from './dialogs';
import { duration, h, syncChildren } from './dom';
import { refreshEvery } from './refresh';
import type { AuditEvent, Page, Workflow as HandoverWorkflow } from './resources';
import { ApiError, call, can, json, userId } from './session';
import { when } from './time';
import { syncTimeline } from './timeline';
import { errorText, go, show } from './view';

interface Message {
  id: string; author: 'claimant' | 'bot' | 'agent'; agent_id: string | null; at: string; channel: string; text: string;
  delivery: { status: string; error_code: string | null } | null;
}

/** How often both views ask the API again. */
const refreshMs = 3000;
/** The most messages a conversation view reads (100 a page). */
const maxMessagePages = 10;

const queuePath = '/v1/workflows?type=human-handover&status=awaiting_agent&limit=100';
const heldPath = '/v1/workflows?type=human-handover&status=with_agent&limit=100';

interface Sla { text: string; breached: boolean }

/**
 * The first-response SLA in words. Queued: overdue once `sla_breached_at` is set or the due time
 * has passed on the service's clock. Taken: met when taken by the due time.
 */
function slaOf(w: HandoverWorkflow): Sla | null {
  const ho = w.handover;
  if (!ho?.first_response_due_at) return null;
  const due = Date.parse(ho.first_response_due_at);
  if (ho.assigned_at) {
    const late = ho.sla_breached_at !== null || Date.parse(ho.assigned_at) > due;
    return late
      ? { breached: true, text: `Breached: taken after the first response was due (${when(ho.first_response_due_at)})` }
      : { breached: false, text: `Met: taken before ${when(ho.first_response_due_at)}` };
  }
  if (ho.sla_breached_at) return { breached: true, text: `Breached: first response was due ${when(ho.first_response_due_at)}` };
  if (w.status !== 'awaiting_agent' || ho.queued_at === null || ho.waiting_seconds === null) return null;
  const serviceNow = Date.parse(ho.queued_at) + ho.waiting_seconds * 1000;
  if (serviceNow >= due) return { breached: true, text: `Breached: first response was due ${when(ho.first_response_due_at)}` };
  return { breached: false, text: `On time: first response due in ${duration((due - serviceNow) / 1000)} (${when(ho.first_response_due_at)})` };
}

function slaCell(w: HandoverWorkflow): Node | string {
  const sla = slaOf(w);
  return sla ? h('span', { class: sla.breached ? 'sla breached' : 'sla on-time' }, sla.text) : '—';
}

/** A claim id hash shortened for reading: its kind and first 12 hex digits. */
function maskedHash(hash: string | null): string {
  if (!hash) return 'not linked to a claim';
  const [kind, hex] = hash.includes(':') ? hash.split(':', 2) as [string, string] : ['sha256', hash];
  return `${kind}:${hex.slice(0, 12)}…`;
}

function holderText(agent: string | null, me: string | null): string {
  if (!agent) return 'nobody yet';
  return agent === me ? 'you' : agent;
}

function mayAct(w: HandoverWorkflow, me: string | null): boolean {
  // Without a known id the page offers the actions and the API decides (409 names the holder).
  return me === null || w.handover?.agent === me || can('tenant:admin');
}

function takeButton(id: string, problem: HTMLElement, afterRefusal: () => Promise<void>): HTMLElement {
  return h('button', {
    type: 'button', 'aria-label': `Take ${id}`,
    onclick: (e: Event) => {
      const button = e.currentTarget as HTMLButtonElement;
      button.disabled = true;
      problem.replaceChildren();
      call(`/v1/workflows/${encodeURIComponent(id)}/assign`, { method: 'POST', body: JSON.stringify({ agent: 'me' }) })
        .then(() => go(`/conversation/${id}`))
        .catch((err: unknown) => {
          problem.replaceChildren(errorText(err));
          button.disabled = false;
          return afterRefusal();
        })
        .catch(() => undefined);
    },
  }, 'Take');
}

/** A table whose body refresh.ts keeps current, with a line shown in its place while it is empty. */
function liveTable(label: string, headers: string[], empty: string): { wrap: HTMLElement; fill: (rows: HTMLElement[]) => void } {
  const body = h('tbody');
  const tableEl = h('table', { 'aria-label': label }, h('thead', {}, h('tr', {}, ...headers.map((t) => h('th', { scope: 'col' }, t)))), body);
  const none = h('p', { class: 'note' }, empty);
  return {
    wrap: h('div', {}, tableEl, none),
    fill: (rows) => {
      syncChildren(body, rows);
      tableEl.hidden = rows.length === 0;
      none.hidden = rows.length > 0;
    },
  };
}

function row(key: string, ...cells: (Node | string)[]): HTMLElement {
  return h('tr', { 'data-key': key }, ...cells.map((cell) => h('td', {}, cell)));
}

export async function inboxView(): Promise<void> {
  const me = userId();
  const problem = h('p', { class: 'error', role: 'alert', id: 'inbox-problem' });
  const stale = h('p', { class: 'error', id: 'inbox-stale' });
  const queue = liveTable('Waiting for a handler', ['Conversation', 'Channel', 'Language', 'Waiting', 'First response', ''], 'Nobody is waiting for a handler.');
  const held = liveTable(me ? 'Your conversations' : 'Conversations with a handler', ['Conversation', 'Channel', 'Language', 'Held by', 'Taken', 'First response'], me ? 'You hold no conversation.' : 'No conversation is with a handler.');
  const writes = can('conversations:write');

  async function refresh(): Promise<void> {
    try {
      const [waiting, taken] = await Promise.all([json<Page<HandoverWorkflow>>(queuePath), json<Page<HandoverWorkflow>>(heldPath)]);
      queue.fill(waiting.items.map((w) => row(w.workflow_id,
        h('a', { href: `#/conversation/${w.workflow_id}` }, w.workflow_id), w.channel, w.language ?? '—',
        w.handover?.waiting_seconds === null || w.handover?.waiting_seconds === undefined ? '—' : duration(w.handover.waiting_seconds),
        slaCell(w), writes ? takeButton(w.workflow_id, problem, refresh) : '')));
      const mine = me ? taken.items.filter((w) => w.handover?.agent === me) : taken.items;
      held.fill(mine.map((w) => row(w.workflow_id,
        h('a', { href: `#/conversation/${w.workflow_id}` }, w.workflow_id), w.channel, w.language ?? '—',
        holderText(w.handover?.agent ?? null, me), when(w.handover?.assigned_at), slaCell(w))));
      stale.replaceChildren();
    } catch (err) {
      stale.replaceChildren(`Could not refresh: ${errorText(err)}`);
      throw err;
    }
  }

  await refresh();
  show('Inbox', problem,
    h('p', { class: 'note' }, 'Claimants who asked for a person, oldest first. This page refreshes itself every few seconds.'),
    stale,
    h('h2', {}, 'Waiting for a handler'), queue.wrap,
    h('h2', {}, me ? 'Your conversations' : 'Conversations with a handler'), held.wrap);
  refreshEvery(refreshMs, refresh);
}

const authorText = (m: Message, me: string | null): string =>
  m.author === 'claimant' ? 'Claimant' : m.author === 'bot' ? 'Bot' : m.agent_id !== null && m.agent_id === me ? 'You' : `Handler ${m.agent_id ?? ''}`.trim();

const deliveryWords: Record<string, string> = {
  queued: 'queued', awaiting_window: 'held until the claimant writes again (outside WhatsApp\'s 24-hour window; they were told a reply is waiting)',
  sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed', blocked: 'blocked by the policy gate',
};

function deliveryText(m: Message): string {
  if (!m.delivery) return 'received';
  const words = deliveryWords[m.delivery.status] ?? m.delivery.status;
  return m.delivery.error_code ? `${words} (${m.delivery.error_code})` : words;
}

function messageItem(m: Message, me: string | null): HTMLElement {
  return h('li', { 'data-key': m.id, class: `message ${m.author}` },
    h('p', { class: 'meta' }, h('strong', {}, authorText(m, me)), ` · ${when(m.at)} · ${m.channel} · `, h('span', { class: 'delivery' }, deliveryText(m))),
    h('p', { class: 'text' }, m.text));
}

async function allMessages(id: string): Promise<Message[]> {
  const items: Message[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxMessagePages; page += 1) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer: Page<Message> = await json<Page<Message>>(`/v1/workflows/${encodeURIComponent(id)}/messages?limit=100${query}`);
    items.push(...answer.items);
    cursor = answer.next_cursor;
    if (!cursor) break;
  }
  return items;
}

function contextRows(w: HandoverWorkflow, me: string | null): HTMLElement[] {
  const ho = w.handover;
  const sla = slaOf(w);
  const pairs: [string, Node | string][] = [
    ['Workflow', h('a', { href: `#/workflow/${w.workflow_id}` }, w.workflow_id)],
    ['Claim id hash', maskedHash(w.claim_id_hash)],
    ['Language', w.language ?? '—'],
    ['Channel', w.channel],
    ['Reason', ho?.reason ?? '—'],
    ['Queued', when(ho?.queued_at)],
    ['First response', sla ? h('span', { class: sla.breached ? 'sla breached' : 'sla on-time' }, sla.text) : when(ho?.first_response_due_at)],
    ['Ends unanswered at', when(ho?.max_wait_at)],
    ['Held by', holderText(ho?.agent ?? null, me)],
    ['Taken', when(ho?.assigned_at)],
  ];
  return pairs.map(([term, value]) => h('div', { 'data-key': term }, h('dt', {}, term), h('dd', {}, value)));
}

export async function conversationView(id: string): Promise<void> {
  const me = userId();
  const path = `/v1/workflows/${encodeURIComponent(id)}`;
  const first = await json<HandoverWorkflow>(path);
  if (first.workflow_type !== 'human-handover') {
    go(`/workflow/${id}`);
    return;
  }
  const problem = h('p', { class: 'error', role: 'alert', id: 'conversation-problem' });
  const stale = h('p', { class: 'error', id: 'conversation-stale' });
  const status = h('span', { class: 'status', id: 'conversation-status' });
  const state = h('span', { id: 'conversation-state' });
  const list = h('ol', { class: 'messages', 'aria-label': 'Messages' });
  // The transcript scrolls on its own; keyboard users reach it by Tab (and read it as a log).
  const transcript = h('div', { class: 'transcript', tabindex: '0', role: 'log', 'aria-label': 'Conversation' }, list);
  const context = h('dl', { class: 'context' });
  const timeline = h('ol', { class: 'timeline', 'aria-label': 'Timeline' });
  const timelineNote = h('p', { class: 'note' });
  const writes = can('conversations:write');

  async function act(run: () => Promise<unknown>): Promise<void> {
    problem.replaceChildren();
    try {
      await run();
    } catch (err) {
      problem.replaceChildren(errorText(err));
    }
    await refresh().catch(() => undefined);
  }

  const take = h('button', { type: 'button', onclick: () => void act(() => call(`${path}/assign`, { method: 'POST', body: JSON.stringify({ agent: 'me' }) })) }, 'Take this conversation');
  // Releasing ends the handler's hold on the claimant: asked first, in a dialog.
  const releaseWords = {
    resolved: { title: 'Release this conversation as resolved?', body: 'The conversation ends as resolved; the claimant\'s next message goes to the bot.', confirm: 'Release as resolved' },
    back_to_bot: { title: 'Release this conversation back to the bot?', body: 'The bot answers the claimant again from their next message.', confirm: 'Release to the bot' },
  };
  const release = (resolution: 'resolved' | 'back_to_bot', label: string) => h('button', {
    type: 'button',
    onclick: () => void confirmAction({ ...releaseWords[resolution], keep: 'Keep the conversation' })
      .then((yes) => (yes ? act(() => call(`${path}/release`, { method: 'POST', body: JSON.stringify({ resolution }) })) : undefined)),
  }, label);
  const releaseBox = h('div', { class: 'actions' }, release('resolved', 'Release: resolved'), ' ', release('back_to_bot', 'Release: back to the bot'));

  // One Idempotency-Key per message: kept for a send that got no answer (a retry of the same text
  // is then the same request), new once the service has answered or the text changes.
  let draft: { text: string; key: string } | null = null;
  const textarea = h('textarea', { name: 'text', rows: '3', maxlength: '4096', required: true }) as HTMLTextAreaElement;
  const send = h('button', { type: 'submit' }, 'Send') as HTMLButtonElement;
  const reply = h('form', {
    class: 'reply', 'aria-label': 'Reply',
    onsubmit: (e: Event) => {
      e.preventDefault();
      const text = textarea.value;
      if (text.trim() === '') return;
      if (!draft || draft.text !== text) draft = { text, key: crypto.randomUUID() };
      const key = draft.key;
      send.disabled = true;
      void act(async () => {
        try {
          await call(`${path}/messages`, { method: 'POST', headers: { 'Idempotency-Key': key }, body: JSON.stringify({ text }) });
          draft = null;
          textarea.value = '';
        } catch (err) {
          if (err instanceof ApiError && err.problem.error_code !== 'idempotency_in_progress') draft = null;
          throw err;
        } finally {
          send.disabled = false;
        }
      });
    },
  }, h('label', {}, 'Reply to the claimant', textarea), send);

  function showState(w: HandoverWorkflow): void {
    status.replaceChildren(w.status);
    const open = w.status === 'awaiting_agent' || w.status === 'with_agent';
    const holder = holderText(w.handover?.agent ?? null, me);
    state.replaceChildren(
      w.status === 'awaiting_agent' ? ' · waiting for a handler'
        : w.status === 'with_agent' ? ` · held by ${holder}`
          : ` · ended${w.outcome ? ` (${w.outcome})` : ''}`);
    take.hidden = !(writes && w.status === 'awaiting_agent');
    const acting = writes && w.status === 'with_agent' && mayAct(w, me);
    releaseBox.hidden = !acting;
    reply.hidden = !acting;
    if (!open) textarea.value = '';
  }

  let lastCount = -1;
  async function refresh(): Promise<void> {
    try {
      const [w, messages, events] = await Promise.all([
        json<HandoverWorkflow>(path), allMessages(id),
        can('audit:read') ? json<Page<AuditEvent>>(`/v1/audit/events?workflow_id=${encodeURIComponent(id)}&limit=200`).catch(() => null) : Promise.resolve(null),
      ]);
      showState(w);
      const atBottom = transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight < 40;
      syncChildren(list, messages.map((m) => messageItem(m, me)));
      if (messages.length !== lastCount && (atBottom || lastCount < 0)) transcript.scrollTop = transcript.scrollHeight;
      lastCount = messages.length;
      syncChildren(context, contextRows(w, me));
      if (events) {
        syncTimeline(timeline, events.items, new Map());
        timelineNote.replaceChildren();
      } else {
        timelineNote.replaceChildren('The timeline needs the audit:read scope.');
      }
      stale.replaceChildren();
    } catch (err) {
      stale.replaceChildren(`Could not refresh: ${errorText(err)}`);
      throw err;
    }
  }

  showState(first);
  await refresh();
  show(`Conversation ${id}`,
    h('p', {}, 'Status: ', status, state, ' · ', h('a', { href: '#/inbox' }, 'Back to the inbox')),
    problem, stale, take, releaseBox,
    h('div', { class: 'conversation' },
      h('section', { 'aria-labelledby': 'messages-heading' }, h('h2', { id: 'messages-heading' }, 'Messages'), transcript, reply),
      h('section', { 'aria-labelledby': 'context-heading' }, h('h2', { id: 'context-heading' }, 'Claim context'), context,
        h('h3', {}, 'Timeline'), timeline, timelineNote)));
  transcript.scrollTop = transcript.scrollHeight;
  refreshEvery(refreshMs, refresh);
}
