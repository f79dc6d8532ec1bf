import type { LedgerEvent } from '../../src/audit/audit-chain';
import type { AuditLedger } from '../../src/audit/audit-ledger';

/**
 * What the crash tests count at the fake provider: of the workflows that should each have had one
 * reply, how many had none (lost) and how many replies came beyond the first (duplicated). Each
 * test prints its counts, so a run's log shows them whether it passes or fails.
 */
export interface ReplyCounts {
  workflows: number;
  lost: number;
  duplicated: number;
}

/** Counts replies per workflow from the send ids (`<workflow id>:<seq>`) the provider recorded. */
export function countReplies(expected: readonly string[], sendIds: ReadonlyArray<string | undefined>): ReplyCounts {
  const per = new Map<string, number>(expected.map((id) => [id, 0]));
  for (const workflowId of sendWorkflowIds(sendIds)) {
    if (workflowId !== undefined && per.has(workflowId)) per.set(workflowId, per.get(workflowId)! + 1);
  }
  const counts = [...per.values()];
  return { workflows: expected.length, lost: counts.filter((n) => n === 0).length, duplicated: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0) };
}

/** One line on stderr: `[crash counts] <run>: N workflows, replies lost L, duplicated D`. */
export function reportCounts(run: string, c: ReplyCounts): void {
  process.stderr.write(`[crash counts] ${run}: ${c.workflows} workflows, replies lost ${c.lost}, duplicated ${c.duplicated}\n`);
}

/** Of the workflows that should each have one ledger event of a type: how many have none, how many more than one. */
export interface LedgerCounts {
  missing: number;
  doubled: number;
}

export function countLedgerEvents(expected: readonly string[], eventWorkflowIds: readonly string[]): LedgerCounts {
  const per = new Map<string, number>(expected.map((id) => [id, 0]));
  for (const id of eventWorkflowIds) if (per.has(id)) per.set(id, per.get(id)! + 1);
  const counts = [...per.values()];
  return { missing: counts.filter((n) => n === 0).length, doubled: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0) };
}

/**
 * Of groups that should each have exactly one hit (a message and the workflows that took it in,
 * against the replies or ledger events of those workflows): how many had one, none, two or more,
 * and how many hits came beyond the first. A message is one group because a lost dedupe marker
 * would let a redelivery start a second workflow: the claimant would see two answers.
 */
export interface GroupCounts {
  groups: number;
  once: number;
  none: number;
  twiceOrMore: number;
  extra: number;
}

export function countPerGroup(groups: ReadonlyMap<string, ReadonlySet<string>>, hitIds: Iterable<string | undefined>): GroupCounts {
  const groupOf = new Map<string, string>();
  for (const [group, ids] of groups) for (const id of ids) groupOf.set(id, group);
  const per = new Map<string, number>([...groups.keys()].map((g) => [g, 0]));
  for (const id of hitIds) {
    const group = id === undefined ? undefined : groupOf.get(id);
    if (group !== undefined) per.set(group, per.get(group)! + 1);
  }
  const counts = [...per.values()];
  return {
    groups: counts.length,
    once: counts.filter((n) => n === 1).length,
    none: counts.filter((n) => n === 0).length,
    twiceOrMore: counts.filter((n) => n > 1).length,
    extra: counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
  };
}

/** The workflow id of each send id (`<workflow id>:<seq>`) the provider recorded. */
export function sendWorkflowIds(sendIds: ReadonlyArray<string | undefined>): Array<string | undefined> {
  return sendIds.map((sendId) => sendId?.split(':')[0]);
}

/** The workflow ids of the tenant's ledger events of `type` among `wanted` (and passing `where`), once per event (archive included). */
export async function ledgerEventWorkflowIds(ledger: Pick<AuditLedger, 'read'>, tenantId: string, type: string, wanted: ReadonlySet<string>, where: (e: LedgerEvent) => boolean = () => true): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await ledger.read(tenantId, { type, limit: 1000, after });
    ids.push(...page.events.filter((e) => wanted.has(e.workflow_id) && where(e)).map((e) => e.workflow_id));
    after = page.next ?? undefined;
  } while (after);
  return ids;
}
