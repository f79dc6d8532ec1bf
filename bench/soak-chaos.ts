/**
 * The chaos of `npm run soak` (bench/soak.ts): while the load runs, two loops.
 *  - Process kills: every `killEverySeconds` (x 0.5 .. 1.5, from the seeded generator) one service
 *    process picked at random is SIGKILLed and started again (bench-world's killService).
 *  - Failovers: every `failoverEverySeconds` the master that owns the most partitions is SIGKILLed;
 *    once its replica is promoted (no live node names it for any slot, cluster_state ok), the killed
 *    node is started again and rejoins as a replica of its successor, so the next failover finds a
 *    replica for every master again.
 * Each event is printed with its UTC time and its second in the run. The cluster is asked on
 * connections of its own (test/helpers/redis-cluster.ts), never the service's: with
 * REDIS_WAIT_REPLICAS on, those may be queued behind WAITs while a master has no replica.
 */
import type { Keys } from '../src/redis/keys';
import type { TestCluster } from '../test/helpers/redis-cluster';
import type { BenchWorld } from './bench-world';

export interface ChaosOptions {
  world: BenchWorld;
  cluster: TestCluster;
  keys: Keys;
  killEverySeconds: number;
  failoverEverySeconds: number;
  random: () => number;
  /** Milliseconds (performance.now()) the run's seconds count from. */
  t0: number;
}

export interface ChaosTally {
  kills: number;
  failovers: number;
  /** Seconds from each master's SIGKILL to its replica's promotion. */
  promotionSeconds: number[];
  /** Failovers whose promotion or rejoin did not happen in time (the run then fails). */
  failed: number;
}

export interface Chaos {
  tally: ChaosTally;
  /** Ends both loops; resolves once an event under way (a failover waiting for its promotion) is over. */
  stop(): Promise<void>;
}

/** Prints one event line: `[chaos 2026-11-27T10:01:02.345Z t=61.2s] what`. */
export function chaosLog(t0: number, what: string): void {
  process.stdout.write(`[chaos ${new Date().toISOString()} t=${((performance.now() - t0) / 1000).toFixed(1)}s] ${what}\n`);
}

export function startChaos(o: ChaosOptions): Chaos {
  const tally: ChaosTally = { kills: 0, failovers: 0, promotionSeconds: [], failed: 0 };
  let running = true;
  const wakers = new Set<() => void>();
  // A pause that stop() cuts short.
  const pause = (seconds: number) => new Promise<void>((resolve) => {
    const wake = () => { clearTimeout(timer); wakers.delete(wake); resolve(); };
    const timer = setTimeout(wake, seconds * 1000);
    wakers.add(wake);
  });
  const log = (what: string) => chaosLog(o.t0, what);

  const kills = (async () => {
    const roles = o.world.serviceRoles();
    for (;;) {
      await pause(o.killEverySeconds * (0.5 + o.random()));
      if (!running) return;
      const index = Math.floor(o.random() * roles.length);
      await o.world.killService(index);
      tally.kills += 1;
      log(`SIGKILL service process ${index} (${roles[index]!.join(' ')}), started again`);
    }
  })();

  // The master owning most partitions, judged by each partition's gateway stream (where work enters).
  const busiestMaster = async () => {
    const owners = new Map<number, number>();
    for (let p = 0; p < o.keys.partitions; p++) {
      const port = await o.cluster.masterOf(await o.cluster.slotOf(o.keys.stream(p, 'gateway')));
      owners.set(port, (owners.get(port) ?? 0) + 1);
    }
    return [...owners].sort((a, b) => b[1] - a[1])[0]!;
  };

  const failovers = (async () => {
    for (;;) {
      await pause(o.failoverEverySeconds);
      if (!running) return;
      const [victim, partitions] = await busiestMaster();
      log(`SIGKILL the master on port ${victim} (${partitions} of ${o.keys.partitions} partitions)`);
      const killedAt = performance.now();
      await o.cluster.stop(victim, true);
      try {
        await o.cluster.waitPromoted(victim, 60_000);
        const seconds = (performance.now() - killedAt) / 1000;
        tally.promotionSeconds.push(seconds);
        log(`replica promoted ${seconds.toFixed(1)} s after the kill; restarting port ${victim}`);
      } catch (err) {
        tally.failed += 1;
        log(`no promotion in place of port ${victim}: ${(err as Error).message}`);
      }
      await o.cluster.start(victim);
      try {
        await o.cluster.waitHealthy(60_000);
        log(`port ${victim} back as a replica, every replica in sync`);
      } catch (err) {
        tally.failed += 1;
        log(`cluster not healthy after port ${victim} restarted: ${(err as Error).message}`);
      }
      tally.failovers += 1;
    }
  })();

  return {
    tally,
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await Promise.all([kills, failovers]);
    },
  };
}
