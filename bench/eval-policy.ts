/**
 * `npm run eval:policy`: runs the policy gate over the labelled corpus
 * (test/fixtures/policy-corpus.json) and prints, as Markdown ready for docs/policy-gate.md:
 *   - the confusion table of expected against actual outcome (pass, or block at tier 1-4);
 *   - per tier, expected-block-here against actual-block-here, with accuracy;
 *   - tier 3: the redaction cases and whether every value went;
 *   - accuracy overall, by language and by batch, the tier-2 score margins, the time per call;
 *   - the cases decided wrongly, known limits marked.
 * Exits 1 when a case that is not a documented known limit is wrong. The unit test
 * (test/unit/policy-gate.test.ts) uses the same `judge`.
 */
import corpus from '../test/fixtures/policy-corpus.json';
import { languageCodes } from '../pipeline/languages';
import { runPolicyGate, semanticThreshold, type GateInput, type GateResult, type Tier } from '../pipeline/policy-gate';
import type { Language } from '../pipeline/types';

export interface CorpusCase {
  id: string;
  language: Language;
  mode: 'answer' | 'reply';
  /** 'calibration': written before the tier-2 threshold was chosen; 'holdout': after. */
  batch: 'calibration' | 'holdout';
  question: string;
  reason_codes: string[];
  text: string;
  own_claim_id?: string;
  other_claim_ids?: string[];
  names?: string[];
  source: { article_id: string; trusted: boolean; reason_codes: string[]; title: string; body: string } | null;
  tenant_deny_list?: string[];
  known_limit?: string;
  note?: string;
  expected: {
    decision: 'pass' | 'block';
    tier: Tier | null;
    reason?: string;
    must_not_contain?: string[];
    must_contain?: string[];
  };
}

export const cases = corpus.cases as CorpusCase[];

export function gateInput(c: CorpusCase): GateInput {
  return {
    tiers: c.mode,
    language: c.language,
    question: c.question,
    reasonCodes: c.reason_codes,
    text: c.text,
    ownClaimId: c.own_claim_id ?? null,
    otherClaimIds: c.other_claim_ids ?? [],
    names: c.names ?? [],
    source: c.source === null ? null : {
      articleId: c.source.article_id, trusted: c.source.trusted, reasonCodes: c.source.reason_codes,
      title: c.source.title, body: c.source.body,
    },
    tenantDenyList: c.tenant_deny_list ?? [],
  };
}

export interface Judgement {
  correct: boolean;
  /** Why not, in a few words, when wrong. */
  problems: string[];
}

export function judge(c: CorpusCase, result: GateResult): Judgement {
  const problems: string[] = [];
  const e = c.expected;
  if (result.decision !== e.decision || result.tier !== e.tier) {
    problems.push(`expected ${outcomeLabel(e.decision, e.tier)}, got ${outcomeLabel(result.decision, result.tier)} (${result.reason})`);
  } else if (e.reason !== undefined && result.reason !== e.reason) {
    problems.push(`expected reason ${e.reason}, got ${result.reason}`);
  }
  for (const s of e.must_not_contain ?? []) if (result.text.includes(s)) problems.push(`sent text contains "${s}"`);
  if (result.decision === 'pass') for (const s of e.must_contain ?? []) if (!result.text.includes(s)) problems.push(`sent text lacks "${s}"`);
  return { correct: problems.length === 0, problems };
}

function outcomeLabel(decision: 'pass' | 'block', tier: Tier | null): string {
  return decision === 'pass' ? 'pass' : `block@${tier}`;
}

const outcomes = ['pass', 'block@1', 'block@2', 'block@3', 'block@4'];

