/**
 * A walk over a tenant's whole ledger as `ops audit verify` and `POST /v1/audit/verify` make it when
 * part of it is archived: archive then Redis as one chain (src/audit/audit-ledger.ts `pages`), from
 * the genesis or, once events older than the archive retention were removed, from the signed
 * truncation checkpoint they left behind, whose signature is checked first (docs/retention.md).
 */
import type { AuditLedger } from './audit-ledger';
import { walkPages, type LedgerWalk } from './audit-chain';
import type { Checkpoints } from './checkpoints';
import type { WalkStart } from './ledger-verifier';

/**
 * Where the tenant's ledger starts: after position `afterN` with hash `start` (a truncation
 * checkpoint whose signature holds; the genesis when none), or, when the truncation checkpoint
 * does not verify, the walk's verdict already.
 */
export async function tenantLedgerStart(o: { ledger: AuditLedger; checkpoints: Checkpoints }, tenantId: string, nowMs: number): Promise<{ afterN: number; start: WalkStart } | { broken: LedgerWalk }> {
  const truncation = await o.ledger.truncation(tenantId);
  if (!truncation) return { afterN: 0, start: null };
  const signed = await o.checkpoints.signedPosition(tenantId, truncation.checkpoint, nowMs);
  if ('problem' in signed || signed.count !== truncation.n || signed.head !== truncation.hash) {
    const problem = `the truncation checkpoint the ledger starts after does not verify (${'problem' in signed ? signed.problem : 'it signed another position or hash'})`;
    return { broken: { check: { valid: false, count: truncation.n, head_hash: truncation.hash, first_broken: { n: truncation.n, event_id: '', problem } }, at: null } };
  }
  return { afterN: truncation.n, start: { count: truncation.n, hash: truncation.hash } };
}

/** The walk in this process (the operator's command, tests); the API hands it to its worker (src/audit/ledger-verifier.ts). */
export async function walkTenantLedger(
  o: { ledger: AuditLedger; checkpoints: Checkpoints }, tenantId: string, position: number | null, nowMs: number,
  options: { pageSize?: number; pace?: (busyMs: number, events: number) => Promise<void> } = {},
): Promise<LedgerWalk> {
  const from = await tenantLedgerStart(o, tenantId, nowMs);
  if ('broken' in from) return from.broken;
  return walkPages(o.ledger.pages(tenantId, options.pageSize, from.afterN), position, options.pace, from.start);
}
