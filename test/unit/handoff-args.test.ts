/** How runHandoff packs handoff.lua's ARGV (src/redis/scripts/handoff.ts): the ops' large strings and the transition table. */
import { expect } from 'chai';
import { packOps, transitionPairs } from '../../src/redis/scripts';

describe('hand-off arguments', () => {
  it('takes each op\'s payload and audit detail out of the ops JSON, into ARGV from 6 on, named by index', () => {
    const payload = JSON.stringify({ text: 'a "quoted" reply' });
    const { ops, strings } = packOps([
      { kind: 'forward', payload, audit_detail: '{}', seq: 1 },
      { kind: 'ack', seq: 2 },
      { kind: 'note', audit_detail: '{"x":1}', seq: 3 },
    ]);
    expect(strings).to.deep.equal([payload, '{}', '{"x":1}']);
    expect(JSON.parse(ops)).to.deep.equal([
      { kind: 'forward', payload: 6, audit_detail: 7, seq: 1 },
      { kind: 'ack', seq: 2 },
      { kind: 'note', audit_detail: 8, seq: 3 },
    ]);
  });

  it('writes the transition table as bar-delimited pairs, allowed ones only, and refuses what it cannot write', () => {
    expect(transitionPairs(JSON.stringify({ started: { completed: true, failed: true }, completed: {} }))).to.equal('|started>completed|started>failed|');
    expect(transitionPairs(JSON.stringify({ a: { b: false } }))).to.equal('||');
    expect(() => transitionPairs('{not json')).to.throw();
    expect(() => transitionPairs(JSON.stringify({ 'a>b': { c: true } }))).to.throw(/holds/);
  });
});
