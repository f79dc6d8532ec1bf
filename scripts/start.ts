/**
 * `npm start`: the whole service in one process (API, every stage, the scheduler) with a demo
 * tenant wired to the fake CMS, the fake WhatsApp provider and the fake SMS provider, and
 * instructions to talk to it.
 * Production runs `node dist/src/main.js ROLE` instead (see the Dockerfile).
 */
import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { waitReady } from '../src/redis/connection';
import { parseRoles, startRoles } from '../src/roles';
import { onShutdown } from '../src/runtime/shutdown';
import { createServices } from '../src/services';
import { onboardFakeTenant } from '../test/helpers/fakes/demo-tenant';
import { DEMO_PHONES, seedDemoData, startFakeCms } from '../test/helpers/fakes/fake-cms';
import { demoArticles } from '../test/helpers/fakes/knowledge-base';
import { startFakeTwilio } from '../test/helpers/fakes/twilio';
import { startFakeWhatsApp } from '../test/helpers/fakes/whatsapp';
import { buildConsole, consoleOutDir } from './build-console';
import { redisAnswers, redisServerInstalled, startPrivateRedis } from './local-redis';

const dataDir = join(__dirname, '..', '.data');

async function main(): Promise<void> {
  // The demo names development: its fake partners listen on plain http:// loopback addresses.
  const config = loadConfig(developmentUnlessNamed(process.env));
  let privateRedis: ChildProcess | null = null;
  if (!config.redisClusterNodes && !(await redisAnswers(config.redisUrl))) {
    if (!redisServerInstalled()) {
      process.stderr.write(
        `No Redis answers at ${config.redisUrl}, and redis-server is not installed.\n` +
        'Install Redis 7 (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        'or point REDIS_URL at a running Redis 7, then run npm start again.\n',
      );
      process.exit(1);
    }
    privateRedis = await startPrivateRedis(config.redisUrl, dataDir);
    process.stdout.write(`No Redis answered at ${config.redisUrl}: started a private redis-server there (data in .data/redis, AOF on).\n`);
  }

  const cms = await startFakeCms();
  const wa = await startFakeWhatsApp();
  const sms = await startFakeTwilio();
  const services = createServices(config);
  await waitReady(services.redis);
  const demo = await onboardFakeTenant(services, cms, wa, { tenantId: 'demo', phoneNumberId: '100000000000001', name: 'Demo TPA', sms: { fake: sms, number: '+15550100001' } });
  seedDemoData(cms, demo.doc.cms.api_key);
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
    `Metrics: ${apiUrl}/metrics   Health: ${apiUrl}/health   Stop: Ctrl-C`,
    '',
  ].join('\n'));

  onShutdown(async () => {
    await roles.close();
    await services.close();
    await Promise.allSettled([cms.close(), wa.close(), sms.close()]);
    privateRedis?.kill('SIGTERM');
  }, config.shutdownGraceMs, services.log);
}

main().catch((err: Error) => {
  process.stderr.write(`npm start failed: ${err.message}\n`);
  process.exit(1);
});
