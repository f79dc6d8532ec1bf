/**
 * Retention settings (docs/retention.md): the deployment's defaults from the environment, a tenant's
 * own in its document (validated like the rest of it), and the tenant's winning over the defaults.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { tenantRetention } from '../../src/archive/retention';
import { ConfigError, loadConfig } from '../../src/config';
import { checkTenantDocument } from '../../src/tenants/tenant-document';

const day = 86_400_000;
const production = () => ({ SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PHI_REF_KEY: randomBytes(32).toString('base64') });
const base = {
  tenant_id: 'acme', name: 'Acme TPA', cms: { base_url: 'https://cms.acme.example', api_key: 'cms-key-0123' },
  channels: { whatsapp: { phone_number_id: '555000111', app_secret: 'app-secret-0123', access_token: 'EAAG-token-0123', graph_base: 'https://graph.facebook.com/v20.0' } },
};

describe('retention settings', () => {
  it('defaults to a 7-day hot window and a 10-year archive, PGlite under .data/pg, and takes durations', () => {
    const c = loadConfig(production());
    expect(c.retention).to.deep.equal({ hotWindowMs: 7 * day, archiveRetentionMs: 3650 * day, consentMs: 3650 * day, dedupeMs: 7 * day });
    expect(c).to.deep.include({ databaseUrl: null, embeddedDatabaseDir: '.data/pg', archiveIntervalMs: 60_000, archiveLeaseMs: 60_000, archiverStopAt: null });
    const set = loadConfig({ ...production(), DATABASE_URL: 'postgres://cw@db:5432/cw', HOT_WINDOW: '12h', ARCHIVE_RETENTION: '365d', CONSENT_RETENTION: '30d', ARCHIVE_INTERVAL: '5s', ARCHIVE_LEASE: '30s' });
    expect(set.retention).to.deep.include({ hotWindowMs: 12 * 3_600_000, archiveRetentionMs: 365 * day, consentMs: 30 * day });
    expect(set).to.deep.include({ databaseUrl: 'postgres://cw@db:5432/cw', archiveIntervalMs: 5000, archiveLeaseMs: 30_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).embeddedDatabaseDir).to.equal(null);
  });

  it('refuses a bad DATABASE_URL, an archive no longer than the hot window, and the test hook outside tests', () => {
    const error = (env: NodeJS.ProcessEnv) => { try { loadConfig(env); } catch (e) { return (e as ConfigError).message; } return ''; };
    expect(error({ ...production(), DATABASE_URL: 'mysql://x' })).to.contain('DATABASE_URL');
    expect(error({ ...production(), HOT_WINDOW: '7d', ARCHIVE_RETENTION: '7d' })).to.contain('ARCHIVE_RETENTION must be longer than HOT_WINDOW');
    expect(error({ ...production(), ARCHIVER_STOP_AT: 'events-copied' })).to.contain('ARCHIVER_STOP_AT is for tests only');
    expect(error({ NODE_ENV: 'test', ARCHIVER_STOP_AT: 'somewhere' })).to.contain('ARCHIVER_STOP_AT');
    expect(loadConfig({ NODE_ENV: 'test', ARCHIVER_STOP_AT: 'events-copied' }).archiverStopAt).to.equal('events-copied');
  });

  it('takes a tenant\'s own retention in its document, validated, over the defaults', () => {
    const doc = { ...base, retention: { hot_window: '2d', archive: '3650d', consent: '365d', dedupe: '3d' } };
    expect(checkTenantDocument(doc).ok).to.equal(true);
    const defaults = loadConfig(production()).retention;
    expect(tenantRetention(doc, defaults)).to.deep.equal({ hotWindowMs: 2 * day, archiveRetentionMs: 3650 * day, consentMs: 365 * day, dedupeMs: 3 * day });
    expect(tenantRetention({ retention: { hot_window: '1h' } }, defaults)).to.deep.equal({ ...defaults, hotWindowMs: 3_600_000 });
    expect(tenantRetention(null, defaults)).to.deep.equal(defaults);
    const refused: Array<[unknown, RegExp]> = [
      [{ hot_window: '7 days' }, /hot_window must match pattern/],
      [{ hot_window: '7d', archive: '1d' }, /archive must be longer than \/retention\/hot_window/],
      [{ hot_window: '0s' }, /hot_window must be longer than 0/],
      [{ dedupe: '30s' }, /dedupe must be at least 60s/],
      [{ forever: true }, /must NOT have additional properties/],
    ];
    for (const [retention, problem] of refused) {
      const checked = checkTenantDocument({ ...base, retention });
      expect(checked.ok, JSON.stringify(retention)).to.equal(false);
      if (!checked.ok) expect(checked.errors.join('; ')).to.match(problem);
    }
  });
});
