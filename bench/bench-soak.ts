/**
 * `npm run bench:soak`: does Redis stay flat while the archive grows (issue 12, finding 1)?
 *
 * The service runs as child processes (api, scheduler, two stage processes, as bench:claim-status
 * does) on a private redis-server (no persistence) and a private PostgreSQL database on the test
 * server (test/helpers/postgres.ts), with a short hot window (`HOT_WINDOW`) and an archiver that runs
 * every `ARCHIVE_INTERVAL`, so finished workflows and their ledger events leave Redis within seconds.
 * 500 claimants (each gives consent first) then ask for their claim status at `--rate` a second
 * until `--workflows` are offered. Every `--sample-every` seconds it records Redis `used_memory`
 * (INFO memory), the hot workflows (the tenant's workflow index entries), the ledger events still in
 * Redis, the archive's rows (workflows, events) and the answers so far; after the load it keeps
 * sampling for one hot window (at least 60 s, the markers' lifetime) and two archiver passes (the drain).
 *
 * Writes `soak.csv` and `soak.svg` (used memory and archive rows over time) into `--out`, and
 * prints: the empty baseline (used_memory with the service started, before any message); the
 * steady part, which starts one hot window plus two archiver passes after the load starts (by then
 * the first workflows are due and the archiver has had two passes at them) and ends when the load
 * ends; bytes per hot workflow over it ((used_memory - baseline) / hot workflows, averaged over its
 * samples; also over the drained floor, used_memory after the drain, which leaves out the claimants'
 * own state); archive rows per second over it; and whether used_memory stayed within +/-10% of its
 * mean over it. Exits 1 when answers are lost (fewer replies than messages).
 *
 * The tenant's channel-status stream (every provider status webhook, capped at 100,000 entries,
 * about 127 B each) fills at two or more entries per reply and then stays at its cap: it is sampled
 * too, and the report says when it reached its cap; until then used_memory grows with it whatever
 * the archiver does, so `--steady-from S` may start the steady part later. `--analyse DIR` reprints
 * the report and redraws the chart from DIR's soak.csv and soak.json (with another --steady-from).
 *
 * Options: --workflows 200000 --rate 100 --hot-window 30s --archive-interval 2s --sample-every 5
 * --out bench-results/soak --keep (leave the database). Ctrl-C (SIGINT) stops the load early and still
 * waits for the answers, drains and reports on what was offered. Also shortened for the run:
 * INBOUND_DEDUPE_SECONDS and SEND_RECORD_SECONDS (60 s), which otherwise keep per-message state for
 * 7 days, longer than the shortened hot window.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { parseDuration } from '../src/durations';
import { createTestDatabase } from '../test/helpers/postgres';
import { startPrivateRedis } from '../test/helpers/redis';
import type { SentMessage } from '../test/helpers/fakes/whatsapp';
import { lineChartSvg, shortNumber } from './bench-chart';
import { option, stageProcesses } from './bench-support';
import { startBenchWorld } from './bench-world';

const workflows = Number(option('workflows', '200000'));
const rate = Number(option('rate', '100'));
const hotWindow = option('hot-window', '30s');
const archiveInterval = option('archive-interval', '2s');
const sampleEvery = Number(option('sample-every', '5'));
const outDir = option('out', 'bench-results/soak');
const keep = process.argv.includes('--keep');
const phonesCount = 500;
const band = 0.1;

interface Sample {
  t: number;
  usedMemory: number;
  hotWorkflows: number;
  hotEvents: number;
  archivedWorkflows: number;
  archivedEvents: number;
  offered: number;
  answered: number;
  /** Entries in the tenant's channel-status stream (absent in CSVs of runs before it was sampled). */
  channelStatuses?: number;
}

const columns: (keyof Sample)[] = ['t', 'usedMemory', 'hotWorkflows', 'hotEvents', 'archivedWorkflows', 'archivedEvents', 'offered', 'answered', 'channelStatuses'];
const csvHeader = 'seconds,used_memory_bytes,hot_workflows,hot_ledger_events,archived_workflows,archived_events,offered,answered,channel_status_entries\n';
/** The channel-status stream's cap (src/intake/inbound-intake.ts: XADD MAXLEN ~ 100000). */
const channelStatusCap = 100_000;

