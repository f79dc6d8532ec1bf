/**
 * `npm run bench:handoff-parts`: what one hand-off op costs Redis, part by part, measured by
 * running each part alone many times inside one EVAL on a private redis-server
 * (bench/bench-redis-side.ts: AOF on, as production runs it, so a write's propagation counts).
 *
 * Each part is timed as the server's CPU (`INFO cpu`, user + system) around one EVAL that repeats
 * it `--n` times, less the same EVAL with an empty body; the median of `--rounds` runs, per
 * repetition. CPU time rather than wall time: on a shared machine a descheduled thread does not
 * count. The parts are those of a forward op (src/redis/lua/handoff.lua) on a realistic op:
 * buildHandoff's fields, a payload of about 700 bytes of JSON (a claim-status step's size), an
 * audit detail of about 60. Printed: us per op for each part, old way and new way side by side
 * where the hand-off changed (docs/benchmarks.md, "The hand-off alone").
 * Then the other side of a packed audit event: what the mover (in Node) pays to read one waiting
 * event back into its parts, for each form the Redis side compares (process CPU time over `--n`
 * x 10 reads, median of `--rounds`).
 * Options: --n 20000 --rounds 5
 */
import { packAuditEvent, readAuditEntry, type WaitingAuditEvent } from '../src/audit/audit-stream-entry';
import { packOps } from '../src/redis/scripts';
import { option } from './bench-support';
import { redisCpuMicros, startBenchRedis } from './bench-redis-side';

const n = Number(option('n', '20000'));
const rounds = Number(option('rounds', '5'));

const payload = JSON.stringify({
  channel: 'whatsapp', businessNumberId: 'bench-business', from: '+919700000001', messageId: 'wamid.HBgMOTE5NzAwMDAwMDAxFQIAEhgUM0E',
  text: 'what is the status of my claim CLM-2026-000123?', receivedAt: 1795000000000, intent: 'claim_status', language: 'en',
  claimRef: 'sha256:9f2c4b1e7a0d3c5b8e6f1a2d4c7b9e0f3a5d8c1b4e7f0a2d5c8b1e4f7a0d3c6b',
  reply: { template: 'claim_status_update', params: { status: 'under review', eta: '3 working days', next: 'no action needed' } },
  rendered: 'Your claim is under review. We expect a decision in 3 working days. There is nothing you need to do now.',
  trace: { understanding: 'rule', confidence: 0.97, stage_ms: { gateway: 2, router: 1, understanding: 4, truth: 6 } },
});
const detail = JSON.stringify({ intent: 'claim_status', confidence: 0.97, route: 'truth' });

/** One forward op; the old JSON form also carried `wf_prefix`, which the script now takes from `wf` less `wf_id`. */
function forwardOp(i: number, form: 'old' | 'new' = 'new'): Record<string, unknown> {
  return {
    entry: `1795000000000-${i}`, kind: 'forward', wf: `cw:{p0}:wf:w${i}`, wf_id: `w${i}`, seq: 3, tenant: 'bench-tenant', stage: 'truth',
    ...(form === 'old' ? { wf_prefix: 'cw:{p0}:wf:' } : {}),
    audit_type: 'stage.truth.done', audit_detail: detail, done: false, set: {}, next: 'cw:{p0}:s:outbound', payload,
  };
}

