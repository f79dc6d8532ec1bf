/**
 * `npm run ops -- user create|list` as a real child process against the harness' Redis: the
 * password is piped in on standard input or is generated and printed once, and the user can log
 * in with it; listing never shows a hash.
 */
import { expect } from 'chai';
import { UserStore, checkPassword } from '../../src/auth/users';
import { startHarness, type Harness } from '../helpers/harness';
import { runOps, type OpsRun } from '../helpers/ops-cli';

describe('ops CLI: users', function () {
  // Each case runs the CLI as a child process (tsx compiles it on start): slow on a loaded machine.
  this.timeout(180_000);
  let h: Harness;
  let users: UserStore;

  before(async () => {
    h = await startHarness({ roles: { api: false, scheduler: false, stages: [] } });
    users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
  });
  after(async () => { await h?.close(); });

  function ops(args: string[], stdin?: string): Promise<OpsRun> {
    const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: h.config.redisUrl, KEY_PREFIX: h.config.keyPrefix, PARTITIONS: String(h.config.partitions), LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    return runOps(env, args, { stdin });
  }

  it('creates a user with the password piped in (--password-stdin), never printing it', async () => {
    const password = 'operator-chosen-passphrase';
    const run = await ops(['user', 'create', 'acme', 'Admin.One@acme-tpa.example', 'tpa_admin', '--password-stdin'], `${password}\n`);
    expect(run.code, run.stderr).to.equal(0);
    const created = JSON.parse(run.stdout) as { user_id: string; username: string; role: string; scope: string; password?: string };
    expect(created).to.include({ username: 'admin.one@acme-tpa.example', role: 'tpa_admin' });
    expect(created).to.not.have.property('password');
    expect(run.stdout + run.stderr).to.not.include(password);
    expect(await checkPassword(await users.get('acme', created.user_id), password)).to.equal(true);
  });

  it('generates a strong password when none is given, and prints it once', async () => {
    const run = await ops(['user', 'create', 'acme', 'handler.one@acme-tpa.example', 'claim_handler']);
    expect(run.code, run.stderr).to.equal(0);
    const created = JSON.parse(run.stdout) as { user_id: string; scope: string; password: string };
    expect(created.password).to.have.length.of.at.least(40);
    expect(created.scope).to.equal('workflow:read workflow:write audit:read kb:read conversations:read conversations:write');
    expect(run.stderr).to.include('not shown again');
    expect(await checkPassword(await users.get('acme', created.user_id), created.password)).to.equal(true);
  });

  it('lists users without hashes, as a table or JSON', async () => {
    const table = await ops(['user', 'list', 'acme']);
    expect(table.code, table.stderr).to.equal(0);
    expect(table.stdout).to.match(/^USER ID\s+USERNAME\s+ROLE\s+CREATED/);
    expect(table.stdout).to.include('admin.one@acme-tpa.example').and.include('handler.one@acme-tpa.example');
    const json = await ops(['user', 'list', 'acme', '--json']);
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(listed.map((u) => u.username)).to.deep.equal(['admin.one@acme-tpa.example', 'handler.one@acme-tpa.example']);
    expect(json.stdout + table.stdout).to.not.include('scrypt');
  });

  it('refuses a bad role (usage, exit 2), a taken username and an unknown tenant (exit 1)', async () => {
    const role = await ops(['user', 'create', 'acme', 'x@acme-tpa.example', 'root']);
    expect(role.code).to.equal(2);
    expect(role.stderr).to.include('unknown role root');
    const taken = await ops(['user', 'create', 'acme', 'ADMIN.ONE@acme-tpa.example', 'claim_handler']);
    expect(taken.code).to.equal(1);
    expect(taken.stderr).to.include('already exists');
    const tenant = await ops(['user', 'list', 'no-such-tenant']);
    expect(tenant.code).to.equal(1);
    expect(tenant.stderr).to.include('not configured');
  });
});
