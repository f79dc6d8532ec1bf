/**
 * The hash chain of a tenant's audit ledger. Each event's hash is the SHA-256 of its position,
 * its fields (the status change it made included) and the previous event's hash, in one canonical form, so an event edited, removed
 * or reordered breaks every hash after it; and a rewrite that recomputes the whole chain is
 * caught by a signed checkpoint taken earlier (docs/audit-ledger.md).
 */
import { createHash } from 'node:crypto';

/** The hash before the first event. */
export const genesisHash = '0'.repeat(64);

/** An audit event as the ledger keeps it. `detail` is JSON text and never holds PHI. */
export interface LedgerEvent {
  /** Position in the tenant's ledger, from 1. */
  n: number;
  event_id: string;
  tenant_id: string;
  workflow_id: string;
  stage: string;
  type: string;
  /** When the step happened (ms). */
  at: number;
  detail: string;
  /** The status change the step made, JSON (workflow_id, from, to, seq, …), or '' for none. */
  transition: string;
  prev_hash: string;
  hash: string;
  /**
   * The partner-visible `claim_id_hash` of a status change, kept BESIDE the event and outside its
   * hash (in Redis the tenant's `ledger-claims` hash, in the archive a column), so that erasing a
   * claimant can blank it without breaking a link of the chain (docs/audit-ledger.md). Absent when
   * the event has none, or once the claimant was erased.
   */
  claim_id_hash?: string;
}

export type UnchainedEvent = Omit<LedgerEvent, 'n' | 'prev_hash' | 'hash' | 'transition'> & { transition?: string };

/**
 * A hand-off writes a status change's `claim_id_hash` into its transition (src/redis/lua/includes/
 * audit-append.lua); the mover takes it out before chaining, so the chained transition holds no
 * value derived from a claim id, and the hash is kept unchained beside the event.
 */
export function splitClaimHash(transition: string): { transition: string; claimIdHash: string } {
  if (!transition) return { transition, claimIdHash: '' };
  const t = JSON.parse(transition) as Record<string, unknown>;
  if (!('claim_id_hash' in t)) return { transition, claimIdHash: '' };
  const { claim_id_hash: hash, ...rest } = t;
  return { transition: JSON.stringify(rest), claimIdHash: typeof hash === 'string' ? hash : '' };
}

export function eventHash(e: Omit<LedgerEvent, 'hash'>): string {
  const canonical = JSON.stringify([e.n, e.event_id, e.tenant_id, e.workflow_id, e.stage, e.type, e.at, e.detail, e.transition, e.prev_hash]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Chains `events` after a head of `count` events ending in `headHash`. */
export function chain(events: UnchainedEvent[], headHash: string, count: number): LedgerEvent[] {
  let prev = headHash;
  return events.map((e, i) => {
    const unhashed = { ...e, transition: e.transition ?? '', n: count + i + 1, prev_hash: prev };
    prev = eventHash(unhashed);
    return { ...unhashed, hash: prev };
  });
}

export function toFields(e: LedgerEvent): string[] {
  return ['n', String(e.n), 'event_id', e.event_id, 'tenant_id', e.tenant_id, 'workflow_id', e.workflow_id, 'stage', e.stage,
    'type', e.type, 'at', String(e.at), 'detail', e.detail, 'transition', e.transition, 'prev_hash', e.prev_hash, 'hash', e.hash];
}

export function fromFields(fields: string[]): LedgerEvent {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
  return {
    n: Number(f.n), event_id: f.event_id ?? '', tenant_id: f.tenant_id ?? '', workflow_id: f.workflow_id ?? '', stage: f.stage ?? '',
    type: f.type ?? '', at: Number(f.at), detail: f.detail ?? '{}', transition: f.transition ?? '', prev_hash: f.prev_hash ?? '', hash: f.hash ?? '',
  };
}

export interface ChainCheck {
  valid: boolean;
  count: number;
  head_hash: string;
  /** The first event whose link is broken, and how. */
  first_broken: { n: number; event_id: string; problem: string } | null;
}

/**
 * Walks a ledger from the start, a page at a time, and names the first broken link: memory holds
 * one page, never the ledger. After a break it only counts the rest.
 */
export class ChainWalker {
  private prev = genesisHash;
  private count = 0;
  private last = genesisHash;
  private broken: ChainCheck['first_broken'] = null;
  /** The hash of the event at `position` as read, and whether the chain held up to it. */
  at: { hash: string; intact: boolean } | null = null;

  /**
   * `position`: an event position whose hash to keep (a checkpoint's), if the walk reaches it.
   * `start`: where the walk begins when the ledger's oldest events were truncated (a signed
   * truncation checkpoint's position and hash, docs/retention.md); the genesis otherwise.
   */
  constructor(private readonly position: number | null = null, start: { count: number; hash: string } | null = null) {
    if (start) {
      this.count = start.count;
      this.prev = start.hash;
      this.last = start.hash;
    }
  }

  add(page: readonly LedgerEvent[]): void {
    for (const e of page) {
      this.count += 1;
      this.last = e.hash;
      if (!this.broken) {
        const problem = e.n !== this.count ? `position ${e.n} where ${this.count} was expected (an event is missing or out of order)`
          : e.prev_hash !== this.prev ? 'prev_hash does not match the event before it'
          : eventHash(e) !== e.hash ? 'the event was changed after it was written (its hash does not match its content)'
          : null;
        if (problem) this.broken = { n: this.count, event_id: e.event_id, problem };
        this.prev = e.hash;
      }
      if (this.count === this.position) this.at = { hash: e.hash, intact: this.broken === null };
    }
  }

  result(): ChainCheck {
    return this.broken
      ? { valid: false, count: this.count, head_hash: this.last, first_broken: this.broken }
      : { valid: true, count: this.count, head_hash: this.prev, first_broken: null };
  }
}

/** What a walk over a whole ledger found: the chain check, and the hash at a checkpoint's position. */
export interface LedgerWalk {
  check: ChainCheck;
  at: ChainWalker['at'];
}

/**
 * A walk over a ledger's pages, a page at a time (`position`: a checkpoint's, or null). `pace`,
 * called after each page with the time it took and its events, says when to read the next
 * (src/audit/walk-pacing.ts).
 */
export async function walkPages(pages: AsyncIterable<readonly LedgerEvent[]>, position: number | null, pace?: (busyMs: number, events: number) => Promise<void>,
  start: { count: number; hash: string } | null = null): Promise<LedgerWalk> {
  const walker = new ChainWalker(position, start);
  let started = performance.now();
  for await (const page of pages) {
    walker.add(page);
    if (pace) {
      await pace(performance.now() - started, page.length);
      started = performance.now();
    }
  }
  return { check: walker.result(), at: walker.at };
}
