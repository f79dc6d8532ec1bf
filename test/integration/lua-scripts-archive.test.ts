/**
 * archiveLedgerTo-2.lua and trimArchivedWorkflows.lua against a real Redis, through their typed
 * wrappers (runArchiveLedgerTo, runTrimArchivedWorkflows): the trims the archiver makes once the
 * archive confirmed what it holds (docs/retention.md). The marker only moves forward and the trim
 * never passes it; a record that changed after its copy stays.
 */
import { expect } from 'chai';
import { nextStreamId, runArchiveLedgerTo, runTrimArchivedWorkflows } from '../../src/redis/scripts';
import { writeHistory } from '../helpers/archive-data';
import { scriptServicesPerSuite } from '../helpers/script-services';

const tenant = 'acme';

describe('archive Lua scripts against Redis (archiveLedgerTo-2.lua, trimArchivedWorkflows.lua)', function () {
  this.timeout(20000);
  const s = scriptServicesPerSuite();

  const ids = async () => ((await s.services.redis.xrange(s.services.keys.ledger(tenant), '-', '+')) as [string, string[]][]).map(([id]) => id);

  it('marks the ledger archived up to N and trims it from the oldest up to N, keeping the head', async () => {
    const { redis, keys } = s.services;
    await writeHistory(s.services, tenant, { workflows: 4, eventsPer: 2, t0: 1_000_000, step: 1000 });
    const before = await ids();
    expect(await runArchiveLedgerTo(redis, keys, tenant, 3, before[2]!)).to.deep.equal({ archivedTo: 3, trimmed: 3 });
    expect(await ids()).to.deep.equal(before.slice(3));
    expect(await redis.hgetall(keys.archived(tenant))).to.deep.equal({ ledger_n: '3', ledger_sid: before[2], ledger_next: nextStreamId(before[2]!) });
    expect(await redis.hget(keys.ledgerHead(tenant), 'count')).to.equal('8');
  });

  it('never moves the marker back, and never trims past it (a late archiver whose lease ran out)', async () => {
    const { redis, keys } = s.services;
    await writeHistory(s.services, tenant, { workflows: 3, eventsPer: 2, t0: 1_000_000, step: 1000 });
    const before = await ids();
    await runArchiveLedgerTo(redis, keys, tenant, 4, before[3]!);
    expect(await runArchiveLedgerTo(redis, keys, tenant, 2, before[1]!)).to.deep.equal({ archivedTo: 4, trimmed: 0 });
    expect(await redis.hget(keys.archived(tenant), 'ledger_n')).to.equal('4');
    expect(await ids()).to.deep.equal(before.slice(4));
  });

  it('computes the MINID after a stream id, sequence included', () => {
    expect(nextStreamId('1700000000000-0')).to.equal('1700000000000-1');
    expect(nextStreamId('5-18446744073709551614')).to.equal('5-18446744073709551615');
  });

  it('removes confirmed records and their index entries, but not one that changed after its copy', async () => {
    const { redis, keys } = s.services;
    const history = await writeHistory(s.services, tenant, { workflows: 2, eventsPer: 1, t0: 1_000_000, step: 1000 });
    const [a, b] = history.workflowIds as [string, string];
    // Both in partition 0 and 1 (i % partitions): trim each in its own partition.
    const [pa, pb] = [keys.partitionOfWorkflow(a)!, keys.partitionOfWorkflow(b)!];
    const copiedA = (await redis.hget(keys.workflow(pa, a), 'updated_at'))!;
    expect(await runTrimArchivedWorkflows(redis, keys, pa, tenant, [{ workflowId: a, updatedAt: copiedA }])).to.equal(1);
    expect(await redis.exists(keys.workflow(pa, a))).to.equal(0);
    expect(await redis.zscore(keys.workflowIndex(pa, tenant), a)).to.equal(null);
    // b moved on after the copy: it stays hot, in its index.
    expect(await runTrimArchivedWorkflows(redis, keys, pb, tenant, [{ workflowId: b, updatedAt: '1' }])).to.equal(0);
    expect(await redis.exists(keys.workflow(pb, b))).to.equal(1);
    expect(await redis.zscore(keys.workflowIndex(pb, tenant), b)).to.not.equal(null);
    expect(await runTrimArchivedWorkflows(redis, keys, pb, tenant, [])).to.equal(0);
  });
});
