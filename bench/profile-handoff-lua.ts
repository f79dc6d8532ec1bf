/**
 * `npm run bench:handoff-lua`: the instructions handoff.lua's Lua runs for each op before its first
 * command, part by part, counted by valgrind's callgrind on a private redis-server (instructions,
 * unlike CPU time, do not move with a shared machine's load: an A/B of a change to the script's
 * prologue shows here when the whole-service benches cannot see it). Needs `valgrind` and
 * `callgrind_annotate` (Debian: `apt-get install valgrind`).
 *
 * One realistic call: `--workflows` workflows of stage fusion's chain (buildHandoff and packOps, as
 * StageWorker builds them: gateway's forward and five chained steps each), so six ops a workflow.
 * The call cannot be repeated as it is (it writes), so each part is the script cut short after
 * it (`do return {} end` before a marker line) and called `--calls` times with the same
 * arguments; a part's cost is the difference from the part before. `empty` is a script that
 * returns at once: the server's own cost of a call this size (reading and parsing its arguments,
 * making ARGV). Printed: instructions per op for each part. Options: --workflows 20 --calls 200.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Decision, Envelope } from '../pipeline/types';
import { stageNames } from '../pipeline/vocabulary';
import { transitions } from '../pipeline/workflows/transitions';
import { Keys } from '../src/redis/keys';
import { loadLua, packOps, transitionPairs } from '../src/redis/scripts';
import { buildHandoff, type Outcome } from '../src/runtime/handoff-ops';
import { option } from './bench-support';
import { startBenchRedis } from './bench-redis-side';

const workflows = Number(option('workflows', '20'));
const calls = Number(option('calls', '200'));
const chainLength = 6;

/** Where each part ends: the first line after it in handoff.lua. */
const parts: [name: string, marker: string | null][] = [
  ['empty', null],
  ['ops read from ARGV', '-- Whether the table allows'],
  ['ops checked', '-- Every workflow record the ops will read from state is declared'],
  ['declared keys checked', '-- Whether each op\'s step went through'],
];

function chainCall(): (string | number)[] {
  const keys = new Keys('hoprobe', 1);
  const outcomes: Outcome[] = [];
  for (let w = 0; w < workflows; w++) {
    const from = `+9197${String(w).padStart(8, '0')}`;
    const first: Envelope = { workflowId: keys.newWorkflowId(0), tenantId: 'bench', seq: 0, attempt: 0, stage: 'gateway',
      payload: { channel: 'whatsapp', businessNumberId: 'bench', from, messageId: `m${w}`, text: 'claim status', receivedAt: 1 } };
    for (let k = 0; k < chainLength; k++) {
      const envelope = { ...first, seq: k, stage: stageNames[k]! };
      const decision: Decision = { kind: 'forward', to: stageNames[k + 1]!, payload: first.payload, audit: { type: 'bench.step' } };
      outcomes.push({ kind: 'decided', entryId: `1-${w}`, envelope, decision, ...(k > 0 ? { chained: true as const } : {}) });
    }
  }
  const table = JSON.stringify(Object.fromEntries(Object.entries(transitions).map(([from, tos]) => [from, Object.fromEntries(tos.map((to) => [to, true]))])));
  const call = buildHandoff(keys, 0, 'gateway', outcomes, 1, new Map());
  const ops = packOps(call.ops);
  return [call.keys.length, ...call.keys, 'group', 1, 0, ops.count, transitionPairs(table), call.entryForm, ...ops.args];
}

/** Instructions the server ran over `calls` calls of `lua` (callgrind, counting only around them). */
async function instructions(lua: string, args: (string | number)[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-lua-'));
  try {
    const server = await startBenchRedis({ callgrindDir: dir });
    const redis = new Redis(server.url);
    try {
      const sha = (await redis.script('LOAD', lua)) as string;
      await redis.evalsha(sha, ...(args as [number, ...string[]]));
      server.collect(true);
      for (let i = 0; i < calls; i++) await redis.evalsha(sha, ...(args as [number, ...string[]]));
      server.collect(false);
    } finally {
      redis.disconnect();
      await server.stop();
    }
    const [out] = readdirSync(dir).filter((f) => f.startsWith('callgrind.out.'));
    const summary = execFileSync('callgrind_annotate', [join(dir, out!)], { encoding: 'utf8' });
    const total = /^([\d,]+) \([^)]*\)\s+PROGRAM TOTALS/m.exec(summary);
    if (!total) throw new Error('callgrind_annotate printed no total');
    return Number(total[1]!.replace(/,/g, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const lua = loadLua('handoff.lua');
  const args = chainCall();
  const ops = workflows * chainLength;
  console.log(`one hand-off call of ${workflows} workflows x ${chainLength} chained steps (${ops} ops, ${args.length} arguments), ${calls} calls per part`);
  let before = 0;
  for (const [name, marker] of parts) {
    const text = marker === null ? 'return {}' : lua.replace(marker, `do return {} end\n${marker}`);
    if (marker !== null && text === lua) throw new Error(`handoff.lua has no line ${marker}`);
    const perOp = (await instructions(text, args)) / calls / ops;
    console.log(`${name.padEnd(24)}${Math.round(perOp - before).toLocaleString('en').padStart(10)} instructions per op (${Math.round(perOp).toLocaleString('en')} so far)`);
    before = perOp;
  }
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
