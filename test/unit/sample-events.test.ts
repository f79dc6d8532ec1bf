/**
 * The samples `POST /v1/webhooks/test` sends (src/webhooks/sample-events.ts): one of every event
 * type the service sends, each shaped like the webhook the audit ledger makes of the real event,
 * and every one documented in docs/events.md.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workflowStatuses } from '../../pipeline/vocabulary';
import type { LedgerEvent } from '../../src/audit/audit-chain';
import { handoverEvents, webhooksFor } from '../../src/webhooks/ledger-webhooks';
import { sampleEvents, sampleEventTypes } from '../../src/webhooks/sample-events';

const root = join(__dirname, '..', '..');
const now = Date.UTC(2026, 11, 1, 4, 30);

/** The audit detail each handover step writes (pipeline/workflows/human-handover.ts, src/redis/lua/*Handover-3.lua, handoff.lua's transcript id). */
const realDetails: Record<string, Record<string, unknown>> = {
  'human_handover.requested': { reason: 'claimant', channel: 'sms', first_response_due: now + 900_000, max_wait_at: now + 86_400_000 },
  'human_handover.assigned': { by: 'cli_a', token_type: 'machine', agent: 'cli_a' },
  'human_handover.message_received': { channel: 'whatsapp', transcript_id: `${now}-0`, message_workflow_id: 'wf-1-00000000000000000000' },
  'human_handover.sla_breached': { sla: 'first_response' },
  'human_handover.completed': { by: 'cli_a', token_type: 'machine', resolution: 'back_to_bot', agent: 'cli_a' },
  'human_handover.timed_out': { sla: 'max_wait' },
  'human_handover.cancelled': { by: 'stop' },
};

function ledgerEvent(type: string, detail: Record<string, unknown>): LedgerEvent {
  return {
    n: 7, event_id: 'ae-1-1795323314706-0', tenant_id: 'acme', workflow_id: 'wf-1-0123456789abcdef0123', stage: 'truth', type, at: now,
    detail: JSON.stringify(detail), transition: '', prev_hash: '0'.repeat(64), hash: '1'.repeat(64),
  } as LedgerEvent;
}

describe('webhook samples (POST /v1/webhooks/test)', () => {
  it('has one sample type for every workflow status and every human-handover notice, none twice', () => {
    expect(new Set(sampleEventTypes).size).to.equal(sampleEventTypes.length);
    for (const status of workflowStatuses) expect(sampleEventTypes, status).to.include(`workflow.${status}`);
    for (const type of handoverEvents) expect(sampleEventTypes, type).to.include(type);
  });

  it('shapes each human-handover sample like the webhook the ledger makes of the real event', () => {
    expect(Object.keys(realDetails).sort()).to.deep.equal([...handoverEvents].sort());
    for (const type of handoverEvents) {
      const [real] = webhooksFor(ledgerEvent(type, realDetails[type]!));
      expect(real, type).to.not.equal(undefined);
      const realKeys = Object.keys(real!.data as object);
      // The publisher adds the transcript's text and the sender's hash to a claimant's message.
      if (type === 'human_handover.message_received') realKeys.push('text', 'claimant_phone_hash');
      const [sample] = sampleEvents([type], now);
      expect(sample!.type).to.equal(type);
      expect(sample!.workflow_id, type).to.be.a('string');
      expect(Object.keys(sample!.data).sort(), type).to.deep.equal([...realKeys, 'test'].sort());
      expect(sample!.data, type).to.include({ workflow_type: 'human-handover', test: true });
    }
  });

  it('names human-handover as the type of the handover statuses', () => {
    for (const status of ['awaiting_agent', 'with_agent']) {
      const [sample] = sampleEvents([`workflow.${status}`], now);
      expect(sample!.data, status).to.include({ workflow_type: 'human-handover', status });
    }
  });

  it('documents every sample type in docs/events.md', () => {
    const doc = readFileSync(join(root, 'docs', 'events.md'), 'utf8');
    const missing = sampleEventTypes.filter((type) => !doc.includes(`\`${type}\``));
    expect(missing).to.deep.equal([]);
  });
});
