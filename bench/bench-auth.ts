/**
 * `npm run bench:auth`: tokens issued per second, introspections per second and authenticated
 * `GET /v1/workflows/{id}` reads per second, against API processes started as in production.
 *
 * The spec's rate limits stay on (60 tokens/min per client, 600 introspections/min per client,
 * 600 workflow reads/min per tenant), so the load is spread over `--tenants` tenants, each with
 * one API client and one workflow, and each phase is short enough to stay under them.
 * Options: --tenants 60 --api-processes 2 --concurrency 64 --seconds 6 --profile DIR --driver node|wrk
 * `--driver wrk` sends the introspection and read phases with wrk (Debian package `wrk`; one wrk
 * process per API process, one thread each) instead of this Node process: the load generator
 * then costs a fraction of a core instead of most of one, closer to partners calling from their
 * own machines. Use it with more tenants (e.g. --tenants 150) so the per-client limits are not
 * what stops the phase.
 * Rates count only 200 answers: a 429 (the spec's limit, answered in microseconds) is printed
 * apart, and so is any other status.
 * Uses REDIS_URL (default the local Redis) under a fresh key prefix, removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { deleteKeys, option, startServiceProcess, waitUntilReady } from './bench-support';
import { createLogger } from '../src/logger';
import { waitReady } from '../src/redis/connection';
import { createServices } from '../src/services';
import { allScopes } from '../src/tenants/tenant-document';

const tenantsCount = Number(option('tenants', '60'));
const apiProcesses = Number(option('api-processes', '2'));
const concurrency = Number(option('concurrency', '64'));
const seconds = Number(option('seconds', '6'));
/** Writes a V8 CPU profile of each API process into this folder. */
const profileDir = option('profile', '');
const driver = option('driver', 'node');

interface WrkRequest { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }

/** What one phase got back: how many answers of each HTTP status, over how many seconds. */
interface Phase { seconds: number; statuses: Record<number, number> }

/**
 * wrk counts the statuses of its answers in each thread (`response`), and its `done` prints
 * them with the run's duration, so a rate can count only the 200s. Defining `response` makes wrk
 * parse every answer: a little more of its CPU, the same for every phase.
 */
const wrkStatusCounting = `statuses = {}
response = function(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do io.write(string.format("status %d %d\\n", status, n)) end
  end
  io.write(string.format("duration_us %d\\n", summary.duration))
end
`;

/**
 * One wrk process per API process, all at once, each cycling through its requests for `ms`.
 * Returns the statuses summed over them, and the longest of their durations.
 */
async function driveWrk(ms: number, urls: string[], requestsFor: (processIndex: number) => WrkRequest[]): Promise<Phase> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-auth-wrk-'));
  try {
    const runs = await Promise.all(urls.map((url, p) => {
      const script = join(dir, `p${p}.lua`);
      const list = requestsFor(p).map((r) => `  wrk.format(${JSON.stringify(r.method)}, ${JSON.stringify(r.path)}, { ${Object.entries({ ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) }).map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join(', ')} }${r.body ? `, ${JSON.stringify(r.body)}` : ''})`).join(',\n');
      // Requests are formatted once per thread, then sent round-robin: no Lua work per request beyond an index.
      writeFileSync(script, `local reqs\nlocal n = 0\ninit = function() reqs = {\n${list}\n} end\nrequest = function() n = n + 1; return reqs[(n % #reqs) + 1] end\n${wrkStatusCounting}`);
      const connections = Math.max(1, Math.floor(concurrency / urls.length));
      return new Promise<string>((resolve, reject) => execFile('wrk', ['-t1', `-c${connections}`, `-d${Math.round(ms / 1000)}s`, '-s', script, url], (err, stdout) => (err ? reject(err) : resolve(stdout))));
    }));
    const statuses: Record<number, number> = {};
    let seconds = 0;
    for (const out of runs) {
      for (const [, status, n] of out.matchAll(/^status (\d+) (\d+)$/gm)) statuses[Number(status)] = (statuses[Number(status)] ?? 0) + Number(n);
      const duration = /^duration_us (\d+)$/m.exec(out);
      if (!duration) throw new Error(`wrk printed no duration:\n${out}`);
      seconds = Math.max(seconds, Number(duration[1]) / 1e6);
    }
    return { seconds, statuses };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const agent = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });

/** Runs `call` (which returns the answer's status) from `concurrency` loops for `ms`, or until `budget` calls. */
async function drive(ms: number, budget: number, call: (i: number) => Promise<number>): Promise<Phase> {
  let issued = 0;
  const statuses: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() - started < ms && issued < budget) {
      const status = await call(issued++);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  return { seconds: (performance.now() - started) / 1000, statuses };
}

/** `what: N/s` counting 200 answers only; 429s and any other status are printed apart. */
function phaseLine(what: string, phase: Phase): string {
  const count = (status: number) => phase.statuses[status] ?? 0;
  const calls = Object.values(phase.statuses).reduce((a, b) => a + b, 0);
  const others = Object.fromEntries(Object.entries(phase.statuses).filter(([status]) => status !== '200' && status !== '429'));
  return `${what}: ${(count(200) / phase.seconds).toFixed(0)}/s answered 200 (${count(200)} of ${calls} calls in ${phase.seconds.toFixed(1)} s`
    + `; 429, not counted: ${count(429)} (${(count(429) / phase.seconds).toFixed(0)}/s)`
    + `${Object.keys(others).length ? `; other statuses, not counted: ${JSON.stringify(others)}` : ''})`;
}

