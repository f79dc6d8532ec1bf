/**
 * `npm start`: the whole service in one process (API, every stage, the scheduler) with a demo
 * tenant wired to the fake CMS, the fake WhatsApp provider and the fake SMS provider, and
 * instructions to talk to it.
 * Production runs `node dist/src/main.js ROLE` instead (see the Dockerfile).
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { developmentUnlessNamed, loadConfig, type Config } from '../src/config';
import { waitReady } from '../src/redis/connection';
import { parseRoles, startRoles, type RunningRoles } from '../src/roles';
import { claimRedis } from '../src/runtime/deployment';
import { onShutdown } from '../src/runtime/shutdown';
import { startFailureMessage } from '../src/runtime/start-failure';
import { createServices, type Services } from '../src/services';
import { onboardFakeTenant } from '../test/helpers/fakes/demo-tenant';
import { DEMO_PHONES, seedDemoData, startFakeCms } from '../test/helpers/fakes/fake-cms';
import { demoArticles } from '../test/helpers/fakes/knowledge-base';
import { startFakeTwilio } from '../test/helpers/fakes/twilio';
import { startFakeWhatsApp } from '../test/helpers/fakes/whatsapp';
import { buildConsole, consoleOutDir } from './build-console';
import { redisAnswers, redisServerInstalled, startPrivateRedis, stopPrivateRedis } from './local-redis';

const root = join(__dirname, '..');
const flags = ((): { 'share-redis'?: boolean; 'data-dir'?: string } => {
  try {
    return parseArgs({ options: { 'share-redis': { type: 'boolean' }, 'data-dir': { type: 'string' } } }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nusage: npm start [-- --share-redis] [--data-dir DIR]\n`);
    process.exit(2);
  }
})();
/** The deployment id, the private Redis's data and demo.json (`--data-dir`, default .data/ of the checkout). */
const dataDir = resolve(flags['data-dir'] ?? join(root, '.data'));
/** As the banner names it: relative to the checkout when inside it. */
const shownDataDir = relative(root, dataDir).startsWith('..') ? dataDir : relative(root, dataDir);

/** This checkout's deployment id: made at its first start, kept in .data/deployment-id, marked on the Redis it uses. */
function deploymentId(): string {
  const file = join(dataDir, 'deployment-id');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const id = `demo-${randomBytes(6).toString('hex')}`;
  writeFileSync(file, `${id}\n`);
  return id;
}

/** host:port only: the URL may carry a password. */
function redisHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'REDIS_URL';
  }
}

/** What was started so far, stopped in order on a failed start or Ctrl-C: the service first, its Redis last. */
interface Started {
  privateRedis: ChildProcess | null;
  services: Services | null;
  roles: RunningRoles | null;
  fakes: Array<{ close(): Promise<void> }>;
}

async function stopAll(started: Started): Promise<void> {
  await started.roles?.close();
  await started.services?.close();
  await Promise.allSettled(started.fakes.map((f) => f.close()));
  if (started.privateRedis) {
    await stopPrivateRedis(started.privateRedis);
    process.stdout.write('stopped the private redis-server npm start had started\n');
  }
}

