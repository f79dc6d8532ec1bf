/**
 * Erasure touches only its claimant. Two tenants share the claimant's partition; their claimants'
 * numbers share a prefix, and one number is a claimant of both tenants. Each claimant has work in
 * flight in every place erasure sweeps: stage-stream entries (a reply waiting in a retry timer, its
 * earlier steps still in the streams), a dead letter, pending-documents wait timers and send
 * records. A prefix or a malformed number is a 400 and changes nothing; erasing one claimant
 * removes only theirs, and every other claimant's reply still reaches the fake provider: the retry
 * timer fires, the dead letter can be redriven, the reminder comes.
 */
import { expect } from 'chai';
import { ManualClock } from '../../src/clock';
import { listDeadLetters, redriveDeadLetter } from '../../src/ops/dead-letters';
import { startRoles, type RunningRoles } from '../../src/roles';
import { runnableStageNames } from '../../pipeline/stages/index';
import { sha256Hex } from '../../src/phi';
import { onboardFakeTenant, type FakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const hour = 3600_000;

interface Claimant { name: string; tenant: FakeTenant; phone: string; claimId: string; workflows: string[] }

describe('claimant erasure touches only its claimant', function () {
  this.timeout(60000);
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  let h: Harness;
  let beta: FakeTenant;
  const tokens = new Map<string, string>();
  let erased: Claimant;
  let others: Claimant[] = [];
  let partition = -1;
  // The outbound stage runs in a role of its own, stopped while replies are to wait in its stream.
  let outbound: RunningRoles | null = null;
  const startOutbound = async () => { outbound = await startRoles(h.services, { api: false, scheduler: false, stages: ['outbound'] }); };

  before(async () => {
    h = await startHarness({ clock, roles: { api: true, scheduler: true, stages: runnableStageNames.filter((s) => s !== 'outbound') } });
    await startOutbound();
    beta = await onboardFakeTenant(h.services, h.cms, h.wa, { tenantId: 'beta', phoneNumberId: '100200301' });
    // Statuses would be posted as whichever tenant the fake is set to at the time: not needed here.
    h.wa.configureStatuses({ mode: 'off' });
    const keys = h.services.keys;
    // Numbers of one prefix whose claimants share a partition: the erased one's number is also a
    // claimant of the other tenant, in the same partition (the sweep's place).
    const numbers = Array.from({ length: 100 }, (_, i) => `+9198340722${String(i).padStart(2, '0')}`);
    const shared = numbers.find((n) => keys.partitionOf('acme', n) === keys.partitionOf('beta', n))!;
    partition = keys.partitionOf('acme', shared);
    const acmeOther = numbers.find((n) => n !== shared && keys.partitionOf('acme', n) === partition)!;
    const betaOther = numbers.find((n) => n !== shared && n !== acmeOther && keys.partitionOf('beta', n) === partition)!;
    erased = { name: 'acme erased', tenant: h.tenant, phone: shared, claimId: 'CLM-ISO-1', workflows: [] };
    others = [
      { name: 'beta same number', tenant: beta, phone: shared, claimId: 'CLM-ISO-1', workflows: [] },
      { name: 'acme same prefix', tenant: h.tenant, phone: acmeOther, claimId: 'CLM-ISO-2', workflows: [] },
      { name: 'beta same prefix', tenant: beta, phone: betaOther, claimId: 'CLM-ISO-3', workflows: [] },
    ];
  });
  after(async () => {
    await outbound?.close();
    await h?.close();
  });

  const everyone = () => [erased, ...others];
  const sentTo = (c: Claimant) => h.wa.sent.filter((m) => m.to === c.phone && m.phoneNumberId === c.tenant.doc.channels.whatsapp.phone_number_id);

  async function tokenOf(t: FakeTenant): Promise<string> {
    const known = tokens.get(t.doc.tenant_id);
    if (known) return known;
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: t.credentials.client_id, client_secret: t.credentials.client_secret }),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    tokens.set(t.doc.tenant_id, token);
    return token;
  }

  /** Posts a claimant's message as the fake provider does for their tenant's number. */
  async function inbound(c: Claimant, text: string): Promise<string[]> {
    const wa = c.tenant.doc.channels.whatsapp;
    h.wa.configure({ appSecret: wa.app_secret, phoneNumberId: wa.phone_number_id });
    const res = await h.wa.postInbound({ from: c.phone, text });
    expect(res.status).to.equal(200);
    const ids = (res.body as { workflow_ids: string[] }).workflow_ids;
    c.workflows.push(...ids);
    return ids;
  }

  function claim(c: Claimant, status: 'UNDER_REVIEW' | 'DOCUMENTS_PENDING'): void {
    h.cms.upsertClaim(c.tenant.doc.cms.api_key, {
      claim_id: c.claimId, policy_number: 'POL-ISO', member_name: 'Kavya Nair', claimant_phone: c.phone, status,
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 70000, amount_approved: null, reason_codes: [],
    });
  }

  const redis = () => h.services.redis;
  const keys = () => h.services.keys;

  /** Every key of the shared partition (but its audit stream, which the mover empties at any time), with what it holds. */
  async function partitionDump(): Promise<Map<string, string[]>> {
    const r = redis();
    const dump = new Map<string, string[]>();
    const audit = keys().audit(partition);
    let cursor = '0';
    do {
      const [next, found] = await r.scan(cursor, 'MATCH', `${h.config.keyPrefix}:{p${partition}}*`, 'COUNT', 1000);
      for (const key of found) {
        if (key === audit) continue;
        const type = await r.type(key);
        const items = type === 'string' ? [(await r.get(key)) ?? '']
          : type === 'hash' ? Object.entries(await r.hgetall(key)).map(([k, v]) => `${k}=${v}`).sort()
          : type === 'set' ? (await r.smembers(key)).sort()
          : type === 'zset' ? await r.zrange(key, 0, -1)
          : type === 'stream' ? ((await r.xrange(key, '-', '+')) as [string, string[]][]).map(([id, f]) => `${id} ${JSON.stringify(f)}`)
          : [`(${type})`];
        dump.set(key, items);
      }
      cursor = next;
    } while (cursor !== '0');
    return dump;
  }

  const erase = async (t: FakeTenant, body: unknown) => h.api('/v1/claimants/erasure', {
    method: 'POST', token: await tokenOf(t), headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });

  const timerMembers = async () => redis().zrange(keys().timers(partition), 0, -1);
  const waitTimerMembers = async () => redis().zrange(keys().workflowTimers(partition), 0, -1);
  const deadLetters = async () => (await listDeadLetters(h.services, 'outbound')).entries;

  it('puts each claimant\'s work in flight: stage entries, a retry timer, a dead letter, wait timers and send records', async () => {
    for (const c of everyone()) {
      // Consent on file (the YES is answered).
      const before = sentTo(c).length;
      await inbound(c, 'YES');
      await h.wa.waitFor(() => sentTo(c).length > before);
    }
    for (const c of everyone()) {
      // A reply whose send fails with a 503: it waits in the partition's retry timers (the
      // injected clock does not move, so it stays there).
      claim(c, 'UNDER_REVIEW');
      h.wa.failNext(1, 503);
      const [id] = await inbound(c, 'What is my claim status?');
      await waitFor(async () => ((await timerMembers()).some((m) => m.includes(id!)) ? true : null), { what: `${c.name}'s retry timer` });
    }
    for (const c of everyone()) {
      // A reply the provider refuses (400): a dead letter of the outbound stage.
      h.wa.failNext(1, 400);
      const before = (await deadLetters()).length;
      await inbound(c, 'Why was my claim cut?');
      await waitFor(async () => ((await deadLetters()).length > before ? true : null), { what: `${c.name}'s dead letter` });
    }
    for (const c of everyone()) {
      // A pending-documents follow-up: its first message goes out, its reminders wait in the wait timers.
      claim(c, 'DOCUMENTS_PENDING');
      h.cms.setPendingDocuments(c.tenant.doc.cms.api_key, c.claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
      const before = sentTo(c).length;
      const res = await h.api('/v1/cms/events', {
        method: 'POST', token: await tokenOf(c.tenant), headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'claim.documents_pending', claim_id: c.claimId }),
      });
      expect(res.status, await res.clone().text()).to.be.oneOf([200, 201, 202]);
      const id = ((await res.json()) as { workflow_id: string }).workflow_id;
      c.workflows.push(id);
      await h.wa.waitFor(() => sentTo(c).length > before);
      await waitFor(async () => ((await waitTimerMembers()).some((m) => m.includes(id)) ? true : null), { what: `${c.name}'s wait timers` });
    }
    // A reply waiting in the outbound stage's stream: its worker is stopped.
    await outbound!.close();
    outbound = null;
    const stream = keys().stream(partition, 'outbound');
    for (const c of everyone()) {
      const before = await redis().xlen(stream);
      await inbound(c, 'What is my claim status?');
      await waitFor(async () => ((await redis().xlen(stream)) > before ? true : null), { what: `${c.name}'s reply in the outbound stream` });
    }
    // Every claimant's work is in the shared partition: in a stage stream, a send record, a timer, a dead letter.
    for (const c of everyone()) {
      for (const id of c.workflows) expect(h.services.keys.partitionOfWorkflow(id), c.name).to.equal(partition);
      const dump = await partitionDump();
      const holding = (part: string) => [...dump].some(([key, items]) => key.includes(part) && items.some((v) => c.workflows.some((id) => v.includes(id))));
      for (const place of [':stream:', ':dlq:outbound', ':timers', ':wf-timers']) expect(holding(place), `${c.name} in ${place}`).to.equal(true);
      expect([...dump.keys()].some((k) => k.includes(':send') && c.workflows.some((id) => k.endsWith(id))), `${c.name}'s send record`).to.equal(true);
    }
  });

  it('answers a prefix or a malformed number with a 400 and touches nothing', async () => {
    const before = await partitionDump();
    const bad = ['+9198340', '+91983407222', erased.phone.slice(0, -1), `${erased.phone}0`, '+910834072226', '+91 98340 72226', erased.phone.slice(1), '+1415555', ''];
    for (const phone of bad) {
      const res = await erase(h.tenant, { phone });
      expect(res.status, `${phone}: ${await res.clone().text()}`).to.equal(400);
      expect(res.headers.get('content-type')).to.match(/application\/problem\+json/);
      expect(((await res.json()) as { error_code: string }).error_code).to.equal('invalid_request');
    }
    expect(await partitionDump()).to.deep.equal(before);
  });

  it('erases one claimant: only their entries go, every other claimant\'s stay as they were', async () => {
    const before = await partitionDump();
    const res = await erase(h.tenant, { phone: erased.phone });
    expect(res.status, await res.clone().text()).to.equal(200);
    expect(((await res.json()) as { workflows: number }).workflows).to.equal(new Set(erased.workflows).size);
    const after = await partitionDump();
    const isErased = (text: string) => erased.workflows.some((id) => text.includes(id));
    // The erased claimant's own keys: their consent and pending-documents pointers.
    const ownKeys = [`:acme:${sha256Hex(erased.phone)}`, `:acme:${sha256Hex(erased.claimId)}`];
    const lost: string[] = [];
    for (const [key, items] of before) {
      if (isErased(key) || ownKeys.some((k) => key.endsWith(k))) continue;
      const now = after.get(key) ?? [];
      for (const item of items) if (!isErased(item) && !now.includes(item)) lost.push(`${key}: ${item.slice(0, 160)}`);
    }
    expect(lost).to.deep.equal([]);
    // And the erased claimant's entries are gone from every stream and timer set.
    for (const [key, items] of after) {
      if (!/:(stream|dlq):|:timers$|:wf-timers$|:dead-timers$|:held/.test(key)) continue;
      for (const item of items) {
        const entry = item.startsWith('{') ? item : item.slice(item.indexOf(' ') + 1);
        expect(isErased(entry), `${key}: ${item.slice(0, 160)}`).to.equal(false);
      }
    }
  });

  it('delivers every other claimant\'s work: the retry fires, the dead letter redrives, the reminder comes', async () => {
    const counts = new Map(everyone().map((c) => [c, sentTo(c).length]));
    await startOutbound();
    for (const c of others) await h.wa.waitFor(() => sentTo(c).length > counts.get(c)!, 10000);
    for (const c of others) counts.set(c, sentTo(c).length);
    clock.advance(10_000);
    for (const c of others) await h.wa.waitFor(() => sentTo(c).length > counts.get(c)!, 10000);
    expect(await timerMembers()).to.deep.equal([]);

    const letters = await deadLetters();
    // One dead letter each, the erased claimant's gone.
    for (const c of others) expect(letters.filter((l) => l.tenant === c.tenant.doc.tenant_id && c.workflows.includes(l.workflow_id ?? '')), c.name).to.have.length(1);
    expect(letters).to.have.length(others.length);
    for (const l of letters) {
      const c = others.find((o) => o.workflows.includes(l.workflow_id!))!;
      const before = sentTo(c).length;
      await redriveDeadLetter(h.services, 'outbound', l.id);
      await h.wa.waitFor(() => sentTo(c).length > before, 10000);
    }

    for (const c of others) counts.set(c, sentTo(c).length);
    clock.advance(25 * hour);
    for (const c of others) {
      const reminder = await h.wa.waitFor(() => sentTo(c).length > counts.get(c)!, 10000);
      expect(reminder.length).to.be.greaterThan(0);
    }
    // The erased claimant heard nothing more.
    expect(sentTo(erased).length).to.equal(counts.get(erased));
  });
});
