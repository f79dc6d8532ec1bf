/**
 * The shape of an operator command (`npm run ops -- <words> ...`) and what every command shares:
 * the parsed options, the usage errors, the output helpers. Commands live in ./commands/, one
 * file per thing they manage; ./table.ts lists them and matches argv to one.
 */
import { readFileSync } from 'node:fs';
import { AppError } from '../../src/errors';
import type { Services } from '../../src/services';

/** Bad arguments: the message and the usage text, exit 2. */
export class UsageError extends Error {}

/** A tenant document that does not validate: each problem, exit 2. */
export class InvalidDocument extends Error {
  constructor(readonly problems: string[]) { super('invalid tenant document'); }
}

/** The options any command may be given; each command says which apply to it. */
export interface Options {
  json: boolean;
  all: boolean;
  limit: number | undefined;
  passwordStdin: boolean;
  overlapHours: number | undefined;
  reason: string | undefined;
  immediate: boolean;
}

/** Runs a command once connected; a number it returns is the exit code (default 0). */
export type Action = (s: Services) => Promise<number | void>;

export interface Command {
  /** The words that name it: `['tenant', 'create']`. */
  words: string[];
  /** What follows the words in the usage text: `FILE.json`. */
  args?: string;
  /** The usage text's description, a line each. */
  help: string[];
  /** The shared options it takes (`--json`, `--all`, `--limit`); others are a usage error. */
  accepts?: { json?: boolean; all?: boolean; limit?: boolean };
  /**
   * Checks the arguments after the words and returns what to do once connected; built before
   * connecting, so a usage error never waits on Redis.
   */
  prepare(rest: string[], options: Options): Action;
}

/** Refuses arguments beyond those a command reads. */
export function noMore(extra: string[]): void {
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
}

/** Everything on standard input (a password piped in: `printf %s "$PW" | npm run ops -- user create ...`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON file given on the command line (a tenant document). */
export function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new AppError('invalid_request', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InvalidDocument([`${file} is not JSON: ${(e as Error).message}`]);
  }
}

export function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function err(text: string): void {
  process.stderr.write(`${text}\n`);
}
