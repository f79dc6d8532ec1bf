/**
 * The claimants' side of `bench:claim-status`: seeds the fake CMS with the bench phones' claims,
 * posts their messages to the service through the fake provider (WhatsApp or SMS) and times each
 * reply the provider receives. One `ClaimantLoad` runs in the bench process, or one in each load
 * process (`--load-processes L`, bench/bench-load-agent.ts), each with its own fakes and tenant,
 * so that on a many-core machine the load is not the one process that caps the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgsFor } from './bench-support';
import type { FakeTenant } from '../test/helpers/fakes/demo-tenant';
import type { FakeCms } from '../test/helpers/fakes/fake-cms';
import type { FakeTwilio, SentSms } from '../test/helpers/fakes/twilio';
import type { FakeWhatsApp, SentMessage } from '../test/helpers/fakes/whatsapp';

/** What one phase of load gives back (times in ms of `performance.now()` in the process that ran it). */
export interface PhaseResult {
  /** From the first post to the last reply. */
  elapsedMs: number;
  /** End-to-end ms (webhook accepted to reply received) of each workflow answered. */
  latencies: number[];
  /** WhatsApp only: [accepted at, in ms from the phase's start; latency ms] (`--latency-log`). */
  timeline: Array<[number, number]>;
  /** This process's CPU (user + system) over the phase, in microseconds; over several load processes, the busiest one's. */
  cpuMicros: number;
  /** Over several load processes, the CPU of all of them together (us); else `cpuMicros`. */
  cpuMicrosAll?: number;
}

/** Which share of a phase's messages this load sends: message `index`, `index + of`, ... of the whole phase. */
export interface Share { index: number; of: number }

export class ClaimantLoad {
  private readonly accepted = new Map<string, number>();
  private latencies: number[] = [];
  private timeline: Array<[number, number]> = [];
  private phaseStart = 0;
  private replies = 0;
  /** An SMS carries no send id the fake records: each phone's replies close its oldest open message. */
  private readonly openByPhone = new Map<string, number[]>();
  /** The next message's number (the first `phones.length` are the consent answers). */
  private next = 0;

  constructor(
    private readonly fakes: { cms: FakeCms; wa: FakeWhatsApp; sms: FakeTwilio; tenant: FakeTenant },
    private readonly channel: 'whatsapp' | 'sms',
    private readonly phones: string[],
  ) {
    const { cms, wa, sms, tenant } = fakes;
    phones.forEach((phone, i) => cms.upsertClaim(tenant.doc.cms.api_key, {
      claim_id: `CLM-B-${i}`, policy_number: 'POL-B', member_name: 'Bench Claimant', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    }));
    wa.events.on('message', (m: SentMessage) => {
      this.replies += 1;
      const workflowId = m.bizOpaque?.split(':')[0];
      const at = workflowId ? this.accepted.get(workflowId) : undefined;
      if (at !== undefined) this.record(at);
    });
    sms.events.on('message', (m: SentSms) => {
      this.replies += 1;
      const at = this.openByPhone.get(m.to)?.shift();
      if (at !== undefined) this.record(at);
    });
  }

  /** Every phone gives consent (`YES`), `concurrency` posts in flight; not measured. */
  async warmup(concurrency: number): Promise<void> {
    this.reset();
    const count = this.phones.length;
    await this.pool(count, concurrency);
    await this.waitReplies(count, 60_000);
  }

  /**
   * This load's share of `messages` claim-status messages (of n over `share.of` loads, n / of
   * rounded down, and one more for the first n % of), offered as fast as `concurrency` posts in
   * flight allow.
   */
  async burst(messages: number, concurrency: number, share: Share = { index: 0, of: 1 }): Promise<PhaseResult> {
    this.reset();
    const cpu = process.cpuUsage();
    const count = Math.floor(messages / share.of) + (share.index < messages % share.of ? 1 : 0);
    await this.pool(count, concurrency);
    await this.waitReplies(count, 120_000);
    return this.result(cpu);
  }

