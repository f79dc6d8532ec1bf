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
  for (const sendId of sendIds) {
    const workflowId = sendId?.split(':')[0];
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
