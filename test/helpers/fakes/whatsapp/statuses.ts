/**
 * The status webhooks Meta posts for every message a business sends ("Messages webhook" reference,
 * `statuses` object; "Webhooks" overview for delivery and retries), as the fake posts them:
 * - `sent`, then `delivered`, each its own signed webhook; then `read` when `read` is on (the
 *   recipient's doing: Meta posts it only when the claimant opened the message with read
 *   receipts on); with `failEvery` n, every n-th message gets `sent`, then `failed` with Meta's
 *   error object, and nothing after (a test also posts any status itself with postStatus);
 * - carrying the send's `biz_opaque_callback_data` when the send had one;
 * - an endpoint that does not answer 200 gets the same webhook again, with growing pauses, until
 *   it does ("we will keep trying with decreasing frequency until the request succeeds, for up to
 *   7 days": here until the fake closes or `retryForMs` passes);
 * - sometimes twice (every `twiceEvery`th webhook is posted again: Meta documents that webhooks
 *   may be delivered more than once) and sometimes late (`delayMs`, or held until released).
 */
import type { PostResult, StatusWebhookOptions } from './types';

export interface StatusOf {
  wamid: string;
  recipient: string;
  bizOpaque?: string;
}

export const defaultStatusOptions: StatusWebhookOptions = { mode: 'auto', delayMs: 0, twiceEvery: 7, retryForMs: 10 * 60_000, read: false, failEvery: 0 };

export type PostedStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** Posts each sent message's statuses through `post`, re-posting until the service answers 200. */
export class StatusWebhooks {
  options: StatusWebhookOptions = { ...defaultStatusOptions };
  private readonly held: StatusOf[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private posted = 0;
  private messages = 0;
  /** Status webhooks the service answered 200, in order (what a test can wait on). */
  readonly delivered: Array<{ wamid: string; status: string; bizOpaque?: string }> = [];

  constructor(private readonly post: (message: StatusOf, status: PostedStatus) => Promise<PostResult>) {}

  /** A message was accepted: its statuses follow. */
  accepted(message: StatusOf): void {
    if (this.closed || this.options.mode === 'off') return;
    if (this.options.mode === 'held') {
      this.held.push(message);
      return;
    }
    this.later(this.options.delayMs, () => this.postAll(message));
  }

  /** Posts the statuses of every held message (as if Meta's webhooks caught up). */
  release(): void {
    for (const message of this.held.splice(0)) void this.postAll(message);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  reset(): void {
    this.held.length = 0;
    this.delivered.length = 0;
    this.messages = 0;
    this.options = { ...defaultStatusOptions };
  }

  private async postAll(message: StatusOf): Promise<void> {
    const fails = this.options.failEvery > 0 && ++this.messages % this.options.failEvery === 0;
    const order: PostedStatus[] = fails ? ['sent', 'failed'] : this.options.read ? ['sent', 'delivered', 'read'] : ['sent', 'delivered'];
    for (const status of order) {
      await this.postUntilTaken(message, status);
      if (this.options.twiceEvery > 0 && ++this.posted % this.options.twiceEvery === 0) await this.postUntilTaken(message, status);
    }
  }

  private async postUntilTaken(message: StatusOf, status: PostedStatus): Promise<void> {
    const giveUpAt = Date.now() + this.options.retryForMs;
    let pause = 200;
    while (!this.closed) {
      const answered = await this.post(message, status).then((r) => r.status, () => 0);
      if (answered === 200) {
        this.delivered.push({ wamid: message.wamid, status, ...(message.bizOpaque ? { bizOpaque: message.bizOpaque } : {}) });
        return;
      }
      if (Date.now() + pause > giveUpAt) return;
      await new Promise<void>((resolve) => this.later(pause, resolve));
      pause = Math.min(pause * 2, 5000);
    }
  }

  private later(ms: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
