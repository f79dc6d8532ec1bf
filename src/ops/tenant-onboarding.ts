/**
 * Onboarding a partner (`npm run ops -- tenant create FILE.json`): the tenant document is
 * validated, stored, and a first API client is issued. Its secret exists only in the returned
 * credentials (Redis keeps a slow hash), so the caller shows it once.
 */
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { allScopes, checkTenantDocument } from '../tenants/tenant-document';
import type { TenantStore } from '../tenants/tenant-store';
import type { ClientCredentials, IssuedCredentials } from '../auth/client-credentials';

export interface OnboardingDeps {
  tenants: TenantStore;
  clients: ClientCredentials;
  clock: Clock;
}

export type OnboardingResult =
  | { ok: true; credentials: IssuedCredentials }
  | { ok: false; errors: string[] };

/**
 * Creates a tenant from its document and issues its first API client: all scopes unless the
 * document's `scopes` lists some. An invalid document gives its errors and changes nothing; an
 * existing tenant id is a `conflict` (replacing a live tenant is not what "create" should do).
 */
export async function onboardTenant({ tenants, clients, clock }: OnboardingDeps, document: unknown): Promise<OnboardingResult> {
  const checked = checkTenantDocument(document);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const doc = checked.doc;
  if ((await tenants.list()).includes(doc.tenant_id)) {
    throw new AppError('conflict', `tenant ${doc.tenant_id} already exists`);
  }
  await tenants.put(doc, clock.now());
  const scopes = doc.scopes && doc.scopes.length > 0 ? [...new Set(doc.scopes)] : allScopes;
  const credentials = await clients.create(doc.tenant_id, scopes, clock.now());
  return { ok: true, credentials };
}

/**
 * Replaces an existing tenant's document (`npm run ops -- tenant update FILE`): how a partner
 * connects another channel or number, or rotates a channel secret. Its API clients are kept.
 * An unknown tenant id is `tenant_not_found`: create it instead.
 */
export async function updateTenant({ tenants, clock }: Pick<OnboardingDeps, 'tenants' | 'clock'>, document: unknown): Promise<{ ok: true } | { ok: false; errors: string[] }> {
  const checked = checkTenantDocument(document);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  if (!(await tenants.list()).includes(checked.doc.tenant_id)) throw new AppError('tenant_not_found', `tenant ${checked.doc.tenant_id} does not exist`);
  await tenants.put(checked.doc, clock.now());
  return { ok: true };
}

export async function listTenants({ tenants }: Pick<OnboardingDeps, 'tenants'>): Promise<string[]> {
  return tenants.list();
}