/** Each part: the Lua body repeated `n` times (`i` is the repetition), and what it needs set up first. */
const parts: { name: string; body: string; argv?: () => string[]; setup?: string }[] = [
  { name: 'empty loop (subtracted from the others)', body: '' },
  { name: 'cjson.decode of one op, ops as JSON inside JSON (old)', argv: () => [JSON.stringify([forwardOp(0, 'old')])], body: 'local o = cjson.decode(ARGV[1])' },
  {
    name: 'one op read from its 13 ARGV (new: packOps, no JSON for a plain forward)',
    argv: () => { const { args } = packOps([forwardOp(0)]); return args; },
    body: "local o = { kind = ARGV[1], entry = ARGV[2], wf = ARGV[3], wf_id = ARGV[4], seq = tonumber(ARGV[5]), seq_text = ARGV[5], tenant = ARGV[6], stage = ARGV[7], "
      + "audit_type = ARGV[8], audit_detail = ARGV[9], status = ARGV[10], next = ARGV[11], payload = ARGV[12] } "
      + "if ARGV[13] ~= '' then for k, v in pairs(cjson.decode(ARGV[13])) do o[k] = v end end",
  },
  {
    name: 'XADD audit event, 7 fields (old)', argv: () => [detail],
    body: "redis.call('XADD', 'a7', '*', 'tenant', 'bench-tenant', 'workflow_id', 'w1', 'stage', 'truth', 'type', 'stage.truth.done', 'seq', 3, 'at', 1795000000000, 'detail', ARGV[1])",
  },
  {
    name: 'XADD audit event, one packed field (JSON array)', argv: () => [detail],
    body: "redis.call('XADD', 'a1', '*', 'e', cjson.encode({ 'bench-tenant', 'w1', 'truth', 'stage.truth.done', 3, 1795000000000, '', ARGV[1] }))",
  },
  {
    name: 'XADD audit event, one packed field (length-prefixed parts)', argv: () => [detail],
    body: "local t, w, s, y, q, a, d = 'bench-tenant', 'w1', 'truth', 'stage.truth.done', '3', '1795000000000', ARGV[1] "
      + "redis.call('XADD', 'a1', '*', 'e', #t .. ':' .. t .. #w .. ':' .. w .. #s .. ':' .. s .. #y .. ':' .. y .. #q .. ':' .. q .. #a .. ':' .. a .. '0:' .. #d .. ':' .. d)",
  },
  {
    name: 'XADD audit event, one packed field (parts joined by newlines, detail last: what the scripts write)', argv: () => [detail],
    body: "redis.call('XADD', 'a1', '*', 'e1', 'bench-tenant' .. '\\n' .. 'w1' .. '\\n' .. 'truth' .. '\\n' .. 'stage.truth.done' .. '\\n' .. 3 .. '\\n' .. 1795000000000 .. '\\n' .. '' .. '\\n' .. ARGV[1])",
  },
  { name: 'XADD next stage entry (payload ~700 B)', argv: () => [payload], body: "redis.call('XADD', 'nx', '*', 'wf', 'w1', 'tenant', 'bench-tenant', 'seq', 4, 'attempt', 0, 'payload', ARGV[1])" },
  {
    name: 'XACK + XDEL, one call each per entry (old)',
    setup: "for i = 1, N do redis.call('XADD', 'src', i .. '-1', 'f', 'v') end redis.call('XGROUP', 'CREATE', 'src', 'g', '0') redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'STREAMS', 'src', '>')",
    body: "redis.call('XACK', 'src', 'g', i .. '-1') redis.call('XDEL', 'src', i .. '-1')",
  },
  {
    name: 'XACK + XDEL, once per batch of 50 (new)',
    setup: "for i = 1, N do redis.call('XADD', 'src', i .. '-1', 'f', 'v') end redis.call('XGROUP', 'CREATE', 'src', 'g', '0') redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'STREAMS', 'src', '>')",
    body: "ids[#ids + 1] = i .. '-1' if #ids == 50 then redis.call('XACK', 'src', 'g', unpack(ids)) redis.call('XDEL', 'src', unpack(ids)) ids = {} end",
  },
  {
    // The next cut docs/benchmarks.md names: the hand-off only acks, and the consumed entries go later
    // by one XTRIM MINID below the group's oldest pending entry (here once per 50 entries, as a
    // worker trimming after each batch would).
    name: 'XACK once per batch of 50, no XDEL; one XTRIM MINID per 50 instead (a possible next cut)',
    setup: "for i = 1, N do redis.call('XADD', 'src', i .. '-1', 'f', 'v') end redis.call('XGROUP', 'CREATE', 'src', 'g', '0') redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'STREAMS', 'src', '>')",
    body: "ids[#ids + 1] = i .. '-1' if #ids == 50 then redis.call('XACK', 'src', 'g', unpack(ids)) redis.call('XTRIM', 'src', 'MINID', (i + 1) .. '-0') ids = {} end",
  },
  {
    name: 'workflow record, one call per field (old: HGET seq, HINCRBY, HGET+HSET audit, HSET x2, HDEL)',
    setup: "for i = 1, N do redis.call('HSET', 'wf' .. i, 'seq', 3, 'status', 'started', 'audit', 'ae-0-1795000000000-1,ae-0-1795000000000-2,ae-0-1795000000000-3', 'updated_at', 1) end",
    body: "local k = 'wf' .. i local c = redis.call('HGET', k, 'seq') redis.call('HINCRBY', k, 'seq', 1) local l = redis.call('HGET', k, 'audit') redis.call('HSET', k, 'audit', l .. ',ae-0-1795000000000-4') redis.call('HSET', k, 'updated_at', 2) redis.call('HSET', k, 'status', 'started') redis.call('HDEL', k, 'error', 'held')",
  },
  {
    name: 'workflow record, one HMGET + one HSET (new; HDEL only when error or held is set)',
    setup: "for i = 1, N do redis.call('HSET', 'wf' .. i, 'seq', 3, 'status', 'started', 'audit', 'ae-0-1795000000000-1,ae-0-1795000000000-2,ae-0-1795000000000-3', 'updated_at', 1) end",
    body: "local k = 'wf' .. i local h = redis.call('HMGET', k, 'seq', 'status', 'audit', 'workflow_type', 'claim_id_hash', 'error', 'held') "
      + "redis.call('HSET', k, 'seq', tostring(tonumber(h[1]) + 1), 'audit', h[3] .. ',ae-0-1795000000000-4', 'updated_at', 2, 'status', 'started') "
      + "if h[6] or h[7] then redis.call('HDEL', k, 'error', 'held') end",
  },
];

