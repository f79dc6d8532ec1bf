/**
 * The entries of a partition's audit stream (`cw:{pN}:audit`): the audit events a script wrote in
 * the same atomic step as the change they record, waiting for the mover (src/audit/audit-ledger.ts)
 * to chain them into their tenant's ledger. Transient: the mover deletes them once moved, and the
 * ledger's own entries (src/audit/audit-chain.ts) are a different format that this one never touches.
 *
 * Two forms, both read here, so that movers deployed before the writers (docs/audit-ledger.md)
 * read what an old or a new writer wrote (readAuditEvents reads any entry as its events):
 * - **packed** (what every writer writes): one field, `e1`, whose value is the
 *   event's eight parts joined by `\n`, in this order: tenant, workflow_id, stage, type, seq, at,
 *   transition ('' when the step changed no status), detail. Written by every script through
 *   src/redis/lua/includes/audit-append.lua (xaddAudit). One field instead of seven, because each
 *   argument of a write is converted from Lua, and written again to the append-only file
 *   and to replicas. No part but the last can hold a newline: tenant and workflow
 *   ids, stage names, event types and numbers have none, and the transition is JSON that cjson
 *   wrote (a newline inside a JSON string is escaped). The detail is last and is read as the rest
 *   of the value, so it may hold anything. An entry may hold several events, one `e1` field each
 *   (a hand-off call's events after its first, src/redis/lua/handoff.lua): those of an entry at
 *   `<ms>-<seq>` have the stream ids `<ms>-<seq>`, `<ms>-<seq + 1>`, ..., which the script reserved.
 * - **fields** (the older writers): `tenant`, `workflow_id`, `stage`, `type`, `seq`, `at`, `detail`
 *   and, on a status change, `transition`, each its own field.
 */

import { joinParts, splitParts } from '../redis/packed-parts';
import { valueIds } from '../redis/stream-ids';

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

/**
 * The events of an audit stream entry (its id and fields as XRANGE returns them), each with its
 * own stream id: an entry of n packed events at `<ms>-<seq>` holds the events of `<ms>-<seq>` to
 * `<ms>-<seq + n - 1>` (the hand-off reserved those ids; header), an entry in the fields form one event.
 */
export function readAuditEvents(entryId: string, fields: readonly string[]): { id: string; event: WaitingAuditEvent }[] {
  if (fields[0] !== packedAuditField) return [{ id: entryId, event: readAuditEntry(fields) }];
  return valueIds(entryId, fields).map((id, k) => ({ id, event: unpack(fields[2 * k + 1]!) }));
}

/** An audit stream entry's fields holding one event (either form) as that event. */
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
  // Seven parts, then the detail (src/redis/packed-parts.ts); a value cut short (not written by
  // xaddAudit) reads its missing parts as empty and its detail as '{}', as an old entry's missing fields.
  const p = splitParts(v, parts.length + 1);
  return {
    tenant: p[0]!, workflow_id: p[1] ?? '', stage: p[2] ?? '', type: p[3] ?? '', seq: p[4] ?? '', at: p[5] ?? '',
    transition: p[6] ?? '', detail: p.length > parts.length ? p[parts.length]! : '{}',
  };
}

/**
 * The fields of a packed entry for `event`, as xaddAudit writes them: for tools and tests that
 * write waiting events from TypeScript (the service's writers are the Lua scripts).
 */
export function packAuditEvent(event: WaitingAuditEvent): [string, string] {
  const value = joinParts(parts.map((part) => event[part]), event.detail);
  if (value === null) throw new Error('audit event: only its detail may hold a newline');
  return [packedAuditField, value];
}
