/**
 * `npm run bench:intents [-- --messages N]`: the router's understanding cost. Runs N messages
 * (default 100,000: every labelled corpus file, cycled) through `matchIntent` and
 * `detectLanguage` in this process and prints microseconds per message (goal: under 50 us for
 * matchIntent). A warm-up pass first, so the figure is the steady state a stage worker runs in.
 */
import { performance } from 'node:perf_hooks';
import { matchIntent } from '../pipeline/intents';
import { detectLanguage } from '../pipeline/language';
import { corpusHalf, halves } from './eval-intents';

const args = process.argv.slice(2);
const total = args.includes('--messages') ? Number(args[args.indexOf('--messages') + 1]) : 100_000;
const texts = halves.flatMap((half) => corpusHalf(half)).map((m) => m.text);

function run(fn: (text: string) => unknown, n: number): number {
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < n; i += 1) if (fn(texts[i % texts.length]!)) sink += 1;
  const elapsed = performance.now() - start;
  if (sink < 0) process.stdout.write('');
  return (elapsed * 1000) / n;
}

run(matchIntent, 20_000);
run(detectLanguage, 20_000);
const intentUs = run(matchIntent, total);
const languageUs = run(detectLanguage, total);
process.stdout.write(`bench:intents: ${total} messages (${texts.length} distinct corpus texts, cycled), node ${process.version}\n`);
process.stdout.write(`matchIntent    ${intentUs.toFixed(2)} us/message (goal < 50 us: ${intentUs < 50 ? 'met' : 'NOT met'})\n`);
process.stdout.write(`detectLanguage ${languageUs.toFixed(2)} us/message\n`);