async function main(): Promise<void> {
  const server = await startBenchRedis();
  const { admin } = server;
  try {
    const base: number[] = [];
    console.log(`${n} repetitions per EVAL, median of ${rounds}; us per repetition (server CPU, INFO cpu), less the empty loop`);
    for (const part of parts) {
      const samples: number[] = [];
      for (let r = 0; r < rounds; r++) {
        await admin.flushall();
        const setup = `local N = ${n} ${part.setup ?? ''}`;
        if (part.setup) await admin.eval(setup, 0);
        const script = `local ids = {} for i = 1, ${n} do ${part.body} end return 1`;
        const argv = part.argv?.() ?? [];
        const before = await redisCpuMicros(admin);
        await admin.eval(script, 0, ...argv);
        samples.push(((await redisCpuMicros(admin)) - before) / n);
      }
      samples.sort((a, b) => a - b);
      const median = samples[Math.floor(samples.length / 2)]!;
      if (base.length === 0) base.push(median);
      const net = part.body === '' ? median : median - base[0]!;
      console.log(`${net.toFixed(2).padStart(8)} us  ${part.name}  (rounds: ${samples.map((s) => s.toFixed(2)).join(' ')})`);
    }
    console.log(`payload ${payload.length} B, detail ${detail.length} B, one op as JSON inside JSON ${JSON.stringify([forwardOp(0, 'old')]).length} B`);
    readBack();
  } finally {
    await server.stop();
  }
}

/** The mover's side: one waiting event read back into its parts, in each form (Node CPU, not Redis). */
function readBack(): void {
  const event: WaitingAuditEvent = {
    tenant: 'bench-tenant', workflow_id: 'w1', stage: 'truth', type: 'stage.truth.done', seq: '3', at: '1795000000000',
    transition: JSON.stringify({ workflow_id: 'w1', from: 'started', to: 'completed', seq: 4, workflow_type: 'claim-status', claim_id_hash: 'sha256:9f2c' }), detail,
  };
  const { transition, ...rest } = event;
  const forms: { name: string; fields: string[]; read: (f: string[]) => unknown }[] = [
    { name: 'seven (eight) fields (old)', fields: [...Object.entries(rest).flat(), 'transition', transition], read: readAuditEntry },
    { name: 'one field, JSON array', fields: ['e', JSON.stringify([...Object.values(rest).slice(0, 6), transition, detail])], read: (f) => JSON.parse(f[1]!) },
    { name: 'one field, parts joined by newlines (what the scripts write)', fields: packAuditEvent(event), read: readAuditEntry },
  ];
  const reads = n * 10;
  console.log(`\nthe mover reading one event back (Node CPU, ${reads} reads, median of ${rounds}):`);
  for (const form of forms) {
    const samples: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const before = process.cpuUsage();
      for (let i = 0; i < reads; i++) form.read(form.fields);
      const used = process.cpuUsage(before);
      samples.push(((used.user + used.system) * 1000) / reads);
    }
    samples.sort((a, b) => a - b);
    console.log(`${samples[Math.floor(samples.length / 2)]!.toFixed(0).padStart(8)} ns  ${form.name}`);
  }
}

main().catch((err: Error) => {
  console.error(`profile failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
