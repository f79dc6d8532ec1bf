/**
 * Process entry: `node dist/src/main.js [all | api | stage NAME[,NAME] | scheduler]`.
 * Configuration comes from the environment (src/config.ts).
 */
import { loadConfig, type Config } from './config';
import { waitReady } from './redis/connection';
import { parseRoles, startRoles } from './roles';
import { onShutdown } from './runtime/shutdown';
import { startFailureMessage } from './runtime/start-failure';
import { createServices } from './services';
import { SharedTestClock } from './shared-test-clock';

/** Set once read, so a failed start can name the setting behind it. */
let loaded: Config | null = null;

async function main(): Promise<void> {
  const config = loadConfig();
  loaded = config;
  const selection = parseRoles(process.argv.slice(2));
  // Only an API-only process pipelines automatically, and only on one Redis (src/redis/connection.ts).
  const apiOnly = selection.api && !selection.scheduler && selection.stages.length === 0;
  const services = createServices(config, { autoPipelining: apiOnly });
  await waitReady(services.redis, 10000);
  // A test deployment's shared clock is read before any work is taken (src/shared-test-clock.ts).
  if (services.clock instanceof SharedTestClock) await services.clock.ready();
  const roles = await startRoles(services, selection);
  services.log.info({ roles: selection, api: roles.apiUrl }, 'claims workflow service started');
  onShutdown(async () => { await roles.close(); await services.close(); }, config.shutdownGraceMs, services.log);
}

main().catch((err: Error) => {
  process.stderr.write(`claims workflow service failed to start: ${startFailureMessage(err, loaded)}\n`);
  process.exit(1);
});
