/**
 * `npm run bench:intents [-- --messages N] [--max-chars C] [--against <checkout>]`: the router's
 * understanding cost. Runs N messages (default 100,000: every labelled corpus file's texts of at
 * most C characters, default 500, cycled) through `matchIntent` and `detectLanguage` in this
 * process and prints microseconds per message (goal: under 50 us for matchIntent), for the whole
 * corpus of the first three languages (EN, HI, HI_EN), for its multi-sentence slice (the longer
 * messages) apart, and for the other language packs' calibration files
 * (test/fixtures/intent-corpus/languages/). A warm-up pass first, so the figure is the steady
 * state a stage worker runs in.
 *
 * The router is measured as the service runs it: compiled by `tsc` with the checkout's
 * tsconfig.build.json (as scripts/build.sh builds dist/) into a temporary folder under the
 * checkout's node_modules/.cache (so that its requires find their packages), with the language
 * packs beside it. Not through tsx, this script's own loader: tsx keeps function names by wrapping
 * every closure the router creates per message in a helper call, a cost dist/ does not have and one
 * that grows with the number of closures, not with the work (docs/benchmarks.md).
 *
 * `--against <checkout>` (another checkout of this repository, e.g. a `git worktree` of an older
 * commit, with its node_modules) compiles that checkout's router the same way and alternates the
 * two over the same texts, five rounds each, so both see the same machine load: a message's
 * reading (its intent, then its language) as the router pays for it; it prints each one's median
 * and the ratio.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { corpusHalf, corpusHalfExists, halves, languageFiles, slice } from './eval-intents';

type Reader = { matchIntent: (text: string) => unknown; detectLanguage: (text: string) => unknown };

const built: string[] = [];
process.on('exit', () => built.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A checkout's router compiled as scripts/build.sh compiles it: tsc, then the packs' JSON copied beside. */
function compiled(checkout: string): Reader {
  mkdirSync(join(checkout, 'node_modules', '.cache'), { recursive: true });
  const out = mkdtempSync(join(checkout, 'node_modules', '.cache', 'bench-intents-'));
  built.push(out);
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(checkout, 'tsconfig.build.json'), '--outDir', out, '--sourceMap', 'false'], { stdio: 'inherit' });
  // A checkout older than the language packs (pipeline/languages/) has none to copy.
  const packs = join(checkout, 'pipeline', 'languages');
  if (existsSync(packs)) cpSync(packs, join(out, 'pipeline', 'languages'), { recursive: true, filter: (from) => statSync(from).isDirectory() || from.endsWith('.json') });
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    ...(require(join(out, 'pipeline', 'intents.js')) as Pick<Reader, 'matchIntent'>),
    ...(require(join(out, 'pipeline', 'language.js')) as Pick<Reader, 'detectLanguage'>),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const total = Number(option('--messages') ?? 100_000);
const maxChars = Number(option('--max-chars') ?? 500);
const against = option('--against');

const within = (text: string) => [...text].length <= maxChars;
const corpus = halves.filter(corpusHalfExists).flatMap((half) => corpusHalf(half)).map((m) => m.text).filter(within);
const multi = slice.filter(corpusHalfExists).flatMap((half) => corpusHalf(half)).map((m) => m.text).filter(within);
/** The other packs' own corpora: their calibration files only (a holdout is read by nothing but its score). */
const otherLanguages = languageFiles.filter((f) => f.endsWith('-calibration')).flatMap((f) => corpusHalf(f)).map((m) => m.text).filter(within);

function run(fn: (text: string) => unknown, texts: readonly string[], n: number): number {
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < n; i += 1) if (fn(texts[i % texts.length]!)) sink += 1;
  const elapsed = performance.now() - start;
  if (sink < 0) process.stdout.write('');
  return (elapsed * 1000) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (x: number) => `${x.toFixed(2)} us/message`;

process.stdout.write(`bench:intents: ${total} messages a run, texts of at most ${maxChars} characters (${corpus.length} corpus texts, ${multi.length} of them the multi-sentence slice; ${otherLanguages.length} of the other packs' corpora), cycled; node ${process.version}\n`);
const { matchIntent, detectLanguage } = compiled(resolve(__dirname, '..'));
if (against) {
  const other = compiled(resolve(against));
  const reading = (intent: (text: string) => unknown, language: (text: string) => unknown) => (text: string) => [intent(text), language(text)];
  const [theirs, ours] = [reading(other.matchIntent, other.detectLanguage), reading(matchIntent, detectLanguage)];
  const sets = [['whole corpus (EN, HI, HI_EN)', corpus], ['multi-sentence slice', multi], ['the other packs\' corpora', otherLanguages]] as const;
  for (const [name, texts] of sets.filter(([, t]) => t.length > 0)) {
    run(theirs, texts, 20_000);
    run(ours, texts, 20_000);
    const old: number[] = [];
    const now: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      old.push(run(theirs, texts, total));
      now.push(run(ours, texts, total));
    }
    process.stdout.write(`${name}: ${against} ${us(median(old))}, this checkout ${us(median(now))} (matchIntent + detectLanguage, medians of 5 alternating runs); ratio ${(median(now) / median(old)).toFixed(2)}\n`);
  }
} else {
  run(matchIntent, corpus, 20_000);
  run(detectLanguage, corpus, 20_000);
  const intentUs = run(matchIntent, corpus, total);
  const sliceUs = run(matchIntent, multi, total);
  const languageUs = run(detectLanguage, corpus, total);
  process.stdout.write(`matchIntent    ${us(intentUs)} (goal < 50 us: ${intentUs < 50 ? 'met' : 'NOT met'})\n`);
  process.stdout.write(`matchIntent    ${us(sliceUs)} on the multi-sentence slice alone\n`);
  process.stdout.write(`detectLanguage ${us(languageUs)}\n`);
  if (otherLanguages.length > 0) {
    run(matchIntent, otherLanguages, 20_000);
    process.stdout.write(`matchIntent    ${us(run(matchIntent, otherLanguages, total))} on the other packs' corpora\n`);
    process.stdout.write(`detectLanguage ${us(run(detectLanguage, otherLanguages, total))} on the other packs' corpora\n`);
  }
}
