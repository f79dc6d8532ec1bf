/**
 * A claimant's consent record lives the tenant's consent lifetime (`retention.consent` in its
 * document, else CONSENT_RETENTION; docs/retention.md): the hand-off that writes the record gives it
 * that TTL, and each later write sets it again; once it expires the claimant is asked again.
 */
import { expect } from 'chai';
import { sha256Hex } from '../../src/phi';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('retention: a tenant\'s consent lifetime', function () {
  this.timeout(30000);
  let h: Harness;
  const day = 86_400_000;
  before(async () => { h = await startHarness({ env: { CONSENT_RETENTION: '90d' } }); });
  after(async () => { await h?.close(); });

  const sentTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const consentKey = (phone: string) => h.services.keys.consent(h.services.keys.partitionOf('acme', phone), 'acme', sha256Hex(phone));

  /** The claimant answers a consent request; returns the record's TTL (ms) once consent is on file. */
  async function consentTtl(phone: string): Promise<number> {
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: `CLM-RC-${phone.slice(-4)}`, policy_number: 'POL-RC', member_name: 'A Rao', claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 10, amount_approved: 10, reason_codes: [],
    });
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    await h.wa.waitFor(() => sentTo(phone).length >= 1);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => sentTo(phone).length >= 2);
    return waitFor(async () => {
      const [state, ttl] = await Promise.all([h.services.redis.hget(consentKey(phone), 'state'), h.services.redis.pttl(consentKey(phone))]);
      return state === 'granted' && ttl > 0 ? ttl : null;
    }, { what: 'consent on file with a TTL' });
  }

  it('gives the record the deployment\'s lifetime, and the tenant\'s own once its document sets one', async () => {
    expect(await consentTtl('+919855502001')).to.be.within(90 * day - 60_000, 90 * day);
    await h.services.tenants.put({ ...h.tenant.doc, retention: { consent: '30d' } }, h.services.clock.now());
    expect(await consentTtl('+919855502002')).to.be.within(30 * day - 60_000, 30 * day);
  });

  it('asks again once the record expired', async () => {
    const phone = '+919855502003';
    await consentTtl(phone);
    await h.services.redis.pexpire(consentKey(phone), 1);
    await waitFor(async () => ((await h.services.redis.exists(consentKey(phone))) === 0 ? true : null), { what: 'the record expired' });
    const before = sentTo(phone).length;
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    const all = await h.wa.waitFor(() => sentTo(phone).length > before);
    expect(all.filter((m) => m.to === phone).at(-1)!.text).to.match(/Reply YES/);
  });
});
