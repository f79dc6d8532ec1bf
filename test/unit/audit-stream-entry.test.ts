/**
 * The partition audit stream's entry forms (src/audit/audit-stream-entry.ts): what the mover and
 * the erasure's drain read from an older writer's seven fields, from one packed field, and from a
 * hand-off's several packed events in one entry.
 */
import { expect } from 'chai';
import { packAuditEvent, packedAuditField, readAuditEntry, readAuditEvents, type WaitingAuditEvent } from '../../src/audit/audit-stream-entry';

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

  it('reads an entry of several packed events (a hand-off\'s) as each event under its own id, the entry\'s and the ones after it', () => {
    const second = { ...event, workflow_id: 'wf-3-0a1c', detail: 'x\ny' };
    const third = { ...event, tenant: 'beta', transition: '' };
    const fields = [...packAuditEvent(event), ...packAuditEvent(second), ...packAuditEvent(third)];
    expect(readAuditEvents('1795000000123-7', fields)).to.deep.equal([
      { id: '1795000000123-7', event }, { id: '1795000000123-8', event: second }, { id: '1795000000123-9', event: third },
    ]);
    // A sequence number past 2^53 still counts exactly.
    expect(readAuditEvents('5-18446744073709551610', fields).map((e) => e.id)).to.deep.equal(['5-18446744073709551610', '5-18446744073709551611', '5-18446744073709551612']);
  });

  it('reads a one-event entry, packed or in fields, as that event under the entry\'s id', () => {
    expect(readAuditEvents('9-0', packAuditEvent(event))).to.deep.equal([{ id: '9-0', event }]);
    expect(readAuditEvents('9-1', Object.entries(event).flat())).to.deep.equal([{ id: '9-1', event }]);
  });

  it('refuses to pack a newline anywhere but the detail (it would shift every part after it)', () => {
    expect(() => packAuditEvent({ ...event, type: 'a\nb' })).to.throw(/only its detail/);
  });
});