  /**
   * This load's share of `rate` messages a second for `seconds`: message k of the phase goes at
   * k/rate s, and this load sends k = share.index, share.index + share.of, ... so that several
   * loads together keep the phase's spacing.
   */
  async steady(rate: number, seconds: number, share: Share = { index: 0, of: 1 }): Promise<PhaseResult> {
    this.reset();
    const cpu = process.cpuUsage();
    const inFlight: Promise<void>[] = [];
    let sent = 0;
    for (let k = share.index; k < rate * seconds; k += share.of) {
      const wait = this.phaseStart + (k * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(this.post(this.next++));
      sent += 1;
    }
    await Promise.all(inFlight);
    await this.waitReplies(sent, 60_000);
    return this.result(cpu);
  }

  /** Whether the provider posts `read` after `delivered` (the bench's `--reads on`). */
  expectRead = false;

  /**
   * Whether the provider has posted every status webhook of every message it accepted (`sent`,
   * then `delivered` and with expectRead `read`, or `failed`), and the service took them.
   */
  statusesTaken(): boolean {
    const { wa } = this.fakes;
    const taken = new Map<string, Set<string>>();
    for (const s of wa.statusWebhooks) taken.set(s.wamid, (taken.get(s.wamid) ?? new Set()).add(s.status));
    return wa.sent.every((m) => {
      const got = taken.get(m.wamid);
      return got !== undefined && got.has('sent') && (got.has('failed') || (got.has('delivered') && (!this.expectRead || got.has('read'))));
    });
  }

  private reset(): void {
    this.replies = 0;
    this.latencies = [];
    this.timeline = [];
    this.accepted.clear();
    this.openByPhone.clear();
    this.phaseStart = performance.now();
  }

  private record(at: number): void {
    const latency = performance.now() - at;
    this.latencies.push(latency);
    this.timeline.push([at - this.phaseStart, latency]);
  }

  private result(cpu: NodeJS.CpuUsage): PhaseResult {
    const used = process.cpuUsage(cpu);
    return { elapsedMs: performance.now() - this.phaseStart, latencies: this.latencies, timeline: this.timeline, cpuMicros: used.user + used.system };
  }

  private async pool(count: number, concurrency: number): Promise<void> {
    const last = this.next + count;
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, async () => { while (this.next < last) await this.post(this.next++); }));
  }

  private async post(i: number): Promise<void> {
    const { wa, sms } = this.fakes;
    const from = this.phones[i % this.phones.length]!;
    const text = i < this.phones.length ? 'YES' : 'claim status';
    if (this.channel === 'sms') {
      const sent = performance.now();
      const res = await sms.postInbound({ from, text });
      if (res.status !== 200) throw new Error(`SMS webhook answered ${res.status}: ${res.body}`);
      const queue = this.openByPhone.get(from) ?? [];
      queue.push(sent);
      this.openByPhone.set(from, queue);
      return;
    }
    const res = await wa.postInbound({ from, text });
    const t = performance.now();
    for (const id of (res.body as { workflow_ids?: string[] }).workflow_ids ?? []) this.accepted.set(id, t);
  }

  /**
   * Fails only when no reply came for `stallMs`: a saturated machine (a loaded 2-core one running
   * many processes) finishes late and reports its latencies rather than failing the run.
   */
  private async waitReplies(n: number, stallMs: number): Promise<void> {
    let seen = this.replies;
    let deadline = Date.now() + stallMs;
    while (this.replies < n && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
      if (this.replies > seen) { seen = this.replies; deadline = Date.now() + stallMs; }
    }
    if (this.replies < n) throw new Error(`only ${this.replies} of ${n} replies arrived (none in the last ${stallMs / 1000} s)`);
  }
}

/** The claimants of a run, in the bench process or spread over load processes: what the bench drives. */
export interface Claimants {
  /** How many processes post the load (the bench's own, or the load processes). */
  readonly processes: number;
  warmup(concurrency: number): Promise<void>;
  /** The whole phase's figures; `cpuMicros` is the busiest load process's. */
  burst(messages: number, concurrency: number): Promise<PhaseResult>;
  steady(rate: number, seconds: number): Promise<PhaseResult>;
  statusesTaken(): Promise<boolean>;
  stop(): Promise<void>;
}