async function main(): Promise<void> {
  const hotWindowMs = parseDuration(hotWindow);
  const intervalMs = parseDuration(archiveInterval);
  const redisServer = await startPrivateRedis();
  const database = await createTestDatabase();
  // Read by the bench process's config and passed on to the service processes (bench-world.ts).
  Object.assign(process.env, {
    REDIS_URL: redisServer.url, DATABASE_URL: database.url, HOT_WINDOW: hotWindow, ARCHIVE_INTERVAL: archiveInterval,
    // Inbound message ids are remembered this long (the shortest allowed): with the 7-day default the
    // dedupe markers of a soak would grow for its whole length, which is not what it measures.
    INBOUND_DEDUPE_SECONDS: '60',
    // Likewise each reply's send record (intent, provider id, delivery proof): 7 days by default, as
    // long as the default hot window, but it outlives a 30 s one (the shortest allowed: 60 s).
    SEND_RECORD_SECONDS: '60',
  });
  const world = await startBenchWorld('940940940');
  const { cms, wa, tenant, services: s } = world;
  const client = new pg.Client({ connectionString: database.url });
  let lost = 0;
  try {
    const phones = Array.from({ length: phonesCount }, (_, i) => `+91971${String(i).padStart(7, '0')}`);
    phones.forEach((phone, i) => cms.upsertClaim(tenant.doc.cms.api_key, {
      claim_id: `CLM-S-${i}`, policy_number: 'POL-S', member_name: 'Soak Claimant', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    }));
    wa.configureStatuses({ mode: 'auto' });
    await world.startService([['api'], ['scheduler'], ...stageProcesses.map((stages) => ['stage', stages])], '');
    await s.archive.db();
    await client.connect();

    let replies = 0;
    wa.events.on('message', (_m: SentMessage) => { replies += 1; });
    const waitReplies = async (n: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (replies < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return replies >= n;
    };
    const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await s.redis.info('memory'))?.[1] ?? NaN);
    // Let the processes settle (first connections, scripts loaded) before the empty baseline.
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = await usedMemory();

    // Consent first (as a claimant's first message), not measured.
    for (let i = 0; i < phones.length; i += 50) await Promise.all(phones.slice(i, i + 50).map((from) => wa.postInbound({ from, text: 'YES' })));
    if (!(await waitReplies(phones.length, 120_000))) throw new Error(`only ${replies} of ${phones.length} consent replies arrived`);
    replies = 0;

    mkdirSync(outDir, { recursive: true });
    const csvPath = join(outDir, 'soak.csv');
    writeFileSync(csvPath, csvHeader);
    const samples: Sample[] = [];
    let offered = 0;
    const t0 = performance.now();
    const sample = async () => {
      const read = s.redis.pipeline();
      for (let p = 0; p < s.keys.partitions; p++) read.zcard(s.keys.workflowIndex(p, 'bench'));
      // The events Redis holds: the ledger's length less what was archived (XLEN counts entries,
      // and an entry holds up to 16 events: docs/audit-ledger.md).
      read.hget(s.keys.ledgerHead('bench'), 'count');
      read.hget(s.keys.archived('bench'), 'ledger_n');
      read.xlen(s.keys.channelStatuses('bench'));
      const counts = ((await read.exec()) ?? []).map(([, n]) => Number(n ?? 0));
      const channelStatuses = counts.pop()!;
      const archivedN = counts.pop()!;
      counts.push(counts.pop()! - archivedN);
      const rows = await client.query<{ w: string; e: string }>(
        "SELECT (SELECT count(*) FROM archived_workflows WHERE tenant_id = 'bench') AS w, (SELECT count(*) FROM archived_events WHERE tenant_id = 'bench') AS e");
      const one: Sample = {
        t: Math.round((performance.now() - t0) / 100) / 10, usedMemory: await usedMemory(), hotWorkflows: counts.slice(0, -1).reduce((a, b) => a + b, 0),
        hotEvents: counts[counts.length - 1]!, archivedWorkflows: Number(rows.rows[0]!.w), archivedEvents: Number(rows.rows[0]!.e), offered, answered: replies, channelStatuses,
      };
      samples.push(one);
      appendFileSync(csvPath, `${columns.map((c) => one[c]).join(',')}\n`);
      if (samples.length % 6 === 1) {
        process.stdout.write(`t=${one.t}s offered ${one.offered} answered ${one.answered} used_memory ${shortNumber(one.usedMemory)}B hot workflows ${one.hotWorkflows} ` +
          `hot ledger events ${one.hotEvents} archived ${one.archivedWorkflows} workflows / ${one.archivedEvents} events\n`);
      }
    };
    let sampling: Promise<unknown> = sample();
    const sampler = setInterval(() => { sampling = sampling.then(sample).catch((err: Error) => process.stderr.write(`sample failed: ${err.message}\n`)); }, sampleEvery * 1000);

    // The load: `rate` a second, paced from the start (a late tick catches up), at most 2,000 in flight.
    // SIGINT ends it early: the answers, the drain and the figures follow for what was offered.
    let stopRequested = false;
    process.once('SIGINT', () => { stopRequested = true; process.stdout.write('SIGINT: no more messages; waiting for the answers, then the drain\n'); });
    let inFlight = 0;
    let failedPosts = 0;
    let undelivered = 0;
    const failures = new Map<string, number>();
    const failed = (why: string) => { failedPosts += 1; failures.set(why, (failures.get(why) ?? 0) + 1); };
    // Meta re-posts a webhook that was not answered 200 (with growing pauses, for days), the same
    // message id each time; so does the load here, up to 5 times, 1 s apart doubling. A message whose
    // every post failed never reached the service and counts as unanswered all the same.
    const runId = Date.now().toString(36);
    const deliver = async (msg: { from: string; text: string; messageId: string }): Promise<void> => {
      for (let attempt = 0, pause = 1000; ; attempt++, pause *= 2) {
        const why = await wa.postInbound(msg).then((res) => (res.status === 200 ? null : `status ${res.status}`), (err: Error) => err.message);
        if (why === null) return;
        failed(why);
        if (attempt === 5) { undelivered += 1; return; }
        await new Promise((r) => setTimeout(r, pause));
      }
    };
    for (let i = 0; i < workflows && !stopRequested; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      while (inFlight >= 2000) await new Promise((r) => setTimeout(r, 5));
      inFlight += 1;
      offered += 1;
      void deliver({ from: phones[i % phones.length]!, text: 'claim status', messageId: `wamid.soak-${runId}-${i}` })
        .finally(() => { inFlight -= 1; });
    }
    const loadEnd = (performance.now() - t0) / 1000;
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    const allAnswered = await waitReplies(offered, 180_000);
    lost = offered - replies;
    // The drain: one hot window and two passes after the last message every workflow can have left
    // Redis, and after 60 s the last dedupe markers and send records have expired.
    await new Promise((r) => setTimeout(r, Math.max(hotWindowMs, 60_000) + 2 * intervalMs + sampleEvery * 1000));
    clearInterval(sampler);
    await sampling;
    await sample();

    const meta: RunMeta = { baseline, offered, workflows, rate, hotWindow, archiveInterval, loadEnd, steadyFrom: (hotWindowMs + 2 * intervalMs) / 1000 };
    writeFileSync(join(outDir, 'soak.json'), `${JSON.stringify(meta, null, 2)}\n`);
    process.stdout.write(`\nload: ${offered} workflows offered${offered < workflows ? ` (stopped early, of ${workflows})` : ''} at ${rate}/s in ${loadEnd.toFixed(0)} s (${(offered / loadEnd).toFixed(1)}/s achieved), ${replies} answered` +
      `${allAnswered ? '' : ` (${lost} lost)`}, ${failedPosts} webhook posts failed and were posted again (${undelivered} never delivered); hot window ${hotWindow}, archiver every ${archiveInterval}, samples every ${sampleEvery} s\n`);
    if (failures.size > 0) process.stdout.write(`webhook posts that failed: ${[...failures].map(([why, n]) => `${n} x ${why}`).join('; ')}\n`);
    report(samples, meta, outDir);
  } finally {
    await client.end().catch(() => undefined);
    await world.stop();
    await redisServer.close();
    if (keep) process.stdout.write(`database kept: ${database.name}\n`);
    else await database.drop();
  }
  if (lost > 0) {
    process.stderr.write(`the service lost ${lost} answers\n`);
    process.exit(1);
  }
}

