/**
 * A stage stream's entry: one workflow's step waiting for its stage (`wf`, `tenant`, `seq`,
 * `attempt`, `payload`). Two forms, both read here (`STAGE_ENTRY_FORM`, docs/architecture.md
 * "What the records hold"):
 * - **packed** (the default): one field, `w1`, whose value is the
 *   five parts joined by `\n` in that order, the payload (JSON) last. One field and not five
 *   because each argument of a write is converted, stored in the stream, and written again to the
 *   append-only file and to replicas, and every entry is written, read and its read recorded on
 *   every step. Ids, tenant ids and numbers hold no newline;
 *   JSON text escapes one.
 * - **fields** (earlier releases, and `STAGE_ENTRY_FORM=fields` during a rolling upgrade from one):
 *   the five as fields of their own, readable field by field with `redis-cli XRANGE`.
 * A dead letter or a held entry is the entry's fields (either form) followed by fields of its own
 * (`reason`, `held_stage`, ...). This decodes one into an Envelope, or says why it cannot.
 */
import type { Envelope, StageName, WorkflowPayload } from '../../pipeline/types';
import { AppError } from '../errors';
import { joinParts, splitParts } from '../redis/packed-parts';

export type StreamEntry = [id: string, fields: string[]];

/** How stage entries are written (`STAGE_ENTRY_FORM`); both forms are always read. */
export type StageEntryForm = 'packed' | 'fields';

/** The name of a packed entry's one field (the `1` is the format's version). */
export const packedEntryField = 'w1';

const entryParts = ['wf', 'tenant', 'seq', 'attempt', 'payload'] as const;

export function fieldsToRecord(fields: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
  return record;
}

/**
 * An entry's fields as a record, in either form: a packed entry's `w1` read as its five parts
 * (a value cut short gives the parts it has, the others missing), every other field as it is.
 */
export function readStageEntry(fields: string[]): Record<string, string> {
  const record = fieldsToRecord(fields);
  const packed = record[packedEntryField];
  if (packed !== undefined) {
    delete record[packedEntryField];
    splitParts(packed, entryParts.length).forEach((part, i) => { record[entryParts[i]!] = part; });
  }
  return record;
}

export function decodeEnvelope(stage: StageName, fields: string[]): Envelope {
  // (the commonest case read without building a record: a packed entry and nothing else)
  const f = fields.length === 2 && fields[0] === packedEntryField ? packedRecord(fields[1]!) : readStageEntry(fields);
  const seq = Number(f.seq);
  const attempt = Number(f.attempt ?? '0');
  if (!f.wf || !f.tenant || !Number.isInteger(seq) || !Number.isInteger(attempt) || f.payload === undefined) {
    throw new AppError('invalid_envelope', 'entry lacks wf, tenant, seq or payload');
  }
  let payload: WorkflowPayload;
  try {
    payload = JSON.parse(f.payload) as WorkflowPayload;
  } catch {
    throw new AppError('invalid_envelope', 'payload is not JSON');
  }
  if (typeof payload !== 'object' || payload === null || typeof payload.from !== 'string' || typeof payload.text !== 'string') {
    throw new AppError('invalid_envelope', 'payload lacks from or text');
  }
  return { workflowId: f.wf, tenantId: f.tenant, seq, attempt, stage, payload };
}

function packedRecord(value: string): Partial<Record<(typeof entryParts)[number], string>> {
  const [wf, tenant, seq, attempt, payload] = splitParts(value, entryParts.length);
  return { wf, tenant, seq, attempt, payload };
}

/**
 * The stream fields of an envelope's next entry, in the form given. Throws when an id holds a
 * newline (it would shift the parts after it in a packed entry; none of ours can).
 */
export function encodeFields(form: StageEntryForm, workflowId: string, tenantId: string, seq: number, attempt: number, payload: string): string[] {
  if (form === 'fields') return ['wf', workflowId, 'tenant', tenantId, 'seq', String(seq), 'attempt', String(attempt), 'payload', payload];
  return [packedEntryField, packEntry(workflowId, tenantId, seq, attempt, payload)];
}

/**
 * A packed entry's value (`w1`). The scripts that write an entry whose every part the caller
 * knows take it whole (the hand-off's forwards, the intake) and write it as it comes: building
 * it in Lua would make a new string of the payload's size on every step.
 */
export function packEntry(workflowId: string, tenantId: string, seq: number, attempt: number, payload: string): string {
  const value = joinParts([workflowId, tenantId, String(seq), String(attempt)], payload);
  if (value === null) throw new Error('a stage entry\'s workflow or tenant id holds a newline');
  return value;
}

/** Milliseconds part of a stream id: when the entry was appended. */
export function entryTime(id: string): number {
  const dash = id.indexOf('-');
  return Number(dash < 0 ? id : id.slice(0, dash));
}
