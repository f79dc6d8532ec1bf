/**
 * The member of a pending-documents wait timer in a partition's workflow-timer set
 * (Keys.workflowTimers), built and parsed in one TypeScript place. The Lua scripts build and parse
 * it in one Lua place, src/redis/lua/includes/wait-timer.lua; the two must agree (a test checks a
 * member round-trips through both).
 *
 *   pd|<tenant>|<workflow id>|<wait generation>|r|<n>   reminder n
 *   pd|<tenant>|<workflow id>|<wait generation>|t|0     deadline
 */
export interface WaitTimer {
  tenantId: string;
  workflowId: string;
  generation: number;
  kind: 'reminder' | 'deadline';
  /** The reminder's number; 0 for the deadline. */
  n: number;
}

export function waitTimerMember(timer: WaitTimer): string {
  const suffix = timer.kind === 'reminder' ? `r|${timer.n}` : 't|0';
  return `pd|${timer.tenantId}|${timer.workflowId}|${timer.generation}|${suffix}`;
}

const memberPattern = /^pd\|([^|]+)\|([^|]+)\|(\d+)\|([rt])\|(\d+)$/;

/** The timer a member names, or null when it is not a wait timer. */
export function parseWaitTimer(member: string): WaitTimer | null {
  const m = memberPattern.exec(member);
  if (!m) return null;
  return { tenantId: m[1]!, workflowId: m[2]!, generation: Number(m[3]), kind: m[4] === 'r' ? 'reminder' : 'deadline', n: Number(m[5]) };
}
