/**
 * The archive in PostgreSQL (docs/retention.md): finished workflow records and ledger events that
 * left Redis, read back in the shape the partner API answers from Redis. The database is opened
 * (and migrated) on first use, so a process that never reads or writes the archive (a stage
 * worker) never connects to it.
 */
import type { LedgerEvent } from '../audit/audit-chain';
import type { Logger } from '../logger';
import type { ConversationMessage } from '../workflows/conversation-message';
import { recordCounters, type Counters } from '../reports/figures';
import { LocalDays } from '../reports/local-days';
import { defaultTenantTimeZone } from '../tenants/tenant-document';
import { openDatabase, type Database } from './database';

/** The filters of `GET /v1/workflows` (src/workflows/workflow-store.ts), the claim hash already as `sha256:<hex>`. */
export interface WorkflowFilter {
  workflowType?: string;
  status?: string;
  claimIdHash?: string;
  startedAfter?: number;
  startedBefore?: number;
}

/** The list position to continue after: newest first by start time, then id. */
export interface WorkflowPosition {
  startedAt: number;
  workflowId: string;
}

/** A ledger event with the stream id it had in Redis (`<ms>-<seq>`), the API's cursor. */
export type ArchivedEvent = LedgerEvent & { sid: string };

/** Filters of a ledger read (the same as src/audit/audit-ledger.ts's). */
export interface EventFilter {
  workflow?: { id: string; eventIds: ReadonlySet<string> };
  type?: string;
  stage?: string;
  from?: number;
  to?: number;
}

/** A message of a conversation as archived: the API's message (its `id` the stream id it had in Redis) and the workflow it names. */
export interface ArchivedMessage {
  message: ConversationMessage;
  /** The workflow that sent it, or the claimant's message's own (the transcript entry's `wf` or `msg_wf`). */
  messageWorkflowId: string | null;
}

/** A signed truncation checkpoint: the archived ledger now starts after event `n`, whose hash was `hash`. */
export interface Truncation {
  n: number;
  hash: string;
  checkpoint: string;
  jwk: unknown;
  truncatedAt: number;
}

interface EventRow {
  n: string | number; sid_ms: string | number; sid_seq: string | number; event_id: string; tenant_id: string; workflow_id: string;
  stage: string; type: string; at: string | number; detail: string; transition: string; prev_hash: string; hash: string; claim_id_hash: string | null;
}

const eventColumns = 'n, sid_ms, sid_seq, event_id, tenant_id, workflow_id, stage, type, at, detail, transition, prev_hash, hash, claim_id_hash';

function toEvent(r: EventRow): ArchivedEvent {
  return {
    n: Number(r.n), event_id: r.event_id, tenant_id: r.tenant_id, workflow_id: r.workflow_id, stage: r.stage, type: r.type, at: Number(r.at),
    detail: r.detail, transition: r.transition, prev_hash: r.prev_hash, hash: r.hash, sid: `${r.sid_ms}-${r.sid_seq}`,
    ...(r.claim_id_hash ? { claim_id_hash: r.claim_id_hash } : {}),
  };
}

function sidParts(sid: string): [string, string] {
  return sid.split('-') as [string, string];
}

/** The indexes that hold a value an erasure removes: the phone hash, and the claim hash of workflows and events. */
const erasedValueIndexes = ['archived_workflows_phone', 'archived_workflows_claim', 'archived_events_claim'] as const;

export class ArchiveStore {
  private opening: Promise<Database> | null = null;

  constructor(private readonly o: { databaseUrl: string | null; embeddedDir: string | null; log: Logger; applicationName?: string; maxConnections?: number }) {}

  /** The database, opened and migrated on first use. */
  db(): Promise<Database> {
    this.opening ??= openDatabase(this.o).catch((err: Error) => {
      this.opening = null;
      throw err;
    });
    return this.opening;
  }

  // --- workflows --------------------------------------------------------------------------

