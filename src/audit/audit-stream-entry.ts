/**
 * The entries of a partition's audit stream (`cw:{pN}:audit`): the audit events a script wrote in
 * the same atomic step as the change they record, waiting for the mover (src/audit/audit-ledger.ts)
 * to chain them into their tenant's ledger. Transient: the mover deletes them once moved, and the
 * ledger's own entries (src/audit/audit-chain.ts) are a different format that this one never touches.
 *
 * Two forms, both read here, so that movers deployed before the writers (docs/audit-ledger.md)
 * read what an old or a new writer wrote:
 * - **packed** (written since issue 15's second hand-off round): one field, `e1`, whose value is the
 *   event's eight parts joined by `\n`, in this order: tenant, workflow_id, stage, type, seq, at,
 *   transition ('' when the step changed no status), detail. Written by every script through
 *   src/redis/lua/includes/audit-append.lua (xaddAudit). One field instead of seven, because each
 *   argument of a write is converted from Lua, and written again to the append-only file
 *   (docs/benchmarks.md, Issue 15). No part but the last can hold a newline: tenant and workflow
 *   ids, stage names, event types and numbers have none, and the transition is JSON that cjson
 *   wrote (a newline inside a JSON string is escaped). The detail is last and is read as the rest
 *   of the value, so it may hold anything.
 * - **fields** (the older writers): `tenant`, `workflow_id`, `stage`, `type`, `seq`, `at`, `detail`
 *   and, on a status change, `transition`, each its own field.
 */

/** The name of the one field of a packed entry (the `1` is the format's version). */
export const packedAuditField = 'e1';

/** One waiting audit event, as its writer recorded it (every value as the text stored). */
export interface WaitingAuditEvent {
  tenant: string;
  workflow_id: string;
  stage: string;
  type: string;
  seq: string;
  at: string;
  /** The status change the step made (JSON, with the claim hash the mover takes out), or ''. */
  transition: string;
  /** JSON text. */
  detail: string;
}

const parts = ['tenant', 'workflow_id', 'stage', 'type', 'seq', 'at', 'transition'] as const;

/** An audit stream entry's fields (as XRANGE returns them), in either form, as one event. */
export function readAuditEntry(fields: readonly string[]): WaitingAuditEvent {
  if (fields.length === 2 && fields[0] === packedAuditField) return unpack(fields[1]!);
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
  return {
    tenant: f.tenant ?? '', workflow_id: f.workflow_id ?? '', stage: f.stage ?? '', type: f.type ?? '', seq: f.seq ?? '', at: f.at ?? '',
    transition: f.transition ?? '', detail: f.detail ?? '{}',
  };
}

function unpack(v: string): WaitingAuditEvent {
  // The seven newlines that end the parts before the detail, found one after the other (the mover
  // reads every waiting event: one pass, no intermediate array; docs/benchmarks.md, Issue 15).
  const a = v.indexOf('\n');
  const b = a < 0 ? -1 : v.indexOf('\n', a + 1);
  const c = b < 0 ? -1 : v.indexOf('\n', b + 1);
  const d = c < 0 ? -1 : v.indexOf('\n', c + 1);
  const e = d < 0 ? -1 : v.indexOf('\n', d + 1);
  const f = e < 0 ? -1 : v.indexOf('\n', e + 1);
  const g = f < 0 ? -1 : v.indexOf('\n', f + 1);
  if (g < 0) return cutShort(v);
  return {
    tenant: v.slice(0, a), workflow_id: v.slice(a + 1, b), stage: v.slice(b + 1, c), type: v.slice(c + 1, d), seq: v.slice(d + 1, e),
    at: v.slice(e + 1, f), transition: v.slice(f + 1, g), detail: v.slice(g + 1),
  };
}

/** A value with fewer than eight parts (not written by xaddAudit): the parts it lacks are empty, as an old entry's missing field. */
function cutShort(v: string): WaitingAuditEvent {
  const found = v.split('\n');
  const event: WaitingAuditEvent = { ...emptyEvent };
  parts.forEach((part, i) => { if (i < found.length) event[part] = found[i]!; });
  return event;
}

const emptyEvent: WaitingAuditEvent = { tenant: '', workflow_id: '', stage: '', type: '', seq: '', at: '', transition: '', detail: '{}' };

/**
 * The fields of a packed entry for `event`, as xaddAudit writes them: for tools and tests that
 * write waiting events from TypeScript (the service's writers are the Lua scripts).
 */
export function packAuditEvent(event: WaitingAuditEvent): [string, string] {
  const head = parts.map((part) => event[part]);
  if (head.some((v) => v.includes('\n'))) throw new Error('audit event: only its detail may hold a newline');
  return [packedAuditField, [...head, event.detail].join('\n')];
}
