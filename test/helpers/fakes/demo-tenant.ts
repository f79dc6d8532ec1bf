/**
 * Wires a tenant to the fake CMS, the fake WhatsApp provider and the fake SMS provider: used by
 * `npm start`, the test harness and the benchmarks, so all three run the same onboarding path an
 * operator uses. The tenant has WhatsApp, and SMS too when a fake SMS provider is given.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../../src/services';
import { allScopes, type SmsChannel, type TenantDocument, type WhatsAppChannel } from '../../../src/tenants/tenant-document';
import type { IssuedCredentials } from '../../../src/auth/client-credentials';
import type { FakeCms } from './fake-cms';
import type { FakeTwilio } from './twilio';
import type { FakeWhatsApp } from './whatsapp';

export interface FakeTenant {
  doc: TenantDocument & { channels: { whatsapp: WhatsAppChannel; sms?: SmsChannel } };
  credentials: IssuedCredentials;
}

export async function onboardFakeTenant(
  services: Services, cms: FakeCms, wa: FakeWhatsApp,
  options: { tenantId: string; phoneNumberId: string; name?: string; sms?: { fake: FakeTwilio; number: string } },
): Promise<FakeTenant> {
  const doc: FakeTenant['doc'] = {
    tenant_id: options.tenantId,
    name: options.name ?? `${options.tenantId} (fake CMS)`,
    cms: { base_url: `${cms.url}/${options.tenantId}`, api_key: `cms-${randomBytes(12).toString('hex')}` },
    channels: {
      whatsapp: {
        phone_number_id: options.phoneNumberId,
        app_secret: randomBytes(16).toString('hex'),
        access_token: `EAAG${randomBytes(16).toString('hex')}`,
        graph_base: `${wa.url}/v20.0`,
        verify_token: `verify-${randomBytes(8).toString('hex')}`,
      },
    },
  };
  if (options.sms) {
    const sms: SmsChannel = { numbers: [options.sms.number], account_sid: `AC${randomBytes(16).toString('hex')}`, auth_token: randomBytes(16).toString('hex'), api_base: options.sms.fake.url };
    doc.channels.sms = sms;
    options.sms.fake.configure({ accountSid: sms.account_sid, authToken: sms.auth_token, numbers: sms.numbers });
  }
  cms.addTenant(doc.cms.api_key);
  await services.tenants.put(doc, services.clock.now());
  const credentials = await services.clients.create(doc.tenant_id, allScopes, services.clock.now());
  return { doc, credentials };
}