async function main(started: Started, config: Config): Promise<void> {
  const redisLabel = config.redisClusterNodes ? `the Redis Cluster at ${config.redisClusterNodes.map((n) => `${n.host}:${n.port}`).join(',')}` : redisHost(config.redisUrl);
  if (!config.redisClusterNodes && !(await redisAnswers(config.redisUrl))) {
    if (!redisServerInstalled()) {
      process.stderr.write(
        `No Redis answers at ${config.redisUrl}, and redis-server is not installed.\n` +
        'Install Redis 7 (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        'or point REDIS_URL at a running Redis 7, then run npm start again.\n',
      );
      process.exit(1);
    }
    started.privateRedis = await startPrivateRedis(config.redisUrl, dataDir);
    process.stdout.write(`No Redis answered at ${config.redisUrl}: started a private redis-server there (data in ${join(shownDataDir, 'redis')}, AOF on).\n`);
  }

  const services = createServices(config);
  started.services = services;
  await waitReady(services.redis);
  // Refuse another deployment's Redis before writing anything to it (src/runtime/deployment.ts).
  const claim = await claimRedis(services.redis, services.keys, {
    id: deploymentId(), issuer: config.jwtIssuer, now: Date.now(), share: flags['share-redis'] === true, ownsData: started.privateRedis !== null,
  });
  if (!claim.use) {
    throw new Error(`the Redis at ${redisLabel} (KEY_PREFIX ${config.keyPrefix}) is not this deployment's: ${claim.reason}.\n`
      + 'Two demos on one Redis break each other. Point REDIS_URL at another Redis (or at a free port: npm start then starts a private one),\n'
      + 'or set another KEY_PREFIX, or run `npm start -- --share-redis` to use it anyway.');
  }

  const cms = await startFakeCms();
  started.fakes.push(cms);
  const wa = await startFakeWhatsApp();
  started.fakes.push(wa);
  const sms = await startFakeTwilio();
  started.fakes.push(sms);
  const demo = await onboardFakeTenant(services, cms, wa, { tenantId: 'demo', phoneNumberId: '100000000000001', name: 'Demo TPA', sms: { fake: sms, number: '+15550100001' } });
  seedDemoData(cms, demo.doc.cms.api_key);
  // The banner's credentials are this run's only: earlier runs' demo clients stop working now.
  for (const client of await services.clients.list('demo')) {
    if (client.client_id !== demo.credentials.client_id) await services.clients.remove(client.client_id);
  }
  await services.knowledge.articles.putMany('demo', demoArticles, Date.now());
  // The partner console is served from its build; a fresh checkout has none yet (esbuild, well under a second).
  if (!existsSync(join(consoleOutDir, 'index.html'))) await buildConsole();
  // A demo console login, made afresh each run like the demo's API client (usernames are unique
  // across tenants, so an earlier run's user is removed first).
  const consoleUser = 'admin@demo-tpa.example';
  const consolePassword = randomBytes(12).toString('base64url');
  const earlier = await services.users.findByUsername(consoleUser);
  if (earlier) await services.users.removeUser(earlier.tenant_id, earlier.user_id);
  await services.users.createUser('demo', { username: consoleUser, role: 'tpa_admin', password: consolePassword });
  const roles = await startRoles(services, parseRoles(['all']));
  started.roles = roles;
  const apiUrl = roles.apiUrl!;
  wa.configure({ serviceUrl: apiUrl, appSecret: demo.doc.channels.whatsapp.app_secret, phoneNumberId: demo.doc.channels.whatsapp.phone_number_id });
  sms.configure({ serviceUrl: apiUrl });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'demo.json'), JSON.stringify({ serviceUrl: apiUrl, providerUrl: wa.url, smsProviderUrl: sms.url, cmsUrl: cms.url, demoPhones: DEMO_PHONES }, null, 2));

  const { client_id: clientId, client_secret: clientSecret } = demo.credentials;
  process.stdout.write([
    '',
    `Claims Workflow Service running at ${apiUrl} (all roles in one process)`,
    `  fake CMS            ${cms.url}   demo claimants: ${DEMO_PHONES.join(', ')}`,
    `  fake WhatsApp       ${wa.url}`,
    `  fake SMS (Twilio)   ${sms.url}   demo SMS number: ${demo.doc.channels.sms!.numbers[0]}`,
    `  Redis               ${redisLabel}   ${started.privateRedis ? `a private redis-server started by npm start (data in ${join(shownDataDir, 'redis')}, AOF on; stopped on Ctrl-C)`
      : `already running, not started by npm start (left running on Ctrl-C)${claim.how === 'shared' ? '; shared with another deployment (--share-redis)' : ''}`}`,
    '',
    'Play the claimant in another terminal:   npm run chat   (or: npm run chat -- --channel sms)',
    '',
    // Only the demo tenant's client, made just now for this demo, is ever printed: `npm start`
    // never prints the secret of a tenant onboarded with `npm run ops -- tenant create`.
    'Call the partner API as the demo tenant. These are the DEMO tenant\'s credentials, made for this',
    'run only (shown once); a real tenant\'s secret is never printed here:',
    `  TOKEN=$(curl -s ${apiUrl}/v1/auth/token -H 'content-type: application/json' \\`,
    `    -d '{"grant_type":"client_credentials","client_id":"${clientId}","client_secret":"${clientSecret}"}' | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/')`,
    `  curl -s ${apiUrl}/v1/workflows -H "authorization: Bearer $TOKEN"`,
    '',
    `Partner console: ${apiUrl}/console/   log in as ${consoleUser} with ${consolePassword} (a demo user, made for this run)`,
    '',
    // Metrics name every tenant: never on the API port outside test, only on METRICS_PORT.
    `Metrics: ${roles.metricsUrl ? `${roles.metricsUrl}/metrics` : 'set METRICS_PORT to serve them (a port of their own)'}   Health: ${apiUrl}/health   Stop: Ctrl-C`,
    '',
  ].join('\n'));

  onShutdown(() => stopAll(started), config.shutdownGraceMs, services.log);
}

const started: Started = { privateRedis: null, services: null, roles: null, fakes: [] };
let config: Config | null = null;
try {
  // The demo names development: its fake partners listen on plain http:// loopback addresses.
  config = loadConfig(developmentUnlessNamed(process.env));
} catch (err) {
  process.stderr.write(`npm start failed: ${(err as Error).message}\n`);
  process.exit(1);
}
const loaded = config;
main(started, loaded).catch(async (err: Error) => {
  process.stderr.write(`npm start failed: ${startFailureMessage(err, loaded)}\n`);
  // Nothing npm start began outlives it: the service's connections close, then the Redis it started stops.
  const force = setTimeout(() => process.exit(1), loaded.shutdownGraceMs);
  force.unref();
  await stopAll(started).catch(() => undefined);
  process.exit(1);
});