  /**
   * Copies workflow records (Redis hash fields). A record already there is left as it is, unless
   * this copy is newer (a finished workflow that moved on after an earlier copy, and was not trimmed
   * for that reason): then the newer copy replaces it.
   *
   * In the same statement, each record this copy inserts (not one it replaces, nor one already
   * there) is added to the tenant's report figures (`report_days`, docs/reports.md) on the local
   * date it started in `timeZone` (the tenant's, `tenantTimeZone`): a copy repeated after a crash
   * counts nothing twice, and no copy is counted without its figures.
   */
  async putWorkflows(tenantId: string, records: readonly Record<string, string>[], nowMs: number, timeZone: string = defaultTenantTimeZone): Promise<void> {
    if (records.length === 0) return;
    const db = await this.db();
    // One row per workflow (the newest): a statement may not update one row twice.
    const newest = new Map<string, Record<string, string>>();
    for (const h of records) {
      const seen = newest.get(h.workflow_id!);
      if (!seen || Number(seen.updated_at) < Number(h.updated_at)) newest.set(h.workflow_id!, h);
    }
    const days = new LocalDays(timeZone);
    const counted: { ids: string[]; days: string[]; figures: string[] } = { ids: [], days: [], figures: [] };
    const values: unknown[] = [tenantId, nowMs];
    const rows = [...newest.values()].map((h, i) => {
      values.push(h.workflow_id, h.workflow_type ?? null, h.status, h.claim_id_hash ?? null, Number(h.started_at), Number(h.updated_at),
        h.completed_at ? Number(h.completed_at) : null, JSON.stringify(h));
      const counters = recordCounters(h);
      if (counters) {
        counted.ids.push(h.workflow_id!);
        counted.days.push(days.of(Number(h.started_at)));
        counted.figures.push(JSON.stringify(counters));
      }
      const b = 2 + i * 8;
      return `($1, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}::jsonb, $2)`;
    });
    values.push(counted.ids, counted.days, counted.figures);
    const n = values.length;
    // `xmax = 0` tells a row this INSERT created from one its ON CONFLICT branch updated (a row it
    // leaves as it is is not returned at all). Counters are summed per day and name, then added to
    // each day's row, days in order (two copies at once, a lease lost mid-pass, lock them alike).
    await db.query(`WITH copied AS (
        INSERT INTO archived_workflows (tenant_id, workflow_id, workflow_type, status, claim_id_hash, started_at, updated_at, completed_at, record, archived_at)
        VALUES ${rows.join(', ')}
        ON CONFLICT (tenant_id, workflow_id) DO UPDATE SET workflow_type = EXCLUDED.workflow_type, status = EXCLUDED.status, claim_id_hash = EXCLUDED.claim_id_hash,
          started_at = EXCLUDED.started_at, updated_at = EXCLUDED.updated_at, completed_at = EXCLUDED.completed_at, record = EXCLUDED.record, archived_at = EXCLUDED.archived_at
        WHERE archived_workflows.updated_at < EXCLUDED.updated_at
        RETURNING workflow_id, (xmax = 0) AS inserted
      ), counted AS (
        SELECT c.day, f.key, sum(f.value::bigint) AS total
        FROM unnest($${n - 2}::text[], $${n - 1}::date[], $${n}::jsonb[]) AS c(workflow_id, day, figures)
        JOIN copied ON copied.workflow_id = c.workflow_id AND copied.inserted
        CROSS JOIN LATERAL jsonb_each_text(c.figures) AS f
        GROUP BY c.day, f.key
      )
      INSERT INTO report_days (tenant_id, day, figures)
      SELECT $1, day, jsonb_object_agg(key, total) FROM counted GROUP BY day ORDER BY day
      ON CONFLICT (tenant_id, day) DO UPDATE SET figures = report_figures_add(report_days.figures, EXCLUDED.figures)`, values);
  }

  /** Of these workflow ids, those the archive holds, with the `updated_at` it holds for each. */
  async confirmWorkflows(tenantId: string, workflowIds: readonly string[]): Promise<Map<string, string>> {
    if (workflowIds.length === 0) return new Map();
    const db = await this.db();
    const { rows } = await db.query<{ workflow_id: string; updated_at: string | number }>(
      'SELECT workflow_id, updated_at FROM archived_workflows WHERE tenant_id = $1 AND workflow_id = ANY($2::text[])', [tenantId, [...workflowIds]]);
    return new Map(rows.map((r) => [r.workflow_id, String(r.updated_at)]));
  }

