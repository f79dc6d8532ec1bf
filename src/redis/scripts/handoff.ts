/**
 * handoff.lua: the runtime's one move per stage step (src/runtime/handoff-ops.ts builds its keys
 * and ops; this module calls it and types what it answers).
 */
import type { Redis } from '../client';
import type { StageEntryForm } from '../../runtime/envelope-codec';

/**
 * What the hand-off did with one op, typed: the audit event id it wrote, a retry timer set, a
 * dead letter without a workflow, a redelivery dropped (`stale`), a decision whose preconditions
 * no longer held (`moved`), or a status change the transition table refuses (`illegal`, the entry
 * acked and dropped). handoff.lua answers strings (`<audit id>`, 'retry', 'dead', 'stale', 'moved',
 * 'illegal:<from>:<to>'); only this module reads them.
 */
export type HandoffResult =
  | { kind: 'applied'; auditId: string }
  | { kind: 'retry' }
  | { kind: 'dead' }
  | { kind: 'stale' }
  /** A precondition of the decision no longer held (state moved since the stage read it): nothing
   *  was written and the entry is not acknowledged; the stage decides again. */
  | { kind: 'moved' }
  | { kind: 'illegal'; from: string; to: string };

export function parseHandoffResult(raw: string): HandoffResult {
  if (raw === 'retry' || raw === 'dead' || raw === 'stale' || raw === 'moved') return { kind: raw };
  if (raw.startsWith('illegal:')) {
    // Statuses hold no ':'; the first part after the tag is the record's status, the last the decision's.
    const [, from = '', to = ''] = raw.split(':');
    return { kind: 'illegal', from, to };
  }
  return { kind: 'applied', auditId: raw };
}

/**
 * One hand-off call for one partition: the keys and ops built by src/runtime/handoff-ops.ts (every
 * key an op touches among them), the consumer group, and the transition table as `{ from: { to: true } }` JSON (passed to the
 * script as a list of pairs: transitionPairs). One result per op.
 */
export async function runHandoff(
  redis: Redis, call: { keys: string[]; ops: Record<string, unknown>[]; entryForm: StageEntryForm }, group: string, now: number, partition: number, allowedTransitions: string,
): Promise<HandoffResult[]> {
  const ops = packOps(call.ops);
  const raw = await redis.handoff(call.keys.length, ...call.keys, group, now, partition, ops.count, transitionPairs(allowedTransitions), call.entryForm, ...ops.args);
  return raw.map(parseHandoffResult);
}

/** The fields each op has its own ARGV for, in handoff.lua's order; the rest go in one JSON object. */
const opFields = ['kind', 'entry', 'wf', 'wf_id', 'seq', 'tenant', 'stage', 'audit_type', 'audit_detail', 'status', 'next', 'payload'] as const;
/** A chained op's own ARGV (its workflow is the op's before it, and it has no entry). */
const chainedFields = ['kind', 'seq', 'stage', 'audit_type', 'audit_detail', 'status', 'next', 'payload'] as const;
/** A plain chained forward's (no status, next stream, payload or other field): its kind is sent as `>`. */
const compactFields = ['kind', 'seq', 'stage', 'audit_type', 'audit_detail'] as const;
const opFieldSet: ReadonlySet<string> = new Set(opFields);
/** Fields a dead letter without a workflow has empty: written as they are (the others: '' is absent). */
const mayBeEmpty: ReadonlySet<string> = new Set(['wf', 'wf_id', 'tenant']);

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * The ops as handoff.lua reads them (its header): 13 ARGV per op, the common fields each its own
 * and every other field in one JSON object ('' for none); a chained op (stage fusion: no entry,
 * the same workflow as the op before it) in 9, its kind marked with a leading `+`, without the
 * entry and the workflow's key, id and tenant, which the script takes from the op before it; a
 * plain chained forward (every step of a chain but its last) in 5, its kind sent as `>`.
 * Decoding the ops as one JSON array (payloads and audit details escaped inside it) was a tenth
 * of a hand-off's instructions, and every argument costs both sides (ioredis flattens and writes
 * each; Redis parses each and makes it a Lua string): docs/benchmarks.md, "The hand-off alone".
 */
export function packOps(ops: readonly Record<string, unknown>[]): { count: number; args: string[] } {
  const args: string[] = [];
  let previous: Record<string, unknown> | null = null;
  for (const op of ops) {
    for (const field of mayBeEmpty) {
      if (typeof op[field] !== 'string') throw new Error(`handoff op without ${field}`);
    }
    const chained = op.entry === undefined && previous !== null && op.wf !== '' && op.wf === previous.wf && op.wf_id === previous.wf_id && op.tenant === previous.tenant;
    // The other fields, copied rather than deleted from a copy (a `delete` turns the object into a
    // slow dictionary; this ran for every op of every hand-off). `done` false and an empty `set`
    // are left out, as the script reads them absent.
    let rest: Record<string, unknown> | null = null;
    for (const field of Object.keys(op)) {
      if (opFieldSet.has(field)) continue;
      const value = op[field];
      if (field === 'done' && value === false) continue;
      if (field === 'set' && typeof value === 'object' && value !== null && Object.keys(value).length === 0) continue;
      (rest ??= {})[field] = value;
    }
    const compact = chained && rest === null && op.kind === 'forward' && absent(op.status) && absent(op.next) && absent(op.payload);
    const fields = compact ? compactFields : chained ? chainedFields : opFields;
    for (const field of fields) {
      const value = op[field];
      if (value === undefined || value === null) {
        args.push('');
      } else if (typeof value === 'string' || typeof value === 'number') {
        if (value === '' && !mayBeEmpty.has(field)) throw new Error(`handoff op with an empty ${field}`);
        args.push(field === 'kind' && chained ? (compact ? '>' : `+${value}`) : String(value));
      } else {
        throw new Error(`handoff op field ${field} is not a string or a number`);
      }
    }
    if (!compact) args.push(rest ? JSON.stringify(rest) : '');
    previous = op;
  }
  return { count: ops.length, args };
}

let lastTable: { json: string; pairs: string } | null = null;

/**
 * The transition table `{ from: { to: true } }` (JSON) as handoff.lua reads it: every allowed
 * pair as `<from>><to>` between bars, `|a>b|a>c|...|`, answered there by a substring search
 * instead of a JSON decode per call. The same table is passed on every call: the last one is kept.
 * Throws on a table that is not JSON of that shape, or a status holding `|` or `>`.
 */
export function transitionPairs(json: string): string {
  if (lastTable?.json === json) return lastTable.pairs;
  const table = JSON.parse(json) as unknown;
  if (typeof table !== 'object' || table === null) throw new Error('transition table: not an object');
  const pairs: string[] = [];
  for (const [from, tos] of Object.entries(table as Record<string, unknown>)) {
    if (typeof tos !== 'object' || tos === null) throw new Error(`transition table: ${from} names no statuses`);
    for (const [to, ok] of Object.entries(tos as Record<string, unknown>)) {
      if (ok !== true) continue;
      if (/[|>]/.test(from) || /[|>]/.test(to)) throw new Error(`transition table: a status holds | or >: ${from} ${to}`);
      pairs.push(`${from}>${to}`);
    }
  }
  const pairsText = `|${pairs.join('|')}|`;
  lastTable = { json, pairs: pairsText };
  return pairsText;
}
