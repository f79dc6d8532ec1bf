/**
 * A real Redis Cluster on loopback for tests: six `redis-server --cluster-enabled yes` on free
 * ports in a temporary directory, joined with `redis-cli --cluster create ... --cluster-replicas 1`
 * (three masters, three replicas). `masters` and `replicas` (per master) change the shape: the
 * scale bench (bench/bench-scale.ts) runs 1, 2 or 3 masters without replicas. `redis-cli
 * --cluster create` refuses fewer than three masters, so one or two are joined by hand with the
 * commands it runs (slots split as it splits them, CLUSTER MEET, CLUSTER REPLICATE); a lone master
 * is told its address, which it would otherwise learn only from the nodes it meets.
 * `close()` kills every process it started and removes the
 * directory; the processes are also killed when the test process exits, so a failing test does not
 * leave servers behind.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort } from './redis';
import { waitFor } from './wait';

const run = promisify(execFile);

export interface TestCluster {
  /** `host:port` of every node, masters and replicas (the form REDIS_CLUSTER_NODES takes, comma-joined). */
  nodes: string[];
  /** Comma-joined `nodes`: the value of REDIS_CLUSTER_NODES. */
  nodesSetting: string;
  ports: number[];
  /** Stops one node: SHUTDOWN NOSAVE, or SIGKILL when `hard`. */
  stop(port: number, hard?: boolean): Promise<void>;
  /** Starts a stopped node again on its port and directory (it rejoins from its nodes.conf). */
  start(port: number): Promise<void>;
  /** The hash slot of `key` (asks a live node, on a connection of its own). */
  slotOf(key: string): Promise<number>;
  /** The port of the master that owns `slot` now (asks a live node). */
  masterOf(slot: number): Promise<number>;
  /** Runs `redis-cli` with these arguments against the cluster's first live node; returns stdout. */
  cli(args: string[]): Promise<string>;
  /**
   * Moves one slot, with its keys, to the master on `toPort` while clients keep working: the
   * documented live resharding steps (CLUSTER SETSLOT IMPORTING / MIGRATING, MIGRATE in batches,
   * CLUSTER SETSLOT NODE), which `redis-cli --cluster reshard` runs for each slot it moves.
   * Clients meet ASK during the move and MOVED after it. Resolves with how many keys moved.
   */
  moveSlot(slot: number, toPort: number): Promise<number>;
  /**
   * After `stop(port)` of a master: waits until a replica serves every slot it served (every live
   * node agrees, cluster_state ok). `waitHealthy` alone may pass before the nodes notice the loss.
   */
  waitPromoted(port: number, timeoutMs?: number): Promise<void>;
  /** Waits until every live node reports `cluster_state:ok`. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const live = new Set<ChildProcess>();

/**
 * What `redis-cli --cluster create` does, for the one or two masters it refuses: a distinct
 * config epoch per node (so no epoch collision has to be settled), the even slot split on the
 * first `masters` ports, every node introduced to the first, then each replica attached to its
 * master once it knows it.
 */
async function joinByHand(ports: number[], masters: number, replicas: number): Promise<void> {
  // A node learns its own address from the nodes it meets: a lone master would announce an empty
  // one in CLUSTER SLOTS, and a client could not connect to it.
  await Promise.all(ports.map((port) => probe(port, (r) => r.config('SET', 'cluster-announce-ip', '127.0.0.1'))));
  await Promise.all(ports.map((port, i) => probe(port, (r) => r.call('CLUSTER', 'SET-CONFIG-EPOCH', String(i + 1)))));
  const ranges = evenSlotRanges(masters);
  await Promise.all(ranges.map(([from, to], i) => probe(ports[i]!, (r) => r.call('CLUSTER', 'ADDSLOTSRANGE', String(from), String(to)))));
  for (const port of ports.slice(1)) await probe(ports[0]!, (r) => r.call('CLUSTER', 'MEET', '127.0.0.1', String(port)));
  const ids = await Promise.all(ports.map((port) => probe(port, (r) => r.call('CLUSTER', 'MYID')).then(String)));
  for (let m = 0; m < masters; m++) {
    for (let k = 0; k < replicas; k++) {
      const port = ports[masters + m * replicas + k]!;
      await waitFor(async () => String(await probe(port, (r) => r.call('CLUSTER', 'NODES'))).includes(ids[m]!),
        { timeoutMs: 10000, what: `node ${port} to know master ${ports[m]}` });
      await probe(port, (r) => r.call('CLUSTER', 'REPLICATE', ids[m]!));
    }
  }
}
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

