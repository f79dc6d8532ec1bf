/**
 * The README's `npm start`, run as a newcomer runs it: with no Redis at REDIS_URL it starts a
 * private redis-server (AOF on) and says so in the banner, serves the demo, and on Ctrl-C stops
 * the service first and that Redis last, exiting 0 with no warnings; it refuses a Redis that holds
 * another deployment's data unless told to share it; the banner's demo credentials are that run's
 * only; a failed start leaves no redis-server behind and names the setting; with no Redis and no
 * redis-server it exits with instructions.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { Keys } from '../../src/redis/keys';
import { redisAnswers } from '../../scripts/local-redis';
import { freePort, startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { ctrlC, killGroup, killRedisOn, newDataDir, npmStart, redisServerOn, untilUp } from '../helpers/npm-start';

const root = join(__dirname, '..', '..');
const deploymentKey = new Keys('cw', 8).deployment();

/** Pino lines at warn (40) or above: a clean start and stop writes none. */
function warnings(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(4|5|6)\d/.test(line));
}

function clientIdOf(output: string): string {
  const id = /"client_id":"(cli_[0-9a-f]+)"/.exec(output)?.[1];
  expect(id, 'the demo client id in the banner').to.be.a('string');
  return id!;
}

describe('npm start', function () {
  this.timeout(90000);

  it('starts a private Redis when none answers, names it in the banner, serves the demo, and stops it all cleanly on Ctrl-C', async () => {
    const [redisPort, port] = [await freePort(), await freePort()];
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const dataDir = newDataDir();
    const run = npmStart(dataDir, { REDIS_URL: redisUrl, PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await untilUp(run);
      const output = run.output();
      expect(output).to.contain(`No Redis answered at ${redisUrl}: started a private redis-server there (data in ${dataDir}/redis, AOF on)`);
      expect(output).to.match(new RegExp(`Redis +127\\.0\\.0\\.1:${redisPort} +a private redis-server started by npm start`));
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
      await ctrlC(run);
      // The service stopped first (its own log says so, and exited 0 after it), then its Redis.
      expect(run.output()).to.contain('"msg":"shutdown complete"');
      expect(run.output()).to.contain('stopped the private redis-server npm start had started');
      expect(warnings(run.output()), 'warning lines on Ctrl-C').to.deep.equal([]);
      expect(run.output()).not.to.contain('Redis connection failing');
      expect(run.output()).not.to.contain('shutdown grace time exceeded');
      expect(await redisAnswers(redisUrl), 'the private Redis stopped before npm start ended').to.equal(false);
      expect(redisServerOn(redisPort)).to.deep.equal([]);
    } finally {
      killGroup(run);
      killRedisOn(redisPort);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on a Redis that was already running', () => {
    let redis: PrivateRedis;
    let probe: Redis;
    let dataDir: string;
    before(async () => {
      redis = await startPrivateRedis();
      probe = new Redis(redis.url);
      dataDir = newDataDir();
    });
    after(async () => {
      probe.disconnect();
      await redis.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('names it in the banner, refuses it once it holds another deployment\'s data unless told to share it, and revokes earlier runs\' demo clients', async () => {
      const port = await freePort();
      const env = { REDIS_URL: redis.url, PORT: String(port), LOG_LEVEL: 'warn' };
      const first = npmStart(dataDir, env);
      let firstClient: string;
      try {
        await untilUp(first);
        expect(first.output()).to.match(new RegExp(`Redis +127\\.0\\.0\\.1:${redis.port} +already running, not started by npm start`));
        firstClient = clientIdOf(first.output());
        await ctrlC(first);
      } finally {
        killGroup(first);
      }
      expect(await redisAnswers(redis.url), 'a Redis npm start did not start is left running').to.equal(true);

      // Another deployment's mark on the same Redis: refused before anything is written.
      const ours = await probe.hget(deploymentKey, 'id');
      expect(ours, 'npm start marked the Redis it used').to.match(/^demo-[0-9a-f]{12}$/);
      await probe.hset(deploymentKey, 'id', 'demo-0123456789ab');
      const keysBefore = await probe.dbsize();
      const refused = npmStart(dataDir, env);
      try {
        expect(await refused.exited).to.equal('code 1');
      } finally {
        killGroup(refused);
      }
      expect(refused.output()).to.contain(`npm start failed: the Redis at 127.0.0.1:${redis.port} (KEY_PREFIX cw) is not this deployment's: it holds the data of another deployment (id demo-0123456789ab`);
      expect(refused.output()).to.contain('npm start -- --share-redis');
      expect(await probe.dbsize(), 'nothing written to a refused Redis').to.equal(keysBefore);

      // Told to share it, it starts; the banner says so, and the earlier run's demo client is revoked.
      const shared = npmStart(dataDir, env, ['--share-redis']);
      try {
        await untilUp(shared);
        expect(shared.output()).to.contain('shared with another deployment (--share-redis)');
        const current = clientIdOf(shared.output());
        const list = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'client', 'list', 'demo', '--json'], {
          cwd: root, encoding: 'utf8', timeout: 30000, env: { PATH: process.env.PATH, HOME: process.env.HOME, REDIS_URL: redis.url, NODE_ENV: 'development' },
        });
        expect(list.status, list.stderr).to.equal(0);
        expect((JSON.parse(list.stdout) as Array<{ client_id: string }>).map((c) => c.client_id)).to.deep.equal([current]);
        expect(current).to.not.equal(firstClient!);
        await ctrlC(shared);
      } finally {
        killGroup(shared);
      }
      expect(await probe.hget(deploymentKey, 'id'), 'sharing leaves the other deployment\'s mark').to.equal('demo-0123456789ab');
      await probe.hset(deploymentKey, 'id', ours!);
    });
  });

  it('a failed start (PORT in use) names the PORT setting and leaves no private redis-server running', async () => {
    const [redisPort, port] = [await freePort(), await freePort()];
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    const dataDir = newDataDir();
    const run = npmStart(dataDir, { REDIS_URL: redisUrl, PORT: String(port), LOG_LEVEL: 'warn' });
    try {
      expect(await run.exited).to.equal('code 1');
      expect(run.output()).to.contain(`No Redis answered at ${redisUrl}: started a private redis-server there`);
      expect(run.output()).to.contain(`port ${port} on 127.0.0.1 is already in use (the PORT setting, PORT=${port})`);
      expect(await redisAnswers(redisUrl), 'the private Redis stopped with the failed start').to.equal(false);
      expect(redisServerOn(redisPort)).to.deep.equal([]);
    } finally {
      killGroup(run);
      killRedisOn(redisPort);
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
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
