/**
 * An in-process service for tests: its own key prefix on the test Redis, the fake CMS and fake
 * WhatsApp provider, a tenant onboarded through the real path, and chosen roles running.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../src/clock';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { waitReady } from '../../src/redis/connection';
import { parseRoles, startRoles, type RoleSelection, type RunningRoles } from '../../src/roles';
import { createServices, type Services } from '../../src/services';
import { onboardFakeTenant, type FakeTenant } from './fakes/demo-tenant';
import { startFakeCms, type FakeCms } from './fakes/fake-cms';
import { startFakeTwilio, type FakeTwilio } from './fakes/twilio';
import { startFakeWhatsApp, type FakeWhatsApp } from './fakes/whatsapp';
import { createTestDatabase, type TestDatabase } from './postgres';
import { deleteKeys, freePort, testRedisUrl } from './redis';
import { readLogLine } from './suite-log';

export interface Harness {
  config: Config;
  services: Services;
  roles: RunningRoles;
  cms: FakeCms;
  wa: FakeWhatsApp;
  /** The fake SMS provider; the tenant's SMS number is `tenant.doc.channels.sms.numbers[0]`. */
  sms: FakeTwilio;
  tenant: FakeTenant;
  apiUrl: string;
  /** A machine token for the harness tenant. */
  token(scope?: string): Promise<string>;
  /** GET/POST against the API with a bearer token. */
  api(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

export const testConfigOverrides: Partial<Config> = {
  port: 0, partitions: 4, blockMs: 50, reclaimIdleMs: 1000, schedulerIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200,
  breakerResetMs: 300, breakerVolumeThreshold: 3, cmsTimeoutMs: 500, channelTimeoutMs: 1000, logLevel: 'silent', environment: 'test',
};

export async function startHarness(options: {
  roles?: RoleSelection | string[]; config?: Partial<Config>; redisUrl?: string;
  /** Collects every log line (JSON, at debug level) the service writes. Without it the service
   *  logs at info, production's default. Either way every line is read by the PHI recognisers
   *  for test/hygiene/suite-logs.test.ts. */
  logLines?: string[];
  /** The clock every part of the service reads (default: the system clock). */
  clock?: Clock;
  /** Environment variables, read as a deployment's would be (the overrides above still win). */
  env?: Record<string, string>;
} = {}): Promise<Harness> {
  const keyPrefix = `t${randomBytes(4).toString('hex')}`;
  // The archive's own database on the test PostgreSQL, unless the test names one (docs/retention.md).
  const database: TestDatabase | null = options.config?.databaseUrl !== undefined ? null : await createTestDatabase();
  // PUBLIC_URL names the API's address as a deployment's does (the SMS webhook's signature is
  // checked against it alone): a free port is picked first, unless the test names the address.
  const named = options.config?.port !== undefined || options.config?.publicUrl !== undefined || options.env?.PUBLIC_URL !== undefined;
  const port = named ? null : await freePort();
  const config = loadConfig(options.env ?? {}, {
    ...testConfigOverrides, redisUrl: options.redisUrl ?? testRedisUrl(), keyPrefix, databaseUrl: database?.url ?? null,
    ...(port === null ? {} : { port, publicUrl: `http://127.0.0.1:${port}` }), ...options.config,
  });
  const cms = await startFakeCms();
  const wa = await startFakeWhatsApp();
  const sms = await startFakeTwilio();
  // Production's level (info) unless a test collects the lines; debug then, as it reads them all.
  const log = createLogger(options.logLines ? 'debug' : 'info', {
    write: (line: string) => {
      readLogLine(line);
      options.logLines?.push(line);
    },
  });
  const services = createServices(config, { log, clock: options.clock });
  await waitReady(services.redis);
  const tenant = await onboardFakeTenant(services, cms, wa, { tenantId: 'acme', phoneNumberId: '100200300', sms: { fake: sms, number: '+15550100300' } });
  const selection = Array.isArray(options.roles) ? parseRoles(options.roles) : options.roles ?? parseRoles(['all']);
  const roles = await startRoles(services, selection);
  const apiUrl = roles.apiUrl ?? '';
  wa.configure({ serviceUrl: apiUrl, appSecret: tenant.doc.channels.whatsapp.app_secret, phoneNumberId: tenant.doc.channels.whatsapp.phone_number_id });
  sms.configure({ serviceUrl: apiUrl });
  // The API listens on a port picked at start, so PUBLIC_URL cannot name it: status callbacks
  // are pointed at it through the tenant's own setting.
  if (apiUrl && tenant.doc.channels.sms) {
    tenant.doc.channels.sms.status_callback_url = `${apiUrl}/channels/sms/status`;
    await services.tenants.put(tenant.doc, services.clock.now());
  }

  const token = async (scope?: string) => {
    const res = await fetch(`${apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: tenant.credentials.client_id, client_secret: tenant.credentials.client_secret, scope }),
    });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  let cached: string | null = null;
  return {
    config, services, roles, cms, wa, sms, tenant, apiUrl, token,
    async api(path, init = {}) {
      const bearer = init.token ?? (cached ??= await token());
      return fetch(`${apiUrl}${path}`, { ...init, headers: { authorization: `Bearer ${bearer}`, ...(init.headers ?? {}) } });
    },
    async close() {
      await roles.close();
      await deleteKeys(services.redis, keyPrefix).catch(() => undefined);
      await services.close();
      await Promise.allSettled([cms.close(), wa.close(), sms.close(), database?.drop()]);
    },
  };
}

/** One claim under review per phone (claim id `CLM-<last five digits>`), for tests that count claim-status replies. */
export function seedUnderReviewClaims(h: Pick<Harness, 'cms' | 'tenant'>, phones: readonly string[]): void {
  for (const phone of phones) {
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: `CLM-${phone.slice(-5)}`, policy_number: 'POL-1', member_name: 'R Sharma', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-21T09:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
    });
  }
}
