/**
 * Logs never hold secrets or PHI: the service's whole log output over a token request, a consent
 * conversation, a status answer and a refused webhook (WhatsApp and SMS) contains no client
 * secret, token, app secret, SMS auth token, CMS key, phone number, member name or claim id, yet does hold the hash references an
 * operator uses to correlate; and policy tier 3's PHI recognisers find nothing in any line (the
 * same check runs over every test's log lines in test/hygiene/suite-logs.test.ts).
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { phiInLogLine } from '../helpers/suite-log';

describe('log hygiene', function () {
  this.timeout(30000);
  const lines: string[] = [];
  let h: Harness;
  const phone = '+919877700001';
  const claimId = 'CLM-SECRET-55501';
  const memberName = 'Meenakshi Sundaram';

  before(async () => {
    h = await startHarness({ logLines: lines });
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: claimId, policy_number: 'POL-LOG-1', member_name: memberName, claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100, amount_approved: 100, reason_codes: [],
    });
  });
  after(async () => { await h?.close(); });

  it('writes no secret and no PHI, only hash references', async () => {
    const token = await h.token();
    await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: 'cs_wrong-secret-value' }) });
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    await h.wa.waitFor((sent) => sent.length >= 1);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor((sent) => sent.length >= 2);
    await h.wa.postInbound({ from: phone, text: 'claim status', signWith: 'wrong' });
    h.cms.failNext(5, 503);
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    await h.wa.waitFor((sent) => sent.length >= 3);
    // The same claimant by SMS, and an SMS webhook with a wrong signature.
    await h.sms.postInbound({ from: phone, text: 'claim status' });
    await h.sms.waitFor((sent) => sent.length >= 1);
    await h.sms.postInbound({ from: phone, text: 'claim status', signWith: 'wrong' });

    const log = lines.join('');
    expect(lines.length, 'the flow wrote log lines').to.be.greaterThan(15);
    expect(log).to.contain('workflow finished');
    expect(log).to.contain(h.services.refs.of(phone));
    expect(log).to.contain('inbound SMS accepted').and.to.contain('SMS webhook refused');
    const forbidden = {
      client_secret: h.tenant.credentials.client_secret, wrong_secret: 'cs_wrong-secret-value', access_token: token,
      token_signature: token.split('.')[2]!, app_secret: h.tenant.doc.channels.whatsapp.app_secret,
      whatsapp_token: h.tenant.doc.channels.whatsapp.access_token, cms_key: h.tenant.doc.cms.api_key,
      sms_auth_token: h.tenant.doc.channels.sms!.auth_token,
      phone: phone, phone_digits: phone.slice(1), claim_id: claimId, member_name: memberName,
    };
    for (const [what, value] of Object.entries(forbidden)) expect(log.includes(value), `${what} appeared in the logs`).to.equal(false);
    const found = lines.flatMap((line) => phiInLogLine(line).map((f) => `${f.kind}: ${f.excerpt}`));
    expect(found, 'what the PHI recognisers find in the log lines').to.deep.equal([]);
  });
});
