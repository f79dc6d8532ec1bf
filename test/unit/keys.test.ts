/**
 * Keys: a claimant always lands in the same partition, a workflow id names its partition, ids
 * that are not ours are refused, and every key of one partition shares one Redis Cluster hash
 * tag, so one Lua script may touch them all. docs/architecture.md lists every key.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keys } from '../../src/redis/keys';
import { stageNames } from '../../pipeline/vocabulary';

/** The part of a key Redis Cluster hashes: the text between the first `{` and the next `}`. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  return open >= 0 && close > open + 1 ? key.slice(open + 1, close) : key;
}

describe('Keys', () => {
  const keys = new Keys('cw', 8);

  it('puts a tenant + phone in the same partition every time, and within range', () => {
    const p = keys.partitionOf('acme', '+919800000001');
    expect(new Keys('cw', 8).partitionOf('acme', '+919800000001')).to.equal(p);
    for (let i = 0; i < 200; i++) {
      const q = keys.partitionOf('acme', `+9198000${String(i).padStart(5, '0')}`);
      expect(q).to.be.within(0, 7);
    }
  });

  it('spreads claimants over every partition', () => {
    const used = new Set(Array.from({ length: 400 }, (_, i) => keys.partitionOf('acme', `+9198${String(i).padStart(8, '0')}`)));
    expect(used.size).to.equal(8);
  });

  it('gives a workflow id that names its partition', () => {
    for (let p = 0; p < 8; p++) {
      const id = keys.newWorkflowId(p);
      expect(id).to.match(/^wf-\d+-[0-9a-f]{20}$/);
      expect(keys.partitionOfWorkflow(id)).to.equal(p);
    }
    expect(keys.newWorkflowId(3)).not.to.equal(keys.newWorkflowId(3));
  });

  it('gives distinct ids across refills of its random pool (4,096 bytes, 10 an id)', () => {
    const ids = Array.from({ length: 5000 }, () => keys.newWorkflowId(1));
    expect(new Set(ids).size).to.equal(5000);
    for (const id of ids) expect(id).to.match(/^wf-1-[0-9a-f]{20}$/);
    // Every hex digit turns up in every position (a pool read at a wrong offset would repeat or stick).
    for (let at = 5; at < 25; at++) expect(new Set(ids.map((id) => id[at])).size, `position ${at}`).to.equal(16);
  });

  it('refuses ids that are not ours', () => {
    for (const id of ['', 'abc', 'wf-3', 'wf-3-short', 'wf-x-0123456789abcdef0123', 'WF-3-0123456789abcdef0123',
      'wf-3-0123456789ABCDEF0123', 'wf-3-0123456789abcdef0123/../x', 'wf-8-0123456789abcdef0123', 'wf-12345-0123456789abcdef0123']) {
      expect(keys.partitionOfWorkflow(id), id).to.equal(null);
    }
  });

  it('tags every key of one partition with the same {pN}', () => {
    const p = 3;
    const all = [
      ...stageNames.flatMap((s) => [keys.stream(p, s), keys.deadLetters(p, s)]),
      keys.workflow(p, 'wf-3-0123456789abcdef0123'), keys.workflowIndex(p, 'acme'), keys.seenMessage(p, 'acme', 'wamid.X'),
      keys.consent(p, 'acme', 'ab'.repeat(32)), keys.audit(p), keys.timers(p),
    ];
    expect(new Set(all.map(hashTag))).to.deep.equal(new Set(['p3']));
    expect(hashTag(keys.stream(4, 'truth'))).to.equal('p4');
  });

  it('tags tenant keys with {t:TENANT} and lookups with {g}', () => {
    expect(new Set([keys.tenant('acme'), keys.clients('acme'), keys.channelStatuses('acme')].map(hashTag))).to.deep.equal(new Set(['t:acme']));
    expect(new Set([keys.tenantSet(), keys.whatsappRoutes(), keys.whatsappVerifyTokens(), keys.clientIndex(), keys.signingKeys()].map(hashTag)))
      .to.deep.equal(new Set(['g']));
  });

  it('starts every key with the configured prefix', () => {
    const other = new Keys('t1a2b', 4);
    expect(other.stream(0, 'gateway')).to.equal('t1a2b:{p0}:stream:gateway');
    expect(other.tenant('acme')).to.equal('t1a2b:{t:acme}:tenant');
  });

  it('is documented method by method in docs/architecture.md', () => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'architecture.md'), 'utf8');
    const methods = Object.getOwnPropertyNames(Keys.prototype).filter((m) => m !== 'constructor' && !['p', 't', 'g'].includes(m));
    const missing = methods.filter((m) => !doc.includes(`\`${m}(`));
    expect(missing, 'Keys methods missing from docs/architecture.md').to.deep.equal([]);
  });
});
