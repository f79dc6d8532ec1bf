/**
 * `npm run bench:status-floor`: the least server CPU a WhatsApp status webhook can cost on this
 * stack, layer by layer, next to what the service's own API spends on it. One status webhook (one
 * POST, the body the fake provider posts: test/helpers/fakes/whatsapp/webhooks.ts, signed with
 * `X-Hub-Signature-256`) is answered by five servers, each a child process of its own:
 *   A. bare `node:http`: reads the body, answers 200 `{}`;
 *   B. A + Koa and @koa/router (one POST route, mounted as src/api/app.ts mounts its routers, with
 *      the body read by src/api/body.ts's readRaw), none of the app's other middleware;
 *   C. B + the service's own signature check and parse (src/adapters/channels/whatsapp.ts:
 *      verifySignature over the raw bytes, JSON.parse, parseWebhook to the statuses);
 *   D. C + one XADD (the channel-status entry) and one EVALSHA of a small script (HMGET, and HSET
 *      when the proof is missing: the core of src/redis/lua/recordDelivery-3.lua) per status, both
 *      sent in the same turn over an auto-pipelined connection (as the API's is) to a private
 *      redis-server;
 *   E. the service's own API (`src/main.ts api`, createApp as production starts it), with a tenant
 *      onboarded as the bench world does (bench/bench-world.ts), on the same private redis-server;
 *   F. with `--against <dir>`, E of another build: `<dir>/dist/src/main.js api` (a worktree of
 *      another commit, built with `npm run build`), on the same Redis and tenant, so that two
 *      commits' APIs are measured alternately in one run and compared as the ratio F/E.
 * A load process (keep-alive agent, `--concurrency` requests in flight) posts `--requests` webhooks
 * to one server at a time, the servers taken in turn, round after round (A B C D E, A B C D E, ...),
 * so a machine whose load drifts moves every variant alike. Per measurement: requests/s, the
 * server process's CPU per request (user + system from /proc/<pid>/stat, the kernel's part apart),
 * the load process's, and Redis's (INFO cpu) and its commands (INFO stats: a script's own calls
 * count) for D and E; then each figure's median over the rounds. Each server's CPU while idle is
 * printed once: it is inside its figures.
 *
 * The bodies: `--bodies` distinct statuses (`delivered`, each its own wamid and a send id of ours as
 * `biz_opaque_callback_data`), each signed once, posted in turn; the warm-up posts each at least
 * once, so in the measured rounds every script call finds its proof already written and writes
 * nothing, as most statuses do (the send's answer came first).
 *
 * Options: --rounds 3 --requests 20000 --concurrency 32 --warmup 3000 --bodies 512 --variants ABCDE
 * (F is added when --against is given);
 * --profile <dir> writes each server's CPU profile there (`--cpu-prof`, written when it stops).
 * Needs Linux's /proc and a `redis-server` on the PATH; nothing else of the machine is used.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { Redis } from 'ioredis';
import Koa from 'koa';
import { readRaw } from '../src/api/body';
import { parseWebhook, verifySignature } from '../src/adapters/channels/whatsapp';
import { readProcStat } from './process-cpu';
import { signPayload } from '../test/helpers/fakes/whatsapp/wire';
// The bench's own modules (the service's configuration and services, the private Redis, the fake
// tenant) are required in main() only: a server of A to D loads what its layers need and no more.
type Config = typeof import('../src/config');
type Support = typeof import('./bench-support');
type RedisSide = typeof import('./bench-redis-side');
type World = typeof import('./bench-world');
type RedisHelpers = typeof import('../test/helpers/redis');

const webhookPath = '/channels/whatsapp/webhook';
const maxWebhookBytes = 1024 * 1024;
const variants = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
type Variant = (typeof variants)[number];
const describe: Record<Variant, string> = {
  A: 'node:http, body read, 200 {}',
  B: 'A + Koa + @koa/router',
  C: 'B + verifySignature + JSON.parse + parseWebhook',
  D: 'C + XADD + EVALSHA (pipelined)',
  E: 'the service API (src/main.ts api)',
  F: 'E of the --against build',
};

/** Node's arguments for a child of this file: through tsx from the sources, plain from dist/. */
const childExecArgv = __filename.endsWith('.ts') ? ['--import', 'tsx'] : [];

// ---------------------------------------------------------------------------------------------
// The servers A to D (a child process each: `--server <variant>`).

/** HMGET of the proof fields; HSET of the proof only when neither is there (recordDelivery's first step). */
const proofScript = `
local known = redis.call('HMGET', KEYS[1], ARGV[1] .. ':msg', ARGV[1] .. ':proof')
if not known[1] and not known[2] then
  redis.call('HSET', KEYS[1], ARGV[1] .. ':proof', ARGV[2], ARGV[1] .. ':proof_status', ARGV[3])
  return 1
end
return 0`;

