/**
 * The world the end-to-end benchmarks run in: a fresh key prefix on REDIS_URL, the fake CMS and
 * the fake WhatsApp and SMS providers in the bench process, one onboarded tenant with both
 * channels, and the service started
 * as child processes (`src/main.ts ROLE`, as in production). `stop()` ends the children and
 * removes every key of the run.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { developmentUnlessNamed, loadConfig, type Config } from '../src/config';
import { createLogger } from '../src/logger';
import { waitReady } from '../src/redis/connection';
import { createServices, type Services } from '../src/services';
import { deleteKeys, startApiProcesses, startServiceProcess, waitUntilReady } from './bench-support';
import { onboardFakeTenant, type FakeTenant } from '../test/helpers/fakes/demo-tenant';
import { startFakeCms, type FakeCms } from '../test/helpers/fakes/fake-cms';
import { startFakeTwilio, type FakeTwilio } from '../test/helpers/fakes/twilio';
import { startFakeWhatsApp, type FakeWhatsApp } from '../test/helpers/fakes/whatsapp';

export interface BenchWorld {
  config: Config;
  services: Services;
  cms: FakeCms;
  wa: FakeWhatsApp;
  sms: FakeTwilio;
  tenant: FakeTenant;
  /** Where the service's API listens once started (the providers' webhooks go there). */
  serviceUrl: string;
  /**
   * Starts the service processes (one per role set) and points the fake provider at them. With
   * `apiProcesses` above 1, the `api` role set is that many API processes on the one port
   * (bench/bench-api-cluster.ts). With `onCrash`, a process that exits by itself (not by
   * killService or stop) is started again at once, as a process supervisor would, and reported.
   */
  startService(roleSets: string[][], profileDir: string, options?: { apiProcesses?: number; onCrash?: (roles: string[], code: number | null, signal: string | null) => void }): Promise<void>;
  /** Each service process started so far with its role set (its pid undefined if its start failed): to read its memory or CPU. */
  serviceProcesses(): Array<{ roles: string[]; pid: number | undefined }>;
  /** Role sets of the service processes, in start order (the index killService takes). */
  serviceRoles(): string[][];
  /** SIGKILLs service process `index` and, once it has exited, starts it again with the same roles. */
  killService(index: number): Promise<void>;
  /** Ends the service processes and the fakes; removes the run's keys unless `keepKeys` (a private server about to be removed). */
  stop(options?: { keepKeys?: boolean }): Promise<void>;
}

/**
 * The fake CMS and the fake WhatsApp and SMS providers in this process, and one tenant onboarded
 * on `config`'s Redis wired to them (SMS too with `smsNumber`): the bench world's own, and each
 * load process's (bench/bench-load-agent.ts).
 */
export async function startFakeTenant(config: Config, o: { tenantId: string; phoneNumberId: string; smsNumber?: string }): Promise<{
  services: Services; cms: FakeCms; wa: FakeWhatsApp; sms: FakeTwilio; tenant: FakeTenant; close(): Promise<void>;
}> {
  const cms = await startFakeCms();
  const wa = await startFakeWhatsApp();
  const sms = await startFakeTwilio();
  const services = createServices(config, { log: createLogger('warn') });
  await waitReady(services.redis);
  const tenant = await onboardFakeTenant(services, cms, wa, {
    tenantId: o.tenantId, phoneNumberId: o.phoneNumberId, ...(o.smsNumber ? { sms: { fake: sms, number: o.smsNumber } } : {}),
  });
  return {
    services, cms, wa, sms, tenant,
    async close() {
      await services.close();
      await Promise.all([cms.close(), wa.close(), sms.close()]);
    },
  };
}

/**
 * `redisUrl`: the Redis the service and the bench use (default REDIS_URL, else the local one).
 * `env`: more environment for the bench's own services and the service processes (e.g.
 * REDIS_CLUSTER_NODES of a private cluster).
 */
export async function startBenchWorld(phoneNumberId: string, options: { redisUrl?: string; env?: Record<string, string> } = {}): Promise<BenchWorld> {
  const keyPrefix = `bench${randomBytes(3).toString('hex')}`;
  const port = 18000 + Math.floor(Math.random() * 1000);
  const baseEnv = { ...developmentUnlessNamed(process.env), ...options.env };
  const config = loadConfig(baseEnv, { keyPrefix, port, logLevel: 'warn', ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) });
  const fakes = await startFakeTenant(config, { tenantId: 'bench', phoneNumberId, smsNumber: '+15550199999' });
  const { services, cms, wa, sms, tenant } = fakes;
  const children: ChildProcess[] = [];
  const roles: string[][] = [];
  // Processes ended on purpose (killService, stop): their exit is not a crash.
  const ending = new Set<ChildProcess>();
  const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
  const untilExit = (child: ChildProcess) => (exited(child) ? Promise.resolve() : new Promise((r) => child.once('exit', r)));
  let spawnAt: (index: number) => void = () => undefined;
  const serviceUrl = `http://127.0.0.1:${port}`;
  return {
    config, services, cms, wa, sms, tenant, serviceUrl,
    async startService(roleSets, profileDir, options = {}) {
      const env = { ...baseEnv, KEY_PREFIX: keyPrefix, PORT: String(port), LOG_LEVEL: 'warn', REDIS_URL: config.redisUrl, JWT_ISSUER: config.jwtIssuer };
      const apiProcesses = options.apiProcesses ?? 1;
      spawnAt = (index) => {
        const args = roles[index]!;
        const child = args.length === 1 && args[0] === 'api' && apiProcesses > 1
          ? startApiProcesses(apiProcesses, env, profileDir)
          : startServiceProcess(args, env, profileDir);
        children[index] = child;
        child.once('exit', (code, signal) => {
          if (ending.has(child) || !options.onCrash) return;
          options.onCrash(args, code, signal);
          spawnAt(index);
        });
      };
      for (const args of roleSets) {
        roles.push(args);
        spawnAt(roles.length - 1);
      }
      await waitUntilReady(serviceUrl);
      wa.configure({ serviceUrl, appSecret: tenant.doc.channels.whatsapp.app_secret, phoneNumberId: tenant.doc.channels.whatsapp.phone_number_id });
      sms.configure({ serviceUrl });
    },
    serviceProcesses: () => children.map((c, i) => ({ roles: [...roles[i]!], pid: c.pid })),
    serviceRoles: () => roles.map((r) => [...r]),
    async killService(index) {
      const child = children[index]!;
      ending.add(child);
      child.kill('SIGKILL');
      await untilExit(child);
      spawnAt(index);
    },
    async stop(options = {}) {
      for (const child of children) {
        ending.add(child);
        child.kill('SIGTERM');
      }
      await Promise.all(children.map(untilExit));
      if (!options.keepKeys) await deleteKeys(services.redis, keyPrefix);
      await fakes.close();
    },
  };
}
