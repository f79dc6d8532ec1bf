/** How runHandoff packs handoff.lua's ARGV (src/redis/scripts/handoff.ts): the ops' large strings and the transition table. */
import { expect } from 'chai';
import { packOps, transitionPairs } from '../../src/redis/scripts';

describe('hand-off arguments', () => {
  it('gives each op 13 ARGV: its common fields, then every other field as one JSON object', () => {
    const payload = JSON.stringify({ text: 'a "quoted" reply' });
    const base = { entry: '1-0', wf: 'cw:{p0}:wf:w1', wf_id: 'w1', seq: 3, tenant: 't', stage: 'truth' };
    const { count, args } = packOps([
      { ...base, kind: 'forward', audit_type: 'a', audit_detail: '{}', next: 'cw:{p0}:s:policy', payload, done: false, set: {} },
      { ...base, kind: 'finish', audit_type: 'b', audit_detail: '{"x":1}', status: 'completed', done: true, set: { outcome: 'ok' } },
      { entry: '2-0', kind: 'dead', wf: '', wf_id: '', seq: 0, tenant: '', stage: 'truth', dlq: 'cw:{p0}:dlq:truth', dlq_fields: ['f', 'v'], audit_type: 'bad', audit_detail: '{}' },
    ]);
    expect(count).to.equal(3);
    expect(args).to.have.length(39);
    expect(args.slice(0, 13)).to.deep.equal(['forward', '1-0', 'cw:{p0}:wf:w1', 'w1', '3', 't', 'truth', 'a', '{}', '', 'cw:{p0}:s:policy', payload, '']);
    expect(args.slice(13, 26)).to.deep.equal(['finish', '1-0', 'cw:{p0}:wf:w1', 'w1', '3', 't', 'truth', 'b', '{"x":1}', 'completed', '', '',
      JSON.stringify({ done: true, set: { outcome: 'ok' } })]);
    expect(args.slice(26)).to.deep.equal(['dead', '2-0', '', '', '0', '', 'truth', 'bad', '{}', '', '', '',
      JSON.stringify({ dlq: 'cw:{p0}:dlq:truth', dlq_fields: ['f', 'v'] })]);
  });

  it('gives a chained op (no entry, the workflow of the op before it) 9 ARGV, its kind marked with +; a plain chained forward 5, its kind sent as >', () => {
    const base = { wf: 'cw:{p0}:wf:w1', wf_id: 'w1', tenant: 't' };
    const { args } = packOps([
      { ...base, entry: '1-0', kind: 'forward', seq: 0, stage: 'gateway', audit_type: 'a', audit_detail: '{}' },
      { ...base, kind: 'forward', seq: 1, stage: 'consent', audit_type: 'b', audit_detail: '{}' },
      { ...base, kind: 'forward', seq: 2, stage: 'router', audit_type: 'e', audit_detail: '{}', next: 'cw:{p0}:s:truth', payload: '{}', set: { workflow_type: 'claim-status' } },
      { ...base, kind: 'finish', seq: 3, stage: 'truth', audit_type: 'c', audit_detail: '{}', status: 'completed', done: true },
      // Without an entry but another workflow's: not chained, sent whole (the script refuses it).
      { wf: 'cw:{p0}:wf:w2', wf_id: 'w2', tenant: 't', kind: 'forward', seq: 1, stage: 'consent', audit_type: 'd', audit_detail: '{}' },
    ]);
    expect(args).to.have.length(13 + 5 + 9 + 9 + 13);
    expect(args.slice(13, 18)).to.deep.equal(['>', '1', 'consent', 'b', '{}']);
    // A chained forward with a next stream, a payload or other fields is not plain: 9.
    expect(args.slice(18, 27)).to.deep.equal(['+forward', '2', 'router', 'e', '{}', '', 'cw:{p0}:s:truth', '{}', JSON.stringify({ set: { workflow_type: 'claim-status' } })]);
    expect(args.slice(27, 36)).to.deep.equal(['+finish', '3', 'truth', 'c', '{}', 'completed', '', '', JSON.stringify({ done: true })]);
    expect(args.slice(36, 40)).to.deep.equal(['forward', '', 'cw:{p0}:wf:w2', 'w2']);
  });

  it('refuses an op it cannot write: no wf, an empty common field, a field of the wrong type', () => {
    expect(() => packOps([{ kind: 'ack', entry: '1-0', wf_id: 'w', seq: 1, tenant: 't' }])).to.throw(/without wf/);
    expect(() => packOps([{ kind: '', entry: '1-0', wf: 'k', wf_id: 'w', seq: 1, tenant: 't' }])).to.throw(/empty kind/);
    expect(() => packOps([{ kind: 'ack', entry: '1-0', wf: 'k', wf_id: 'w', seq: 1, tenant: 't', payload: {} }])).to.throw(/payload/);
  });

  it('writes the transition table as bar-delimited pairs, allowed ones only, and refuses what it cannot write', () => {
    expect(transitionPairs(JSON.stringify({ started: { completed: true, failed: true }, completed: {} }))).to.equal('|started>completed|started>failed|');
    expect(transitionPairs(JSON.stringify({ a: { b: false } }))).to.equal('||');
    expect(() => transitionPairs('{not json')).to.throw();
    expect(() => transitionPairs(JSON.stringify({ 'a>b': { c: true } }))).to.throw(/holds/);
  });
});
