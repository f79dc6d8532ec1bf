/**
 * What a stretch of a redis-server's append-only file holds, command by command: the writes the
 * server propagated (to its AOF, and the same to replicas), which is where a write's arguments
 * are paid for a second and third time after the command itself (docs/benchmarks.md, "The hand-off alone":
 * the ledger copy's eleven fields were a quarter of the arguments a claim-status workflow wrote).
 * Used by `npm run bench:claim-status -- --aof-stats` on its private server (AOF on, rewrites off).
 *
 * The file is RESP: each command an array of bulk strings. Rows are grouped by command and key
 * shape: the key with its hash tag's contents and ids replaced (`cw:{}:wf:*`), so that 5,000
 * workflow records make one row.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface AofMark {
  file: string;
  offset: number;
}

export interface AofRow {
  command: string;
  calls: number;
  args: number;
  bytes: number;
}

/** The one incremental AOF file of a server whose data directory is `dir` (Redis 7's multi-part AOF, rewrites off). */
export function aofFile(dir: string): string {
  const parts = join(dir, 'appendonlydir');
  const incr = readdirSync(parts).filter((f) => f.endsWith('.incr.aof')).sort();
  if (incr.length !== 1) throw new Error(`expected one incremental AOF file in ${parts}, found ${incr.length} (a rewrite ran?)`);
  return join(parts, incr[0]!);
}

/** Where the file ends now: a command boundary, since the server writes whole commands. */
export function aofMark(file: string): AofMark {
  return { file, offset: statSync(file).size };
}

/** The key shape a row is grouped under: hash tags emptied, the part after a record's type replaced. */
function shape(key: string): string {
  return key.replace(/\{[^}]*\}/g, '{}').replace(/:(wf|send|seen|consent|idx|held):.*$/, ':$1:*');
}

/** Every command written since `mark`, grouped by command and key shape, largest argument count first. */
export function aofSince(mark: AofMark): AofRow[] {
  const end = statSync(mark.file).size;
  const data = Buffer.alloc(end - mark.offset);
  const fd = openSync(mark.file, 'r');
  try {
    readSync(fd, data, 0, data.length, mark.offset);
  } finally {
    closeSync(fd);
  }
  const rows = new Map<string, AofRow>();
  let i = 0;
  const line = (): string => {
    const eol = data.indexOf('\r\n', i, 'latin1');
    if (eol < 0) throw new Error(`AOF cut short at byte ${mark.offset + i}`);
    const text = data.toString('latin1', i, eol);
    i = eol + 2;
    return text;
  };
  while (i < data.length) {
    const start = i;
    const head = line();
    if (head[0] !== '*') throw new Error(`AOF: expected an array at byte ${mark.offset + start}, found ${JSON.stringify(head.slice(0, 20))}`);
    const argc = Number(head.slice(1));
    const args: string[] = [];
    for (let k = 0; k < argc; k++) {
      const len = Number(line().slice(1));
      // Only the command name and the key are kept; the rest is skipped over.
      if (k < 2) args.push(data.toString('latin1', i, i + len));
      i += len + 2;
    }
    const name = args[0]!.toLowerCase();
    const command = argc > 1 && name !== 'select' ? `${name} ${shape(args[1]!)}` : name;
    const row = rows.get(command) ?? { command, calls: 0, args: 0, bytes: 0 };
    row.calls += 1;
    row.args += argc;
    row.bytes += i - start;
    rows.set(command, row);
  }
  return [...rows.values()].sort((a, b) => b.args - a.args);
}
