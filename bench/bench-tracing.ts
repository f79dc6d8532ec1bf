/**
 * What tracing costs (docs/tracing.md): `bench:claim-status` run again and again in one go, with
 * tracing off and on in each round (off then on, the next round on then off, so a load that rises
 * or falls over the run favours neither), both under the same machine load. "On" is the default
 * sampling (ParentBased, 10%) exporting to an OTLP/HTTP sink in this process that takes every
 * batch and counts its spans. Prints each run's throughput and CPU a workflow (the service
 * processes' and Redis's, over the throughput phase), then the medians and the differences, and
 * each round's on/off throughput ratio with their median (two runs back to back are less apart in
 * machine load than any two of the run). CPU a workflow moves less than throughput when the
 * machine is busy with other work. Arguments after `--` go to bench-claim-status as they are.
 *
 *   npm run bench:tracing -- --rounds 4 -- --messages 3000 --seconds 2
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeArgsFor } from './bench-support';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split < 0 ? argv : argv.slice(0, split);
const passed = split < 0 ? [] : argv.slice(split + 1);
const rounds = Number(own[own.indexOf('--rounds') + 1] ?? 3) || 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  let spans = 0;
  const sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans += ss.spans?.length ?? 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const results: Record<'off' | 'on', number[]> = { off: [], on: [] };
  const serviceCpu: Record<'off' | 'on', number[]> = { off: [], on: [] };
  const redisCpu: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (let round = 0; round < rounds; round++) {
    // Off then on, then on then off: a load that rises or falls over the run favours neither.
    for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      const before = spans;
      const env: NodeJS.ProcessEnv = { ...process.env };
      if (mode === 'on') Object.assign(env, { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      else for (const name of Object.keys(env)) if (name.startsWith('OTEL_')) delete env[name];
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [...nodeArgsFor('bench/bench-claim-status'), ...passed], { env, stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout!.on('data', (d: Buffer) => { text += d.toString(); });
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench-claim-status exited ${code}:\n${text}`))));
      });
      const m = /throughput: \d+ workflows in [\d.]+ s = (\d+) workflows\/s/.exec(output);
      if (!m) throw new Error(`no throughput line in:\n${output}`);
      const cpu = /CPU a workflow over the throughput phase: Redis (\d+) us, service processes (\d+) us/.exec(output);
      if (!cpu) throw new Error(`no CPU line in:\n${output}`);
      results[mode].push(Number(m[1]));
      redisCpu[mode].push(Number(cpu[1]));
      serviceCpu[mode].push(Number(cpu[2]));
      console.log(`round ${round + 1} tracing ${mode}: ${m[1]} workflows/s, service CPU ${cpu[2]} us and Redis CPU ${cpu[1]} us a workflow${mode === 'on' ? `, ${spans - before} spans received` : ''}`);
    }
  }
  sink.close();
  const off = median(results.off);
  const on = median(results.on);
  console.log(`median: off ${off} workflows/s, on (10% sampled) ${on} workflows/s: ${(((off - on) / off) * 100).toFixed(1)}% less with tracing on`);
  // Each round's two runs ran back to back: their ratio is less moved by the machine's drift than
  // the medians of all runs.
  const pairs = results.on.map((v, i) => v / results.off[i]!);
  console.log(`rounds' ratios on/off: ${pairs.map((r) => r.toFixed(3)).join(', ')}; median ${median(pairs).toFixed(3)}: ${((1 - median(pairs)) * 100).toFixed(1)}% less with tracing on`);
  for (const [what, figures] of [['service CPU', serviceCpu], ['Redis CPU', redisCpu]] as const) {
    const cpuOff = median(figures.off);
    const cpuOn = median(figures.on);
    console.log(`median ${what} a workflow: off ${cpuOff} us, on ${cpuOn} us: ${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)}% more with tracing on`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
