/**
 * `npm run bench:span-cost`: what one recorded span costs the process that makes it, by how often
 * the process makes them (docs/tracing.md, "Cost"). A child process starts tracing as the service
 * does (src/tracing/tracing.ts, every span sampled), wakes every 10 ms as a busy service does
 * between other work, and in each wake makes its share of `rate` stage-step spans a second (the
 * attributes of a step's span), for `--seconds`, after a warm-up of 5,000 spans made and exported
 * (so the SDK's code is compiled and its exporter connected, as in a service); the spans go as OTLP/HTTP JSON to a sink in this
 * process, so the sink's work is not counted. Its CPU (user + system) less that of a run making
 * no spans, divided by the spans made, is the cost of a span, export included. Rates and
 * export delays alternate run by run, in rounds, so a machine's drift favours none:
 *
 *   npm run bench:span-cost -- --rates 100,1000 --delays 200 --seconds 10 --rounds 3
 *
 * At a tenth of messages sampled, a stage process makes its spans a few at a time between
 * other work; with every message sampled, many together. This bench shows what that difference
 * costs a span.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { option } from './bench-support';
import { flushTracing, SpanKind, startSpanUnder, startTracing } from '../src/tracing/tracing';

interface Run { rate: number; delay: number; seconds: number; url: string }
interface Result { spans: number; cpuUs: number }

const warmUpSpans = 5000;

/** One stage step's span, with a step's attributes. */
function makeSpan(n: number): void {
  const { span } = startSpanUnder('stage router', SpanKind.CONSUMER, {
    'cw.stage': 'router', 'cw.workflow_id': `wf-${n}`, 'cw.tenant_id': 'tenant-a', 'cw.seq': 3, 'cw.attempt': 0, 'cw.deliveries': 1,
  }, ROOT_CONTEXT);
  span.setAttribute('cw.decision', 'forward');
  span.end();
}

/** The child: after a warm-up, makes spans at `rate` a second for `seconds`, then reports its CPU. */
async function child(run: Run): Promise<Result> {
  startTracing({ url: run.url, headers: {}, timeoutMs: 10_000, scheduleDelayMs: run.delay, sampler: 'parentbased_always_on', ratio: 1, serviceName: 'bench-span-cost', resourceAttributes: {} });
  // Warm up first (the SDK's first calls are compiled and its exporter connects), so that what is
  // measured is spans made in a process that has made many before, as a service has.
  for (let i = 0; i < warmUpSpans; i += 500) {
    for (let j = 0; j < 500; j++) makeSpan(i + j);
    await flushTracing();
  }
  const before = process.cpuUsage();
  const started = Date.now();
  let made = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = Date.now() - started;
      const due = Math.round((run.rate * Math.min(elapsed, run.seconds * 1000)) / 1000);
      for (; made < due; made++) makeSpan(made);
      if (elapsed >= run.seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  await flushTracing();
  const used = process.cpuUsage(before);
  return { spans: made, cpuUs: used.user + used.system };
}

function runChild(run: Run): Promise<Result> {
  return new Promise((resolve, reject) => {
    const c = fork(__filename, ['--child', JSON.stringify(run)], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    c.once('message', (m) => resolve(m as Result));
    c.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`child exited ${code}`))));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const rates = option('rates', '100,1000').split(',').map(Number);
  const delays = option('delays', '200').split(',').map(Number);
  const seconds = Number(option('seconds', '10'));
  const rounds = Number(option('rounds', '3'));
  let received = 0;
  const sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) received += ss.spans?.length ?? 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/v1/traces`;
  const kinds = [{ rate: 0, delay: delays[0]! }, ...rates.flatMap((rate) => delays.map((delay) => ({ rate, delay })))];
  const perSpan = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order: a load that rises or falls over the run favours no kind.
    const order = round % 2 === 0 ? kinds : [...kinds].reverse();
    const results = new Map<string, Result>();
    for (const k of order) {
      const before = received + warmUpSpans;
      const r = await runChild({ ...k, seconds, url });
      results.set(`${k.rate}/${k.delay}`, r);
      console.log(`round ${round + 1}: ${k.rate} spans/s, export delay ${k.delay} ms: ${r.spans} spans made, ${received - before} received, CPU ${(r.cpuUs / 1000).toFixed(0)} ms`);
    }
    const idle = results.get(`0/${delays[0]}`)!.cpuUs;
    for (const [key, r] of results) {
      if (r.spans === 0) continue;
      perSpan.set(key, [...(perSpan.get(key) ?? []), (r.cpuUs - idle) / r.spans]);
    }
  }
  sink.close();
  for (const [key, values] of perSpan) {
    const [rate, delay] = key.split('/');
    console.log(`${rate} spans/s, export delay ${delay} ms: ${median(values).toFixed(1)} us of CPU a span (median of ${values.map((v) => v.toFixed(1)).join(', ')}; a run making none subtracted)`);
  }
}

if (process.argv[2] === '--child') {
  child(JSON.parse(process.argv[3]!) as Run).then((r) => {
    process.send!(r, () => process.exit(0));
  }, (err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
} else {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
