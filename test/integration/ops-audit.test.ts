/**
 * `ops audit verify` as an operator meets it next to a running service: an unknown tenant is an
 * error; a genuine checkpoint verifies when the CLI's own settings name another port than the
 * service ran on, once the service recorded its issuer (src/runtime/deployment.ts), and the
 * answer says which issuer it named before; keys that cannot be read are said to be that;
 * `--help` says how to run it against the `npm start` demo.
 */
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimRedis } from '../../src/runtime/deployment';
import { envFor } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { runOps } from '../helpers/ops-cli';

describe('ops audit verify', function () {
  // Each case runs the CLI as a child process (tsx compiles it on start): slow on a loaded machine.
  this.timeout(180_000);
  let h: Harness;
  let file: string;
  before(async () => {
    h = await startHarness({ roles: ['api'] });
    const cp = (await (await h.api('/v1/audit/checkpoint')).json()) as { checkpoint: string };
    file = join(mkdtempSync(join(tmpdir(), 'cw-cp-')), 'cp.jws');
    writeFileSync(file, cp.checkpoint);
  });
  after(async () => { await h?.close(); });

  const ops = (args: string[], extra: Record<string, string> = {}) => runOps(envFor(h.config, extra), args);

  it('is an error, exit 1, for a tenant that is not configured', async () => {
    const run = await ops(['audit', 'verify', 'nosuch']);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.contain('tenant nosuch is not configured');
    expect(run.code).to.equal(1);
  });

  it('verifies a genuine checkpoint whatever PORT its own environment names, once the service recorded its issuer', async () => {
    // The CLI run without the service's settings: its issuer is http://127.0.0.1:<its PORT>.
    const elsewhere = { JWT_ISSUER: '', PUBLIC_URL: '', PORT: '18099' };
    const before = await ops(['audit', 'verify', 'acme', file], elsewhere);
    expect(before.stdout).to.contain(`checkpoint FAILS: it names the issuer ${h.config.jwtIssuer}, not this deployment's http://127.0.0.1:18099`);
    expect(before.code).to.equal(1);
    // What npm start does at each start: mark the Redis with its id and the issuer it signs with.
    const claim = await claimRedis(h.services.redis, h.services.keys, { id: 'demo-ops-audit', issuer: h.config.jwtIssuer, now: Date.now(), share: false, ownsData: true });
    expect(claim.use).to.equal(true);
    const after = await ops(['audit', 'verify', 'acme', file], elsewhere);
    expect(after.stdout, after.stderr).to.match(/chain intact: \d+ events/);
    expect(after.stdout).to.match(/checkpoint holds: the first \d+ events are as signed/);
    expect(after.code).to.equal(0);
  });

  it('says it could not fetch the keys when the keys cannot be read', async () => {
    const { redis, keys } = h.services;
    const saved = `${keys.signingKeys()}:saved`;
    await redis.rename(keys.signingKeys(), saved);
    try {
      // Not a hash any more: every read of it fails (WRONGTYPE), as an unreadable store would.
      await redis.set(keys.signingKeys(), 'not a hash');
      const run = await ops(['audit', 'verify', 'acme', file]);
      expect(run.stdout).to.contain('checkpoint FAILS: could not fetch the keys to check it: WRONGTYPE');
      expect(run.code).to.equal(1);
    } finally {
      await redis.del(keys.signingKeys());
      await redis.rename(saved, keys.signingKeys());
    }
  });

  it('--help says the npm start demo needs NODE_ENV=development', async () => {
    const run = await ops(['--help']);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.contain('against the `npm start` demo run');
    expect(run.stdout).to.contain('NODE_ENV=development npm run ops -- <command>');
  });
});
