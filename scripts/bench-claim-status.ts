/**
 * `npm run bench:claim-status`: drives claim-status workflows through the whole service and
 * prints throughput and end-to-end latency (webhook accepted → reply received at the provider).
 *
 * The service runs as child processes (`src/main.ts ROLE`, as in production); this process runs
 * the fake CMS, the fake WhatsApp provider and the load. Two phases:
 *   1. throughput: N messages offered as fast as `--concurrency` webhook posts allow;
 *   2. steady: `--rate` messages per second for `--seconds`, with p50/p99 latency.
 * Options: --messages 5000 --concurrency 64 --rate 300 --seconds 10 --processes all|split --profile DIR
 * --channel whatsapp|sms (SMS: form webhooks signed with X-Twilio-Signature, replies through the
 * fake provider's Messages API). Either provider posts two statuses per reply back to the API
 * (WhatsApp: `sent` and `delivered` webhooks, one in seven posted twice; SMS: status callbacks);
 * `--callbacks off` leaves them out, to see what they cost.
 * Beside each phase's throughput: the Redis CPU microseconds per workflow (`INFO cpu`, user + sys
 * of the redis-server, delta over the phase / workflows answered). So that other clients' traffic
 * does not count, the bench starts a private redis-server (AOF as in production; scripts/
 * bench-redis-side.ts); `--redis shared` uses REDIS_URL (default the local Redis) instead, under a
 * fresh key prefix removed at the end. `--profile-scripts`: over the throughput phase, the
 * Redis-side time per script (slow log, see scripts/bench-redis-side.ts) and the commandstats
 * table of the other commands; it slows the server a little, so its CPU figure is not the plain one.
 * With BENCH_REDIS_CALLGRIND=<dir> the private server runs under callgrind and counts its
 * instructions over the throughput phase only (a figure a shared machine does not move; the
 * server runs much slower, so use a few hundred messages: `--messages 500 --seconds 1 --concurrency 16`).
 */
import { Redis } from 'ioredis';
import { option, percentile } from './bench-support';
import { commandStats, redisCpuMicros, ScriptProfiler, startBenchRedis, type BenchRedis } from './bench-redis-side';
import { startBenchWorld } from './bench-world';
import type { SentSms } from '../test/helpers/fakes/twilio';
import type { SentMessage } from '../test/helpers/fakes/whatsapp';


const messages = Number(option('messages', '5000'));
const concurrency = Number(option('concurrency', '64'));
const rate = Number(option('rate', '300'));
const seconds = Number(option('seconds', '10'));
const layout = option('processes', 'split');
/** Writes a V8 CPU profile of each service process into this folder (for finding hot spots). */
const profileDir = option('profile', '');
const channel = option('channel', 'whatsapp');
const callbacks = option('callbacks', 'on');
const redisMode = option('redis', 'private');
const profileScripts = process.argv.includes('--profile-scripts');
const phonesCount = 500;


