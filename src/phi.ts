/**
 * PHI (phone numbers, names, claim ids) leaves the service only as hashes.
 *
 * - `phiHash` (`sha256:<hex>`) is the API and webhook form the interface spec fixes
 *   (`claim_id_hash`, `from_hash`). It is a pseudonym, not anonymisation: anyone can hash a
 *   candidate claim id or phone number and compare (docs/security.md).
 * - `PhiRefs.of` is the short form for log lines: an HMAC under the deployment's `PHI_REF_KEY`,
 *   so a reference cannot be reversed by hashing every phone number without that key.
 */
import { createHash, createHmac } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `sha256:<hex>`: how PHI appears in any returned payload. */
export function phiHash(value: string): string {
  return `sha256:${sha256Hex(value)}`;
}

/** How many references `PhiRefs` keeps at hand: about a minute of the busiest tenants' claimants. */
const rememberedRefs = 4096;

/** Log references of PHI: 12 hex characters of HMAC-SHA256 under the deployment's key. */
export class PhiRefs {
  /**
   * The latest references made. One claimant's number is referenced again and again within
   * seconds (their message, each step's log line, a delivery status for each reply: two or three
   * a reply), and an HMAC costs more than the rest of a status webhook's own code. Emptied when
   * full rather than kept in use order: bookkeeping on every hit would cost what it saves.
   */
  private readonly recent = new Map<string, string>();

  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('PhiRefs: the key must be at least 32 bytes');
  }

  /** Enough to correlate log lines of one deployment (and one key); useless to reverse without the key. */
  of(value: string): string {
    const known = this.recent.get(value);
    if (known !== undefined) return known;
    const ref = createHmac('sha256', this.key).update(value).digest('hex').slice(0, 12);
    if (this.recent.size >= rememberedRefs) this.recent.clear();
    this.recent.set(value, ref);
    return ref;
  }
}

/** A claim id as a claimant may see it: only the last four characters. */
export function maskClaimId(claimId: string): string {
  return `XXXX${claimId.slice(-4)}`;
}
