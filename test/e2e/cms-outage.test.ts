/**
 * CMS outage: with the partner's CMS down, claimants get the "temporarily unavailable" reply
 * (never silence), the circuit breaker opens and shows in /metrics, and it closes again once
 * the CMS is back.
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('CMS outage', function () {
  this.timeout(30000);
  let h: Harness;
  const phone = '+919833300001';

  before(async () => {
    h = await startHarness({ config: { breakerResetMs: 1500 } });
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-OUT-0042', policy_number: 'POL-9', member_name: 'K Iyer', claimant_phone: phone, status: 'PAID',
      status_updated_at: '2026-11-19T12:00:00Z', amount_claimed: 20000, amount_approved: 20000, reason_codes: [],
    });
    await h.wa.postInbound({ from: phone, text: 'yes' });
    await h.wa.waitFor((sent) => sent.some((m) => m.to === phone));
  });
  after(async () => { await h?.close(); });

  const breakerState = async () => {
    const text = await (await fetch(`${h.apiUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('cw_cms_breaker_state{tenant="acme"}'));
    return line ? Number(line.split(' ')[1]) : null;
  };
  const ask = async () => {
    const before = h.wa.sent.filter((m) => m.to === phone).length;
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    const sent = await h.wa.waitFor((all) => all.filter((m) => m.to === phone).length > before);
    return sent.filter((m) => m.to === phone)[before]!.text!;
  };

  it('replies "temporarily unavailable", opens the breaker, and closes it when the CMS is back', async () => {
    expect(await ask()).to.match(/Paid/);
    expect(await breakerState()).to.equal(0);

    await h.cms.stop();
    for (let i = 0; i < 4; i++) expect(await ask()).to.match(/temporarily unavailable/);
    expect(await breakerState()).to.equal(2);
    // The CMS is back, but while the breaker is open it is not called: the claimant still gets
    // an answer at once, and the CMS sees no request.
    await h.cms.start();
    const served = h.cms.requests;
    expect(await ask()).to.match(/temporarily unavailable/);
    expect(h.cms.requests).to.equal(served);

    // After the reset timeout the next call probes the CMS, succeeds, and the breaker closes.
    await waitFor(async () => /Paid/.test(await ask()), { timeoutMs: 10000, what: 'a status reply after the CMS came back' });
    expect(await breakerState()).to.equal(0);
  });
});
