/**
 * The operator CLI's command table: every command, in the order the usage text lists them,
 * the parsing of the shared options, and the match of argv to one command. Add a command by
 * adding an entry to a file in ./commands/ (or a new file listed here); the usage text follows.
 */
import { stageNames } from '../../pipeline/vocabulary';
import { UsageError, type Action, type Command, type Options } from './command';
import { auditCommands } from './commands/audit';
import { claimantCommands } from './commands/claimants';
import { credentialCommands } from './commands/credentials';
import { phiCommands } from './commands/phi';
import { reportCommands } from './commands/reports';
import { stageCommands } from './commands/stages';
import { tenantCommands } from './commands/tenants';
import { userCommands } from './commands/users';

export const commands: readonly Command[] = [
  ...tenantCommands, ...userCommands, ...credentialCommands, ...auditCommands, ...claimantCommands, ...reportCommands, ...phiCommands, ...stageCommands,
];

/** The synopsis column's width: longer synopses get a line of their own. */
const synopsisWidth = 33;

/** The usage text, made from the table. */
export function usage(): string {
  const lines = commands.flatMap((c) => {
    const synopsis = [...c.words, ...(c.args ? [c.args] : [])].join(' ');
    const indent = ' '.repeat(2 + synopsisWidth);
    const [first, ...more] = c.help;
    const head = synopsis.length < synopsisWidth
      ? [`  ${synopsis.padEnd(synopsisWidth)}${first ?? ''}`]
      : [`  ${synopsis}`, `${indent}${first ?? ''}`];
    return [...head, ...more.map((line) => `${indent}${line}`)];
  });
  return [
    'usage: npm run ops -- <command>', '',
    ...lines, '',
    `  STAGE is one of: ${stageNames.join(', ')}`,
    '  Environment: the service\'s own settings (REDIS_URL, KEY_PREFIX, PARTITIONS, PUBLIC_URL, ...:',
    '  docs/configuration.md). NODE_ENV is production unless named, and production needs',
    '  SIGNING_KEY_ENCRYPTION_KEY and PHI_REF_KEY: against the `npm start` demo run',
    '  NODE_ENV=development npm run ops -- <command>',
    '  Exit codes: 0 done, 1 failed, 2 bad usage or invalid tenant document.',
  ].join('\n');
}

/** The command line split into words and the shared options. */
export interface ParsedArgs {
  positional: string[];
  help: boolean;
  options: Options;
}

export function parseArgs(argv: string[]): ParsedArgs {
  const options: Options = { json: false, all: false, limit: undefined, passwordStdin: false, overlapHours: undefined, immediate: false, reason: undefined };
  const parsed: ParsedArgs = { positional: [], help: false, options };
  /** The value of `--name VALUE` or `--name=VALUE`. */
  const valueOf = (arg: string, name: string, i: number): [string | undefined, number] =>
    (arg === name ? [argv[i + 1], i + 1] : [arg.slice(name.length + 1), i]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const named = (name: string) => arg === name || arg.startsWith(`${name}=`);
    if (arg === '--json') options.json = true;
    else if (arg === '--all') options.all = true;
    else if (arg === '--password-stdin') options.passwordStdin = true;
    else if (arg === '--immediate') options.immediate = true;
    else if (arg === '-h' || arg === '--help') parsed.help = true;
    else if (named('--reason')) {
      const [raw, next] = valueOf(arg, '--reason', i);
      i = next;
      if (raw === undefined || raw.trim() === '') throw new UsageError('--reason needs a text');
      options.reason = raw;
    } else if (named('--overlap-hours')) {
      const [raw, next] = valueOf(arg, '--overlap-hours', i);
      i = next;
      if (raw === undefined || !/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 720) throw new UsageError('--overlap-hours needs a whole number from 1 to 720');
      options.overlapHours = Number(raw);
    } else if (named('--limit')) {
      const [raw, next] = valueOf(arg, '--limit', i);
      i = next;
      if (raw === undefined || !/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new UsageError('--limit needs a whole number of at least 1');
      options.limit = Number(raw);
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else parsed.positional.push(arg);
  }
  return parsed;
}

/** The command argv names, checked and ready to run; null when usage was asked for. */
export function plan(parsed: ParsedArgs): Action | null {
  const [first, second] = parsed.positional;
  if (parsed.help || first === undefined || first === 'help') return null;
  const command = commands.find((c) => c.words.every((word, i) => parsed.positional[i] === word));
  if (!command) throw new UsageError(`unknown command ${[first, second].filter(Boolean).join(' ')}`);
  const { options } = parsed;
  const accepts = command.accepts ?? {};
  if (options.json && !accepts.json) throw new UsageError('--json does not apply here');
  if (options.all && !accepts.all) throw new UsageError('--all does not apply here');
  if (options.limit !== undefined && !accepts.limit) throw new UsageError('--limit does not apply here');
  return command.prepare(parsed.positional.slice(command.words.length), options);
}
