/**
 * Wires a tenant to the fake CMS and fake WhatsApp provider: used by `npm start`, the test
 * harness and the benchmarks, so all three run the same onboarding path an operator uses.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../../src/services';
import { allScopes, type TenantDocument } from '../../src/tenants/tenant-document';
import type { IssuedCredentials } from '../../src/auth/client-credentials';
import type { FakeCms } from './fake-cms';
import type { FakeWhatsApp } from './fake-whatsapp';

export interface FakeTenant {
  doc: TenantDocument;
  credentials: IssuedCredentials;
}

export async function onboardFakeTenant(
  services: Services, cms: FakeCms, wa: FakeWhatsApp, options: { tenantId: string; phoneNumberId: string; name?: string },
): Promise<FakeTenant> {
  const doc: TenantDocument = {
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
  cms.addTenant(doc.cms.api_key);
  await services.tenants.put(doc, services.clock.now());
  const credentials = await services.clients.create(doc.tenant_id, allScopes, services.clock.now());
  return { doc, credentials };
}