/** What a run's report needs besides its samples (written beside them as soak.json). */
interface RunMeta {
  baseline: number;
  offered: number;
  workflows: number;
  rate: number;
  hotWindow: string;
  archiveInterval: string;
  /** Seconds from the load's start to its end. */
  loadEnd: number;
  /** Where the steady part starts by default: one hot window and two archiver passes into the load. */
  steadyFrom: number;
}

/** Prints the steady-state figures and writes the chart; `--steady-from S` starts the steady part later. */
function report(samples: Sample[], meta: RunMeta, dir: string): void {
  const { baseline, loadEnd } = meta;
  const steadyFrom = Number(option('steady-from', String(meta.steadyFrom)));
  const steady = samples.filter((x) => x.t >= steadyFrom && x.t <= loadEnd);
  const last = samples[samples.length - 1]!;
  process.stdout.write(`empty baseline used_memory: ${baseline} B (${shortNumber(baseline)}B)\n`);
  const capped = samples.find((x) => x.channelStatuses !== undefined && x.channelStatuses >= channelStatusCap);
  if (capped) process.stdout.write(`the tenant's channel-status stream (provider statuses, capped at ${channelStatusCap} entries) reached its cap at t=${capped.t} s\n`);
  else if (last.channelStatuses !== undefined) process.stdout.write(`the tenant's channel-status stream did not reach its cap (${last.channelStatuses} of ${channelStatusCap} entries): used_memory still grows with it\n`);
  if (steady.length < 3) {
    process.stdout.write(`steady part (t >= ${steadyFrom} s until the load ended at ${loadEnd.toFixed(0)} s): only ${steady.length} samples; run longer for the steady-state figures\n`);
  } else {
    const mean = steady.reduce((a, x) => a + x.usedMemory, 0) / steady.length;
    const worst = Math.max(...steady.map((x) => Math.abs(x.usedMemory - mean) / mean));
    const perHot = steady.reduce((a, x) => a + (x.usedMemory - baseline) / Math.max(1, x.hotWorkflows), 0) / steady.length;
    const hotMean = steady.reduce((a, x) => a + x.hotWorkflows, 0) / steady.length;
    const first = steady[0]!;
    const end = steady[steady.length - 1]!;
    const span = end.t - first.t;
    const rowsRate = (end.archivedWorkflows + end.archivedEvents - first.archivedWorkflows - first.archivedEvents) / span;
    process.stdout.write(`steady part: t = ${first.t} .. ${end.t} s (${steady.length} samples; from t=${steadyFrom} s${steadyFrom === meta.steadyFrom ? ', one hot window + two archiver passes after the load started' : ' (--steady-from)'}, to the load's end)\n`);
    process.stdout.write(`  used_memory mean ${shortNumber(mean)}B, min ${shortNumber(Math.min(...steady.map((x) => x.usedMemory)))}B, max ${shortNumber(Math.max(...steady.map((x) => x.usedMemory)))}B: ` +
      `largest deviation ${(worst * 100).toFixed(1)}% -> ${worst <= band ? 'WITHIN' : 'OUTSIDE'} +/-${band * 100}%\n`);
    // The drained floor: used_memory once every workflow left Redis; what stays (claimants' consent
    // and conversation state, dedupe markers, the capped channel-status stream) is not the hot workflows' own.
    const floor = last.hotWorkflows === 0 ? last.usedMemory : NaN;
    const perHotOverFloor = steady.reduce((a, x) => a + (x.usedMemory - floor) / Math.max(1, x.hotWorkflows), 0) / steady.length;
    process.stdout.write(`  hot workflows mean ${hotMean.toFixed(0)}; bytes per hot workflow: ${perHot.toFixed(0)} B over the empty baseline ((used_memory - baseline) / hot workflows), ` +
      `${Number.isNaN(floor) ? 'n/a (not drained)' : `${perHotOverFloor.toFixed(0)} B over the drained floor (${shortNumber(floor)}B)`}\n`);
    process.stdout.write(`  archive rows/s ${rowsRate.toFixed(1)} (workflows ${((end.archivedWorkflows - first.archivedWorkflows) / span).toFixed(1)}/s, events ${((end.archivedEvents - first.archivedEvents) / span).toFixed(1)}/s)\n`);
  }
  process.stdout.write(`after the drain (t=${last.t} s): used_memory ${shortNumber(last.usedMemory)}B, hot workflows ${last.hotWorkflows}, hot ledger events ${last.hotEvents}, archived ${last.archivedWorkflows} workflows / ${last.archivedEvents} events\n`);

  // Drawn in MiB, so that the ticks fall on round MiB.
  const mib = (v: number) => v / 1048576;
  const svg = lineChartSvg({
    title: `Soak: ${meta.offered} workflows at ${meta.rate}/s, hot window ${meta.hotWindow}, archiver every ${meta.archiveInterval}`,
    xLabel: 'seconds since the load started', yLabel: 'Redis used_memory (MiB)', y2Label: 'rows / workflows / entries',
    series: [
      { name: 'Redis used_memory', points: samples.map((x) => [x.t, mib(x.usedMemory)]) },
      { name: 'empty baseline', points: [[0, mib(baseline)], [last.t, mib(baseline)]], dashed: true, color: '#999999' },
      { name: 'archived ledger events', points: samples.map((x) => [x.t, x.archivedEvents]), axis: 'right' },
      { name: 'archived workflows', points: samples.map((x) => [x.t, x.archivedWorkflows]), axis: 'right' },
      { name: 'hot workflows (in Redis)', points: samples.map((x) => [x.t, x.hotWorkflows]), axis: 'right' },
      ...(samples.some((x) => x.channelStatuses !== undefined)
        ? [{ name: 'channel-status stream entries', points: samples.map((x) => [x.t, x.channelStatuses ?? NaN] as const).filter((p) => !Number.isNaN(p[1])), axis: 'right' as const }] : []),
    ],
  });
  writeFileSync(join(dir, 'soak.svg'), svg);
  process.stdout.write(`wrote ${join(dir, 'soak.svg')} (samples in ${join(dir, 'soak.csv')})\n`);
}

