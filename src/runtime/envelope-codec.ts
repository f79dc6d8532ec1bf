/**
 * Stream entries are flat field lists (`wf`, `tenant`, `seq`, `attempt`, `payload`), readable
 * with `redis-cli XRANGE`. This decodes one into an Envelope, or says why it cannot.
 */
import type { Envelope, StageName, WorkflowPayload } from '../../pipeline/types';
import { AppError } from '../errors';

export type StreamEntry = [id: string, fields: string[]];

export function fieldsToRecord(fields: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
  return record;
}

export function decodeEnvelope(stage: StageName, fields: string[]): Envelope {
  const f = fieldsToRecord(fields);
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

/** The stream fields of an envelope's next entry. */
export function encodeFields(workflowId: string, tenantId: string, seq: number, attempt: number, payload: string): string[] {
  return ['wf', workflowId, 'tenant', tenantId, 'seq', String(seq), 'attempt', String(attempt), 'payload', payload];
}

/** Milliseconds part of a stream id: when the entry was appended. */
export function entryTime(id: string): number {
  const dash = id.indexOf('-');
  return Number(dash < 0 ? id : id.slice(0, dash));
}
