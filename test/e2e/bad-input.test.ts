/**
 * Bad input: unsigned or wrongly signed webhooks are refused and enqueue nothing; malformed
 * JSON is a 400 problem; a poison entry goes to the dead-letter stream with its reason while
 * the rest keep flowing, and the operator redrives it with `ops`.
 */
import { expect } from 'chai';
import { envFor } from '../helpers/child-service';
import { runOps } from '../helpers/ops-cli';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('bad input', function () {
  this.timeout(30000);
  let h: Harness;
  const phone = '+919844400001';

  before(async () => {
    h = await startHarness();
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-BAD-7001', policy_number: 'POL-3', member_name: 'S Khan', claimant_phone: phone, status: 'SETTLED',
      status_updated_at: '2026-11-18T08:00:00Z', amount_claimed: 5000, amount_approved: 5000, reason_codes: [],
    });
  });
  after(async () => { await h?.close(); });

  const workflowCount = async () => ((await (await h.api('/v1/workflows?limit=100')).json()) as { items: unknown[] }).items.length;

  it('refuses an unsigned webhook with 401 problem+json and enqueues nothing', async () => {
    const res = await h.wa.postInbound({ from: phone, text: 'claim status', signWith: '' });
    expect(res.status).to.equal(401);
    expect(res.body).to.include({ error_code: 'invalid_signature', status: 401 });
    expect(await workflowCount()).to.equal(0);
  });

  it('refuses a webhook signed with the wrong secret with 401 and enqueues nothing', async () => {
    const res = await h.wa.postInbound({ from: phone, text: 'claim status', signWith: 'not-the-app-secret' });
    expect(res.status).to.equal(401);
    expect(await workflowCount()).to.equal(0);
    expect(h.wa.sent).to.have.length(0);
  });

  it('answers malformed JSON with 400 problem+json', async () => {
    const res = await fetch(`${h.apiUrl}/channels/whatsapp/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' }, body: '{"object": "whatsapp_business_account", "entry": [' });
    expect(res.status).to.equal(400);
    expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(await res.json()).to.include({ error_code: 'malformed_json', status: 400 });
  });

  it('drops Meta redeliveries of the same message id', async () => {
    await h.wa.postInbound({ from: phone, text: 'yes', messageId: 'wamid.consent-1' });
    const again = await h.wa.postInbound({ from: phone, text: 'yes', messageId: 'wamid.consent-1' });
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ received: 1, accepted: 0 });
    await h.wa.waitFor((sent) => sent.length >= 1);
    expect(await workflowCount()).to.equal(1);
  });

  it('dead-letters a poison entry with its reason while the rest flow, and ops redrives it', async function () {
    this.timeout(180_000); // several CLI runs, each a child process that tsx compiles first
    // The provider refuses the next message for good (a 400), which is not retryable.
    h.wa.failNext(1, 400);
    const poisoned = await h.wa.postInbound({ from: phone, text: 'claim status' });
    const [poisonedId] = (poisoned.body as { workflow_ids: string[] }).workflow_ids;
    const dlq = async () => {
      const out = await runOps(envFor(h.config), ['dlq', 'list', 'outbound', '--json']);
      expect(out.code, out.stderr).to.equal(0);
      return JSON.parse(out.stdout) as { workflow_id: string; error_code: string; reason: string }[];
    };
    // Each look starts an ops process (a second or more on a busy machine): a deadline of a few
    // looks would fail for the machine's speed, not the service's.
    const [dead] = await waitFor(async () => { const list = await dlq(); return list.length > 0 ? list : null; }, { what: 'the poison entry in the dead-letter stream', timeoutMs: 40000, intervalMs: 200 });
    expect(dead).to.include({ workflow_id: poisonedId, error_code: 'channel_rejected' });
    expect(dead!.reason).to.match(/provider answered 400/);
    const stuck = (await (await h.api(`/v1/workflows/${poisonedId}`)).json()) as { status: string; error_code: string };
    expect(stuck).to.include({ status: 'started', error_code: 'channel_rejected' });

    // The rest keep flowing.
    const other = await h.wa.postInbound({ from: phone, text: 'status' });
    const [otherId] = (other.body as { workflow_ids: string[] }).workflow_ids;
    await h.wa.waitFor((sent) => sent.some((m) => m.bizOpaque?.startsWith(`${otherId}:`)));

    // The operator redrives it; the claimant gets the reply and the workflow completes.
    const redrive = await runOps(envFor(h.config), ['dlq', 'redrive', 'outbound', '--all']);
    expect(redrive.code, redrive.stderr).to.equal(0);
    await h.wa.waitFor((sent) => sent.some((m) => m.bizOpaque?.startsWith(`${poisonedId}:`)));
    const done = await waitFor(async () => {
      const w = (await (await h.api(`/v1/workflows/${poisonedId}`)).json()) as { status: string; error_code: string | null };
      return w.status === 'completed' ? w : null;
    }, { what: 'redriven workflow completed' });
    expect(done.error_code).to.equal(null);
    expect(await dlq()).to.have.length(0);
  });

  it('dead-letters an undecodable stream entry as invalid_envelope', async () => {
    const { redis, keys } = h.services;
    await redis.xadd(keys.stream(0, 'router'), '*', 'wf', 'wf-0-zzzzzzzzzzzzzzzz', 'tenant', 'acme', 'seq', 'x', 'payload', '{}');
    await waitFor(async () => (await redis.xlen(keys.deadLetters(0, 'router'))) === 1, { what: 'dead letter' });
    const [[, fields]] = (await redis.xrange(keys.deadLetters(0, 'router'), '-', '+')) as [string, string[]][];
    const record = Object.fromEntries(fields!.reduce<string[][]>((acc, v, i) => (i % 2 ? acc[acc.length - 1]!.push(v) : acc.push([v]), acc), []));
    expect(record).to.include({ error_code: 'invalid_envelope', stage: 'router' });
  });
});
