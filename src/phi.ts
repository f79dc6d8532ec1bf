/**
 * PHI (phone numbers, names, claim ids) leaves the service only as SHA-256 hashes.
 * `phiHash` is the API and webhook form; `ref` is the short form for log lines.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `sha256:<hex>`: how PHI appears in any returned payload. */
export function phiHash(value: string): string {
  return `sha256:${sha256Hex(value)}`;
}

/** A 12-character hash prefix for log lines: enough to correlate, useless to reverse. */
export function ref(value: string): string {
  return sha256Hex(value).slice(0, 12);
}

/** A claim id as a claimant may see it: only the last four characters. */
export function maskClaimId(claimId: string): string {
  return `XXXX${claimId.slice(-4)}`;
}