async function main(): Promise<void> {
  if (driver === 'wrk' && spawnSync('wrk', ['--version']).error) {
    console.error('--driver wrk needs wrk on the PATH: on Debian, apt-get install wrk');
    process.exit(2);
  }
  const keyPrefix = `benchauth${randomBytes(3).toString('hex')}`;
  const basePort = 19000 + Math.floor(Math.random() * 500);
  const config = loadConfig(developmentUnlessNamed(process.env), { keyPrefix, port: basePort, logLevel: 'warn' });
  const services = createServices(config, { log: createLogger('warn') });
  await waitReady(services.redis);

  // One tenant, API client and workflow per tenant; the workflow record comes in as a message would.
  process.stdout.write(`setting up ${tenantsCount} tenants (scrypt per client secret)...\n`);
  const tenants = await Promise.all(Array.from({ length: tenantsCount }, async (_, i) => {
    const tenantId = `bench-${i}`;
    await services.tenants.put({
      tenant_id: tenantId, name: `Bench ${i}`, cms: { base_url: 'http://127.0.0.1:9', api_key: 'bench-cms-key' },
      channels: { whatsapp: { phone_number_id: `9${String(i).padStart(8, '0')}`, app_secret: 'bench-app-secret', access_token: 'bench-access-token', graph_base: 'http://127.0.0.1:9' } },
    }, Date.now());
    const credentials = await services.clients.create(tenantId, allScopes, Date.now());
    const { workflowId } = await services.intake.message(tenantId, 'whatsapp', { businessNumberId: `9${i}`, from: `+9199${String(i).padStart(8, '0')}`, id: `wamid.bench-${i}`, text: 'claim status' }, Date.now());
    return { tenantId, credentials, workflowId };
  }));

  const env = { ...developmentUnlessNamed(process.env), KEY_PREFIX: keyPrefix, LOG_LEVEL: 'warn', REDIS_URL: config.redisUrl, JWT_ISSUER: config.jwtIssuer };
  const children: ChildProcess[] = Array.from({ length: apiProcesses }, (_, i) =>
    startServiceProcess(['api'], { ...env, PORT: String(basePort + i) }, profileDir));
  const urls = children.map((_, i) => `http://127.0.0.1:${basePort + i}`);
  for (const url of urls) await waitUntilReady(url);
  const post = async (url: string, path: string, body: string, headers: Record<string, string> = {}) => {
    const res = await request(`${url}${path}`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };
  const tokenBody = (t: (typeof tenants)[number]) => JSON.stringify({ grant_type: 'client_credentials', client_id: t.credentials.client_id, client_secret: t.credentials.client_secret });

  // Warm-up: one token per tenant (each process learns every client's secret once, as in
  // production after the first token of a client), also used as the callers' tokens below.
  const tokens: string[] = [];
  for (const [i, t] of tenants.entries()) {
    for (const url of urls) await post(url, '/v1/auth/token', tokenBody(t));
    tokens[i] = (JSON.parse((await post(urls[i % urls.length]!, '/v1/auth/token', tokenBody(t))).text) as { access_token: string }).access_token;
  }

  // Tokens: at most 50 per client in this phase (limit 60/min, warm-up used up to 3).
  const issue = await drive(seconds * 1000, tenantsCount * 50, async (i) => (await post(urls[i % urls.length]!, '/v1/auth/token', tokenBody(tenants[i % tenantsCount]!))).status);
  // Each API process gets its share of the tenants (round-robin), so a client's calls stay within its limits.
  const tenantsOf = (p: number) => tenants.map((_, k) => k).filter((k) => k % urls.length === p);
  // Introspection: each tenant's client introspects its own token (limit 600/min per client).
  const inspect = driver === 'wrk'
    ? await driveWrk(seconds * 1000, urls, (p) => tenantsOf(p).map((k) => ({ method: 'POST', path: '/v1/auth/introspect', headers: { authorization: `Bearer ${tokens[k]}` }, body: JSON.stringify({ token: tokens[k] }) })))
    : await drive(seconds * 1000, tenantsCount * 550, async (i) => {
      const k = i % tenantsCount;
      return (await post(urls[i % urls.length]!, '/v1/auth/introspect', JSON.stringify({ token: tokens[k] }), { authorization: `Bearer ${tokens[k]}` })).status;
    });
  // Authenticated reads (limit 600/min per tenant).
  const read = driver === 'wrk'
    ? await driveWrk(seconds * 1000, urls, (p) => tenantsOf(p).map((k) => ({ method: 'GET', path: `/v1/workflows/${tenants[k]!.workflowId}`, headers: { authorization: `Bearer ${tokens[k]}` } })))
    : await drive(seconds * 1000, tenantsCount * 550, async (i) => {
      const k = i % tenantsCount;
      const res = await request(`${urls[i % urls.length]}/v1/workflows/${tenants[k]!.workflowId}`, { dispatcher: agent, headers: { authorization: `Bearer ${tokens[k]}` } });
      await res.body.dump();
      return res.statusCode;
    });

  console.log(phaseLine('tokens issued', issue));
  console.log(phaseLine('introspections', inspect));
  console.log(phaseLine('authenticated GET /v1/workflows/{id}', read));
  console.log(`layout: ${apiProcesses} api process(es), ${tenantsCount} tenants, concurrency ${concurrency}, ${seconds} s per phase, load from ${driver === 'wrk' ? 'wrk (introspection and reads)' : 'this Node process'}`);

  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
  await deleteKeys(services.redis, keyPrefix);
  await services.close();
  await agent.close();
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.message}`);
  process.exit(1);
});
