/**
 * The tenant document's channels: WhatsApp, SMS or both, at least one; SMS numbers in E.164, an
 * account SID, an auth token and the provider's base URL, with an optional segment budget.
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
