/**
 * A tenant ledger entry's stored forms (src/audit/audit-chain.ts, toFields / fromFields, and the
 * runs of eventEntries / readLedgerEntry):
 * every reader of the ledger (the API's pages, the partner webhooks, the archiver, the verifier)
 * gets the same event from the packed form as from the older eleven fields, so a ledger written
 * partly before an upgrade and partly after reads and verifies as one.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { chain, eventEntries, fromFields, genesisHash, packedLedgerField, readLedgerEntry, toFields, ChainWalker, type LedgerEvent } from '../../src/audit/audit-chain';
import { streamIdAfter } from '../../src/redis/stream-ids';

const [event] = chain([{
  event_id: 'ae-3-1795000000000-0', tenant_id: 'acme', workflow_id: 'wf-3-0a1b', stage: 'truth', type: 'stage.completed', at: 1795000000000,
  detail: '{"route":"truth"}', transition: '{"workflow_id":"wf-3-0a1b","from":"started","to":"completed","seq":3,"workflow_type":"claim-status"}',
}], genesisHash, 41) as [LedgerEvent];

/** Text with no newline: what every part but the detail is. */
const line = fc.string({ unit: fc.constantFrom('a', 'z', '0', '-', ':', '{', '"', ' ', '\u0939', '\\') });

