/**
 * handoff.lua: the runtime's one move per stage step (src/runtime/handoff-ops.ts builds its keys
 * and ops; this module calls it and types what it answers).
 */
import type { Redis } from '../client';

/**
 * What the hand-off did with one op, typed: the audit event id it wrote, a retry timer set, a
 * dead letter without a workflow, a redelivery dropped (`stale`), or a status change the
 * transition table refuses (`illegal`, the entry acked and dropped). handoff.lua answers strings
 * (`<audit id>`, 'retry', 'dead', 'stale', 'illegal:<from>:<to>'); only this module reads them.
 */
export type HandoffResult =
  | { kind: 'applied'; auditId: string }
  | { kind: 'retry' }
  | { kind: 'dead' }
  | { kind: 'stale' }
  | { kind: 'illegal'; from: string; to: string };

export function parseHandoffResult(raw: string): HandoffResult {
  if (raw === 'retry' || raw === 'dead' || raw === 'stale') return { kind: raw };
  if (raw.startsWith('illegal:')) {
    // Statuses hold no ':'; the first part after the tag is the record's status, the last the decision's.
    const [, from = '', to = ''] = raw.split(':');
    return { kind: 'illegal', from, to };
  }
  return { kind: 'applied', auditId: raw };
}

/**
 * One hand-off call for one partition: the keys and ops built by src/runtime/handoff-ops.ts, the
 * consumer group, and the transition table as `{ from: { to: true } }` JSON (passed to the
 * script as a list of pairs: transitionPairs). One result per op.
 */
export async function runHandoff(
  redis: Redis, call: { keys: string[]; ops: unknown[] }, group: string, now: number, partition: number, allowedTransitions: string,
): Promise<HandoffResult[]> {
  const { ops, strings } = packOps(call.ops);
  const pairs = transitionPairs(allowedTransitions);
  let keys = call.keys;
  // A workflow the ops read from state (the claim's open follow-up, the parked question) that
  // moved since the worker read it is named by an UNDECLARED reply, with nothing written: the
  // call is made again with its record declared (handoff.lua's header).
  for (let attempt = 0; ; attempt++) {
    try {
      const raw = await redis.handoff(keys.length, ...keys, group, now, partition, ops, pairs, ...strings);
      return raw.map(parseHandoffResult);
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (!message.startsWith('UNDECLARED ') || attempt >= 3) throw err;
      keys = [...keys, ...message.slice('UNDECLARED '.length).split(' ').filter((k) => k && !keys.includes(k))];
    }
  }
}

/** ARGV[6] is the first of the strings taken out of the ops (handoff.lua's header). */
const firstStringArg = 6;

/**
 * The ops as handoff.lua reads them: each op's `payload` and `audit_detail` (JSON text) out of the
 * ops JSON and into their own ARGV, the op holding the index. Escaping a payload into the ops
 * JSON and decoding it again in Lua cost about twice the decode of the rest of the op
 * (docs/benchmarks.md, Issue 15); a plain ARGV costs neither.
 */
export function packOps(ops: readonly unknown[]): { ops: string; strings: string[] } {
  const strings: string[] = [];
  const packed = ops.map((op) => {
    if (typeof op !== 'object' || op === null) return op;
    const o = { ...(op as Record<string, unknown>) };
    for (const field of ['payload', 'audit_detail']) {
      const value = o[field];
      if (typeof value === 'string') {
        o[field] = firstStringArg + strings.length;
        strings.push(value);
      }
    }
    return o;
  });
  return { ops: JSON.stringify(packed), strings };
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
