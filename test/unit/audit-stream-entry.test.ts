/**
 * The partition audit stream's two entry forms (src/audit/audit-stream-entry.ts): what the mover
 * and the erasure's drain read from an older writer's seven fields and from one packed field.
 */
import { expect } from 'chai';
import { packAuditEvent, packedAuditField, readAuditEntry, type WaitingAuditEvent } from '../../src/audit/audit-stream-entry';

const event: WaitingAuditEvent = {
  tenant: 'acme', workflow_id: 'wf-3-0a1b', stage: 'truth', type: 'stage.completed', seq: '2', at: '1795000000000',
  transition: '{"workflow_id":"wf-3-0a1b","from":"started","to":"completed","seq":3}', detail: '{"route":"truth"}',
};

describe('audit stream entries (both forms)', () => {
  it('reads a packed entry: the parts in order, the detail last', () => {
    const fields = packAuditEvent(event);
    expect(fields).to.deep.equal([packedAuditField,
      'acme\nwf-3-0a1b\ntruth\nstage.completed\n2\n1795000000000\n{"workflow_id":"wf-3-0a1b","from":"started","to":"completed","seq":3}\n{"route":"truth"}']);
    expect(readAuditEntry(fields)).to.deep.equal(event);
  });

  it('reads an older writer\'s fields as the same event, with or without a transition', () => {
    const { transition, ...rest } = event;
    expect(readAuditEntry([...Object.entries(rest).flat(), 'transition', transition])).to.deep.equal(event);
    expect(readAuditEntry(Object.entries(rest).flat())).to.deep.equal({ ...event, transition: '' });
  });

  it('keeps a detail that holds newlines, and empty parts (an erasure event has no workflow, most steps no transition)', () => {
    const odd = { ...event, workflow_id: '', transition: '', detail: 'a\nb\n\nc' };
    expect(readAuditEntry(packAuditEvent(odd))).to.deep.equal(odd);
  });

  it('reads a packed value cut short as the parts it has, the rest empty (as an old entry missing fields)', () => {
    expect(readAuditEntry([packedAuditField, 'acme\nwf-3-0a1b\ntruth'])).to.deep.equal({
      tenant: 'acme', workflow_id: 'wf-3-0a1b', stage: 'truth', type: '', seq: '', at: '', transition: '', detail: '{}',
    });
  });

  it('refuses to pack a newline anywhere but the detail (it would shift every part after it)', () => {
    expect(() => packAuditEvent({ ...event, type: 'a\nb' })).to.throw(/only its detail/);
  });
});