async function probe(port: number, fn: (r: Redis) => Promise<unknown>): Promise<unknown> {
  const r = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // Refused while the node is down: expected, and the rejected connect() reports it.
  r.on('error', () => undefined);
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

export interface TestClusterOptions {
  /** AOF on every node (default off). */
  appendonly?: boolean;
  /** With `appendonly`: `always` (default, what the durability tests need) or `everysec` (production's, for benches). */
  appendfsync?: 'always' | 'everysec';
  /** Masters (default 3). */
  masters?: number;
  /** Replicas of each master (default 1). */
  replicas?: number;
  /** More `redis-server` arguments for every node (e.g. the bench's `--hash-max-listpack-value 256`). */
  serverArgs?: string[];
}

/** The slot ranges `redis-cli --cluster create` gives `masters` masters (its even split, rounded the same way). */
export function evenSlotRanges(masters: number): [number, number][] {
  const per = 16384 / masters;
  const ranges: [number, number][] = [];
  let first = 0;
  for (let i = 0; i < masters; i++) {
    const last = i === masters - 1 ? 16383 : Math.max(first, Math.round(per * (i + 1) - 1));
    ranges.push([first, last]);
    first = last + 1;
  }
  return ranges;
}

/** A cluster node's redis-server exited before it answered (its port or bus port was taken). */
class NodeExited extends Error {
  constructor(port: number) {
    super(`redis-server on port ${port} exited before it answered (port or cluster bus port ${port + 10000} in use?)`);
  }
}

/** Whether something already listens on 127.0.0.1:`port`. */
async function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

export async function startTestCluster(options: TestClusterOptions = {}): Promise<TestCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 1;
  const dir = mkdtempSync(join(tmpdir(), 'cw-cluster-'));
  const ports: number[] = [];
  // The cluster bus listens on port + 10000: both must be free, and distinct from every other
  // node's two (a clean-clone run once lost a node whose bus port was taken, and waited 10 s on it).
  const newPort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (port > 55000 || ports.some((p) => p === port || p === port + 10000 || p + 10000 === port)) continue;
      if (await portTaken(port + 10000)) continue;
      return port;
    }
  };
  while (ports.length < masters * (1 + replicas)) ports.push(await newPort());
  const children = new Map<number, ChildProcess>();
  const alive = new Set<number>();

  const start = async (port: number) => {
    const nodeDir = join(dir, String(port));
    mkdirSync(nodeDir, { recursive: true });
    const child = spawn('redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', nodeDir, '--save', '',
      '--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '1000',
      // A replica that never finished its first sync is not promoted: the default 5 s delay
      // before a diskless sync left a cluster killed early with a slot that had no master.
      '--repl-diskless-sync-delay', '0',
      '--appendonly', options.appendonly ? 'yes' : 'no', '--appendfsync', options.appendfsync ?? 'always', '--logfile', join(nodeDir, 'redis.log'),
      ...(options.serverArgs ?? []),
    ], { stdio: 'ignore' });
    children.set(port, child);
    live.add(child);
    child.once('exit', () => live.delete(child));
    // A server that exits at once (a port taken since it was picked) is said so at once.
    const answered = await waitFor(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return 'exited';
      return (await probe(port, (r) => r.ping())) === 'PONG' && 'up';
    }, { timeoutMs: 10000, what: `cluster node on port ${port}` });
    if (answered === 'exited') throw new NodeExited(port);
    alive.add(port);
  };

  /** Starts node `i` of a new cluster, on new ports when the ones picked were taken meanwhile. */
  const startNew = async (i: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await start(ports[i]!);
        return;
      } catch (err) {
        if (!(err instanceof NodeExited) || attempt === 5) throw err;
        ports[i] = await newPort();
      }
    }
  };

  const stop = async (port: number, hard = false) => {
    const child = children.get(port);
    alive.delete(port);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };

  const firstLive = () => {
    const port = [...alive][0];
    if (port === undefined) throw new Error('no live cluster node');
    return port;
  };

  const cli = async (args: string[]) => (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(firstLive()), ...args], { timeout: 60000 })).stdout;

  const waitHealthy = async (timeoutMs = 30000) => {
    await waitFor(async () => {
      for (const port of alive) {
        const info = String(await probe(port, (r) => r.cluster('INFO')));
        if (!info.includes('cluster_state:ok')) return false;
      }
      // Every node agrees on who serves each slot (a fresh create propagates by gossip).
      const views = await Promise.all([...alive].map(async (port) => JSON.stringify(await probe(port, (r) => r.cluster('SLOTS')))));
      if (!(views.every((v) => v === views[0]) && views[0] !== '[]')) return false;
      // Every live replica holds its master's data (else it could not be promoted).
      for (const port of alive) {
        const replication = String(await probe(port, (r) => r.info('replication')));
        if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
      }
      return true;
    }, { timeoutMs, what: 'cluster_state:ok on every node, every replica in sync', intervalMs: 100 });
  };

  const nodeId = async (port: number) => String(await probe(port, (r) => r.cluster('MYID')));

  const moveSlot = async (slot: number, toPort: number) => {
    const fromPort = await masterOfSlot(slot);
    if (fromPort === toPort) return 0;
    const [fromId, toId] = await Promise.all([nodeId(fromPort), nodeId(toPort)]);
    await probe(toPort, (r) => r.cluster('SETSLOT', slot, 'IMPORTING', fromId));
    await probe(fromPort, (r) => r.cluster('SETSLOT', slot, 'MIGRATING', toId));
    let moved = 0;
    for (;;) {
      const keys = (await probe(fromPort, (r) => r.cluster('GETKEYSINSLOT', slot, 10))) as string[];
      if (keys.length === 0) break;
      await probe(fromPort, (r) => r.call('MIGRATE', '127.0.0.1', String(toPort), '', '0', '5000', 'KEYS', ...keys));
      moved += keys.length;
    }
    // The new owner takes the slot with a config epoch above every other (it bumps its own unless
    // it believes it already has the greatest). Its belief comes from gossip: right after an
    // earlier move bumped the old owner's epoch it can be stale, the new owner then keeps a lower
    // epoch, and the old owner's claim, gossiped before it hears its own SETSLOT below, wins the
    // slot back; each node then names the other as the owner and nobody serves the slot (seen with
    // two masters and moves in a row, bench:scale). So first wait until it knows the old owner's epoch.
    const fromEpoch = await configEpochOf(fromPort);
    await waitFor(async () => (await epochSeenBy(toPort, fromId)) === fromEpoch,
      { timeoutMs: 10000, what: `node ${toPort} to know the config epoch of node ${fromPort}`, intervalMs: 20 });
    // The new owner first, then the old one, then everyone (the order the Redis docs give).
    await probe(toPort, (r) => r.cluster('SETSLOT', slot, 'NODE', toId));
    await probe(fromPort, (r) => r.cluster('SETSLOT', slot, 'NODE', toId));
    for (const port of alive) {
      if (port !== toPort && port !== fromPort) await probe(port, (r) => r.cluster('SETSLOT', slot, 'NODE', toId)).catch(() => undefined);
    }
    // Done when every live node names the new owner (a node that names another is told again).
    await waitFor(async () => {
      let agreed = true;
      for (const port of alive) {
        if ((await ownerSeenBy(port, slot)) === toPort) continue;
        agreed = false;
        await probe(port, (r) => r.cluster('SETSLOT', slot, 'NODE', toId)).catch(() => undefined);
      }
      return agreed;
    }, { timeoutMs: 10000, what: `every node to name node ${toPort} the owner of slot ${slot}`, intervalMs: 20 });
    return moved;
  };

  /** The port of the master that node `port` says serves `slot` (null: none it knows). */
  const ownerSeenBy = async (port: number, slot: number): Promise<number | null> => {
    const slots = (await probe(port, (r) => r.cluster('SLOTS'))) as [number, number, [string, number, ...unknown[]], ...unknown[]][];
    const range = slots.find(([from, to]) => slot >= from && slot <= to);
    return range ? range[2][1] : null;
  };

  /** Node `port`'s own config epoch (CLUSTER INFO). */
  const configEpochOf = async (port: number): Promise<number> =>
    Number(/cluster_my_epoch:(\d+)/.exec(String(await probe(port, (r) => r.cluster('INFO'))))?.[1] ?? -1);

  /** The config epoch node `port` knows for node `id` (CLUSTER NODES: the seventh field). */
  const epochSeenBy = async (port: number, id: string): Promise<number> => {
    const line = String(await probe(port, (r) => r.cluster('NODES'))).split('\n').find((l) => l.startsWith(`${id} `));
    return Number(line?.split(' ')[6] ?? -1);
  };

  const masterOfSlot = async (slot: number) => {
    const port = await ownerSeenBy(firstLive(), slot);
    if (port === null) throw new Error(`no master serves slot ${slot}`);
    return port;
  };

  const waitPromoted = async (port: number, timeoutMs = 30000) => {
    await waitFor(async () => {
      for (const live of alive) {
        const slots = (await probe(live, (r) => r.cluster('SLOTS'))) as [number, number, [string, number, ...unknown[]], ...unknown[]][];
        if (slots.some((range) => range[2][1] === port)) return false;
      }
      return true;
    }, { timeoutMs, what: `a replica promoted in place of the master on port ${port}`, intervalMs: 100 });
    await waitHealthy(timeoutMs);
  };

  const close = async () => {
    await Promise.allSettled(ports.map((port) => stop(port, true)));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await Promise.all(ports.map((_, i) => startNew(i)));
    if (masters >= 3) {
      await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(replicas), '--cluster-yes'], { timeout: 60000 });
    } else {
      await joinByHand(ports, masters, replicas);
    }
    await waitHealthy();
  } catch (err) {
    await close();
    throw err;
  }

  const nodes = ports.map((p) => `127.0.0.1:${p}`);
  return {
    nodes,
    nodesSetting: nodes.join(','),
    ports,
    stop,
    start,
    cli,
    waitHealthy,
    waitPromoted,
    slotOf: async (key: string) => Number(await probe(firstLive(), (r) => r.cluster('KEYSLOT', key))),
    masterOf: masterOfSlot,
    moveSlot,
    close,
  };
}