async function main(): Promise<void> {
  const benchRedis: BenchRedis | null = redisMode === 'shared' ? null : await startBenchRedis();
  const world = await startBenchWorld('555000111', { redisUrl: benchRedis?.url });
  // CPU of the shared Redis counts every client's work, not only this bench's.
  // The figures read one server's INFO: the private one, or with --redis shared the server at REDIS_URL.
  const admin = benchRedis?.admin ?? new Redis(world.config.redisUrl);
  const cpu = () => redisCpuMicros(admin);
  const perWorkflow = (micros: number, n: number) => `Redis CPU ${(micros / n).toFixed(0)} us/workflow${benchRedis ? '' : ' (shared Redis: other clients count too)'}`;
  const { config, cms, wa, tenant } = world;
  const phones = Array.from({ length: phonesCount }, (_, i) => `+91970${String(i).padStart(7, '0')}`);
  phones.forEach((phone, i) => cms.upsertClaim(tenant.doc.cms.api_key, {
    claim_id: `CLM-B-${i}`, policy_number: 'POL-B', member_name: 'Bench Claimant', claimant_phone: phone, status: 'UNDER_REVIEW',
    status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
  }));

  world.sms.statusCallbacks(callbacks !== 'off');
  wa.configureStatuses({ mode: callbacks === 'off' ? 'off' : 'auto' });
  const roleSets = layout === 'all' ? [['all']] : [['api'], ['scheduler'], ['stage', 'gateway,consent,router'], ['stage', 'truth,policy,outbound']];
  await world.startService(roleSets, profileDir);

  const accepted = new Map<string, number>();
  const latencies: number[] = [];
  let replies = 0;
  wa.events.on('message', (m: SentMessage) => {
    replies += 1;
    const workflowId = m.bizOpaque?.split(':')[0];
    const at = workflowId ? accepted.get(workflowId) : undefined;
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  // An SMS carries no send id the fake records to match a reply to its workflow: each phone's messages are
  // answered in order, so a reply closes its phone's oldest open message.
  const openByPhone = new Map<string, number[]>();
  world.sms.events.on('message', (m: SentSms) => {
    replies += 1;
    const at = openByPhone.get(m.to)?.shift();
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const post = async (i: number) => {
    const from = phones[i % phones.length]!;
    const text = i < phones.length ? 'YES' : 'claim status';
    if (channel === 'sms') {
      const sent = performance.now();
      const res = await world.sms.postInbound({ from, text });
      if (res.status !== 200) throw new Error(`SMS webhook answered ${res.status}: ${res.body}`);
      const queue = openByPhone.get(from) ?? [];
      queue.push(sent);
      openByPhone.set(from, queue);
      return;
    }
    const res = await wa.postInbound({ from, text });
    const t = performance.now();
    for (const id of (res.body as { workflow_ids?: string[] }).workflow_ids ?? []) accepted.set(id, t);
  };
  const waitReplies = async (n: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (replies < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (replies < n) throw new Error(`only ${replies} of ${n} replies arrived`);
  };

  // Warm-up: every bench phone gives consent (not measured).
  for (let i = 0; i < phones.length; i += concurrency) await Promise.all(phones.slice(i, i + concurrency).map((_, k) => post(i + k)));
  await waitReplies(phones.length, 60000);
  replies = 0; latencies.length = 0; accepted.clear(); openByPhone.clear();

  // Phase 1: throughput.
  let next = phones.length;
  const last = phones.length + messages;
  const profiler = profileScripts ? new ScriptProfiler(admin) : null;
  await profiler?.start();
  const cpu1 = await cpu();
  // Under BENCH_REDIS_CALLGRIND, the server's instructions over this phase only (scripts/bench-redis-side.ts).
  benchRedis?.collect(true);
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < last) await post(next++); }));
  await waitReplies(messages, 120000);
  const elapsed = (performance.now() - started) / 1000;
  const cpu1Used = (await cpu()) - cpu1;
  benchRedis?.collect(false);
  const scriptRows = await profiler?.stop();
  const burst = [...latencies].sort((a, b) => a - b);
  console.log(`throughput: ${messages} workflows in ${elapsed.toFixed(2)} s = ${(messages / elapsed).toFixed(0)} workflows/s, ` +
    `${perWorkflow(cpu1Used, messages)}${profiler ? ' (slow log on)' : ''} ` +
    `(latency under saturation p50 ${percentile(burst, 50).toFixed(1)} ms, p99 ${percentile(burst, 99).toFixed(1)} ms)`);
  if (profiler && scriptRows) printProfile(scriptRows, await commandStats(admin), messages, cpu1Used, profiler.overflows);

  // Phase 2: steady rate.
  replies = 0; latencies.length = 0; accepted.clear(); openByPhone.clear();
  const total = rate * seconds;
  const cpu2 = await cpu();
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(post(last + i));
  }
  await Promise.all(inFlight);
  await waitReplies(total, 60000);
  const cpu2Used = (await cpu()) - cpu2;
  const steady = [...latencies].sort((a, b) => a - b);
  console.log(`steady ${rate}/s for ${seconds} s: ${total} workflows, ${perWorkflow(cpu2Used, total)}, end-to-end p50 ${percentile(steady, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(steady, 99).toFixed(1)} ms, max ${steady[steady.length - 1]!.toFixed(1)} ms`);
  console.log(`channel: ${channel} (status callbacks ${callbacks}); layout: ${layout} (${roleSets.map((r) => r.join(' ')).join(' | ')}), partitions ${config.partitions}, batch ${config.batchSize}; ` +
    `Redis: ${benchRedis ? 'private redis-server (AOF everysec)' : 'shared REDIS_URL'}`);

  await world.stop();
  if (benchRedis) await benchRedis.stop(); else admin.disconnect();
}

/** The `--profile-scripts` tables: per script from the slow log, then INFO commandstats of the phase. */
function printProfile(
  rows: Map<string, { calls: number; usec: number }>, stats: { command: string; calls: number; usec: number }[],
  workflows: number, cpuMicros: number, overflows: number,
): void {
  const line = (cells: (string | number)[]) => console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(24) : String(c).padStart(12))).join(''));
  console.log(`\nper script over the throughput phase (slow log; Redis CPU of the phase ${(cpuMicros / workflows).toFixed(0)} us/workflow):`);
  line(['script', 'calls', 'total us', 'us/call', 'us/workflow']);
  const sorted = [...rows].sort((a, b) => b[1].usec - a[1].usec);
  let sum = 0;
  for (const [name, r] of sorted) {
    sum += r.usec;
    line([name, r.calls, r.usec, (r.usec / r.calls).toFixed(1), (r.usec / workflows).toFixed(1)]);
  }
  line(['all scripts', '', sum, '', (sum / workflows).toFixed(1)]);
  if (overflows > 0) console.log(`(the slow log filled up ${overflows} time(s) between drains: these figures are lower bounds)`);
  console.log('\nINFO commandstats over the same phase (commands a script runs are counted here too, and their time is inside the script\'s):');
  line(['command', 'calls', 'total us', 'us/call', 'us/workflow']);
  // The profiler's own drains (SLOWLOG GET + RESET in a MULTI) are taken out: their rows, and their EXECs.
  const own = stats.filter((s) => s.command.startsWith('slowlog|'));
  const drains = own.find((s) => s.command === 'slowlog|get')?.calls ?? 0;
  const drainUsec = own.reduce((n, s) => n + s.usec, 0);
  const shown = stats.filter((s) => !s.command.startsWith('slowlog|') && !(s.command === 'config|resetstat' || s.command === 'config|set' || s.command === 'info'))
    .map((s) => (s.command === 'exec' || s.command === 'multi') ? { ...s, calls: s.calls - drains, usec: s.command === 'exec' ? Math.max(0, s.usec - drainUsec) : s.usec } : s)
    .filter((s) => s.calls > 0);
  for (const s of shown.sort((a, b) => b.usec - a.usec)) {
    line([s.command, s.calls, s.usec, (s.usec / s.calls).toFixed(1), (s.usec / workflows).toFixed(1)]);
  }
  console.log(`(left out: the profiler's ${drains} slow-log drains, ${drainUsec} us, and its CONFIG/INFO calls)`);
  console.log('');
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.message}`);
  process.exit(1);
});
