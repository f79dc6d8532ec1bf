/**
 * `npm run eval:intents [-- --half calibration|holdout|both] [--misses]`: runs the router's
 * understanding (the intent grammar and language detection) over the labelled claimant corpus
 * (test/fixtures/intent-corpus/) and prints, as Markdown ready for docs/understanding.md:
 *   - per language, the confusion matrix of labelled intent against what the router did (a
 *     workflow, small talk, or asking which was meant);
 *   - intent accuracy (workflow-labelled messages routed to that workflow), how often small talk
 *     started a workflow by mistake, and language accuracy, per language and overall.
 * `--misses` lists the calibration half's wrong answers, to tune against. It refuses to list the
 * holdouts': a holdout is only ever scored, so its figures stay an honest estimate.
 * The multi-sentence slice (`multi-calibration`, `multi-holdout`: a greeting and context before
 * the question, two questions, thanks with domain words, numbers and dates) is reported apart,
 * and so is every holdout together.
 * Exits 1 when a goal is missed on a holdout (intent >= 95%, small talk started <= 2%,
 * language >= 98%), on either holdout file or on both together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { understandMessage } from '../pipeline/intents';
import { detectLanguage } from '../pipeline/language';
import type { Language } from '../pipeline/types';

type Label = 'claim_status' | 'pending_documents' | 'query_reason' | 'none';
type Outcome = 'claim_status' | 'pending_documents' | 'query_reason' | 'small_talk' | 'unclear';

export interface CorpusMessage {
  text: string;
  intent: Label;
  language: Language;
  tags: string[];
}

/**
 * The corpus files: the sets the grammar is tuned against (two calibration sets, the retired
 * first holdout and the multi-sentence slice's calibration), and the holdouts, only ever scored
 * (docs/understanding.md says why there are several).
 */
export const halves = ['calibration', 'calibration-2', 'holdout-1', 'holdout-2', 'multi-calibration', 'multi-holdout'] as const;
export type Half = (typeof halves)[number];
const tuningSets: Half[] = ['calibration', 'calibration-2', 'holdout-1', 'multi-calibration'];
const holdouts: Half[] = ['holdout-2', 'multi-holdout'];
/** The multi-sentence slice's files. */
export const slice: Half[] = ['multi-calibration', 'multi-holdout'];

export function corpusHalf(half: Half): CorpusMessage[] {
  const path = join(__dirname, '..', 'test', 'fixtures', 'intent-corpus', `${half}.json`);
  return (JSON.parse(readFileSync(path, 'utf8')) as { messages: CorpusMessage[] }).messages;
}

export interface Scored {
  message: CorpusMessage;
  outcome: Outcome;
  language: Language;
}

export function score(messages: readonly CorpusMessage[]): Scored[] {
  return messages.map((message) => {
    const u = understandMessage(message.text);
    return { message, outcome: u.kind === 'intent' ? u.intent : u.kind, language: detectLanguage(message.text) };
  });
}

export interface Figures {
  intentCorrect: number;
  intentTotal: number;
  smallTalkStarted: number;
  smallTalkTotal: number;
  languageCorrect: number;
  total: number;
}

export function figures(scored: readonly Scored[]): Figures {
  const workflow = scored.filter((s) => s.message.intent !== 'none');
  const small = scored.filter((s) => s.message.intent === 'none');
  return {
    intentCorrect: workflow.filter((s) => s.outcome === s.message.intent).length,
    intentTotal: workflow.length,
    smallTalkStarted: small.filter((s) => s.outcome !== 'small_talk' && s.outcome !== 'unclear').length,
    smallTalkTotal: small.length,
    languageCorrect: scored.filter((s) => s.language === s.message.language).length,
    total: scored.length,
  };
}

export const goals = { intent: 0.95, smallTalkStarted: 0.02, language: 0.98 };

