/**
 * Operational modes as a partner and its claimants see them: while SUSPENDED, messages keep
 * arriving and nothing reaches a claimant; back to OPERATIONAL, every held reply goes out, in
 * order, once. Under RESTRICTED claim-status is still answered. Every change is audited.
 */
import { expect } from 'chai';
import { envFor } from '../helpers/child-service';
import { runOps } from '../helpers/ops-cli';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('operational modes', function () {
  this.timeout(30000);
  let h: Harness;
  const phones = ['+919866611101', '+919866611102'];

  before(async () => {
    h = await startHarness();
    phones.forEach((phone, i) => h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: `CLM-MODE-${i}`, policy_number: 'POL-M', member_name: 'A Sen', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 10, amount_approved: null, reason_codes: [],
    }));
    for (const from of phones) await h.wa.postInbound({ from, text: 'YES' });
    await h.wa.waitFor((sent) => sent.length >= 2);
    h.wa.reset();
  });
  after(async () => { await h?.close(); });

  const setMode = async (mode: string, reason = 'test') => {
    const res = await h.api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, reason }) });
    expect(res.status).to.equal(200);
    return (await res.json()) as { mode: string; reason: string; changed_at: string };
  };

  it('holds every reply while SUSPENDED and sends them in order, once, when OPERATIONAL again', async () => {
    expect(await setMode('SUSPENDED', 'CMS migration tonight')).to.include({ mode: 'SUSPENDED', reason: 'CMS migration tonight' });
    const sentOrder: string[] = [];
    for (let i = 0; i < 3; i++) {
      for (const from of phones) {
        const res = await h.wa.postInbound({ from, text: 'claim status' });
        expect(res.status).to.equal(200);
        sentOrder.push(...(res.body as { workflow_ids: string[] }).workflow_ids);
      }
    }
    // Everything reaches the outbound stage and is held there: the provider gets nothing.
    await waitFor(async () => {
      const statuses = await Promise.all(sentOrder.map(async (id) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { audit_event_ids: string[] }).audit_event_ids.length));
      return statuses.every((n) => n === 6) ? true : null; // gateway..policy + reply.held
    }, { what: 'all six replies held', intervalMs: 100 });
    expect(h.wa.sent).to.have.length(0);

    expect(await setMode('OPERATIONAL', 'migration done')).to.include({ mode: 'OPERATIONAL' });
    const sent = await h.wa.waitFor((all) => all.length >= 6);
    const replied = sent.map((m) => m.bizOpaque!.split(':')[0]!);
    expect(new Set(replied).size).to.equal(6);
    // In order per claimant: each phone's replies come in the order its messages came.
    for (const phone of phones) {
      const mine = sentOrder.filter((_, i) => phones[i % 2] === phone);
      expect(sent.filter((m) => m.to === phone).map((m) => m.bizOpaque!.split(':')[0])).to.deep.equal(mine);
    }
    await waitFor(async () => {
      const statuses = await Promise.all(sentOrder.map(async (id) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { status: string }).status));
      return statuses.every((st) => st === 'completed');
    }, { what: 'all workflows completed', intervalMs: 100 });
    expect(h.wa.sent).to.have.length(6);
  });

  it('answers claim-status under RESTRICTED', async () => {
    await setMode('RESTRICTED', 'only status lookups today');
    const before = h.wa.sent.length;
    await h.wa.postInbound({ from: phones[0]!, text: 'claim status' });
    const sent = await h.wa.waitFor((all) => all.length > before);
    expect(sent[sent.length - 1]!.text).to.match(/Under review/);
    await setMode('OPERATIONAL', 'back to normal');
  });

  it('reads the mode with any token, changes it only with tenant:admin and a reason, and audits each change', async () => {
    const read = await h.api('/v1/tenant/operational-mode', { token: await h.token('workflow:read') });
    expect(await read.json()).to.include({ mode: 'OPERATIONAL', reason: 'back to normal' });
    const refused = await h.api('/v1/tenant/operational-mode', { method: 'PUT', token: await h.token('workflow:read'), headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'SUSPENDED', reason: 'x' }) });
    expect(refused.status).to.equal(403);
    const noReason = await h.api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'SUSPENDED' }) });
    expect(noReason.status).to.equal(400);
    const events = (await (await h.api('/v1/audit/events?type=operational_mode.changed')).json()) as { items: { detail: { from: string; to: string; reason: string } }[] };
    expect(events.items.map((e) => [e.detail.from, e.detail.to])).to.deep.equal([
      ['OPERATIONAL', 'SUSPENDED'], ['SUSPENDED', 'OPERATIONAL'], ['OPERATIONAL', 'RESTRICTED'], ['RESTRICTED', 'OPERATIONAL'],
    ]);
    const verified = (await (await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { valid: boolean };
    expect(verified.valid).to.equal(true);
  });

  it('lets an operator read and change the mode with ops', async function () {
    this.timeout(180_000); // two CLI runs, each a child process that tsx compiles first
    const change = await runOps(envFor(h.config), ['tenant', 'mode', 'acme', 'SUSPENDED', '--reason', 'incident 42', '--json']);
    expect(change.code, change.stderr).to.equal(0);
    expect(JSON.parse(change.stdout)).to.include({ mode: 'SUSPENDED', reason: 'incident 42', changed_by: 'ops' });
    const show = await runOps(envFor(h.config), ['tenant', 'mode', 'acme', 'OPERATIONAL']);
    expect(show.code).to.equal(2);
    expect(show.stderr).to.contain('--reason');
  });
});