/** The claimants in the bench process itself (the default, `--load-processes 1`). */
export function inProcessClaimants(load: ClaimantLoad): Claimants {
  return {
    processes: 1,
    warmup: (concurrency) => load.warmup(concurrency),
    burst: (messages, concurrency) => load.burst(messages, concurrency),
    steady: (rate, seconds) => load.steady(rate, seconds),
    statusesTaken: async () => load.statusesTaken(),
    stop: async () => undefined,
  };
}

/**
 * `count` load processes (bench/bench-load-agent.ts), each onboarding its own tenant with
 * `o.phones` claimants on the run's Redis (`env`: KEY_PREFIX and REDIS_URL or REDIS_CLUSTER_NODES)
 * before the service starts, its provider posting status webhooks unless `o.callbacks` is 'off';
 * `serve()` points their providers at the service once it is up. A phase's messages, posts in
 * flight and rate are split evenly over them; a phase ends when the last one's does.
 */
export async function loadProcessClaimants(count: number, env: Record<string, string>, o: { phones: number; callbacks: string; reads: boolean; failEvery: number }): Promise<Claimants & { serve(serviceUrl: string): Promise<void> }> {
  const children: ChildProcess[] = [];
  let nextId = 1;
  const waiting = new Map<number, { child: ChildProcess; resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ask = (child: ChildProcess, command: Record<string, unknown>): Promise<unknown> => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { child, resolve, reject });
    child.send({ id, ...command });
  });
  let stopping = false;
  const all = (command: (k: number) => Record<string, unknown>) => Promise.all(children.map((child, k) => ask(child, command(k))));
  try {
    for (let k = 0; k < count; k++) {
      const child = spawn(process.execPath, [...nodeArgsFor('bench/bench-load-agent'), '--index', String(k), '--phones', String(o.phones), '--callbacks', o.callbacks,
        '--reads', o.reads ? 'on' : 'off', '--fail-every', String(o.failEvery)], {
        env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`load process ${k} exited (${code}) before it was ready`)));
        child.on('message', (m: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
          if (m.ready) { resolve(); return; }
          const w = waiting.get(m.id!);
          if (!w) return;
          waiting.delete(m.id!);
          if (m.ok) w.resolve(m.result); else w.reject(new Error(`load process ${k}: ${m.error}`));
        });
      });
      child.removeAllListeners('exit');
      // A load process that dies mid-run fails what was asked of it: the bench ends instead of
      // waiting for an answer that cannot come.
      child.once('exit', (code, signal) => {
        if (stopping) return;
        for (const [id, w] of waiting) {
          if (w.child !== child) continue;
          waiting.delete(id);
          w.reject(new Error(`load process ${k} exited (${signal ?? code}) during the run`));
        }
      });
    }
  } catch (err) {
    for (const child of children) child.kill();
    throw err;
  }
  const combine = (results: PhaseResult[], startedAt: number): PhaseResult => ({
    elapsedMs: performance.now() - startedAt,
    latencies: results.flatMap((r) => r.latencies),
    timeline: results.flatMap((r) => r.timeline).sort((a, b) => a[0] - b[0]),
    cpuMicros: Math.max(...results.map((r) => r.cpuMicros)),
    cpuMicrosAll: results.reduce((sum, r) => sum + r.cpuMicros, 0),
  });
  return {
    processes: count,
    async serve(serviceUrl) { await all(() => ({ cmd: 'serve', serviceUrl })); },
    async warmup(concurrency) { await all(() => ({ cmd: 'warmup', concurrency: Math.ceil(concurrency / count) })); },
    async burst(messages, concurrency) {
      const startedAt = performance.now();
      const results = await all((k) => ({ cmd: 'burst', messages, concurrency: Math.ceil(concurrency / count), index: k, of: count })) as PhaseResult[];
      return combine(results, startedAt);
    },
    async steady(rate, seconds) {
      const startedAt = performance.now();
      const results = await all((k) => ({ cmd: 'steady', rate, seconds, index: k, of: count })) as PhaseResult[];
      return combine(results, startedAt);
    },
    async statusesTaken() { return (await all(() => ({ cmd: 'statuses' }))).every(Boolean); },
    async stop() {
      stopping = true;
      await Promise.all(children.map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
        child.once('exit', () => resolve());
        // One that does not end in 10 s is killed: a stuck load process must not hold the bench.
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        ask(child, { cmd: 'stop' }).catch(() => child.kill());
      })));
    },
  };
}
