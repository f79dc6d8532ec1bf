/**
 * The audit ledger as a compliance auditor relies on it: every step of a workflow is in the
 * tenant's ledger under the ids the workflow lists, chained by SHA-256; a signed checkpoint
 * verifies through the JWKS; an entry edited in Redis is caught by `ops audit verify`, and a
 * rewrite that recomputes every hash is caught by a checkpoint taken before it.
 */
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { chain, genesisHash, readLedgerEntry, packedLedgerField, toFields } from '../../src/audit/audit-chain';
import { AuditLedger } from '../../src/audit/audit-ledger';
import { OperationalModes } from '../../src/tenants/operational-modes';
import { envFor } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { runOps } from '../helpers/ops-cli';
import { waitFor } from '../helpers/wait';

interface Item { event_id: string; n: number; workflow_id: string; stage: string; type: string; prev_hash: string; hash: string; detail: Record<string, unknown> }

describe('audit ledger', function () {
  this.timeout(30000);
  let h: Harness;
  let workflowId: string;
  let auditIds: string[];

  before(async () => {
    h = await startHarness();
    const phone = '+919877711111';
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-AUD-0001', policy_number: 'POL-AUD', member_name: 'V Nair', claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 10, amount_approved: 10, reason_codes: [],
    });
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    await h.wa.waitFor((sent) => sent.length >= 1);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor((sent) => sent.length >= 2);
    const list = (await (await h.api('/v1/workflows?workflow_type=claim-status')).json()) as { items: { workflow_id: string }[] };
    workflowId = list.items[0]!.workflow_id;
    const workflow = await waitFor(async () => {
      const w = (await (await h.api(`/v1/workflows/${workflowId}`)).json()) as { status: string; audit_event_ids: string[] };
      return w.status === 'completed' ? w : null;
    }, { what: 'the workflow to complete' });
    auditIds = workflow.audit_event_ids;
  });
  after(async () => { await h?.close(); });

  const events = async (query: string) => (await (await h.api(`/v1/audit/events?${query}`)).json()) as { items: Item[]; next_cursor: string | null };
  const allEvents = async () => {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const page = await events(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  };

  it("holds every step of a workflow under the ids the workflow lists, in order, chained", async () => {
    const mine = await waitFor(async () => {
      const page = await events(`workflow_id=${workflowId}`);
      return page.items.length === auditIds.length ? page.items : null;
    }, { what: 'the workflow events in the ledger', intervalMs: 200 });
    expect(mine.map((e) => e.event_id)).to.deep.equal(auditIds);
    expect(mine.map((e) => e.stage)).to.include.members(['gateway', 'consent', 'router', 'truth', 'policy', 'outbound']);
    const all = await allEvents();
    expect(all.map((e) => e.n)).to.deep.equal(all.map((_, i) => i + 1));
    all.forEach((e, i) => expect(e.prev_hash).to.equal(i === 0 ? genesisHash : all[i - 1]!.hash));
    expect(JSON.stringify(all)).not.to.contain('919877711111');
    // The mover wrote runs (LEDGER_ENTRY_FORM's default): fewer entries than events, so these pages
    // of three continued after events inside an entry.
    expect(await h.services.redis.xlen(h.services.keys.ledger('acme')), 'ledger entries').to.be.below(all.length);
  });

  it('filters by type and stage, and needs audit:read', async () => {
    const sent = await events('type=reply.sent');
    expect(sent.items.length).to.be.greaterThan(0);
    expect(sent.items.every((e) => e.type === 'reply.sent' && e.stage === 'outbound')).to.equal(true);
    expect((await events('stage=truth')).items.every((e) => e.stage === 'truth')).to.equal(true);
    const res = await h.api('/v1/audit/events', { token: await h.token('workflow:read') });
    expect(res.status).to.equal(403);
  });

  it('issues checkpoints a partner verifies with the JWKS, and verifies an untouched ledger', async () => {
    const cp = (await (await h.api('/v1/audit/checkpoint')).json()) as { checkpoint: string; count: number; head_hash: string };
    const jwks = createLocalJWKSet((await (await fetch(`${h.apiUrl}/.well-known/jwks.json`)).json()) as { keys: [] });
    const { payload } = await jwtVerify(cp.checkpoint, jwks, { issuer: h.config.jwtIssuer, audience: `${h.config.jwtAudience}:audit-checkpoint` });
    expect(payload).to.include({ tenant_id: 'acme', ledger_count: cp.count, ledger_head: cp.head_hash });
    const verified = (await (await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ checkpoint: cp.checkpoint }) })).json()) as { valid: boolean; checkpoint: { valid: boolean } };
    expect(verified).to.include({ valid: true });
    expect(verified.checkpoint.valid).to.equal(true);
  });

  it('moves each event once even with several movers at work', async () => {
    const before = (await allEvents()).length;
    await h.wa.postInbound({ from: '+919877711111', text: 'status' });
    await h.wa.waitFor((sent) => sent.length >= 3);
    const movers = [1, 2, 3].map(() => new AuditLedger(h.services.redis, h.services.keys, h.config.partitions, h.services.log));
    await Promise.all(movers.map((m) => m.moveOnce()));
    await waitFor(async () => (await allEvents()).length === before + 6, { what: 'six more events', intervalMs: 200 });
    const all = await allEvents();
    expect(new Set(all.map((e) => e.event_id)).size).to.equal(all.length);
  });

  it('reads and verifies a ledger written partly in the older eleven fields (a rolling upgrade, LEDGER_ENTRY_FORM=fields)', async () => {
    const { redis, keys, log } = h.services;
    // A process still writing the older form records a mode change; the service's own (packed) records the next.
    const older = new OperationalModes(redis, keys, h.config.partitions, log, 'fields');
    await older.change('acme', 'RESTRICTED', 'upgrade drill', 'ops', Date.now());
    const [[, oldForm]] = (await redis.xrevrange(keys.ledger('acme'), '+', '-', 'COUNT', 1)) as [string, string[]][];
    expect(oldForm.filter((_, i) => i % 2 === 0)).to.deep.equal(['n', 'event_id', 'tenant_id', 'workflow_id', 'stage', 'type', 'at', 'detail', 'transition', 'prev_hash', 'hash']);
    const back = await h.api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'OPERATIONAL', reason: 'drill over' }) });
    expect(back.status, await back.clone().text()).to.equal(200);
    const [[, newForm]] = (await redis.xrevrange(keys.ledger('acme'), '+', '-', 'COUNT', 1)) as [string, string[]][];
    expect(newForm[0]).to.equal(packedLedgerField);

    const all = await allEvents();
    expect(all.map((e) => e.n)).to.deep.equal(all.map((_, i) => i + 1));
    all.forEach((e, i) => expect(e.prev_hash).to.equal(i === 0 ? genesisHash : all[i - 1]!.hash));
    expect(all.slice(-2).map((e) => [e.type, e.detail.from, e.detail.to, e.detail.reason])).to.deep.equal([
      ['operational_mode.changed', 'OPERATIONAL', 'RESTRICTED', 'upgrade drill'],
      ['operational_mode.changed', 'RESTRICTED', 'OPERATIONAL', 'drill over'],
    ]);
    const verified = (await (await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { valid: boolean; count: number };
    expect(verified).to.include({ valid: true, count: all.length });
  });

  it('catches an edited entry (ops audit verify) and a recomputed rewrite (an earlier checkpoint)', async function () {
    this.timeout(180_000); // three CLI runs, each a child process that tsx compiles first
    const { redis, keys } = h.services;
    const cp = (await (await h.api('/v1/audit/checkpoint')).json()) as { checkpoint: string };
    const dir = mkdtempSync(join(tmpdir(), 'cw-cp-'));
    writeFileSync(join(dir, 'checkpoint.jws'), cp.checkpoint);
    const verify = (...extra: string[]) => runOps(envFor(h.config), ['audit', 'verify', 'acme', ...extra]);

    const untouched = await verify(join(dir, 'checkpoint.jws'));
    expect(untouched.code, untouched.stdout + untouched.stderr).to.equal(0);
    expect(untouched.stdout).to.contain('chain intact');

    // Someone with Redis access changes event 2's detail and writes the ledger back.
    const ledgerKey = keys.ledger('acme');
    const original = ((await redis.xrange(ledgerKey, '-', '+')) as [string, string[]][]).flatMap(([id, f]) => readLedgerEntry(id, f).map((e) => e.event));
    const edited = original.map((e) => (e.n === 2 ? { ...e, detail: JSON.stringify({ forged: true }) } : e));
    const rewrite = async (list: typeof original) => {
      await redis.del(ledgerKey);
      for (const e of list) await redis.xadd(ledgerKey, '*', ...toFields(e));
    };
    await rewrite(edited);
    const broken = await verify('--json');
    expect(broken.code).to.equal(1);
    expect(JSON.parse(broken.stdout)).to.deep.include({ valid: false, first_broken: { n: 2, event_id: original[1]!.event_id, problem: 'the event was changed after it was written (its hash does not match its content)' } });

    // A careful forger recomputes every hash: the chain holds, the earlier checkpoint does not.
    const recomputed = chain(edited.map(({ event_id, tenant_id, workflow_id, stage, type, at, detail, transition }) => ({ event_id, tenant_id, workflow_id, stage, type, at, detail, transition })), genesisHash, 0);
    await rewrite(recomputed);
    await redis.hset(keys.ledgerHead('acme'), 'hash', recomputed[recomputed.length - 1]!.hash);
    const forged = await verify(join(dir, 'checkpoint.jws'));
    expect(forged.code).to.equal(1);
    expect(forged.stdout).to.contain('chain intact');
    expect(forged.stdout).to.contain('checkpoint FAILS');
  });
});
