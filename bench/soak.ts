/**
 * `npm run soak`: a bounded chaos run on a Redis Cluster (issue 15, "Failover without losing a
 * reply"; docs/scaling.md, "Failover"). Not `bench:soak`, which watches Redis memory while the
 * archive grows.
 *
 * A private six-node cluster (three masters, three replicas, AOF on, test/helpers/redis-cluster.ts)
 * and the service as production runs it, separate processes (api, scheduler, two stage processes;
 * bench/bench-world.ts), with the fake CMS and the fake WhatsApp provider in this process.
 * `--claimants` claimants give consent first, then claim-status messages go out at `--rate` a second
 * until `--messages` are offered. A webhook post that fails (the API was just killed, or answered
 * 5xx while a slot had no master) is posted again with the same message id, as Meta re-delivers
 * (1 s, doubling to 16 s, until the drain's deadline): the service deduplicates by message id. A
 * message counts as sent once the provider got a 200 for it.
 *
 * Chaos while the load runs (bench/soak-chaos.ts, seeded by `--seed`): a random service process
 * SIGKILLed and started again every `--kill-every` seconds (jittered), and every
 * `--failover-every` seconds a master SIGKILLed, its replica promoted, the node restarted to
 * rejoin as a replica. A service process that dies by itself is restarted too, and printed.
 *
 * Then, with a deadline (`--drain-seconds`): every delivery settled, every workflow finished (or its
 * record gone), no stage entry pending, no new reply for 5 s. The counts are per message, over the
 * workflows that took it in (the id in the 200 answer, and the service's own dedupe marker for a
 * message whose first 200 was lost with its API process): answered once, twice or more, unanswered;
 * `reply.sent` ledger events missing or doubled; workflows not completed. Exit 0 only when every
 * sent message was answered exactly once, with exactly one `reply.sent`, every workflow completed,
 * every offered message accepted, and every failover promoted in time. `--durability off`
 * (asynchronous replication) may fail that by design: a master can take acknowledged writes with it.
 *
 * Options: --messages 100000 --rate 100 --claimants 500 --kill-every 30 --failover-every 120
 * --seed 1 --durability on|off (REDIS_WAIT_REPLICAS=1 or 0) --wait-timeout-ms 1000 --drain-seconds 300.
 * SIGINT stops the load early; the drain and the counts follow for what was offered.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { stageNames } from '../pipeline/vocabulary';
import type { Redis } from '../src/redis/connection';
import type { Keys } from '../src/redis/keys';
import { seedUnderReviewClaims } from '../test/helpers/harness';
import { startTestCluster } from '../test/helpers/redis-cluster';
import { countPerGroup, ledgerEventWorkflowIds, sendWorkflowIds, type GroupCounts } from '../test/helpers/reply-counts';
import { option, seededRandom, stageProcesses } from './bench-support';
import { startBenchWorld } from './bench-world';
import { chaosLog, startChaos, type ChaosTally } from './soak-chaos';

const messages = Number(option('messages', '100000'));
const rate = Number(option('rate', '100'));
const claimants = Number(option('claimants', '500'));
const killEvery = Number(option('kill-every', '30'));
const failoverEvery = Number(option('failover-every', '120'));
const seed = Number(option('seed', '1'));
const durability = option('durability', 'on');
const waitTimeoutMs = Number(option('wait-timeout-ms', '1000'));
const drainSeconds = Number(option('drain-seconds', '300'));
const tenantId = 'bench';

/** One offered message: who sent it, whether the provider got a 200, the workflows that took it in. */
interface Offered {
  phone: string;
  sent: boolean;
  workflows: Set<string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load1 = () => loadavg()[0]!.toFixed(2);

/**
 * Reads many keys of many partitions: one pipeline per partition and chunk (a cluster pipeline must
 * stay within one slot, and every key of a partition shares its `{pN}` slot).
 */
async function readPerPartition<T>(redis: Redis, items: Array<{ partition: number; key: string }>, read: (p: ReturnType<Redis['pipeline']>, key: string) => void): Promise<Array<T | null>> {
  const out: Array<T | null> = new Array(items.length).fill(null);
  const byPartition = new Map<number, number[]>();
  items.forEach((item, i) => {
    const indexes = byPartition.get(item.partition);
    if (indexes) indexes.push(i);
    else byPartition.set(item.partition, [i]);
  });
  for (const indexes of byPartition.values()) {
    for (let from = 0; from < indexes.length; from += 1000) {
      const chunk = indexes.slice(from, from + 1000);
      const pipeline = redis.pipeline();
      for (const i of chunk) read(pipeline, items[i]!.key);
      const replies = (await pipeline.exec()) ?? [];
      chunk.forEach((i, k) => { const [err, value] = replies[k] ?? [null, null]; out[i] = err ? null : (value as T); });
    }
  }
  return out;
}

/** Entries read by a stage worker and not yet acknowledged, over every partition and stage. */
async function pendingEntries(redis: Redis, keys: Keys): Promise<number> {
  let total = 0;
  for (let p = 0; p < keys.partitions; p++) {
    for (const stage of stageNames) {
      // A stream or group no workflow ever reached does not exist: nothing pending there.
      const summary = await redis.xpending(keys.stream(p, stage), keys.group(stage)).catch(() => [0]) as [number];
      total += Number(summary[0] ?? 0);
    }
  }
  return total;
}

async function main(): Promise<number> {
  if (durability !== 'on' && durability !== 'off') throw new Error('--durability takes on or off');
  const cluster = await startTestCluster({ appendonly: true });
  // Read by this process's config and passed on to the service processes (bench-world.ts).
  Object.assign(process.env, {
    REDIS_CLUSTER_NODES: cluster.nodesSetting,
    REDIS_WAIT_REPLICAS: durability === 'on' ? '1' : '0',
    REDIS_WAIT_TIMEOUT_MS: String(waitTimeoutMs),
  });
  const world = await startBenchWorld('950950950');
  const { wa, services: s } = world;
  const t0 = performance.now();
  try {
    const phones = Array.from({ length: claimants }, (_, i) => `+91972${String(i).padStart(7, '0')}`);
    seedUnderReviewClaims(world, phones);
    wa.configureStatuses({ mode: 'auto' });
    await world.startService([['api'], ['scheduler'], ...stageProcesses.map((stages) => ['stage', stages])], '', {
      onCrash: (roles, code, signal) => chaosLog(t0, `service process (${roles.join(' ')}) exited by itself (code ${code}, signal ${signal}): started again`),
    });

    // Consent first (a claimant's first message), before the chaos.
    for (let i = 0; i < phones.length; i += 50) await Promise.all(phones.slice(i, i + 50).map((from) => wa.postInbound({ from, text: 'YES' })));
    await wa.waitFor((sent) => sent.length >= phones.length, 120_000);
    const consentReplies = wa.sent.length;

    const offered = new Map<string, Offered>();
    const failures = new Map<string, number>();
    let failedPosts = 0;
    let inFlight = 0;
    let giveUpAt = Infinity;
    const runId = randomBytes(4).toString('hex');
    // Meta's re-delivery: the same message id until a 200, pausing 1 s, doubling to 16 s.
    const deliver = async (messageId: string, m: Offered): Promise<void> => {
      for (let pause = 1000; ; pause = Math.min(pause * 2, 16_000)) {
        const res = await wa.postInbound({ from: m.phone, text: 'claim status', messageId }).catch((err: Error) => err);
        if (!(res instanceof Error) && res.status === 200) {
          m.sent = true;
          for (const id of (res.body as { workflow_ids?: string[] }).workflow_ids ?? []) m.workflows.add(id);
          return;
        }
        const why = res instanceof Error ? res.message : `status ${res.status}`;
        failedPosts += 1;
        failures.set(why, (failures.get(why) ?? 0) + 1);
        if (performance.now() > giveUpAt) return;
        await sleep(pause);
      }
    };

    const chaos = startChaos({ world, cluster, keys: s.keys, killEverySeconds: killEvery, failoverEverySeconds: failoverEvery, random: seededRandom(seed), t0: performance.now() });
    const loadStart = performance.now();
    const progress = setInterval(() => {
      const sent = [...offered.values()].filter((m) => m.sent).length;
      chaosLog(loadStart, `progress: offered ${offered.size}, sent ${sent}, replies ${wa.sent.length - consentReplies}, posts in flight ${inFlight}, failed posts ${failedPosts}, ` +
        `kills ${chaos.tally.kills}, failovers ${chaos.tally.failovers}, load average ${load1()}`);
    }, 30_000);
    let stopRequested = false;
    process.once('SIGINT', () => { stopRequested = true; process.stdout.write('SIGINT: no more messages; the drain and the counts follow\n'); });
    // Paced from the start (a late tick catches up), at most 5,000 posts in flight.
    for (let i = 0; i < messages && !stopRequested; i++) {
      const wait = loadStart + (i * 1000) / rate - performance.now();
      if (wait > 1) await sleep(wait);
      while (inFlight >= 5000) await sleep(5);
      const messageId = `wamid.chaos-${runId}-${i}`;
      const m: Offered = { phone: phones[i % phones.length]!, sent: false, workflows: new Set() };
      offered.set(messageId, m);
      inFlight += 1;
      void deliver(messageId, m).finally(() => { inFlight -= 1; });
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;
    chaosLog(loadStart, `load over: ${offered.size} offered in ${loadSeconds.toFixed(0)} s; chaos stops (a failover under way finishes first)`);
    await chaos.stop();
    clearInterval(progress);

    // The drain, with one deadline for all of it.
    const deadline = performance.now() + drainSeconds * 1000;
    giveUpAt = deadline;
    while (inFlight > 0) await sleep(20);
    const sentMessages = [...offered].filter(([, m]) => m.sent);
    // The workflow the service bound each message id to (its dedupe marker): the only record of a
    // message whose first 200 went down with its API process before the provider read it.
    const markers = await readPerPartition<string>(s.redis, sentMessages.map(([id, m]) => {
      const partition = s.keys.partitionOf(tenantId, m.phone);
      return { partition, key: s.keys.seenMessage(partition, tenantId, id) };
    }), (p, key) => p.get(key));
    sentMessages.forEach(([, m], i) => { if (markers[i]) m.workflows.add(markers[i]!); });
    const groups = new Map(sentMessages.map(([id, m]) => [id, m.workflows]));
    const workflowIds = [...new Set(sentMessages.flatMap(([, m]) => [...m.workflows]))];
    const statusOf = async (ids: string[]) => readPerPartition<string>(s.redis, ids.map((id) => {
      const partition = s.keys.partitionOfWorkflow(id)!;
      return { partition, key: s.keys.workflow(partition, id) };
    }), (p, key) => p.hget(key, 'status'));

    // Nothing in flight: no workflow still on its way (a record gone is not coming back), no stage
    // entry pending, and no reply for 5 s.
    let unsettled = new Set(workflowIds);
    let lastReplies = -1;
    let quietSince = performance.now();
    for (;;) {
      const ids = [...unsettled];
      const statuses = await statusOf(ids);
      unsettled = new Set(ids.filter((_, i) => statuses[i] !== null && ['started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents'].includes(statuses[i]!)));
      if (wa.sent.length !== lastReplies) { lastReplies = wa.sent.length; quietSince = performance.now(); }
      const pending = await pendingEntries(s.redis, s.keys);
      if (unsettled.size === 0 && pending === 0 && performance.now() - quietSince >= 5000) break;
      if (performance.now() > deadline) {
        chaosLog(loadStart, `drain deadline (${drainSeconds} s): ${unsettled.size} workflows still on their way, ${pending} stage entries pending; counting now`);
        break;
      }
      await sleep(1000);
    }
    const finalStatuses = await statusOf(workflowIds);
    const notCompleted = finalStatuses.filter((st) => st !== 'completed').length;
    const recordsGone = finalStatuses.filter((st) => st === null).length;
    const replies = countPerGroup(groups, sendWorkflowIds(wa.sent.map((m) => m.bizOpaque)));
    // The scheduler moves ledger events after the reply: the ledger may lag the provider a little.
    const wanted = new Set(workflowIds);
    let ledger = countPerGroup(groups, await ledgerEventWorkflowIds(s.ledger, tenantId, 'reply.sent', wanted));
    while (ledger.none > 0 && performance.now() < deadline + 60_000) {
      await sleep(2000);
      ledger = countPerGroup(groups, await ledgerEventWorkflowIds(s.ledger, tenantId, 'reply.sent', wanted));
    }

    // Sends made again because the proof of an earlier one never came in time (docs/workflows.md,
    // "Effectively-once replies"): the one known way a reply goes out twice with one `reply.sent`.
    const resent = (await ledgerEventWorkflowIds(s.ledger, tenantId, 'reply.sent', wanted, (e) => e.detail.includes('unproven_earlier_send'))).length;

    const result: RunResult = {
      offered: offered.size, sent: sentMessages.length, loadSeconds, replies, ledger, notCompleted, recordsGone,
      failedPosts, resent, chaos: chaos.tally, drainSeconds: (performance.now() - loadStart) / 1000 - loadSeconds,
    };
    if (failures.size > 0) process.stdout.write(`webhook posts that failed and were posted again: ${[...failures].map(([why, n]) => `${n} x ${why}`).join('; ')}\n`);
    process.stdout.write(`${summary(result)}\n`);
    return passed(result) ? 0 : 1;
  } finally {
    // The cluster is removed whole: its keys need no deleting one by one.
    await world.stop({ keepKeys: true });
    await cluster.close();
  }
}

interface RunResult {
  offered: number;
  sent: number;
  loadSeconds: number;
  replies: GroupCounts;
  ledger: GroupCounts;
  notCompleted: number;
  recordsGone: number;
  failedPosts: number;
  /** `reply.sent` events of sends made again after an unproven earlier send. */
  resent: number;
  chaos: ChaosTally;
  drainSeconds: number;
}

function passed(r: RunResult): boolean {
  return r.sent === r.offered && r.replies.none === 0 && r.replies.twiceOrMore === 0 && r.ledger.none === 0 && r.ledger.twiceOrMore === 0
    && r.notCompleted === 0 && r.chaos.failed === 0;
}

/** One line a reader can paste into docs. */
function summary(r: RunResult): string {
  const promotions = r.chaos.promotionSeconds.length > 0 ? ` (promoted in ${Math.min(...r.chaos.promotionSeconds).toFixed(1)}-${Math.max(...r.chaos.promotionSeconds).toFixed(1)} s)` : '';
  return `soak summary: durability ${durability} (REDIS_WAIT_REPLICAS=${durability === 'on' ? 1 : 0}${durability === 'on' ? `, ${waitTimeoutMs} ms` : ''}), seed ${seed}: ` +
    `offered ${r.offered}${r.offered < messages ? ` (stopped early, of ${messages})` : ''} at ${rate}/s (${(r.offered / r.loadSeconds).toFixed(1)}/s achieved, ${r.loadSeconds.toFixed(0)} s), ` +
    `${r.chaos.kills} service SIGKILLs, ${r.chaos.failovers} master failovers${promotions}${r.chaos.failed ? `, ${r.chaos.failed} failover steps not done in time` : ''}; ` +
    `sent ${r.sent} (never accepted ${r.offered - r.sent}), answered once ${r.replies.once}, answered twice or more ${r.replies.twiceOrMore} (${r.replies.extra} extra replies), unanswered ${r.replies.none}, ` +
    `reply.sent missing ${r.ledger.none}, doubled ${r.ledger.twiceOrMore}, resent after an unproven earlier send ${r.resent}, workflows not completed ${r.notCompleted} (records gone ${r.recordsGone}); ` +
    `${r.failedPosts} webhook posts failed and were posted again; drain ${r.drainSeconds.toFixed(0)} s; load average ${load1()} -> ${passed(r) ? 'PASS' : 'FAIL'}`;
}

main().then((code) => process.exit(code), (err: Error) => {
  process.stderr.write(`soak failed: ${err.stack ?? err.message}\n`);
  process.exit(2);
});
