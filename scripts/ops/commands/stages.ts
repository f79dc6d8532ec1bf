/** `stages` and `dlq list | redrive`: the pipeline's backlog and its dead letters. */
import { listDeadLetters, redriveAllDeadLetters, redriveDeadLetter, type DeadLetter, type Redriven } from '../../../src/ops/dead-letters';
import { stageStats, type StageStats } from '../../../src/ops/stage-stats';
import { isStageName, type StageName } from '../../../pipeline/vocabulary';
import { err, noMore, out, UsageError, type Command } from '../command';
import { clean, duration, table, truncate } from '../format';

function stageArg(name: string | undefined): StageName {
  if (!name) throw new UsageError('a stage name is needed');
  if (!isStageName(name)) throw new UsageError(`unknown stage ${name}`);
  return name;
}

function stagesTable(stats: StageStats[]): string {
  const rows = stats.map((st) => [
    st.stage, String(st.backlog), String(st.pending), duration(st.lag_ms), String(st.consumers),
    st.max_idle_ms === null ? '-' : duration(st.max_idle_ms), String(st.dead_letters), st.runnable ? '' : 'not in this release',
  ]);
  return table(['STAGE', 'BACKLOG', 'PENDING', 'LAG', 'CONSUMERS', 'MOST IDLE', 'DEAD LETTERS', ''], rows, [1, 2, 3, 4, 5, 6]);
}

function deadLetterTable(entries: DeadLetter[]): string {
  const rows = entries.map((d) => [
    d.id, d.workflow_id ?? '-', d.tenant ?? '-', d.error_code ?? '-', d.deliveries === null ? '-' : String(d.deliveries), d.failed_at,
    truncate(d.reason ?? '-', 100),
  ]);
  return table(['ID', 'WORKFLOW', 'TENANT', 'ERROR CODE', 'DELIVERIES', 'FAILED AT', 'REASON'], rows, [4]);
}

function redrivenLine(stage: StageName, r: Redriven): string {
  return `redriven ${r.id} -> ${stage} stream entry ${r.stream_id} (workflow ${clean(r.workflow_id ?? '-')}, tenant ${clean(r.tenant ?? '-')})`;
}

export const stageCommands: Command[] = [
  {
    words: ['stages'], args: '[--json]', accepts: { json: true },
    help: ['backlog, pending, lag, consumers and dead letters per stage'],
    prepare(rest, options) {
      noMore(rest);
      return async (s) => {
        const stats = await stageStats(s);
        out(options.json ? JSON.stringify(stats, null, 2) : stagesTable(stats));
      };
    },
  },
  {
    words: ['dlq', 'list'], args: 'STAGE [--limit N] [--json]', accepts: { json: true, limit: true },
    help: ['dead letters of a stage, oldest first (default limit 100)'],
    prepare([name, ...extra], options) {
      const stage = stageArg(name);
      noMore(extra);
      return async (s) => {
        const list = await listDeadLetters(s, stage, { limit: options.limit });
        if (options.json) out(JSON.stringify(list.entries, null, 2));
        else if (list.total === 0) err(`no dead letters for stage ${stage}`);
        else {
          out(deadLetterTable(list.entries));
          err(`${list.entries.length} of ${list.total} dead letter(s) of stage ${stage}, oldest first`);
        }
      };
    },
  },
  {
    words: ['dlq', 'redrive'], args: 'STAGE (ID | --all) [--json]', accepts: { json: true, all: true },
    help: ['put dead letters back on the stage stream; ID is', '<partition>/<entry id> as printed by dlq list'],
    prepare([name, id, ...extra], options) {
      const stage = stageArg(name);
      if (options.all === (id !== undefined)) throw new UsageError('dlq redrive needs either a dead-letter ID or --all');
      noMore(extra);
      return async (s) => {
        const done = id !== undefined ? [await redriveDeadLetter(s, stage, id)] : await redriveAllDeadLetters(s, stage);
        if (options.json) out(JSON.stringify(done, null, 2));
        else if (done.length === 0) err(`no dead letters for stage ${stage}`);
        else {
          out(done.map((r) => redrivenLine(stage, r)).join('\n'));
          err(`${done.length} dead letter(s) of stage ${stage} redriven`);
        }
      };
    },
  },
];
