/**
 * Waiting as a building block (docs/architecture.md, "Waiting"). A workflow that waits declares
 * it in its definition (`wait`): the status it waits in, the stage whose step its timers fire into,
 * the arrivals it accepts, and its reminders and deadline as durations. Everything a wait means is
 * decided by that step, in TypeScript: it starts the wait (`wait.start`), takes an arrival
 * (`wait.arrive`), ends it (`wait.end`), and when a timer fires it is run again with the
 * entry's `timer` naming which one (`reminder:<n>`, `deadline`), so a deadline's outcome is decided
 * like a reminder's. The hand-off only guards and applies: src/redis/lua/handoff.lua, whose
 * keys and timer members one typed wrapper owns (src/runtime/handoff-ops.ts, src/redis/wait-timers.ts).
 */
import type { StageContext, WaitTimerPlan, WorkflowPayload, WorkflowStatus } from '../types';
import type { StageName } from '../vocabulary';

export interface WaitDeclaration {
  /** The status the workflow waits in (one of its `waitsIn`). */
  status: WorkflowStatus;
  /** The stage whose step a timer fires into and an arrival continues at (a step stage of its route). */
  stage: StageName;
  /** What it waits for, by name (a document, an agent's reply, a claimant's answer). */
  arrivals: readonly string[];
  /** Reminders, in ms after the wait starts (a tenant's or the deployment's settings through `ctx`),
   *  for `planWait`; a step that plans its timers itself (business hours) leaves them out. */
  reminders?(ctx: StageContext): readonly number[];
  /** The deadline, in ms after the wait starts (for `planWait`). */
  deadline?(ctx: StageContext): number;
  /** At most one wait of this workflow per claimant is open: the runtime keeps a pointer to it,
   *  set when the wait starts, which the workflow's read port follows (src/redis/keys.ts `claimantWait`). */
  perClaimant?: boolean;
}

/** The deadline timer's name. */
export const deadlineTimer = 'deadline';
/** Reminder n's name (1, 2, ...). */
export const reminderTimer = (n: number): string => `reminder:${n}`;

/** Which of a wait's timers a name is; null for a name that is none of them. */
export function timerOf(name: string | undefined): { kind: 'reminder'; n: number } | { kind: 'deadline' } | null {
  if (name === deadlineTimer) return { kind: 'deadline' };
  const m = name === undefined ? null : /^reminder:(\d+)$/.exec(name);
  return m ? { kind: 'reminder', n: Number(m[1]) } : null;
}

/** A reminder's number from its name (0 for any other timer). */
export function reminderNumber(name: string): number {
  const timer = timerOf(name);
  return timer?.kind === 'reminder' ? timer.n : 0;
}

/**
 * The timers of a wait that starts at `start`: each reminder that falls before the deadline,
 * numbered from 1, then the deadline, in due order.
 */
export function waitSchedule(start: number, reminderOffsetsMs: readonly number[], deadlineAt: number): WaitTimerPlan[] {
  const reminders = reminderOffsetsMs
    .map((offset, i) => ({ name: reminderTimer(i + 1), due: start + offset }))
    .filter((t) => t.due < deadlineAt);
  return [...reminders, { name: deadlineTimer, due: deadlineAt }];
}

/** The timers of a wait declared by `wait` that starts now. */
export function planWait(wait: WaitDeclaration, ctx: StageContext, start: number): WaitTimerPlan[] {
  if (!wait.reminders || !wait.deadline) throw new Error('planWait: this wait declares no reminders or deadline');
  return waitSchedule(start, wait.reminders(ctx), start + wait.deadline(ctx));
}

/** What a wait's timers continue with: the conversation's addressing, not a step's own fields. */
export function waitPayload<P extends WorkflowPayload>(payload: P, drop: readonly string[] = []): P {
  const copy: Record<string, unknown> = { ...payload };
  for (const field of ['reply', 'rendered', 'media', 'afterSend', 'timer', 'timerMember', ...drop]) delete copy[field];
  return copy as P;
}
