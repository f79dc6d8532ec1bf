/**
 * Configuration: defaults a fresh deployment runs with, environment values parsed, overrides for
 * tests, and a bad value stops the start with the variable named. docs/configuration.md lists
 * every variable.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, developmentUnlessNamed, loadConfig } from '../../src/config';

const root = join(__dirname, '..', '..');

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

const key = () => randomBytes(32).toString('base64');
/** What a production deployment must give: its two keys. */
const productionKeys = () => ({ SIGNING_KEY_ENCRYPTION_KEY: key(), PHI_REF_KEY: key() });

describe('loadConfig', () => {
  it('runs with the documented defaults when nothing but the production keys is set', () => {
    const c = loadConfig(productionKeys());
    expect(c).to.include({
      redisUrl: 'redis://127.0.0.1:6379', keyPrefix: 'cw', partitions: 8, host: '127.0.0.1', port: 8080,
      publicUrl: 'http://127.0.0.1:8080', jwtIssuer: 'http://127.0.0.1:8080', jwtAudience: 'claims-api',
      machineTokenTtlSeconds: 3600, maxDeliveries: 5, cmsTimeoutMs: 2000, inboundDedupeSeconds: 604800, environment: 'production',
    });
  });

  it('is production unless NODE_ENV names another environment: then both keys are required', () => {
    const message = configError({}).message;
    expect(message).to.contain('SIGNING_KEY_ENCRYPTION_KEY').and.to.contain('PHI_REF_KEY');
    expect(configError({ SIGNING_KEY_ENCRYPTION_KEY: key() }).message).to.contain('PHI_REF_KEY');
    expect(loadConfig({ NODE_ENV: 'development' }).environment).to.equal('development');
    expect(loadConfig(developmentUnlessNamed({})).environment).to.equal('development');
    expect(() => loadConfig(developmentUnlessNamed({ NODE_ENV: 'production' }))).to.throw(ConfigError);
  });

  it('reads the PHI reference key, and uses a fixed one outside production', () => {
    const given = key();
    expect(loadConfig({ ...productionKeys(), PHI_REF_KEY: given }).phiRefKey.toString('base64')).to.equal(given);
    expect(loadConfig({ NODE_ENV: 'test' }).phiRefKey).to.deep.equal(loadConfig({ NODE_ENV: 'development' }).phiRefKey);
  });

  it('reads the environment, treating an empty value as unset', () => {
    const c = loadConfig({ NODE_ENV: 'development', PORT: '9000', PARTITIONS: '16', REDIS_URL: 'rediss://redis.internal:6380', LOG_LEVEL: 'warn', BATCH_SIZE: '' });
    expect(c).to.include({ port: 9000, partitions: 16, redisUrl: 'rediss://redis.internal:6380', logLevel: 'warn', batchSize: 50 });
    expect(c.publicUrl, 'PUBLIC_URL follows PORT').to.equal('http://127.0.0.1:9000');
  });

  it('reads REDIS_CLUSTER_NODES as the cluster to use; unset, one Redis at REDIS_URL', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).redisClusterNodes).to.equal(null);
    const c = loadConfig({ NODE_ENV: 'test', REDIS_CLUSTER_NODES: 'redis-node-1:6379,10.0.0.7:7001' });
    expect(c.redisClusterNodes).to.deep.equal([{ host: 'redis-node-1', port: 6379 }, { host: '10.0.0.7', port: 7001 }]);
  });

  it('reads REDIS_WAIT_REPLICAS and REDIS_WAIT_TIMEOUT_MS; unset, no WAIT', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).to.include({ redisWaitReplicas: 0, redisWaitTimeoutMs: 1000 });
    expect(loadConfig({ NODE_ENV: 'test', REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_TIMEOUT_MS: '250' })).to.include({ redisWaitReplicas: 1, redisWaitTimeoutMs: 250 });
  });

  it('reads LEDGER_ENTRY_FORM (runs, packed or fields); unset, runs', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ledgerEntryForm).to.equal('runs');
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_ENTRY_FORM: 'runs' }).ledgerEntryForm).to.equal('runs');
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_ENTRY_FORM: 'fields' }).ledgerEntryForm).to.equal('fields');
    expect(loadConfig({ NODE_ENV: 'test', LEDGER_ENTRY_FORM: 'packed' }).ledgerEntryForm).to.equal('packed');
  });

  it('reads STAGE_ENTRY_FORM (packed or fields); unset, packed', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).stageEntryForm).to.equal('packed');
    expect(loadConfig({ NODE_ENV: 'test', STAGE_ENTRY_FORM: 'fields' }).stageEntryForm).to.equal('fields');
    expect(loadConfig({ NODE_ENV: 'test', STAGE_ENTRY_FORM: 'packed' }).stageEntryForm).to.equal('packed');
  });

  it('lets overrides win over the environment', () => {
    const c = loadConfig({ NODE_ENV: 'development', PARTITIONS: '16', JWT_ISSUER: 'https://env.example' }, { partitions: 2, jwtIssuer: 'https://override.example' });
    expect(c.partitions).to.equal(2);
    expect(c.jwtIssuer).to.equal('https://override.example');
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(loadConfig({ NODE_ENV: 'test' }))).to.equal(true);
  });

  const bad: Array<[string, string]> = [
    ['PORT', '70000'], ['PORT', '80a'], ['PARTITIONS', '0'], ['PARTITIONS', '2.5'], ['REDIS_URL', 'localhost:6379'],
    ['REDIS_CLUSTER_NODES', 'redis-node-1'], ['REDIS_CLUSTER_NODES', 'a:1,,b:2'], ['REDIS_CLUSTER_NODES', 'redis://a:1'],
    ['REDIS_WAIT_REPLICAS', '-1'], ['REDIS_WAIT_TIMEOUT_MS', '0'], ['LEDGER_ENTRY_FORM', 'json'], ['STAGE_ENTRY_FORM', 'w1'],
    ['KEY_PREFIX', 'CW'], ['LOG_LEVEL', 'verbose'], ['NODE_ENV', 'staging'], ['MAX_DELIVERIES', '-1'], ['PUBLIC_URL', 'example.com'],
  ];
  for (const [name, value] of bad) {
    it(`refuses ${name}=${value} with a ConfigError naming ${name}`, () => {
      expect(configError({ [name]: value }).message).to.contain(name);
    });
  }

  it('names every bad variable at once', () => {
    const message = configError({ PORT: '-1', LOG_LEVEL: 'loud', BLOCK_MS: '0' }).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'BLOCK_MS']) expect(message).to.contain(name);
  });

  it('takes timers as durations, which win over the whole-hour settings; the defaults are the spec\'s', () => {
    const hour = 3_600_000;
    expect(loadConfig(productionKeys())).to.deep.include({ pendingDocsWaitMs: 72 * hour, pendingDocsReminderMs: [24 * hour, 48 * hour] });
    expect(loadConfig(productionKeys()).webhookRetryDelaysMs).to.deep.equal([5000, 300_000, 1_800_000, 2 * hour, 5 * hour, 10 * hour, 10 * hour]);
    expect(loadConfig({ ...productionKeys(), PENDING_DOCS_WAIT_HOURS: '12', PENDING_DOCS_REMINDER_HOURS: '2,4' })).to.deep.include({ pendingDocsWaitMs: 12 * hour, pendingDocsReminderMs: [2 * hour, 4 * hour] });
    const dev = loadConfig({ NODE_ENV: 'development', PENDING_DOCS_WAIT: '45s', PENDING_DOCS_REMINDERS: '10s,20s', PENDING_DOCS_WAIT_HOURS: '72', WEBHOOK_RETRY_SCHEDULE: '1s,2s,500ms' });
    expect(dev).to.deep.include({ pendingDocsWaitMs: 45_000, pendingDocsReminderMs: [10_000, 20_000], webhookRetryDelaysMs: [1000, 2000, 500] });
  });

  it('refuses sub-minute timers in production, naming each setting', () => {
    const message = configError({ ...productionKeys(), PENDING_DOCS_WAIT: '45s', PENDING_DOCS_REMINDERS: '10s', WEBHOOK_RETRY_SCHEDULE: '1s' }).message;
    for (const name of ['PENDING_DOCS_WAIT', 'PENDING_DOCS_REMINDERS', 'WEBHOOK_RETRY_SCHEDULE']) expect(message).to.contain(name);
    expect(loadConfig({ ...productionKeys(), PENDING_DOCS_WAIT: '90m', PENDING_DOCS_REMINDERS: '30m,1h', WEBHOOK_RETRY_SCHEDULE: '5s,1m' }).pendingDocsWaitMs).to.equal(5_400_000);
    expect(configError({ PENDING_DOCS_WAIT: '45 seconds' }).message).to.contain('PENDING_DOCS_WAIT');
  });

  it('has every variable it reads documented in docs/configuration.md', () => {
    // (the OTEL_* variables' schema is in its own module, merged into config.ts's)
    const source = readFileSync(join(root, 'src', 'config.ts'), 'utf8') + readFileSync(join(root, 'src', 'tracing', 'tracing-config.ts'), 'utf8');
    const read = [...source.matchAll(/^\s+([A-Z][A-Z0-9_]+): \{/gm)].map((m) => m[1]!);
    expect(read.length).to.be.greaterThan(20);
    const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
    expect([...documented].sort()).to.deep.equal([...read].sort());
  });
});
