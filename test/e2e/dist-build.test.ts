/**
 * The production path, as the Dockerfile runs it: scripts/build.sh, then `node dist/src/main.js`.
 * The built service answers /health and /ready, publishes its keys, and shuts down cleanly on
 * SIGTERM (exit code 0); its audit verification worker runs from the compiled JavaScript.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort, testRedisUrl } from '../helpers/redis';
import { logLineReader } from '../helpers/suite-log';
import { waitFor } from '../helpers/wait';

const root = join(__dirname, '..', '..');

describe('built service (dist/, as in the Docker image)', function () {
  this.timeout(120000);

  it('builds, starts from dist/, serves /health and /ready, and exits 0 on SIGTERM', async () => {
    const build = spawnSync('bash', ['scripts/build.sh'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr + build.stdout).to.equal(0);
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/src/main.js', 'all'], {
      cwd: root,
      env: { PATH: process.env.PATH, REDIS_URL: testRedisUrl(), KEY_PREFIX: `dist${port}`, PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'production', SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PHI_REF_KEY: randomBytes(32).toString('base64') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const [readOut, readErr] = [logLineReader(), logLineReader()];
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); readOut(d); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); readErr(d); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/ready`)).status === 200, { timeoutMs: 20000, what: 'the built service to be ready' });
      expect(await (await fetch(`${base}/health`)).json()).to.deep.equal({ status: 'ok' });
      const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { alg: string; kid: string }[] };
      expect(jwks.keys[0]).to.include({ alg: 'RS256' });
      // The audit verification worker loads as compiled JavaScript from dist/ (not through tsx).
      const walk = spawnSync(process.execPath, ['-e', `
        const { LedgerVerifier } = require('./dist/src/audit/ledger-verifier.js');
        const { createLogger } = require('./dist/src/logger.js');
        const v = new LedgerVerifier({ redisUrl: process.env.REDIS_URL, redisClusterNodes: null }, createLogger('warn', process.stderr));
        v.walk('dist${port}:no-such-ledger', null, { pageSize: 100, eventsPerSecond: 20000 }).then((w) => { console.log(JSON.stringify(w)); return v.close(); });
      `], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, REDIS_URL: testRedisUrl() }, timeout: 20000 });
      expect(walk.status, walk.stderr).to.equal(0);
      expect(JSON.parse(walk.stdout)).to.deep.equal({ check: { valid: true, count: 0, head_hash: '0'.repeat(64), first_broken: null }, at: null });
      child.kill('SIGTERM');
      expect(await exited, output).to.equal(0);
      expect(output).to.contain('shutdown complete');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
