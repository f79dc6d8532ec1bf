/**
 * `npm run bench:webhooks`: partner webhook deliveries per second. Enqueues `--events` events for
 * `--tenants` tenants whose endpoint is a local receiver (loopback, a child process that verifies
 * every signature with the stock `standardwebhooks` library and answers 204), then runs the
 * deliverer (`deliverDue()`, as the scheduler does each tick) back to back until every event is
 * delivered, and prints deliveries per second. Goal: at least 2,000/s on the 2-core machine.
 * Options: --events 20000 --tenants 1 (WEBHOOK_CONCURRENCY and the other settings from the
 * environment). Uses REDIS_URL (default the local Redis) under a fresh key prefix, removed at the end.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { waitReady } from '../src/redis/connection';
import { createServices } from '../src/services';
import { deleteKeys, option } from './bench-support';

interface ReceiverReport { received: number; verified: number; failed: number }

/** The receiver process: answers 204 to every POST to /hooks/<tenant>, verifying it with that tenant's secret. */
function runReceiver(): void {
  const verifiers = new Map<string, Webhook>();
  const report: ReceiverReport = { received: 0, verified: 0, failed: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      report.received += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      let ok = false;
      try {
        verifiers.get(req.url ?? '')?.verify(body, req.headers as Record<string, string>);
        ok = verifiers.has(req.url ?? '');
      } catch { /* counted as failed */ }
      if (ok) report.verified += 1; else report.failed += 1;
      res.statusCode = 204;
      res.end();
    });
  });
  server.keepAliveTimeout = 30_000;
  process.on('message', (m: { path?: string; secret?: string; report?: boolean }) => {
    if (m.path && m.secret) verifiers.set(m.path, new Webhook(m.secret));
    if (m.secret) process.send!({ ready: true });
    if (m.report) process.send!({ report });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
}

function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (key in m) { child.off('message', onMessage); resolve(m[key] as T); }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function main(): Promise<void> {
  const events = Number(option('events', '20000'));
  const tenantCount = Number(option('tenants', '1'));
  const keyPrefix = `benchwh${randomBytes(3).toString('hex')}`;
  const config = loadConfig(developmentUnlessNamed(process.env), { keyPrefix, logLevel: 'warn' });
  const services = createServices(config, { log: createLogger('warn') });
  await waitReady(services.redis);
  const receiver = fork(__filename, ['--receiver'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve) => receiver.once('message', (m: { port: number }) => resolve(m.port)));
    const tenants = Array.from({ length: tenantCount }, (_, i) => `bench-${i}`);
    for (const tenantId of tenants) {
      const path = `/hooks/${tenantId}`;
      const { secret } = await services.webhooks.endpoints.put(tenantId, `http://127.0.0.1:${port}${path}`, Date.now());
      await ask<boolean>(receiver, { path, secret }, 'ready');
    }

    let started = performance.now();
    const batch = 500;
    for (let i = 0; i < events; i += batch) {
      await Promise.all(Array.from({ length: Math.min(batch, events - i) }, (_, j) => services.webhooks.enqueue(tenants[(i + j) % tenantCount]!, {
        type: 'workflow.completed', workflow_id: `wf-${(i + j) % 8}-${String(i + j).padStart(20, '0')}`,
        data: { status: 'completed', outcome: 'answered', claim_id_hash: `sha256:${'ab'.repeat(32)}`, workflow_type: 'claim-status' },
      }, Date.now())));
    }
    const enqueueSeconds = (performance.now() - started) / 1000;
    process.stdout.write(`enqueued ${events} events for ${tenantCount} tenant(s) in ${enqueueSeconds.toFixed(2)} s (${Math.round(events / enqueueSeconds)}/s)\n`);

    started = performance.now();
    let attempts = 0;
    for (;;) {
      const made = await services.webhooks.deliverDue();
      attempts += made;
      if (made === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const report = await ask<ReceiverReport>(receiver, { report: true }, 'report');
    const pending = await Promise.all(tenants.map((t) => services.redis.zcard(services.keys.webhookDue(t))));
    process.stdout.write(`delivered ${attempts} attempts in ${seconds.toFixed(2)} s: ${Math.round(attempts / seconds)} deliveries/s `
      + `(WEBHOOK_CONCURRENCY ${config.webhookConcurrency}; receiver got ${report.received}, verified ${report.verified}, failed ${report.failed}; `
      + `still pending ${pending.reduce((a, b) => a + b, 0)})\n`);
    if (report.verified !== events) process.exitCode = 1;
  } finally {
    receiver.kill();
    await deleteKeys(services.redis, keyPrefix);
    await services.webhooks.close();
    await services.close();
  }
}

if (process.argv.includes('--receiver')) runReceiver();
else main().catch((err: Error) => { process.stderr.write(`${err.stack ?? err.message}\n`); process.exit(1); });
