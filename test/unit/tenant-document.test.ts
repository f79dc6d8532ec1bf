/**
 * The tenant document's channels: WhatsApp, SMS or both, at least one; SMS numbers in E.164, an
 * account SID, an auth token and the provider's base URL, with an optional segment budget; its
 * vocabulary; and its handover settings (time zone, business hours, durations, support number).
 */
import { expect } from 'chai';
import { checkTenantDocument } from '../../src/tenants/tenant-document';

const base = { tenant_id: 'acme', name: 'Acme TPA', cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123' } };
const whatsapp = { phone_number_id: '555000111', app_secret: 'app-secret-0123', access_token: 'EAAG-token-0123', graph_base: 'https://graph.facebook.com/v20.0' };
const sms = { numbers: ['+15550100300'], account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'auth-token-0123', api_base: 'https://api.twilio.com' };

describe('tenant document channels', () => {
  it('takes WhatsApp, SMS or both', () => {
    for (const channels of [{ whatsapp }, { sms }, { whatsapp, sms: { ...sms, segment_budget: 2 } }]) {
      expect(checkTenantDocument({ ...base, channels }).ok, JSON.stringify(channels)).to.equal(true);
    }
  });

  it('refuses no channel, a number not in E.164, a bad account SID or budget, and unknown fields', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /channels must NOT have fewer than 1 properties/],
      [{ sms: { ...sms, numbers: ['5550100300'] } }, /numbers\/0 must match pattern/],
      [{ sms: { ...sms, numbers: [] } }, /numbers must NOT have fewer than 1 items/],
      [{ sms: { ...sms, account_sid: 'SK123' } }, /account_sid must match pattern/],
      [{ sms: { ...sms, segment_budget: 0 } }, /segment_budget must be >= 1/],
      [{ sms: { ...sms, messaging_service_sid: 'MG1' } }, /must NOT have additional properties/],
    ];
    for (const [channels, error] of cases) {
      const checked = checkTenantDocument({ ...base, channels });
      expect(checked.ok).to.equal(false);
      if (!checked.ok) expect(checked.errors.join('; ')).to.match(error);
    }
  });
});

describe('tenant document vocabulary (docs/understanding.md)', () => {
  it("adds words to the grammar's word classes, and refuses a class that does not exist", () => {
    expect(checkTenantDocument({ ...base, channels: { whatsapp }, vocabulary: { status: ['hisaab'], doc: ['member card'] } }).ok).to.equal(true);
    const unknown = checkTenantDocument({ ...base, channels: { whatsapp }, vocabulary: { weather: ['rain'] } });
    expect(unknown.ok).to.equal(false);
    const empty = checkTenantDocument({ ...base, channels: { whatsapp }, vocabulary: { status: [''] } });
    expect(empty.ok).to.equal(false);
  });
});

describe('tenant document handover (docs/configuration.md, "Handover settings")', () => {
  const doc = (handover: unknown) => ({ ...base, channels: { whatsapp }, handover });

  it('takes none, an empty one, or every setting', () => {
    expect(checkTenantDocument({ ...base, channels: { whatsapp } }).ok).to.equal(true);
    expect(checkTenantDocument(doc({})).ok).to.equal(true);
    const full = {
      first_response: '30m', max_wait: '48h', support_number: '+911800123456',
      business_hours: { time_zone: 'Europe/London', days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '08:30', close: '17:30' },
    };
    expect(checkTenantDocument(doc(full)).ok).to.equal(true);
    expect(checkTenantDocument(doc({ support_number: 'Call 1800-123-456 (toll free)', business_hours: { open: '00:00', close: '24:00' } })).ok).to.equal(true);
  });

  it('refuses a bad zone, closing not after opening, no days, bad durations and bad support numbers, naming what is wrong', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ business_hours: { time_zone: 'Mars/Olympus_Mons' } }, /\/handover\/business_hours\/time_zone "Mars\/Olympus_Mons" is not an IANA time zone/],
      [{ business_hours: { time_zone: '+05:30' } }, /time_zone must match pattern/],
      [{ business_hours: { open: '18:00', close: '09:00' } }, /\/handover\/business_hours\/close must be after open \(18:00 to 09:00\)/],
      [{ business_hours: { open: '10:00', close: '10:00' } }, /close must be after open/],
      [{ business_hours: { open: '19:00' } }, /close must be after open \(19:00 to 18:00\)/],
      [{ business_hours: { close: '08:00' } }, /close must be after open \(09:00 to 08:00\)/],
      [{ business_hours: { open: '9:00' } }, /open must match pattern/],
      [{ business_hours: { close: '24:30' } }, /close must match pattern/],
      [{ business_hours: { days: [] } }, /days must NOT have fewer than 1 items/],
      [{ business_hours: { days: ['mon', 'mon'] } }, /days must NOT have duplicate items/],
      [{ business_hours: { days: ['monday'] } }, /days\/0 must be equal to one of the allowed values/],
      [{ first_response: '15 minutes' }, /first_response must match pattern/],
      [{ first_response: '0m' }, /\/handover\/first_response must be longer than 0/],
      [{ first_response: '8d' }, /\/handover\/first_response must be at most 7d/],
      [{ max_wait: '1 day' }, /max_wait must match pattern/],
      [{ max_wait: '0s' }, /\/handover\/max_wait must be longer than 0/],
      [{ support_number: '' }, /support_number must NOT have fewer than 1 characters/],
      [{ support_number: 'x'.repeat(41) }, /support_number must NOT have more than 40 characters/],
      [{ support_number: '   ' }, /support_number must match pattern/],
      [{ support_number: 'call\nus' }, /support_number must match pattern/],
      [{ sla: '15m' }, /must NOT have additional properties/],
      [{ business_hours: { lunch: '13:00' } }, /must NOT have additional properties/],
    ];
    for (const [handover, error] of cases) {
      const checked = checkTenantDocument(doc(handover));
      expect(checked.ok, JSON.stringify(handover)).to.equal(false);
      if (!checked.ok) expect(checked.errors.join('; '), JSON.stringify(handover)).to.match(error);
    }
  });
});