describe('ledger entries (both forms)', () => {
  it('packs an event in one field, its parts in order, the detail last', () => {
    expect(toFields(event)).to.deep.equal([packedLedgerField, [
      '42', 'ae-3-1795000000000-0', 'acme', 'wf-3-0a1b', 'truth', 'stage.completed', '1795000000000', event.transition, genesisHash, event.hash,
      '{"route":"truth"}'].join('\n')]);
    expect(fromFields(toFields(event))).to.deep.equal(event);
  });

  it('reads an entry of a run as its events, each under the id the append reserved for it; any other entry as one event', () => {
    const run = chain([1, 2, 3].map((k) => ({ event_id: `ae-0-1795000000000-${k}`, tenant_id: 'acme', workflow_id: 'wf-0-aa', stage: 'gateway', type: `t${k}`,
      at: 1795000000000 + k, detail: `{"k":${k}}\nsecond line` })), genesisHash, 0);
    const { events, eventsPerEntry } = eventEntries(run, 'runs');
    expect(eventsPerEntry).to.equal(16);
    expect(events).to.deep.equal(run.map((e) => toFields(e, 'packed')));
    // As appendLedger-2.lua stores them: the fields of the events one after the other, in one entry.
    expect(readLedgerEntry('1795000000009-7', events.flat())).to.deep.equal([
      { sid: '1795000000009-7', event: run[0] }, { sid: '1795000000009-8', event: run[1] }, { sid: '1795000000009-9', event: run[2] },
    ]);
    // Sequence numbers past 2^53 are added exactly.
    expect(readLedgerEntry('5-9007199254740993', events.flat()).map((e) => e.sid)).to.deep.equal(['5-9007199254740993', '5-9007199254740994', '5-9007199254740995']);
    expect(readLedgerEntry('5-0', toFields(run[0]!))).to.deep.equal([{ sid: '5-0', event: run[0] }]);
    expect(readLedgerEntry('5-0', toFields(run[0]!, 'fields'))).to.deep.equal([{ sid: '5-0', event: run[0] }]);
    expect(eventEntries(run, 'packed')).to.deep.equal({ events: run.map((e) => toFields(e, 'packed')), eventsPerEntry: 1 });
    expect(eventEntries(run, 'fields')).to.deep.equal({ events: run.map((e) => toFields(e, 'fields')), eventsPerEntry: 1 });
  });

  it('chains events to the hashes every release has written (archived ledgers stay verifiable), the claim hash kept outside', () => {
    // Pinned values: a change to the canonical form or to chain() would break every ledger already
    // written, in Redis and in the archive, at its first event after the upgrade.
    const claimIdHash = 'c'.repeat(43);
    const [first, second] = chain([
      { event_id: 'ae-3-1795000000000-0', tenant_id: 'acme', workflow_id: 'wf-3-0123456789abcdef0123', stage: 'policy', type: 'policy.approved',
        at: 1795000000123, detail: '{"rule":"r1"}', transition: '{"from":"running","to":"completed"}', claim_id_hash: claimIdHash },
      { event_id: 'ae-3-1795000000000-1', tenant_id: 'acme', workflow_id: 'wf-3-0123456789abcdef0123', stage: 'outbound', type: 'reply.sent',
        at: 1795000000456, detail: '{"kind":"text"}' },
    ], genesisHash, 41) as [LedgerEvent, LedgerEvent];
    expect(first).to.include({ n: 42, prev_hash: genesisHash, hash: '8f83d561760240f27145a319fb1697e4fab855e1cd3be1f90613fb1568341a36', claim_id_hash: claimIdHash });
    expect(second).to.include({ n: 43, transition: '', prev_hash: first.hash, hash: '8a84feae72a6ceb8bc4f6d099c3ab37af4544b0546261979aa3b772365e374f9' });
    expect(second).to.not.have.property('claim_id_hash');
    const walker = new ChainWalker(null, { count: 41, hash: genesisHash });
    walker.add([first, second]);
    expect(walker.result()).to.deep.equal({ valid: true, count: 43, head_hash: second.hash, first_broken: null });
  });

  it('orders stream ids by time, then sequence, as integers', () => {
    expect(streamIdAfter('2-0', '1-9')).to.equal(true);
    expect(streamIdAfter('1-10', '1-9')).to.equal(true);
    expect(streamIdAfter('1-9', '1-10')).to.equal(false);
    expect(streamIdAfter('1-9', '1-9')).to.equal(false);
    expect(streamIdAfter('1-9007199254740993', '1-9007199254740992')).to.equal(true);
  });

  it('writes and reads the older eleven fields', () => {
    const fields = toFields(event, 'fields');
    expect(fields.filter((_, i) => i % 2 === 0)).to.deep.equal(['n', 'event_id', 'tenant_id', 'workflow_id', 'stage', 'type', 'at', 'detail', 'transition', 'prev_hash', 'hash']);
    expect(fromFields(fields)).to.deep.equal(event);
  });

  it('reads back any event from either form (newlines, empty parts, Hindi and backslashes in the detail)', () => {
    fc.assert(fc.property(
      fc.record({
        n: fc.integer({ min: 1, max: 2 ** 40 }), event_id: line, tenant_id: line, workflow_id: line, stage: line, type: line,
        at: fc.integer({ min: 0, max: 2 ** 45 }), transition: line, prev_hash: line, hash: line, detail: fc.string(),
      }),
      (e) => {
        expect(fromFields(toFields(e))).to.deep.equal(e);
        expect(fromFields(toFields(e, 'fields'))).to.deep.equal(e);
      },
    ), { numRuns: 1000 });
  });

  it('refuses to pack a newline anywhere but the detail (it would shift every part after it)', () => {
    expect(() => toFields({ ...event, type: 'a\nb' })).to.throw(/only its detail/);
    expect(() => toFields({ ...event, transition: '{\n}' })).to.throw(/only its detail/);
    expect(fromFields(toFields({ ...event, detail: 'a\nb\n' })).detail).to.equal('a\nb\n');
  });

  it('reads a packed value cut short as the parts it has, and the chain walk calls it broken', () => {
    const short = fromFields([packedLedgerField, '42\nae-3-1795000000000-0\nacme']);
    expect(short).to.deep.include({ n: 42, event_id: 'ae-3-1795000000000-0', tenant_id: 'acme', workflow_id: '', hash: '', detail: '{}' });
    const walker = new ChainWalker(null, { count: 41, hash: genesisHash });
    walker.add([short]);
    expect(walker.result()).to.deep.include({ valid: false });
  });

  it('verifies a ledger whose older entries are fields and newer ones packed as one chain', () => {
    const events = chain(Array.from({ length: 6 }, (_, i) => ({
      event_id: `ae-0-${i}-0`, tenant_id: 'acme', workflow_id: 'wf-0-1', stage: 'gateway', type: 'message.received', at: 1795000000000 + i, detail: '{}',
    })), genesisHash, 0);
    const stored = events.map((e, i) => (i < 3 ? toFields(e, 'fields') : toFields(e)));
    const walker = new ChainWalker();
    walker.add(stored.map(fromFields));
    expect(walker.result()).to.deep.equal({ valid: true, count: 6, head_hash: events[5]!.hash, first_broken: null });
    // The same walk over a copy with one packed entry's detail changed names that entry.
    const forged = stored.map((f, i) => (i === 4 ? [f[0]!, f[1]!.replace(/\{\}$/, '{"x":1}')] : f));
    const forgedWalk = new ChainWalker();
    forgedWalk.add(forged.map(fromFields));
    expect(forgedWalk.result().first_broken).to.deep.include({ n: 5, event_id: 'ae-0-4-0' });
  });
});
