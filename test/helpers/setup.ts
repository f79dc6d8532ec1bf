/**
 * Global test setup. An unhandled rejection fails the run instead of passing silently. When no
 * Redis answers at TEST_REDIS_URL (default 127.0.0.1:6379), a private redis-server is started
 * for the whole run, so `npm test` works on a machine that only has redis-server installed.
 */
import { redisAnswers } from '../../scripts/local-redis';
import { startPrivateRedis, testRedisUrl, type PrivateRedis } from './redis';
import { flushSuiteLog, suiteLog } from './suite-log';

process.on('unhandledRejection', (reason) => {
  throw reason instanceof Error ? reason : new Error(String(reason));
});

let privateRedis: PrivateRedis | null = null;

/** Root hooks: the log reader notes which test was running when it finds something. */
export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    suiteLog.currentTest = this.currentTest?.fullTitle() ?? '';
  },
  // In parallel mode root hooks run around each file: its line count is written for the hygiene run.
  afterAll(): void {
    flushSuiteLog();
  },
};

export async function mochaGlobalSetup(): Promise<void> {
  if (await redisAnswers(testRedisUrl())) return;
  privateRedis = await startPrivateRedis();
  process.env.TEST_REDIS_URL = privateRedis.url;
  process.stdout.write(`no Redis at the default address: the tests use a private redis-server at ${privateRedis.url}\n`);
}

export async function mochaGlobalTeardown(): Promise<void> {
  await privateRedis?.close();
}