export function meetsGoals(f: Figures): boolean {
  return f.intentCorrect / f.intentTotal >= goals.intent
    && f.smallTalkStarted / f.smallTalkTotal <= goals.smallTalkStarted
    && f.languageCorrect / f.total >= goals.language;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
const labels: Label[] = ['claim_status', 'pending_documents', 'query_reason', 'none'];
const outcomes: Outcome[] = ['claim_status', 'pending_documents', 'query_reason', 'small_talk', 'unclear'];

function report(half: string, scored: Scored[], showMisses: boolean): boolean {
  const out: string[] = [`### ${half} (${scored.length} messages)`, ''];
  for (const language of ['EN', 'HI', 'HI_EN'] as const) {
    const mine = scored.filter((s) => s.message.language === language);
    out.push(`**${language}** (${mine.length}): rows are the label, columns what the router did.`, '');
    out.push(`| label \\ routed | ${outcomes.join(' | ')} |`, `|---|${outcomes.map(() => '---:').join('|')}|`);
    for (const label of labels) {
      const row = mine.filter((s) => s.message.intent === label);
      out.push(`| ${label} | ${outcomes.map((o) => row.filter((s) => s.outcome === o).length).join(' | ')} |`);
    }
    const f = figures(mine);
    out.push('', `intent ${pct(f.intentCorrect, f.intentTotal)}; small talk that started a workflow ${pct(f.smallTalkStarted, f.smallTalkTotal)}; language ${pct(f.languageCorrect, f.total)}`, '');
  }
  const all = figures(scored);
  out.push(`**All languages**: intent ${pct(all.intentCorrect, all.intentTotal)}; small talk that started a workflow ${pct(all.smallTalkStarted, all.smallTalkTotal)}; language ${pct(all.languageCorrect, all.total)}`, '');
  if (showMisses) {
    const misses = scored.filter((s) => (s.message.intent === 'none' ? !['small_talk', 'unclear'].includes(s.outcome) : s.outcome !== s.message.intent) || s.language !== s.message.language);
    out.push(`Misses (${misses.length}):`, '');
    for (const s of misses) out.push(`- [${s.message.language}→${s.language}] ${s.message.intent} → ${s.outcome}: ${s.message.text}`);
    out.push('');
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return meetsGoals(all);
}

function main(): void {
  const args = process.argv.slice(2);
  const halfArg = args.includes('--half') ? args[args.indexOf('--half') + 1] : 'both';
  // "calibration": every set tuned against; "holdout": the holdouts; "slice": the multi-sentence
  // slice's two files; "both": every file.
  const named: Record<string, Half[]> = { both: [...halves], calibration: tuningSets, holdout: holdouts, slice };
  const chosen: Half[] = named[halfArg!] ?? halves.filter((h) => h === halfArg);
  if (chosen.length === 0) {
    process.stderr.write('usage: npm run eval:intents -- [--half calibration|holdout|slice|both|<file name>] [--misses]\n');
    process.exit(2);
  }
  const showMisses = args.includes('--misses');
  if (showMisses && chosen.some((h) => holdouts.includes(h))) {
    process.stderr.write('--misses lists the tuning sets only: a holdout is scored, never read for tuning (add --half calibration)\n');
    process.exit(2);
  }
  let holdoutOk = true;
  const holdoutScored: Scored[] = [];
  for (const half of chosen) {
    const scored = score(corpusHalf(half));
    const ok = report(half, scored, showMisses);
    if (holdouts.includes(half)) {
      holdoutOk &&= ok;
      holdoutScored.push(...scored);
    }
  }
  const scoredHoldouts = holdouts.filter((h) => chosen.includes(h));
  if (scoredHoldouts.length > 1) holdoutOk = report(`every holdout together (${scoredHoldouts.join(', ')})`, holdoutScored, false) && holdoutOk;
  if (scoredHoldouts.length > 0) {
    process.stdout.write(`Goals on ${scoredHoldouts.join(', ')}${scoredHoldouts.length > 1 ? ', each and together' : ''} (intent >= 95%, small talk started <= 2%, language >= 98%): ${holdoutOk ? 'met' : 'NOT met'}\n`);
    if (!holdoutOk) process.exit(1);
  }
}

if (require.main === module) main();
