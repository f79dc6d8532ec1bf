/**
 * A stage stream entry's two forms (src/runtime/envelope-codec.ts): the packed `w1` and the five
 * fields of earlier releases decode to the same envelope; a dead letter's or held entry's own
 * fields after it are read beside the entry's parts; an entry cut short is refused as an invalid
 * envelope (a dead letter, not a crash); an id that would shift the parts is refused when written.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { decodeEnvelope, encodeFields, packedEntryField, readStageEntry } from '../../src/runtime/envelope-codec';
import { AppError } from '../../src/errors';

const payload = { channel: 'whatsapp', businessNumberId: 'b', from: '+919800000001', messageId: 'wamid.1', text: 'claim kab\nmilega?', receivedAt: 1 };

describe('stage entries (both forms)', () => {
  it('packs an entry in one field, its parts in order, the payload last', () => {
    const json = JSON.stringify(payload);
    expect(encodeFields('packed', 'wf-3-ab', 'acme', 4, 1, json)).to.deep.equal([packedEntryField, `wf-3-ab\nacme\n4\n1\n${json}`]);
    expect(encodeFields('fields', 'wf-3-ab', 'acme', 4, 1, json)).to.deep.equal(['wf', 'wf-3-ab', 'tenant', 'acme', 'seq', '4', 'attempt', '1', 'payload', json]);
  });

  it('decodes both forms to the same envelope, for any ids, step and payload text', () => {
    const id = fc.string({ unit: fc.constantFrom('a', 'z', '0', '-', ':', '{', '\u0939'), minLength: 1 });
    fc.assert(fc.property(id, id, fc.nat(), fc.nat(), fc.string(), (wf, tenant, seq, attempt, text) => {
      const json = JSON.stringify({ ...payload, text });
      const packed = decodeEnvelope('truth', encodeFields('packed', wf, tenant, seq, attempt, json));
      expect(packed).to.deep.equal(decodeEnvelope('truth', encodeFields('fields', wf, tenant, seq, attempt, json)));
      expect(packed).to.deep.include({ workflowId: wf, tenantId: tenant, seq, attempt, stage: 'truth' });
      expect(packed.payload.text).to.equal(text);
    }), { numRuns: 500 });
  });

  it("reads a dead letter's own fields beside the entry's parts, in either form", () => {
    const json = JSON.stringify(payload);
    for (const form of ['packed', 'fields'] as const) {
      const record = readStageEntry([...encodeFields(form, 'wf-1-x', 'acme', 2, 5, json), 'reason', 'cms down', 'held_stage', 'truth']);
      expect(record).to.deep.equal({ wf: 'wf-1-x', tenant: 'acme', seq: '2', attempt: '5', payload: json, reason: 'cms down', held_stage: 'truth' });
      expect(decodeEnvelope('outbound', [...encodeFields(form, 'wf-1-x', 'acme', 2, 5, json), 'held_stage', 'truth'])).to.include({ workflowId: 'wf-1-x', seq: 2 });
    }
  });

  it('refuses an entry cut short as an invalid envelope', () => {
    for (const value of ['wf-1-x\nacme\n2\n0', 'wf-1-x\nacme', '', 'wf-1-x\nacme\ntwo\n0\n{}']) {
      const failure = (() => { try { decodeEnvelope('truth', [packedEntryField, value]); return null; } catch (err) { return err; } })();
      expect(failure, value).to.be.instanceOf(AppError);
      expect((failure as AppError).code).to.equal('invalid_envelope');
    }
  });

  it('refuses to pack an id holding a newline', () => {
    expect(() => encodeFields('packed', 'wf-1\nx', 'acme', 0, 0, '{}')).to.throw(/newline/);
    expect(() => encodeFields('packed', 'wf-1-x', 'ac\nme', 0, 0, '{}')).to.throw(/newline/);
  });
});