/**
 * `--analyse DIR`: the report again from DIR/soak.csv (and DIR/soak.json; a run's CSV without it
 * takes `--baseline B --load-end S --offered N`), e.g. with another `--steady-from`.
 */
function analyse(dir: string): void {
  const [, ...lines] = readFileSync(join(dir, 'soak.csv'), 'utf8').trim().split('\n');
  const samples = lines.map((line) => {
    const v = line.split(',').map(Number);
    const one = Object.fromEntries(columns.map((c, i) => [c, v[i]])) as unknown as Sample;
    if (v.length <= columns.indexOf('channelStatuses')) delete one.channelStatuses;
    return one;
  });
  const metaPath = join(dir, 'soak.json');
  const meta: RunMeta = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) as RunMeta : {
    baseline: Number(option('baseline', 'NaN')), offered: Number(option('offered', String(workflows))), workflows, rate, hotWindow, archiveInterval,
    loadEnd: Number(option('load-end', 'NaN')), steadyFrom: (parseDuration(hotWindow) + 2 * parseDuration(archiveInterval)) / 1000,
  };
  report(samples, meta, dir);
}

const analyseDir = option('analyse', '');
(analyseDir ? Promise.resolve().then(() => analyse(analyseDir)) : main()).catch((err: Error) => {
  process.stderr.write(`bench:soak failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
