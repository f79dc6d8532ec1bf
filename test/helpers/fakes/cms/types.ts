/** The fake CMS's public shapes: a claim as the contract defines it, a pending document, its handle. */
import type { Claim } from '../../../../pipeline/types';

/** One claim exactly as the CMS contract defines it (docs/cms-contract.md). */
export type FakeClaim = Claim;

/** A document the CMS still needs from the claimant. */
export interface PendingDocument {
  code: string;
  name: string;
}

/** Handle on a running fake CMS. */
export interface FakeCms {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:34567 */
  readonly url: string;
  readonly port: number;
  /** Number of requests received (including failed/unauthorised ones). */
  readonly requests: number;
  /** Registers an API key; each key is one tenant's isolated dataset. */
  addTenant(apiKey: string): void;
  /** Inserts or replaces a claim (creates the tenant if needed). */
  upsertClaim(apiKey: string, claim: FakeClaim): void;
  setPendingDocuments(apiKey: string, claimId: string, docs: PendingDocument[]): void;
  /** Delays every response by `ms` (0 = none). */
  setLatency(ms: number): void;
  /** The next `n` requests answer `status` instead of being served. */
  failNext(n: number, status?: number): void;
  /** Simulates an outage: stops listening and resets open connections. Data is kept. */
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
  /** Final shutdown. */
  close(): Promise<void>;
}
