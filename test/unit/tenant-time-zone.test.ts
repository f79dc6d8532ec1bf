/**
 * The tenant document's `time_zone`: an IANA zone Intl knows, `Asia/Kolkata` when unset, and the
 * zone of handover business hours that name none of their own.
 */
import { expect } from 'chai';
import { checkTenantDocument, tenantTimeZone } from '../../src/tenants/tenant-document';
import { handoverSettingsOf } from '../../src/tenants/handover-settings';

const base = {
  tenant_id: 'acme', name: 'Acme TPA', cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123' },
  channels: { whatsapp: { phone_number_id: '555000111', app_secret: 'app-secret-0123', access_token: 'EAAG-token-0123', graph_base: 'https://graph.facebook.com/v20.0' } },
};

describe('tenant time zone (docs/configuration.md, "Tenant time zone")', () => {
  it('is Asia/Kolkata when the document names none, and the named zone otherwise', () => {
    const plain = checkTenantDocument(base);
    expect(plain.ok).to.equal(true);
    if (plain.ok) expect(tenantTimeZone(plain.doc)).to.equal('Asia/Kolkata');
    const checked = checkTenantDocument({ ...base, time_zone: 'Europe/London' });
    expect(checked.ok).to.equal(true);
    if (checked.ok) expect(tenantTimeZone(checked.doc)).to.equal('Europe/London');
  });

  it('refuses a zone Intl does not know and one that is not shaped like a zone name', () => {
    const unknown = checkTenantDocument({ ...base, time_zone: 'Mars/Olympus_Mons' });
    expect(unknown).to.deep.equal({ ok: false, errors: ['/time_zone "Mars/Olympus_Mons" is not an IANA time zone (e.g. Asia/Kolkata)'] });
    const offset = checkTenantDocument({ ...base, time_zone: '+05:30' });
    expect(offset.ok).to.equal(false);
    if (!offset.ok) expect(offset.errors.join('; ')).to.match(/\/time_zone must match pattern/);
  });

  it("gives business hours without a zone the tenant's, and leaves a zone of their own as it is", () => {
    expect(handoverSettingsOf({ business_hours: { open: '10:00' } }, 'Europe/London').timeZone).to.equal('Europe/London');
    expect(handoverSettingsOf(undefined, 'Asia/Dubai').timeZone).to.equal('Asia/Dubai');
    expect(handoverSettingsOf({ business_hours: { time_zone: 'Asia/Kolkata' } }, 'Europe/London').timeZone).to.equal('Asia/Kolkata');
  });
});
