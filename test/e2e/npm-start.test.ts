/**
 * The README's `npm start`, run as a developer runs it: with no Redis at REDIS_URL it starts a
 * private redis-server (AOF on) and says so, serves the demo, and stops everything on Ctrl-C;
 * with no Redis and no redis-server it exits with instructions.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { redisAnswers } from '../../scripts/local-redis';
import { freePort } from '../helpers/redis';
import { logLineReader } from '../helpers/suite-log';
import { waitFor } from '../helpers/wait';

const root = join(__dirname, '..', '..');

describe('npm start', function () {
  this.timeout(60000);

  it('starts a private Redis when none answers, serves the demo, and stops it all on Ctrl-C', async () => {
    const [redisPort, port] = [await freePort(), await freePort()];
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    // Detached, so Ctrl-C can go to the whole process group as a terminal sends it.
    const child = spawn('npm', ['start'], {
      cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, REDIS_URL: redisUrl, PORT: String(port), LOG_LEVEL: 'warn' },
    });
    let output = '';
    const [readOut, readErr] = [logLineReader(), logLineReader()];
    child.stdout!.on('data', (d: Buffer) => { output += d.toString(); readOut(d); });
    child.stderr!.on('data', (d: Buffer) => { output += d.toString(); readErr(d); });
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
    try {
      await waitFor(() => output.includes('Claims Workflow Service running at'), { timeoutMs: 30000, what: `npm start to be up; output so far: ${output}` });
      expect(output).to.contain(`No Redis answered at ${redisUrl}: started a private redis-server there (data in .data/redis, AOF on)`);
      expect(output).to.contain('npm run chat');
      expect(output).to.match(/"client_id":"cli_[0-9a-f]+","client_secret":"cs_/);
      expect(await (await fetch(`http://127.0.0.1:${port}/ready`)).json()).to.deep.equal({ status: 'ready', redis: 'ok' });
      // The console is built if it was not, and its demo login works.
      const login = /log in as (\S+) with (\S+) \(a demo user/.exec(output);
      expect(login, 'the console login in the banner').to.not.equal(null);
      const page = await fetch(`http://127.0.0.1:${port}/console/`);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-security-policy')).to.contain("default-src 'none'");
      const session = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: login![1], password: login![2] }),
      });
      expect(session.status).to.equal(200);
      expect(await redisAnswers(redisUrl)).to.equal(true);
      process.kill(-child.pid!, 'SIGINT');
      // npm ends by the signal itself, as in a terminal; the service under it exits 0.
      expect(await exited).to.be.oneOf(['SIGINT', 'code 0']);
      expect(output).not.to.contain('shutdown failed');
      await waitFor(async () => !(await redisAnswers(redisUrl)), { what: 'the private Redis to stop with npm start' });
    } finally {
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }
  });

  it('exits with instructions when there is no Redis and no redis-server to start', async () => {
    const port = await freePort();
    // Only node on the PATH: no redis-server to be found.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root, encoding: 'utf8', timeout: 30000,
      env: { PATH: dirname(process.execPath) === '/usr/bin' ? '/nonexistent' : dirname(process.execPath), REDIS_URL: `redis://127.0.0.1:${port}`, PORT: String(await freePort()) },
    });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.contain('redis-server is not installed');
    expect(run.stderr).to.contain('apt-get install redis-server');
  });
});