  /** One archived workflow record of this tenant (its Redis hash fields), or null. */
  async workflow(tenantId: string, workflowId: string): Promise<Record<string, string> | null> {
    const db = await this.db();
    const { rows } = await db.query<{ record: Record<string, string> }>('SELECT record FROM archived_workflows WHERE tenant_id = $1 AND workflow_id = $2', [tenantId, workflowId]);
    return rows[0]?.record ?? null;
  }

  /** Up to `max` archived records matching the filter, newest first, strictly after the cursor. */
  async listWorkflows(tenantId: string, filter: WorkflowFilter, max: number, after: WorkflowPosition | null): Promise<Record<string, string>[]> {
    const db = await this.db();
    const where = ['tenant_id = $1'];
    const values: unknown[] = [tenantId];
    const add = (sql: string, value: unknown) => { values.push(value); where.push(sql.replace('?', `$${values.length}`)); };
    if (filter.workflowType) add('workflow_type = ?', filter.workflowType);
    if (filter.status) add('status = ?', filter.status);
    if (filter.claimIdHash) add('claim_id_hash = ?', filter.claimIdHash);
    if (filter.startedAfter !== undefined) add('started_at > ?', filter.startedAfter);
    if (filter.startedBefore !== undefined) add('started_at < ?', filter.startedBefore);
    if (after) {
      values.push(after.startedAt, after.workflowId);
      where.push(`(started_at, workflow_id) < ($${values.length - 1}, $${values.length})`);
    }
    values.push(max);
    const { rows } = await db.query<{ record: Record<string, string> }>(
      `SELECT record FROM archived_workflows WHERE ${where.join(' AND ')} ORDER BY started_at DESC, workflow_id DESC LIMIT $${values.length}`, values);
    return rows.map((r) => r.record);
  }

  // --- report figures (docs/reports.md) -------------------------------------------------------