function pct(n: number, d: number): string {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`;
}

function report(): boolean {
  const runs = cases.map((c) => ({ c, result: runPolicyGate(gateInput(c)) })).map((r) => ({ ...r, verdict: judge(r.c, r.result) }));
  const lines: string[] = [];
  const out = (s = ''): void => { lines.push(s); };

  // The languages the corpus is written in: the loaded packs' in their order, then any other.
  const labels = new Set(cases.map((c) => c.language));
  const corpusLanguages = [...languageCodes.filter((code) => labels.has(code)), ...[...labels].filter((l) => !languageCodes.includes(l)).sort()];
  out(`Corpus: ${cases.length} cases (${corpusLanguages.map((l) => `${l} ${cases.filter((c) => c.language === l).length}`).join(', ')}; ` +
    `${cases.filter((c) => c.mode === 'answer').length} answers, ${cases.filter((c) => c.mode === 'reply').length} replies). ` +
    `Tier-2 threshold ${semanticThreshold}.`);
  out();
  out('Expected (rows) against actual (columns):');
  out();
  out(`| expected \\ actual | ${outcomes.join(' | ')} | total |`);
  out(`|---|${outcomes.map(() => '---:').join('|')}|---:|`);
  for (const row of outcomes) {
    const inRow = runs.filter((r) => outcomeLabel(r.c.expected.decision, r.c.expected.tier) === row);
    const cells = outcomes.map((col) => inRow.filter((r) => outcomeLabel(r.result.decision, r.result.tier) === col).length);
    out(`| ${row} | ${cells.join(' | ')} | ${inRow.length} |`);
  }
  out();

  out('Per tier: expected to block at this tier against blocked at this tier (tier 1 over every case, tiers 2 and 4 over the answers):');
  out();
  out('| tier | runs on | block, blocked | block, not blocked | no block, blocked | no block, not blocked | accuracy |');
  out('|---|---:|---:|---:|---:|---:|---:|');
  for (const tier of [1, 2, 4] as Tier[]) {
    const scope = runs.filter((r) => tier === 1 || r.c.mode === 'answer');
    const exp = (r: (typeof runs)[number]): boolean => r.c.expected.decision === 'block' && r.c.expected.tier === tier;
    const act = (r: (typeof runs)[number]): boolean => r.result.decision === 'block' && r.result.tier === tier;
    const tp = scope.filter((r) => exp(r) && act(r)).length;
    const fn = scope.filter((r) => exp(r) && !act(r)).length;
    const fp = scope.filter((r) => !exp(r) && act(r)).length;
    const tn = scope.length - tp - fn - fp;
    out(`| ${tier} | ${scope.length} ${tier === 1 ? 'replies and answers' : 'answers'} | ${tp} | ${fn} | ${fp} | ${tn} | ${pct(tp + tn, scope.length)} |`);
  }
  out();
  const redactionCases = runs.filter((r) => (r.c.expected.must_not_contain ?? []).length > 0 || (r.c.expected.must_contain ?? []).length > 0);
  const redactedOk = redactionCases.filter((r) => !r.verdict.problems.some((p) => p.startsWith('sent text'))).length;
  const kinds = new Map<string, number>();
  for (const r of runs) for (const [kind, n] of Object.entries(r.result.redactions)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  out('Tier 3 (redaction; never blocks, so it has no block column): cases with values that must go or must show masked:');
  out();
  out('| tier | cases | every value removed, own id masked | accuracy | values redacted over the corpus |');
  out('|---|---:|---:|---:|---|');
  out(`| 3 | ${redactionCases.length} | ${redactedOk} | ${pct(redactedOk, redactionCases.length)} | ${[...kinds].sort().map(([k, n]) => `${k} ${n}`).join(', ')} |`);
  out();

  out('Block reasons, expected against actual:');
  out();
  out('| expected reason | cases | right reason |');
  out('|---|---:|---:|');
  const reasons = [...new Set(runs.map((r) => r.c.expected.reason ?? 'passed'))];
  for (const reason of reasons) {
    const rows = runs.filter((r) => (r.c.expected.reason ?? 'passed') === reason);
    out(`| ${reason} | ${rows.length} | ${rows.filter((r) => r.result.reason === reason).length} |`);
  }
  out();

  const correct = runs.filter((r) => r.verdict.correct).length;
  out(`Accuracy: ${correct}/${runs.length} (${pct(correct, runs.length)}) overall; ` +
    corpusLanguages.map((l) => {
      const rows = runs.filter((r) => r.c.language === l);
      return `${l} ${rows.filter((r) => r.verdict.correct).length}/${rows.length}`;
    }).join(', ') + '; ' +
    ['calibration', 'holdout'].map((b) => {
      const rows = runs.filter((r) => r.c.batch === b);
      return `${b} ${rows.filter((r) => r.verdict.correct).length}/${rows.length}`;
    }).join(', ') + '.');
  out();

  // How far the threshold sits from the scores on either side of it.
  const scored = runs.filter((r) => r.c.mode === 'answer').map((r) => ({ r, t2: r.result.tiers.find((t) => t.tier === 2) }))
    .filter((x) => x.t2?.score !== undefined);
  const onTopic = scored.filter((x) => !(x.r.c.expected.tier === 2 && x.r.c.expected.reason === 'off_topic') && x.r.c.expected.tier !== 1);
  const offTopic = scored.filter((x) => x.r.c.expected.tier === 2 && x.r.c.expected.reason === 'off_topic');
  const lowest = onTopic.reduce((a, x) => (a === null || x.t2!.score! < a.t2!.score! ? x : a), null as (typeof scored)[number] | null);
  const highest = offTopic.reduce((a, x) => (a === null || x.t2!.score! > a.t2!.score! ? x : a), null as (typeof scored)[number] | null);
  out(`Tier-2 scores: lowest on-topic answer ${lowest?.t2?.score ?? '—'} (${lowest?.r.c.id ?? '—'}), ` +
    `highest off-topic answer ${highest?.t2?.score ?? '—'} (${highest?.r.c.id ?? '—'}), threshold ${semanticThreshold}.`);
  out();

  const reps = 200;
  const inputs = cases.map(gateInput);
  const started = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) for (const input of inputs) runPolicyGate(input);
  const perCall = Number(process.hrtime.bigint() - started) / 1000 / (reps * inputs.length);
  out(`Time: ${perCall.toFixed(1)} µs per call (mean of ${reps * inputs.length} calls over the corpus).`);
  out();

  const wrong = runs.filter((r) => !r.verdict.correct);
  out(wrong.length === 0 ? 'Mis-decided: none.' : 'Mis-decided:');
  if (wrong.length > 0) out();
  for (const r of wrong) {
    out(`- ${r.c.id}: ${r.verdict.problems.join('; ')}${r.c.known_limit ? ` — known limit: ${r.c.known_limit}` : ''}`);
  }
  const flipped = runs.filter((r) => r.verdict.correct && r.c.known_limit !== undefined);
  for (const r of flipped) out(`- ${r.c.id}: now decided correctly though marked as a known limit; drop its known_limit`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return wrong.every((r) => r.c.known_limit !== undefined);
}

if (require.main === module) {
  process.exitCode = report() ? 0 : 1;
}
