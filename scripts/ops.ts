/**
 * Operator CLI: `npm run ops -- <command>`. Configuration comes from the environment like the
 * service's (REDIS_URL, KEY_PREFIX, PARTITIONS; src/config.ts). The commands are a table
 * (scripts/ops/table.ts, one file per group in scripts/ops/commands/) that call src/ops/* and
 * format what they return; this file connects, runs one and closes the connections.
 *
 * Exit codes: 0 done, 1 failed (message on stderr), 2 bad usage or invalid tenant document.
 */
import { ConfigError, loadConfig } from '../src/config';
import { AppError } from '../src/errors';
import { createLogger } from '../src/logger';
import { Metrics } from '../src/metrics';
import { waitReady } from '../src/redis/connection';
import { createServices, type Services } from '../src/services';
import { err, InvalidDocument, out, UsageError } from './ops/command';
import { parseArgs, plan, usage } from './ops/table';

// --- main -------------------------------------------------------------------------------

/** Runs one command; returns the exit code. Connections it opened are left in `opened`. */
async function main(argv: string[], opened: { services: Services | null }): Promise<number> {
  try {
    const action = plan(parseArgs(argv));
    if (!action) {
      if (argv.length === 0) {
        err(usage());
        return 2;
      }
      out(usage());
      return 0;
    }
    const config = loadConfig();
    const services = createServices(config, { log: createLogger(config.logLevel, process.stderr), metrics: new Metrics({ defaultMetrics: false }) });
    opened.services = services;
    // Reported once below, instead of ioredis printing every reconnect attempt.
    services.redis.on('error', () => undefined);
    await waitReady(services.redis, 5000).catch(() => {
      throw new AppError('service_unavailable', `cannot reach Redis at ${config.redisClusterNodes ? `the cluster nodes ${config.redisClusterNodes.map((n) => `${n.host}:${n.port}`).join(',')}` : redisHost(config.redisUrl)}`);
    });
    return (await action(services)) ?? 0;
  } catch (e) {
    return report(e);
  }
}

/** Prints an error the way an operator should see it; returns the exit code. */
function report(e: unknown): number {
  if (e instanceof UsageError) {
    err(`${e.message}\n\n${usage()}`);
    return 2;
  }
  if (e instanceof InvalidDocument) {
    err('invalid tenant document:');
    for (const problem of e.problems) err(`  ${problem}`);
    return 2;
  }
  if (e instanceof ConfigError && /required in production/.test(e.message)) {
    err(`${e.message}\nAgainst the \`npm start\` demo: NODE_ENV=development npm run ops -- ...`);
    return 1;
  }
  if (e instanceof AppError || e instanceof ConfigError) {
    err(e.message);
    return 1;
  }
  err(`ops failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  return 1;
}

/** host:port only: the URL may carry a password. */
function redisHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured REDIS_URL';
  }
}

async function run(argv: string[]): Promise<void> {
  const opened: { services: Services | null } = { services: null };
  const code = await main(argv, opened);
  process.exitCode = code;
  if (opened.services) {
    // A connection that never came up would keep quit() waiting: drop it, and never let
    // closing hold the exit for long.
    if (opened.services.redis.status !== 'ready') opened.services.redis.disconnect();
    setTimeout(() => process.exit(code), 3000).unref();
    await opened.services.close();
    // Everything is closed; an ioredis reconnect timer may still be armed for a while.
    setTimeout(() => process.exit(code), 200).unref();
  }
}

void run(process.argv.slice(2));
