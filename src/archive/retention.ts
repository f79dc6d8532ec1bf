/** A tenant's retention: its own settings (tenant document `retention`) over the deployment's defaults. */
import type { RetentionDefaults } from '../config';
import { parseDuration } from '../durations';
import type { TenantDocument } from '../tenants/tenant-document';

export function tenantRetention(doc: Pick<TenantDocument, 'retention'> | null, defaults: RetentionDefaults): RetentionDefaults {
  const r = doc?.retention ?? {};
  return {
    hotWindowMs: r.hot_window ? parseDuration(r.hot_window) : defaults.hotWindowMs,
    archiveRetentionMs: r.archive ? parseDuration(r.archive) : defaults.archiveRetentionMs,
    consentMs: r.consent ? parseDuration(r.consent) : defaults.consentMs,
    dedupeMs: r.dedupe ? parseDuration(r.dedupe) : defaults.dedupeMs,
  };
}
