/**
 * A walk over a tenant's whole ledger as `ops audit verify` and `POST /v1/audit/verify` make it when
 * part of it is archived: archive then Redis as one chain (src/audit/audit-ledger.ts `pages`), from
 * the genesis or, once events older than the archive retention were removed, from the signed
 * truncation checkpoint they left behind, whose signature is checked first (docs/retention.md).
 */
import type { AuditLedger } from './audit-ledger';
import { walkPages, type LedgerWalk } from './audit-chain';
import type { Checkpoints } from './checkpoints';

export async function walkTenantLedger(
  o: { ledger: AuditLedger; checkpoints: Checkpoints }, tenantId: string, position: number | null, nowMs: number,
  options: { pageSize?: number; pace?: (busyMs: number, events: number) => Promise<void> } = {},
): Promise<LedgerWalk> {
  const truncation = await o.ledger.truncation(tenantId);
  if (truncation) {
    const signed = await o.checkpoints.signedPosition(tenantId, truncation.checkpoint, nowMs);
    if ('problem' in signed || signed.count !== truncation.n || signed.head !== truncation.hash) {
      const problem = `the truncation checkpoint the ledger starts after does not verify (${'problem' in signed ? signed.problem : 'it signed another position or hash'})`;
      return { check: { valid: false, count: truncation.n, head_hash: truncation.hash, first_broken: { n: truncation.n, event_id: '', problem } }, at: null };
    }
  }
  const start = truncation ? { count: truncation.n, hash: truncation.hash } : null;
  return walkPages(o.ledger.pages(tenantId, options.pageSize, truncation?.n ?? 0), position, options.pace, start);
}