type FloorRedis = Redis & { floorProof(key: string, seq: string, providerId: string, status: string): Promise<number> };

function runServer(variant: Variant): void {
  const secret = process.env.FLOOR_SECRET!;
  let server: http.Server;
  if (variant === 'A') {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '2' });
        res.end('{}');
      });
    });
  } else {
    let redis: FloorRedis | null = null;
    if (variant === 'D') {
      redis = new Redis(process.env.FLOOR_REDIS_URL!, { enableAutoPipelining: true }) as FloorRedis;
      redis.defineCommand('floorProof', { numberOfKeys: 1, lua: proofScript });
    }
    const router = new Router();
    router.post(webhookPath, async (ctx) => {
      const raw = await readRaw(ctx, maxWebhookBytes);
      if (variant !== 'B') {
        if (!verifySignature(raw, ctx.get('x-hub-signature-256') || undefined, secret)) {
          ctx.status = 401;
          ctx.body = { error: 'invalid_signature' };
          return;
        }
        const { statuses } = parseWebhook(JSON.parse(raw.toString('utf8')));
        if (redis) {
          const r = redis;
          await Promise.all(statuses.map((s) => {
            const colon = s.sendId.lastIndexOf(':');
            return Promise.all([
              r.xadd('floor:statuses', 'MAXLEN', '~', '100000', '*', 's', `whatsapp|${s.id}|${s.status}|${s.timestamp}|${s.recipient}|`),
              colon > 0 ? r.floorProof(`floor:send:${s.sendId.slice(0, colon)}`, s.sendId.slice(colon + 1), s.id, s.status) : null,
            ]);
          }));
        }
      }
      ctx.body = {};
    });
    const app = new Koa({ proxy: false });
    app.use(router.routes()).use(router.allowedMethods());
    server = http.createServer(app.callback());
  }
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  // Exits rather than dies on SIGTERM, so that a --cpu-prof profile is written.
  process.once('SIGTERM', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// The load process (`--load`): posts to the server it is told, `concurrency` requests in flight.

interface LoadJob { port: number; requests: number; concurrency: number; bodies: Array<{ body: string; signature: string }> }
interface LoadResult { seconds: number; ok: number; failed: number; firstFailure: string | null }

function runLoad(): void {
  let bodies: LoadJob['bodies'] = [];
  process.on('message', (job: LoadJob) => {
    if (job.bodies.length > 0) bodies = job.bodies;
    // A fresh agent per job: the servers' keep-alive timeouts close an idle round's sockets.
    const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
    let next = 0;
    const result: LoadResult = { seconds: 0, ok: 0, failed: 0, firstFailure: null };
    const post = (i: number) => new Promise<void>((resolve) => {
      const b = bodies[i % bodies.length]!;
      const req = http.request({
        host: '127.0.0.1', port: job.port, path: webhookPath, method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(b.body)), 'x-hub-signature-256': b.signature },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode === 200) result.ok += 1;
          else {
            result.failed += 1;
            result.firstFailure ??= `${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
          }
          resolve();
        });
      });
      req.on('error', (err) => {
        result.failed += 1;
        result.firstFailure ??= err.message;
        resolve();
      });
      req.end(b.body);
    });
    const worker = async () => {
      while (next < job.requests) await post(next++);
    };
    const started = performance.now();
    void Promise.all(Array.from({ length: job.concurrency }, worker)).then(() => {
      result.seconds = (performance.now() - started) / 1000;
      agent.destroy();
      process.send!(result);
    });
  });
  process.send!({ ready: true });
}

// ---------------------------------------------------------------------------------------------
// The bench.

/** A status webhook as the fake provider posts it (test/helpers/fakes/whatsapp/webhooks.ts, `status`). */
function statusWebhook(phoneNumberId: string, i: number): string {
  const workflowId = `wf-0-${randomBytes(10).toString('hex')}`;
  const status = {
    id: `wamid.${randomBytes(24).toString('hex').toUpperCase()}`,
    status: 'delivered',
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: `4479${String(10000000 + i).slice(-8)}`,
    biz_opaque_callback_data: `${workflowId}:${1 + (i % 3)}`,
    conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'service' } },
    pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
  };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{
      id: '102290129340398',
      changes: [{
        value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550109999', phone_number_id: phoneNumberId }, statuses: [status] },
        field: 'messages',
      }],
    }],
  });
}

function ask<T>(child: ChildProcess, message: object | null, has: (m: Record<string, unknown>) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!has(m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child ${child.pid} exited (${code}) before answering`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

interface Row { rps: number; serverUs: number; serverSysUs: number; loadUs: number; redisUs: number | null; redisCommands: number | null }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function cpuOf(pid: number): { cpu: number; sys: number } {
  const stat = readProcStat(`/proc/${pid}/stat`);
  if (!stat) throw new Error(`no /proc/${pid}/stat: this bench needs Linux's /proc`);
  return { cpu: stat.cpuMicros, sys: stat.systemMicros };
}

function untilExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

async function main(): Promise<void> {
  const { developmentUnlessNamed, loadConfig } = require('../src/config') as Config;
  const { option, startBuiltProcess, startServiceProcess, waitUntilReady } = require('./bench-support') as Support;
  const { startBenchRedis, redisCpuMicros, redisIoSum } = require('./bench-redis-side') as RedisSide;
  const { startFakeTenant } = require('./bench-world') as World;
  const { freePort } = require('../test/helpers/redis') as RedisHelpers;
  const rounds = Number(option('rounds', '3'));
  const requests = Number(option('requests', '20000'));
  const concurrency = Number(option('concurrency', '32'));
  const warmup = Number(option('warmup', '3000'));
  const bodyCount = Number(option('bodies', '512'));
  const against = option('against', '');
  const chosen = [...option('variants', 'ABCDE').toUpperCase() + (against ? 'F' : '')].filter((v, i, all): v is Variant => (variants as readonly string[]).includes(v) && all.indexOf(v) === i);
  if (chosen.includes('F') && !against) throw new Error('variant F needs --against <dir>: a checkout whose dist/ is built');
  const phoneNumberId = '109876543210987';
  const profileDir = option('profile', '');

  const redis = await startBenchRedis();
  const children: ChildProcess[] = [];
  let closeTenant: (() => Promise<void>) | null = null;
  try {
    // The tenant the service's API verifies against; its app secret signs every body, for all variants.
    const port = await freePort();
    const keyPrefix = `floor${randomBytes(3).toString('hex')}`;
    const baseEnv = developmentUnlessNamed(process.env);
    const config = loadConfig(baseEnv, { keyPrefix, port, logLevel: 'warn', redisUrl: redis.url });
    const fakes = await startFakeTenant(config, { tenantId: 'floor', phoneNumberId });
    closeTenant = () => fakes.close();
    const secret = fakes.tenant.doc.channels.whatsapp.app_secret;
    // Onboarded: the fakes and the bench's own connection are not needed while the servers are measured.
    await fakes.close();
    closeTenant = null;

    const bodies = Array.from({ length: bodyCount }, (_, i) => {
      const body = statusWebhook(phoneNumberId, i);
      return { body, signature: signPayload(body, secret) };
    });
    process.stdout.write(`status webhook: ${Buffer.byteLength(bodies[0]!.body)} bytes, ${bodyCount} distinct bodies; `
      + `${rounds} rounds x ${requests} requests, ${concurrency} in flight, warm-up ${warmup}; variants ${chosen.join('')}\n`);

    const pids = new Map<Variant, number>();
    const ports = new Map<Variant, number>();
    for (const v of chosen) {
      if (v === 'E' || v === 'F') {
        // F listens on a port of its own; both serve the one onboarded tenant from the same Redis.
        const servicePort = v === 'E' ? port : await freePort();
        const env = { ...baseEnv, KEY_PREFIX: keyPrefix, PORT: String(servicePort), LOG_LEVEL: 'warn', REDIS_URL: redis.url, JWT_ISSUER: config.jwtIssuer };
        const child = v === 'E' ? startServiceProcess(['api'], env, profileDir) : startBuiltProcess(against, ['api'], env, profileDir);
        children.push(child);
        await waitUntilReady(`http://127.0.0.1:${servicePort}`);
        pids.set(v, child.pid!);
        ports.set(v, servicePort);
      } else {
        const child = fork(__filename, ['--server', v], {
          execArgv: [...childExecArgv, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          env: { ...process.env, FLOOR_SECRET: secret, FLOOR_REDIS_URL: redis.url },
        });
        children.push(child);
        const { port: p } = await ask<{ port: number }>(child, null, (m) => 'port' in m);
        pids.set(v, child.pid!);
        ports.set(v, p);
      }
    }
    const load = fork(__filename, ['--load'], { execArgv: childExecArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(load);
    await ask(load, null, (m) => 'ready' in m);
    let bodiesSent = false;
    const runLoadOn = async (v: Variant, count: number): Promise<LoadResult> => {
      const job: LoadJob = { port: ports.get(v)!, requests: count, concurrency, bodies: bodiesSent ? [] : bodies };
      bodiesSent = true;
      const result = await ask<LoadResult>(load, job, (m) => 'seconds' in m);
      if (result.failed > 0) throw new Error(`variant ${v}: ${result.failed} of ${count} requests failed (first: ${result.firstFailure})`);
      return result;
    };

    // Warm-up: JIT, connections, the scripts loaded, and every body's proof written once.
    for (const v of chosen) await runLoadOn(v, Math.max(warmup, bodyCount));
    // What each server spends doing nothing (timers, connection checks): already inside the figures
    // below, shown so that a server with background work is not mistaken for a slower one.
    const idle0 = new Map(chosen.map((v) => [v, cpuOf(pids.get(v)!).cpu]));
    await new Promise((r) => setTimeout(r, 2000));
    process.stdout.write(`idle CPU, us/s: ${chosen.map((v) => `${v} ${((cpuOf(pids.get(v)!).cpu - idle0.get(v)!) / 2).toFixed(0)}`).join(', ')}\n`);

    const rows = new Map<Variant, Row[]>(chosen.map((v) => [v, []]));
    const redisVariants = new Set<Variant>(['D', 'E', 'F']);
    const line = (label: string, r: Row) => `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} ${r.serverUs.toFixed(1).padStart(9)} `
      + `${r.serverSysUs.toFixed(1).padStart(9)} ${r.redisUs === null ? '        -' : r.redisUs.toFixed(1).padStart(9)} `
      + `${r.redisCommands === null ? '        -' : r.redisCommands.toFixed(2).padStart(9)} ${r.loadUs.toFixed(1).padStart(9)}\n`;
    const header = `${'variant'.padEnd(44)} ${'req/s'.padStart(7)} ${'server us'.padStart(9)} ${'of it sys'.padStart(9)} ${'redis us'.padStart(9)} ${'redis cmd'.padStart(9)} ${'load us'.padStart(9)}\n`;
    for (let round = 1; round <= rounds; round++) {
      process.stdout.write(`\nround ${round}\n${header}`);
      for (const v of chosen) {
        const pid = pids.get(v)!;
        const measureRedis = redisVariants.has(v);
        const s0 = cpuOf(pid);
        const l0 = cpuOf(load.pid!);
        const r0 = measureRedis ? await redisCpuMicros(redis.admin) : 0;
        const c0 = measureRedis ? (await redisIoSum([redis.admin])).commands : 0;
        const result = await runLoadOn(v, requests);
        const s1 = cpuOf(pid);
        const l1 = cpuOf(load.pid!);
        const r1 = measureRedis ? await redisCpuMicros(redis.admin) : 0;
        // Less the INFO calls of the measurement itself (two before the load, this one after it).
        const c1 = measureRedis ? (await redisIoSum([redis.admin])).commands - 2 : 0;
        const row: Row = {
          rps: requests / result.seconds, serverUs: (s1.cpu - s0.cpu) / requests, serverSysUs: (s1.sys - s0.sys) / requests,
          loadUs: (l1.cpu - l0.cpu) / requests, redisUs: measureRedis ? (r1 - r0) / requests : null,
          redisCommands: measureRedis ? (c1 - c0) / requests : null,
        };
        rows.get(v)!.push(row);
        process.stdout.write(line(`${v} ${describe[v]}`, row));
      }
    }
    if (chosen.includes('E') && chosen.includes('F')) {
      const ratios = rows.get('F')!.map((f, i) => f.serverUs / rows.get('E')![i]!.serverUs);
      process.stdout.write(`\nF/E server CPU a request, round by round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}\n`);
    }
    process.stdout.write(`\nmedians over ${rounds} rounds (CPU per request, us; 'of it sys' is the server's kernel time)\n${header}`);
    for (const v of chosen) {
      const rs = rows.get(v)!;
      const redisFigures = rs.flatMap((r) => (r.redisUs === null ? [] : [r.redisUs]));
      const commandFigures = rs.flatMap((r) => (r.redisCommands === null ? [] : [r.redisCommands]));
      process.stdout.write(line(`${v} ${describe[v]}`, {
        rps: median(rs.map((r) => r.rps)), serverUs: median(rs.map((r) => r.serverUs)), serverSysUs: median(rs.map((r) => r.serverSysUs)),
        loadUs: median(rs.map((r) => r.loadUs)), redisUs: redisFigures.length > 0 ? median(redisFigures) : null,
        redisCommands: commandFigures.length > 0 ? median(commandFigures) : null,
      }));
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(untilExit));
    if (closeTenant) await closeTenant();
    await redis.stop();
  }
}

const serverAt = process.argv.indexOf('--server');
if (serverAt > 0) runServer(process.argv[serverAt + 1] as Variant);
else if (process.argv.includes('--load')) runLoad();
else main().catch((err: Error) => { process.stderr.write(`${err.stack ?? err.message}\n`); process.exit(1); });
