/**
 * What a fake channel provider sent to claimants, shared by the WhatsApp and SMS fakes: the
 * list in order, an event per message, a deadline-bound wait for tests, and the long-poll the
 * terminal chat reads replies with (`GET /_control/sent?to=&after=&wait=`).
 */
import { EventEmitter } from 'node:events';
import type * as http from 'node:http';

const maxPollMs = 25_000;

export class SentLog<M extends { seq: number; to: string }> {
  /** Messages in order; mutated in place so references callers hold stay live. */
  readonly items: M[] = [];
  /** Emits 'message' (M) for every message recorded. */
  readonly events = new EventEmitter();
  private seq = 0;

  constructor(private readonly name: string, private readonly describe: (m: M) => string, private readonly sameRecipient: (a: string, b: string) => boolean) {
    // Every waitFor() and long-poll adds a listener; many at once is normal here.
    this.events.setMaxListeners(0);
  }

  /** The next sequence number (1-based, never reset). */
  nextSeq(): number {
    return ++this.seq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  record(m: M): void {
    this.items.push(m);
    this.events.emit('message', m);
  }

  /** Resolves once predicate(items) is true; rejects at the deadline listing what was sent. */
  waitFor(predicate: (m: M[]) => boolean, timeoutMs = 20_000, extra = ''): Promise<M[]> {
    if (predicate(this.items)) return Promise.resolve(this.items);
    return new Promise((resolve, reject) => {
      const onMessage = (): void => {
        if (!predicate(this.items)) return;
        clearTimeout(timer);
        this.events.off('message', onMessage);
        resolve(this.items);
      };
      const timer = setTimeout(() => {
        this.events.off('message', onMessage);
        const listing = this.items.map((m) => `  #${m.seq} to ${m.to} ${this.describe(m)}`).join('\n');
        reject(new Error(`${this.name}: condition not met within ${timeoutMs}ms; ${this.items.length} sent${extra}:\n${listing || '  (nothing)'}`));
      }, timeoutMs);
      this.events.on('message', onMessage);
    });
  }

  /** Long-poll: answers as soon as a matching message with seq > after exists, or [] at the deadline. */
  longPoll(url: URL, res: http.ServerResponse): void {
    const to = url.searchParams.get('to');
    const after = Number(url.searchParams.get('after') ?? 0) || 0;
    const wait = Math.min(maxPollMs, Math.max(0, Number(url.searchParams.get('wait') ?? 0) || 0));
    const matches = (m: M) => m.seq > after && (!to || this.sameRecipient(m.to, to));
    const reply = (): void => {
      const body = JSON.stringify({ messages: this.items.filter(matches), lastSeq: this.seq });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (this.items.some(matches) || wait === 0) return reply();
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.events.off('message', onMessage);
      if (!res.destroyed) reply();
    };
    const onMessage = (m: M): void => { if (matches(m)) finish(); };
    const timer = setTimeout(finish, wait);
    this.events.on('message', onMessage);
    res.on('close', finish);
  }
}
