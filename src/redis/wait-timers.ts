/**
 * The member of a wait timer in a partition's workflow-timer set (Keys.workflowTimers): its one
 * definition. The Lua scripts never parse one: the hand-off and controlPendingDocs are given the
 * members to arm (`armedTimers` below, used by src/runtime/handoff-ops.ts and
 * src/workflows/pending-documents.ts), the record keeps the armed one (`wait_timer`) and the ones
 * still to come (`wait_later`), and fireWorkflowTimers is told, for each due member, what this
 * module parsed from it (src/redis/scripts/timers.ts).
 *
 *   w|<tenant>|<workflow id>|<wait id>|<stage>|<timer name>
 *
 * `wait id` tells one wait of a workflow from the next (the step sequence that started it); a
 * timer fires into the workflow's own step at `stage`, named `timer name` (the workflow's
 * declaration: `reminder:1`, `deadline`, ...).
 *
 * The name is the member's last part, and the timers of one wait differ only in it: so the record
 * keeps the timers still to come as dues and names only (`wait_later`, `<due>|<name>|<due>|<name>`,
 * a third of the full members' bytes and no JSON to decode when one fires), and the script that
 * arms the next one puts its name in place of the fired one's (includes/wait.lua, `waitFire`): the
 * one thing a script does with a member.
 */
export interface WaitTimer {
  tenantId: string;
  workflowId: string;
  waitId: number;
  /** The stage the timer's entry goes to: the workflow's step there decides what it means. */
  stage: string;
  /** The timer's name in the workflow's wait declaration. */
  name: string;
}

export function waitTimerMember(timer: WaitTimer): string {
  for (const part of [timer.tenantId, timer.workflowId, timer.stage, timer.name]) {
    if (part === '' || part.includes('|')) throw new Error(`wait timer: part ${JSON.stringify(part)} is empty or holds |`);
  }
  return `w|${timer.tenantId}|${timer.workflowId}|${timer.waitId}|${timer.stage}|${timer.name}`;
}

/**
 * A wait's timers as the scripts arm them (includes/wait.lua, `waitArm`): `[member, due, name]`
 * each, in due order. The first is armed; the rest are kept as their dues and names.
 */
export function armedTimers(wait: Omit<WaitTimer, 'name'>, timers: readonly { name: string; due: number }[]): Array<[string, number, string]> {
  return timers.map((t) => [waitTimerMember({ ...wait, name: t.name }), t.due, t.name]);
}

const memberPattern = /^w\|([^|]+)\|([^|]+)\|(\d+)\|([^|]+)\|([^|]+)$/;

/** The timer a member names, or null when it is not a wait timer. */
export function parseWaitTimer(member: string): WaitTimer | null {
  const m = memberPattern.exec(member);
  if (!m) return null;
  return { tenantId: m[1]!, workflowId: m[2]!, waitId: Number(m[3]), stage: m[4]!, name: m[5]! };
}
