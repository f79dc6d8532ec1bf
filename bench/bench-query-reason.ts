/**
 * `npm run bench:query-reason`: query-reason workflows through the whole service with a knowledge
 * base of 5,000 articles, at a steady rate; prints workflows/s and end-to-end latency (webhook
 * accepted → reply received at the provider), p50/p95/p99.
 *
 * The service runs as child processes (`src/main.ts ROLE`, as in production); this process runs
 * the fake CMS, the fake WhatsApp provider and the load. Every question is worded differently
 * (`--repeat 0`, the default), so each one misses the answer cache and takes the full path:
 * search, four-tier gate. `--repeat F` asks a fraction F of already-asked questions again.
 * The first questions warm each process's index (built from Redis on a tenant's first search)
 * and are not measured.
 * Options: --articles 5000 --rate 100 --seconds 30 --repeat 0 --processes split|stages|all --profile DIR
 * Uses REDIS_URL (default the local Redis) under a fresh key prefix, removed at the end.
 */
import { option, percentile } from './bench-support';
import { startBenchWorld } from './bench-world';
import { benchArticle as article, benchCodes as codes, benchTopics as topics } from '../test/helpers/fakes/knowledge-base';
import type { SentMessage } from '../test/helpers/fakes/whatsapp';

const articleCount = Number(option('articles', '5000'));
const rate = Number(option('rate', '100'));
const seconds = Number(option('seconds', '30'));
const repeat = Number(option('repeat', '0'));
const layout = option('processes', 'split');
/** Writes a V8 CPU profile of each service process into this folder (for finding hot spots). */
const profileDir = option('profile', '');
const phonesCount = 300;


async function main(): Promise<void> {
  const world = await startBenchWorld('555000222');
  const { services, cms, wa, tenant } = world;
  const seedStart = performance.now();
  await services.knowledge.articles.putMany('bench', Array.from({ length: articleCount }, (_, i) => article(i)), Date.now());
  console.log(`knowledge base: ${articleCount} articles stored in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const phones = Array.from({ length: phonesCount }, (_, i) => `+91971${String(i).padStart(7, '0')}`);
  phones.forEach((phone, i) => cms.upsertClaim(tenant.doc.cms.api_key, {
    claim_id: `CLM-QB-${i}`, policy_number: 'POL-B', member_name: 'Bench Claimant', claimant_phone: phone, status: 'PARTIALLY_APPROVED',
    status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: 800, reason_codes: [codes[i % codes.length]!],
  }));

  const roleSets = layout === 'all' ? [['all']]
    : layout === 'stages' ? [['api'], ['scheduler'], ['stage', 'gateway,consent,router,truth,knowledge,policy,outbound']]
      : [['api'], ['scheduler'], ['stage', 'gateway,consent,router'], ['stage', 'truth,knowledge,policy,outbound']];
  await world.startService(roleSets, profileDir);

  const accepted = new Map<string, number>();
  const latencies: number[] = [];
  let replies = 0;
  let blocked = 0;
  wa.events.on('message', (m: SentMessage) => {
    replies += 1;
    if (/team will follow up/.test(m.text ?? '')) blocked += 1;
    const workflowId = m.bizOpaque?.split(':')[0];
    const at = workflowId ? accepted.get(workflowId) : undefined;
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const asked: string[] = [];
  const post = async (i: number, text?: string) => {
    const phone = phones[i % phones.length]!;
    let question = text;
    if (question === undefined) {
      if (repeat > 0 && asked.length > 0 && Math.random() < repeat) {
        question = asked[Math.floor(Math.random() * asked.length)]!;
      } else {
        question = `${topics[codes[i % phones.length % codes.length]!]!.question} ref ${i}`;
        asked.push(question);
      }
    }
    const res = await wa.postInbound({ from: phone, text: question });
    const t = performance.now();
    for (const id of (res.body as { workflow_ids?: string[] }).workflow_ids ?? []) accepted.set(id, t);
  };
  const waitReplies = async (n: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (replies < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (replies < n) throw new Error(`only ${replies} of ${n} replies arrived`);
  };

  // Warm-up (not measured): consent for every phone, then questions until each process's index is built.
  for (let i = 0; i < phones.length; i += 50) await Promise.all(phones.slice(i, i + 50).map((_, k) => post(i + k, 'YES')));
  await waitReplies(phones.length, 60000);
  const warmStart = performance.now();
  for (let i = 0; i < 20; i++) await post(phones.length + i);
  await waitReplies(phones.length + 20, 120000);
  console.log(`warm-up: index built and 20 questions answered in ${((performance.now() - warmStart) / 1000).toFixed(1)} s`);
  replies = 0; blocked = 0; latencies.length = 0; accepted.clear();

  const total = rate * seconds;
  const base = phones.length + 20;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(post(base + i));
  }
  await Promise.all(inFlight);
  const offeredFor = (performance.now() - t0) / 1000;
  await waitReplies(total, 120000);
  const elapsed = (performance.now() - t0) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`steady ${rate}/s offered for ${offeredFor.toFixed(1)} s: ${total} query-reason workflows answered in ${elapsed.toFixed(1)} s = ${(total / elapsed).toFixed(0)} workflows/s`);
  console.log(`end-to-end latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`);
  // Why the blocked ones were blocked, from the audit ledger (the scheduler moves events there).
  const reasons: Record<string, number> = {};
  for (const e of await services.ledger.all('bench')) {
    if (e.type !== 'policy.blocked') continue;
    const d = JSON.parse(e.detail) as { tier: number; reason: string };
    reasons[`tier ${d.tier} ${d.reason}`] = (reasons[`tier ${d.tier} ${d.reason}`] ?? 0) + 1;
  }
  console.log(`answers: ${total - blocked} sent, ${blocked} policy_blocked (the synthetic base marks 1 article in 10 untrusted); blocks on the ledger so far, warm-up included: ${JSON.stringify(reasons)}`);
  console.log(`layout: ${layout} (${roleSets.map((r) => r.join(' ')).join(' | ')}), ${articleCount} articles, repeat ${repeat}`);

  await world.stop();
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.message}`);
  process.exit(1);
});
