/**
 * The operator CLI (scripts/ops.ts), run as a real child process against the harness' Redis
 * and key prefix. Only the API and the gateway stage run, so the other stages have no consumer.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { stageStats, type StageStats } from '../../src/ops/stage-stats';
import type { DeadLetter, Redriven } from '../../src/ops/dead-letters';
import { startHarness, type Harness } from '../helpers/harness';
import { runOps, type OpsRun } from '../helpers/ops-cli';
import { waitFor } from '../helpers/wait';

const phi = { from: '+919812345678', text: 'my claim for the knee surgery' };

describe('ops CLI', function () {
  // Each case runs the CLI as a child process (tsx compiles it on start): tens of seconds a run on
  // a loaded 2-core machine. Deadlines cost nothing when the machine is quick.
  this.timeout(180_000);
  let h: Harness;
  let dir: string;

  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: false, stages: ['gateway'] } });
    dir = mkdtempSync(join(tmpdir(), 'cw-ops-'));
  });

  after(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function ops(...args: string[]): Promise<OpsRun> {
    const env = { ...process.env, REDIS_URL: h.config.redisUrl, KEY_PREFIX: h.config.keyPrefix, PARTITIONS: String(h.config.partitions), LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    return runOps(env, args);
  }

  function tenantFile(name: string, doc: unknown): string {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(doc));
    return file;
  }

  describe('tenant', () => {
    it('creates a tenant from a valid file and prints working client credentials once', async () => {
      const file = tenantFile('globex.json', {
        tenant_id: 'globex', name: 'Globex Insurance',
        cms: { base_url: 'https://cms.globex.example', api_key: 'cms-key-0123456789' },
        channels: { whatsapp: { phone_number_id: '555000111', app_secret: 'app-secret-0123', access_token: 'EAAG-token-0123', graph_base: 'https://graph.facebook.com/v20.0' } },
        scopes: ['workflow:read', 'audit:read'],
      });
      const run = await ops('tenant', 'create', file);
      expect(run.code, run.stderr).to.equal(0);
      const credentials = JSON.parse(run.stdout) as { tenant_id: string; client_id: string; client_secret: string; scopes: string[] };
      expect(credentials.tenant_id).to.equal('globex');
      expect(credentials.client_id).to.match(/^cli_/);
      expect(credentials.client_secret).to.be.a('string').and.not.empty;
      expect(credentials.scopes).to.deep.equal(['workflow:read', 'audit:read']);
      expect(run.stderr).to.match(/not shown again/);

      const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.client_id, client_secret: credentials.client_secret }),
      });
      expect(res.status).to.equal(200);
      const token = (await res.json()) as { access_token: string; scope: string };
      expect(token.access_token).to.be.a('string').and.not.empty;
      expect(token.scope).to.equal('workflow:read audit:read');

      expect(await h.services.tenants.list()).to.deep.equal(['acme', 'globex']);
    });

    it('rejects an invalid file with each problem and exit code 2, and an existing tenant with 1', async () => {
      const file = tenantFile('bad.json', { tenant_id: 'Bad Tenant!', name: 'Bad', cms: { base_url: 'ftp://x', api_key: 'k' } });
      const [run, again, list] = await Promise.all([ops('tenant', 'create', file), ops('tenant', 'create', join(dir, 'globex.json')), ops('tenant', 'list')]);
      expect(again.code).to.equal(1);
      expect(again.stderr.trim()).to.equal('tenant globex already exists');
      expect(again.stdout).to.equal('');
      expect(list.code).to.equal(0);
      expect(list.stdout).to.equal('acme\nglobex\n');
      expect(run.code).to.equal(2);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.match(/invalid tenant document/);
      expect(run.stderr).to.include('/tenant_id');
      expect(run.stderr).to.include('/cms/base_url');
      expect(run.stderr).to.include('channels');
      expect(await h.services.tenants.list()).to.not.include('Bad Tenant!');
    });
    it('update connects an SMS number to an existing tenant, and a later update that drops it stops its routing', async () => {
      const globex = JSON.parse(readFileSync(join(dir, 'globex.json'), 'utf8')) as Record<string, any>;
      const sms = { numbers: ['+15550107777'], account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'auth-token-0123', api_base: 'https://api.twilio.com' };
      const withSms = await ops('tenant', 'update', tenantFile('globex-sms.json', { ...globex, channels: { ...globex.channels, sms } }));
      expect(withSms.code, withSms.stderr).to.equal(0);
      expect(withSms.stderr.trim()).to.equal('tenant globex updated.');
      expect(await h.services.redis.hget(h.services.keys.smsRoutes(), '+15550107777')).to.equal('globex');
      expect((await h.services.tenants.get('globex')).channels.sms).to.deep.equal(sms);

      // Another tenant cannot take the number; an unknown tenant cannot be updated.
      const taken = await ops('tenant', 'update', tenantFile('acme-steals.json', { ...globex, tenant_id: 'acme', channels: { sms } }));
      expect(taken.code).to.equal(1);
      expect(taken.stderr).to.match(/already belongs to another tenant/);
      const unknown = await ops('tenant', 'update', tenantFile('nobody.json', { ...globex, tenant_id: 'nobody' }));
      expect(unknown.code).to.equal(1);
      expect(unknown.stderr).to.match(/does not exist/);

      const without = await ops('tenant', 'update', join(dir, 'globex.json'));
      expect(without.code, without.stderr).to.equal(0);
      expect(await h.services.redis.hget(h.services.keys.smsRoutes(), '+15550107777')).to.equal(null);
    });
  });

  it('stages shows the backlog of a stage without a consumer', async () => {
    const { redis, keys } = h.services;
    for (let i = 0; i < 2; i++) {
      await redis.xadd(keys.stream(1, 'router'), '*', 'wf', 'wf-1-0000000000000000', 'tenant', 'acme', 'seq', '1', 'attempt', '0', 'payload', JSON.stringify(phi));
    }
    const [json, text] = await Promise.all([ops('stages', '--json'), ops('stages')]);
    expect(json.code, json.stderr).to.equal(0);
    const stats = JSON.parse(json.stdout) as StageStats[];
    expect(stats.map((s) => s.stage)).to.deep.equal(['gateway', 'consent', 'router', 'truth', 'knowledge', 'policy', 'outbound']);
    const router = stats.find((s) => s.stage === 'router')!;
    expect(router).to.include({ backlog: 2, pending: 0, consumers: 0, max_idle_ms: null, dead_letters: 0 });
    expect(router.lag_ms).to.be.at.least(0);
    expect(stats.every((s) => s.runnable)).to.equal(true);

    expect(text.code).to.equal(0);
    expect(text.stdout).to.match(/^STAGE\s+BACKLOG\s+PENDING\s+LAG\s+CONSUMERS/);
    expect(text.stdout).to.match(/^router\s+2\s+0\s+\S+\s+0\s+-\s+0$/m);
  });

  describe('dlq', () => {
    let deadId = '';

    it('lists an entry the gateway dead-lettered, without its payload', async () => {
      const { redis, keys } = h.services;
      await redis.xadd(keys.stream(0, 'gateway'), '*', 'wf', 'x', 'tenant', 'acme', 'seq', 'notanumber', 'payload', JSON.stringify(phi));
      await waitFor(async () => (await redis.xlen(keys.deadLetters(0, 'gateway'))) === 1, { what: 'the gateway to dead-letter the entry', timeoutMs: 5000 });

      const [json, text] = await Promise.all([ops('dlq', 'list', 'gateway', '--json'), ops('dlq', 'list', 'gateway')]);
      expect(json.code, json.stderr).to.equal(0);
      const list = JSON.parse(json.stdout) as DeadLetter[];
      expect(list).to.have.length(1);
      const [entry] = list;
      expect(entry).to.include({ workflow_id: 'x', tenant: 'acme', error_code: 'invalid_envelope', deliveries: 1 });
      expect(entry!.id).to.match(/^0\/\d+-\d+$/);
      expect(entry!.reason).to.match(/invalid_envelope/);
      expect(new Date(entry!.failed_at).toISOString()).to.equal(entry!.failed_at);
      expect(Object.keys(entry!)).to.not.include('payload');
      deadId = entry!.id;

      expect(text.code).to.equal(0);
      expect(text.stdout).to.include(deadId).and.include('invalid_envelope');
      for (const run of [json, text]) {
        expect(run.stdout + run.stderr).to.not.include(phi.from).and.not.include(phi.text);
      }
      // The gateway has now been delivered an entry, so it is a listed consumer on any Redis.
      const gateway = (await stageStats(h.services)).find((s) => s.stage === 'gateway')!;
      expect(gateway).to.include({ dead_letters: 1, consumers: 1, backlog: 0, pending: 0 });
      expect(gateway.max_idle_ms).to.be.a('number');
    });

    it('redrives it back onto the stage stream', async () => {
      const { redis, keys } = h.services;
      // Stop the gateway so the redriven (still undecodable) entry is not dead-lettered again.
      await h.roles.workers.find((w) => w.name === 'gateway')!.close();
      const run = await ops('dlq', 'redrive', 'gateway', deadId, '--json');
      expect(run.code, run.stderr).to.equal(0);
      const [redriven] = JSON.parse(run.stdout) as Redriven[];
      expect(redriven).to.include({ id: deadId, workflow_id: 'x', tenant: 'acme' });
      expect(await redis.xlen(keys.deadLetters(0, 'gateway'))).to.equal(0);
      const entries = await redis.xrange(keys.stream(0, 'gateway'), '-', '+');
      expect(entries).to.have.length(1);
      expect(`0/${entries[0]![0]}`).to.equal(redriven!.stream_id);
      const fields = entries[0]![1];
      expect(fields).to.include('attempt').and.not.include('reason').and.not.include('error_code');
    });

    it('redrives every dead letter of a stage with --all; an id no longer there fails with exit code 1', async () => {
      const { redis, keys } = h.services;
      for (const p of [2, 3]) {
        await redis.xadd(keys.deadLetters(p, 'policy'), '*', 'wf', `wf-${p}-0000000000000000`, 'tenant', 'acme', 'seq', '2', 'attempt', '1',
          'payload', JSON.stringify(phi), 'reason', 'boom', 'error_code', 'template_missing', 'stage', 'policy', 'failed_at', String(Date.now()), 'deliveries', '1', 'source_id', '1-0');
      }
      const [run, unknown] = await Promise.all([ops('dlq', 'redrive', 'policy', '--all'), ops('dlq', 'redrive', 'gateway', deadId)]);
      expect(unknown.code).to.equal(1);
      expect(unknown.stderr.trim()).to.equal(`no dead letter ${deadId} for stage gateway`);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout.trim().split('\n')).to.have.length(2);
      expect(run.stdout).to.not.include(phi.from);
      for (const p of [2, 3]) {
        expect(await redis.xlen(keys.deadLetters(p, 'policy'))).to.equal(0);
        expect(await redis.xlen(keys.stream(p, 'policy'))).to.equal(1);
      }
    });
  });

  it('claimant erase: erases through the same module as the API, prints counts only, and refuses a bad phone', async () => {
    const phone = '+919812300077';
    const { body } = await h.wa.postInbound({ from: phone, text: 'claim status please' });
    const workflowId = (body as { workflow_ids: string[] }).workflow_ids[0]!;
    // Only the gateway runs: the entry waits on the consent stream, holding the phone number.
    const consentStream = h.services.keys.stream(h.services.keys.partitionOf('acme', phone), 'consent');
    await waitFor(async () => ((await h.services.redis.xlen(consentStream)) > 0 ? true : null), { what: 'the entry on the consent stream' });

    expect((await ops('claimant', 'erase', 'acme', '98123 00077')).code).to.equal(2);
    expect((await ops('claimant', 'erase', 'nobody', phone)).code).to.equal(1);
    const run = await ops('claimant', 'erase', 'acme', phone, '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ erased: true, workflows: 1, cancelled: 1, archived_workflows: 0, consent_withdrawn: false });
    expect(run.stdout + run.stderr).to.not.contain(phone.slice(1));
    expect(await h.services.redis.hget(h.services.keys.workflow(h.services.keys.partitionOf('acme', phone), workflowId), 'status')).to.equal('cancelled');
    const hex = createHash('sha256').update(phone).digest('hex');
    let cursor = '0';
    do {
      const [next, keys] = await h.services.redis.scan(cursor, 'MATCH', `${h.config.keyPrefix}:*`, 'COUNT', 1000);
      for (const key of keys) {
        const type = await h.services.redis.type(key);
        const value = type === 'hash' ? JSON.stringify(await h.services.redis.hgetall(key)) : type === 'stream' ? JSON.stringify(await h.services.redis.xrange(key, '-', '+'))
          : type === 'string' ? await h.services.redis.get(key) : type === 'zset' ? JSON.stringify(await h.services.redis.zrange(key, 0, -1)) : '';
        expect(`${key} ${value}`, key).to.not.contain(hex).and.not.contain(phone.slice(1));
      }
      cursor = next;
    } while (cursor !== '0');
  });

  it('prints usage and exits 2 on no or an unknown command', async () => {
    const [none, unknown] = await Promise.all([ops(), ops('frobnicate')]);
    for (const run of [none, unknown]) {
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include('usage: npm run ops');
    }
    expect(unknown.stderr).to.match(/unknown command frobnicate/);
  });
});
