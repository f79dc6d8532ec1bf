/** handoff.lua's answers read into typed results (src/redis/scripts.ts, parseHandoffResult). */
import { expect } from 'chai';
import { parseHandoffResult } from '../../src/redis/scripts';

describe('hand-off results', () => {
  it('reads each answer the script gives', () => {
    expect(parseHandoffResult('ae-3-1700000000000-0')).to.deep.equal({ kind: 'applied', auditId: 'ae-3-1700000000000-0' });
    expect(parseHandoffResult('retry')).to.deep.equal({ kind: 'retry' });
    expect(parseHandoffResult('dead')).to.deep.equal({ kind: 'dead' });
    expect(parseHandoffResult('stale')).to.deep.equal({ kind: 'stale' });
    expect(parseHandoffResult('illegal:completed:started')).to.deep.equal({ kind: 'illegal', from: 'completed', to: 'started' });
  });
});