  /**
   * The tenant's report counters of each local date `from`..`to` (both included) the archive
   * holds, and which of `hotIds` (workflows a report read in Redis) it holds too, in one statement
   * so both are seen as of one moment: a workflow copied after the Redis read is either counted in
   * its day and skipped there, or not yet in either here.
   */
  async reportDays(tenantId: string, from: string, to: string, hotIds: readonly string[]): Promise<{ days: Map<string, Counters>; archived: Set<string> }> {
    const db = await this.db();
    const { rows } = await db.query<{ day: string | null; figures: Counters | null; workflow_id: string | null }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, figures, NULL AS workflow_id FROM report_days WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date
       UNION ALL
       SELECT NULL, NULL, workflow_id FROM archived_workflows WHERE tenant_id = $1 AND workflow_id = ANY($4::text[])`,
      [tenantId, from, to, [...hotIds]]);
    const days = new Map<string, Counters>();
    const archived = new Set<string>();
    for (const r of rows) {
      if (r.workflow_id !== null) archived.add(r.workflow_id);
      else if (r.day !== null && r.figures !== null) days.set(r.day, r.figures);
    }
    return { days, archived };
  }

  /** Up to `max` archived records of the tenant, by workflow id, after `afterId` (a rebuild's pages). */
  async workflowRecordsAfter(tenantId: string, afterId: string, max: number): Promise<Record<string, string>[]> {
    const db = await this.db();
    const { rows } = await db.query<{ record: Record<string, string> }>(
      'SELECT record FROM archived_workflows WHERE tenant_id = $1 AND workflow_id > $2 ORDER BY workflow_id LIMIT $3', [tenantId, afterId, max]);
    return rows.map((r) => r.record);
  }

  /** Makes the tenant's report rows exactly `days` (a date with no counters has no row), in one statement. */
  async replaceReportDays(tenantId: string, days: ReadonlyMap<string, Counters>): Promise<void> {
    const db = await this.db();
    const dates = [...days.keys()];
    // Deleted and written rows are apart (dates not kept / kept), so one statement may do both.
    await db.query(`WITH gone AS (DELETE FROM report_days WHERE tenant_id = $1 AND NOT (day = ANY($2::date[])))
      INSERT INTO report_days (tenant_id, day, figures) SELECT $1, d, f FROM unnest($2::date[], $3::jsonb[]) AS u(d, f)
      ON CONFLICT (tenant_id, day) DO UPDATE SET figures = EXCLUDED.figures`,
    [tenantId, dates, dates.map((d) => JSON.stringify(days.get(d)))]);
  }

  // --- ledger events ----------------------------------------------------------------------

  /** Copies ledger events; an event already there (same tenant and position) is left as it is. */
  async putEvents(tenantId: string, events: readonly ArchivedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const db = await this.db();
    for (let i = 0; i < events.length; i += 500) {
      const values: unknown[] = [];
      const rows = events.slice(i, i + 500).map((e, j) => {
        const [ms, seq] = sidParts(e.sid);
        values.push(tenantId, e.n, ms, seq, e.event_id, e.workflow_id, e.stage, e.type, e.at, e.detail, e.transition, e.prev_hash, e.hash, e.claim_id_hash ?? null);
        const b = j * 14;
        return `(${Array.from({ length: 14 }, (_, k) => `$${b + k + 1}`).join(', ')})`;
      });
      await db.query(`INSERT INTO archived_events (tenant_id, n, sid_ms, sid_seq, event_id, workflow_id, stage, type, at, detail, transition, prev_hash, hash, claim_id_hash)
        VALUES ${rows.join(', ')} ON CONFLICT (tenant_id, n) DO NOTHING`, values);
    }
  }

  /** The hashes the archive holds for positions `from`..`to`, by position. */
  async eventHashes(tenantId: string, from: number, to: number): Promise<Map<number, string>> {
    const db = await this.db();
    const { rows } = await db.query<{ n: string | number; hash: string }>('SELECT n, hash FROM archived_events WHERE tenant_id = $1 AND n BETWEEN $2 AND $3', [tenantId, from, to]);
    return new Map(rows.map((r) => [Number(r.n), r.hash]));
  }

  /** Archived events after position `afterN`, oldest first, at most `max` (the verifier's pages). */
  async eventsAfter(tenantId: string, afterN: number, max: number): Promise<ArchivedEvent[]> {
    const db = await this.db();
    const { rows } = await db.query<EventRow>(`SELECT ${eventColumns} FROM archived_events WHERE tenant_id = $1 AND n > $2 ORDER BY n LIMIT $3`, [tenantId, afterN, max]);
    return rows.map(toEvent);
  }

  /** Up to `max` archived events matching the filter, oldest first, after stream id `afterSid`. */
  async readEvents(tenantId: string, filter: EventFilter, max: number, afterSid: string | undefined): Promise<ArchivedEvent[]> {
    const db = await this.db();
    const where = ['tenant_id = $1'];
    const values: unknown[] = [tenantId];
    const add = (sql: string, ...params: unknown[]) => {
      let text = sql;
      for (const p of params) { values.push(p); text = text.replace('?', `$${values.length}`); }
      where.push(text);
    };
    if (filter.workflow) add('(workflow_id = ? OR event_id = ANY(?::text[]))', filter.workflow.id, [...filter.workflow.eventIds]);
    if (filter.type) add('type = ?', filter.type);
    if (filter.stage) add('stage = ?', filter.stage);
    const timeWhere = ['tenant_id = $1'];
    if (filter.from !== undefined) { add('at >= ?', filter.from); timeWhere.push(where[where.length - 1]!); }
    if (filter.to !== undefined) { add('at < ?', filter.to); timeWhere.push(where[where.length - 1]!); }
    let bounds = '';
    if (filter.from !== undefined || filter.to !== undefined) {
      // Pages follow stream ids, a time filter is on `at`: scanning the stream-id index for the window
      // reads every event before it (the planner cannot know the two orders agree). The window's events
      // lie between the least and the greatest sid_ms among them, read from the (tenant_id, at)
      // index alone (migration 1764547300000), so the page scan starts and ends there. count(*) keeps
      // the planner from turning min/max into that same ordered scan.
      bounds = `WITH window_sids AS MATERIALIZED (SELECT min(sid_ms) AS lo, max(sid_ms) AS hi, count(*) AS events FROM archived_events WHERE ${timeWhere.join(' AND ')}) `;
      where.push('sid_ms >= (SELECT lo FROM window_sids)', 'sid_ms <= (SELECT hi FROM window_sids)');
    }
    if (afterSid) add('(sid_ms, sid_seq) > (?, ?)', ...sidParts(afterSid));
    values.push(max);
    const { rows } = await db.query<EventRow>(`${bounds}SELECT ${eventColumns} FROM archived_events WHERE ${where.join(' AND ')} ORDER BY sid_ms, sid_seq LIMIT $${values.length}`, values);
    return rows.map(toEvent);
  }

  // --- conversations (human-handover transcripts) ---------------------------------------------

  /** Copies a conversation's messages; a message already there (same conversation and stream id) is left as it is. */
  async putConversation(tenantId: string, workflowId: string, messages: readonly ArchivedMessage[], nowMs: number): Promise<void> {
    if (messages.length === 0) return;
    const db = await this.db();
    for (let i = 0; i < messages.length; i += 500) {
      const values: unknown[] = [];
      const rows = messages.slice(i, i + 500).map((m, j) => {
        const [ms, seq] = sidParts(m.message.id);
        values.push(tenantId, workflowId, ms, seq, m.messageWorkflowId, JSON.stringify(m.message), nowMs);
        const b = j * 7;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb, $${b + 7})`;
      });
      await db.query(`INSERT INTO archived_conversation_messages (tenant_id, workflow_id, sid_ms, sid_seq, message_workflow_id, message, archived_at)
        VALUES ${rows.join(', ')} ON CONFLICT (tenant_id, workflow_id, sid_ms, sid_seq) DO NOTHING`, values);
    }
  }

  /** The stream ids (`<ms>-<seq>`) of the messages the archive holds of these conversations, by conversation. */
  async conversationIds(tenantId: string, workflowIds: readonly string[]): Promise<Map<string, Set<string>>> {
    const held = new Map<string, Set<string>>();
    if (workflowIds.length === 0) return held;
    const db = await this.db();
    const { rows } = await db.query<{ workflow_id: string; sid_ms: string | number; sid_seq: string | number }>(
      'SELECT workflow_id, sid_ms, sid_seq FROM archived_conversation_messages WHERE tenant_id = $1 AND workflow_id = ANY($2::text[])', [tenantId, [...workflowIds]]);
    for (const r of rows) {
      const ids = held.get(r.workflow_id) ?? new Set<string>();
      ids.add(`${r.sid_ms}-${r.sid_seq}`);
      held.set(r.workflow_id, ids);
    }
    return held;
  }

  /** Up to `max` archived messages of a conversation, oldest first, after stream id `after`. */
  async conversation(tenantId: string, workflowId: string, after: string | null, max: number): Promise<ConversationMessage[]> {
    const db = await this.db();
    const values: unknown[] = [tenantId, workflowId];
    let from = '';
    if (after) {
      values.push(...sidParts(after));
      from = ' AND (sid_ms, sid_seq) > ($3, $4)';
    }
    values.push(max);
    const { rows } = await db.query<{ message: ConversationMessage }>(
      `SELECT message FROM archived_conversation_messages WHERE tenant_id = $1 AND workflow_id = $2${from} ORDER BY sid_ms, sid_seq LIMIT $${values.length}`, values);
    return rows.map((r) => r.message);
  }

  /** The workflows the archived messages of these conversations name (a handler's replies and notices, the claimant's messages). */
  async conversationWorkflows(tenantId: string, workflowIds: readonly string[]): Promise<string[]> {
    if (workflowIds.length === 0) return [];
    const db = await this.db();
    const { rows } = await db.query<{ id: string }>(
      `SELECT DISTINCT message_workflow_id AS id FROM archived_conversation_messages
       WHERE tenant_id = $1 AND workflow_id = ANY($2::text[]) AND message_workflow_id IS NOT NULL`, [tenantId, [...workflowIds]]);
    return rows.map((r) => r.id);
  }

  // --- erasure of a claimant (src/claimants/erasure.ts) ---------------------------------------

  /** The archived workflows of a claimant (by the record's `phone_hash`), with their claim hashes. */
  async claimantWorkflows(tenantId: string, phoneHash: string): Promise<{ workflowId: string; claimIdHash: string | null }[]> {
    const db = await this.db();
    const { rows } = await db.query<{ workflow_id: string; claim_id_hash: string | null }>(
      "SELECT workflow_id, claim_id_hash FROM archived_workflows WHERE tenant_id = $1 AND record->>'phone_hash' = $2", [tenantId, phoneHash]);
    return rows.map((r) => ({ workflowId: r.workflow_id, claimIdHash: r.claim_id_hash }));
  }

  /**
   * Blanks what links archived rows to a claimant: the workflows' claim hash column and the
   * record's fields other than `keep`, and the unchained claim hash of archived ledger events;
   * deletes the archived transcripts of their conversations.
   * The chained columns are left as they are (they hold nothing derived from the claimant).
   */
  async eraseClaimant(tenantId: string, workflowIds: readonly string[], claimHashes: readonly string[], keep: readonly string[]): Promise<{ workflows: number; events: number; messages: number }> {
    const db = await this.db();
    const workflows = await db.query<{ count: string | number }>(
      `WITH done AS (UPDATE archived_workflows SET claim_id_hash = NULL,
         record = (SELECT COALESCE(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(record) WHERE key = ANY($3::text[]))
       WHERE tenant_id = $1 AND workflow_id = ANY($2::text[]) RETURNING 1) SELECT count(*) AS count FROM done`,
      [tenantId, [...workflowIds], [...keep]]);
    const events = await db.query<{ count: string | number }>(
      `WITH done AS (UPDATE archived_events SET claim_id_hash = NULL WHERE tenant_id = $1 AND claim_id_hash = ANY($2::text[]) RETURNING 1)
       SELECT count(*) AS count FROM done`, [tenantId, [...claimHashes]]);
    const messages = await db.query<{ count: string | number }>(
      `WITH done AS (DELETE FROM archived_conversation_messages WHERE tenant_id = $1 AND workflow_id = ANY($2::text[]) RETURNING 1)
       SELECT count(*) AS count FROM done`, [tenantId, [...workflowIds]]);
    return { workflows: Number(workflows.rows[0]?.count ?? 0), events: Number(events.rows[0]?.count ?? 0), messages: Number(messages.rows[0]?.count ?? 0) };
  }

  /**
   * After erasures (src/archive/archiver.ts runs it at its next pass, docs/retention.md): the
   * erasure's UPDATEs leave the old row versions, claim and phone hashes included, in the table
   * files until a VACUUM removes them, and their index entries in the indexes until a REINDEX
   * rebuilds them; PGlite has no autovacuum, and PostgreSQL's comes when it comes. So: VACUUM
   * (ANALYZE) the two tables an erasure updates, REINDEX CONCURRENTLY (reads and writes go on) the
   * indexes that held a claimant's value, then a CHECKPOINT where the role may run one (PGlite's
   * always may), so the pages are written out and the WAL that held the old versions can be recycled.
   */
  /**
   * After a pass that archived rows: the planner's statistics of the two tables. PostgreSQL's
   * autovacuum gathers them by itself; PGlite has none, and without statistics its planner sorts
   * a whole tenant's events for each 100-event page a ledger verification reads (a scan the API's
   * event loop pays for, since PGlite runs on it). ANALYZE samples a bounded number of rows. Only
   * the columns the reads order and filter by, none derived from a claimant: the statistics keep
   * sample values in pg_statistic, where an erasure's vacuum would not reach a phone or claim hash.
   */
  async analyzeIfEmbedded(): Promise<void> {
    const db = await this.db();
    if (db.kind === 'pglite') await db.query('ANALYZE archived_workflows (tenant_id, started_at), archived_events (tenant_id, n)');
  }

  async vacuumAfterErasure(): Promise<void> {
    const db = await this.db();
    // One statement a call: VACUUM and REINDEX CONCURRENTLY refuse to run inside a transaction block.
    for (const table of ['archived_workflows', 'archived_events', 'archived_conversation_messages']) await db.query(`VACUUM (ANALYZE) ${table}`);
    for (const index of erasedValueIndexes) await db.query(`REINDEX INDEX CONCURRENTLY ${index}`);
    await db.query('CHECKPOINT').catch((err: Error) => this.o.log.debug({ err: err.message }, 'archive CHECKPOINT after erasure refused (needs pg_checkpoint); the server\'s own checkpoints write the pages'));
  }

  // --- truncation at the end of retention ---------------------------------------------------

  /** The latest truncation checkpoint of the tenant's archived ledger, or null when none was made. */
  async latestTruncation(tenantId: string): Promise<Truncation | null> {
    const db = await this.db();
    const { rows } = await db.query<{ n: string | number; hash: string; checkpoint: string; jwk: unknown; truncated_at: string | number }>(
      'SELECT n, hash, checkpoint, jwk, truncated_at FROM ledger_truncations WHERE tenant_id = $1 ORDER BY n DESC LIMIT 1', [tenantId]);
    const r = rows[0];
    return r ? { n: Number(r.n), hash: r.hash, checkpoint: r.checkpoint, jwk: r.jwk, truncatedAt: Number(r.truncated_at) } : null;
  }

  /**
   * Where the archived ledger may be cut at `before`: the last position such that it and every
   * archived position before it are older than `before`, at most `upTo` (the archive marker), with
   * its hash; null when there is none.
   */
  async truncationPoint(tenantId: string, before: number, upTo: number): Promise<{ n: number; hash: string } | null> {
    const db = await this.db();
    const { rows } = await db.query<{ n: string | number; hash: string }>(
      `SELECT n, hash FROM archived_events WHERE tenant_id = $1 AND n <= $3
         AND n < COALESCE((SELECT min(n) FROM archived_events WHERE tenant_id = $1 AND at >= $2), $3 + 1)
       ORDER BY n DESC LIMIT 1`, [tenantId, before, upTo]);
    const r = rows[0];
    return r ? { n: Number(r.n), hash: r.hash } : null;
  }

  /** Records a signed truncation checkpoint (once per position). */
  async putTruncation(tenantId: string, t: Truncation): Promise<void> {
    const db = await this.db();
    await db.query('INSERT INTO ledger_truncations (tenant_id, n, hash, checkpoint, jwk, truncated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (tenant_id, n) DO NOTHING',
      [tenantId, t.n, t.hash, t.checkpoint, JSON.stringify(t.jwk), t.truncatedAt]);
  }

  /** Removes archived events up to position `n` and workflows finished before `before` (with their conversations' transcripts). Returns how many of each. */
  async removeTruncated(tenantId: string, n: number, before: number): Promise<{ events: number; workflows: number }> {
    const db = await this.db();
    const events = await db.query<{ count: string | number }>('WITH gone AS (DELETE FROM archived_events WHERE tenant_id = $1 AND n <= $2 RETURNING 1) SELECT count(*) AS count FROM gone', [tenantId, n]);
    const workflows = await db.query<{ count: string | number }>(
      `WITH gone AS (DELETE FROM archived_workflows WHERE tenant_id = $1 AND completed_at < $2 RETURNING workflow_id),
         transcripts AS (DELETE FROM archived_conversation_messages WHERE tenant_id = $1 AND workflow_id IN (SELECT workflow_id FROM gone))
       SELECT count(*) AS count FROM gone`, [tenantId, before]);
    return { events: Number(events.rows[0]?.count ?? 0), workflows: Number(workflows.rows[0]?.count ?? 0) };
  }

  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    if (opening) await (await opening.catch(() => null))?.close();
  }
}
