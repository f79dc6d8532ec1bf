/**
 * A bound on password-hash work (scrypt) in one process. Every secret check that must hash
 * (a client secret not yet remembered, a login password, an unknown client or username, which
 * cost the same on purpose) runs through `run`:
 *
 * - at most `maxActive` hashes at once (scrypt runs on libuv's pool of 4 threads; leaving some
 *   of them free keeps file and DNS work moving), the rest wait in a queue of at most `maxQueued`;
 * - one source (the caller's address) holds at most `perSource` places, running or waiting.
 *
 * A source over its share is refused at once with 429 `rate_limited`; a full queue with 503
 * `service_unavailable`; both with `retry_after` 1 s. So a flood of random client ids or
 * usernames costs the flooder 429s, not everyone else's logins (docs/security.md).
 */
import { AppError } from '../errors';

export interface HashWorkOptions {
  /** Hashes running at once. Default 2. */
  maxActive: number;
  /** Hashes waiting for a turn, across all sources. Default 64. */
  maxQueued: number;
  /** Places (running or waiting) one source may hold. Default 8. */
  perSource: number;
}

export const hashWorkDefaults: Readonly<HashWorkOptions> = { maxActive: 2, maxQueued: 64, perSource: 8 };

export class HashWork {
  private readonly options: HashWorkOptions;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly held = new Map<string, number>();
  /** Hashes finished since the process started (a test counts the work an answer cost). */
  completed = 0;

  constructor(options: Partial<HashWorkOptions> = {}) {
    this.options = { ...hashWorkDefaults, ...options };
    for (const [name, value] of Object.entries(this.options)) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`HashWork: ${name} must be a whole number of at least 1`);
    }
  }

  /** Runs `work` when a place is free; refuses at once when `source` or the queue is full. */
  async run<T>(source: string, work: () => Promise<T>): Promise<T> {
    const mine = this.held.get(source) ?? 0;
    if (mine >= this.options.perSource) {
      throw new AppError('rate_limited', 'too many secret checks from this address at once; retry after 1 s', { extra: { retry_after: 1 } });
    }
    if (this.active >= this.options.maxActive && this.waiting.length >= this.options.maxQueued) {
      throw new AppError('service_unavailable', 'too many secret checks in progress; retry after 1 s', { extra: { retry_after: 1 } });
    }
    this.held.set(source, mine + 1);
    try {
      if (this.active < this.options.maxActive) this.active += 1;
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
      try {
        return await work();
      } finally {
        this.completed += 1;
        // The place passes to the next in line, or is freed.
        const next = this.waiting.shift();
        if (next) next();
        else this.active -= 1;
      }
    } finally {
      const left = (this.held.get(source) ?? 1) - 1;
      if (left === 0) this.held.delete(source);
      else this.held.set(source, left);
    }
  }
}
