/**
 * `npm run bench:archive-read`: `GET /v1/audit/events` pages over a long archived ledger (issue 12,
 * finding 4; goal: p99 under 50 ms a page).
 *
 * A private PostgreSQL database (on the test server, test/helpers/postgres.ts) gets, through the
 * archive's own tables, `--events` chained ledger events of tenant `bench` (20 per workflow, the
 * workflows' runs overlapping, and the workflow records) plus `--others` events of each of two other
 * tenants; Redis is left as the archiver leaves it: the ledger head, the archive marker at the last
 * archived event, and `--hot` newer events still in the ledger stream. Then one API process
 * (`src/main.ts api`, as in production) answers, one request at a time, pages of 50:
 *   - workflow: `?workflow_id=` of a random archived workflow, every page;
 *   - time: `?from=&to=` a random `--window` of the ledger, up to `--pages` pages along the cursors;
 *   - unfiltered: from a random position (a cursor), up to `--pages` pages.
 * Then the archive's SQL alone (ArchiveStore.readEvents from the bench process) for the same kinds,
 * to tell the archive's share of a page from the API's and the machine's.
 * Prints p50/p95/p99/max per kind and PASS/FAIL (of the API pages) against 50 ms; exits 1 when a p99 misses.
 * The tenant's 300-a-minute limit of this endpoint is reset between requests (the bench measures
 * the page, not the limit). Options: --events 1000000 --others 100000 --hot 1000 --requests 600
 * --pages 10 --window 1h --keep (leave the database). Uses REDIS_URL (default the local Redis)
 * under a fresh key prefix, removed at the end.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { Agent, request } from 'undici';
import { chain, genesisHash, toFields, type LedgerEvent, type UnchainedEvent } from '../src/audit/audit-chain';
import { parseDuration } from '../src/durations';
import { createTestDatabase } from '../test/helpers/postgres';
import { option, percentile } from './bench-support';
import { startBenchWorld } from './bench-world';

const eventCount = Number(option('events', '1000000'));
const otherCount = Number(option('others', '100000'));
const hotCount = Number(option('hot', '1000'));
const requests = Number(option('requests', '600'));
const maxPages = Number(option('pages', '10'));
const windowMs = parseDuration(option('window', '1h'));
const keep = process.argv.includes('--keep');
const goalMs = 50;
const perWorkflow = 20;
/** Workflows running at once: a workflow's events are spread over this many others'. */
const overlap = 50;
/** One event every 250 ms: 1,000,000 events span about 3 days. */
const spacingMs = 250;
const t0 = Date.UTC(2026, 9, 1);
const stages = ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'];

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 4 });

/** A tenant's synthetic history: `count` events of workflows of `perWorkflow` events, `overlap` at a time. */
function history(tenantId: string, tenantIndex: number, partitions: number, count: number, timeOffset: number): { events: UnchainedEvent[]; workflows: Map<string, { eventIds: string[]; started: number; ended: number }> } {
  const events: UnchainedEvent[] = [];
  const workflows = new Map<string, { eventIds: string[]; started: number; ended: number }>();
  const workflowCount = Math.ceil(count / perWorkflow);
  // Event k belongs to workflow (k % overlap) of the current group of `overlap` workflows.
  for (let k = 0; k < count; k++) {
    const group = Math.floor(k / (overlap * perWorkflow));
    const w = Math.min(workflowCount - 1, group * overlap + (k % overlap));
    const id = `wf-${w % partitions}-${tenantIndex.toString(16)}${w.toString(16).padStart(19, '0')}`;
    const at = t0 + timeOffset + k * spacingMs;
    const record = workflows.get(id) ?? { eventIds: [], started: at, ended: at };
    const j = record.eventIds.length;
    const eventId = `ae-${w % partitions}-${at}-0`;
    record.eventIds.push(eventId);
    record.ended = at;
    workflows.set(id, record);
    events.push({
      event_id: eventId, tenant_id: tenantId, workflow_id: id, stage: stages[j % stages.length]!,
      type: j === 0 ? 'workflow.started' : j === perWorkflow - 1 ? 'workflow.finished' : 'workflow.transition', at,
      detail: JSON.stringify({ outcome: 'status_found', claim_id_hash: `sha256:${(w % 97).toString(16).padStart(64, '0')}` }),
    });
  }
  return { events, workflows };
}

/** Inserts chained events as the archiver's INSERT would (src/archive/archive-store.ts), 10,000 rows a statement. */
async function insertEvents(client: pg.Client, tenantId: string, events: LedgerEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 10_000) {
    const slice = events.slice(i, i + 10_000);
    const col = <K extends keyof LedgerEvent>(k: K) => slice.map((e) => e[k]);
    await client.query(`INSERT INTO archived_events (tenant_id, n, sid_ms, sid_seq, event_id, workflow_id, stage, type, at, detail, transition, prev_hash, hash)
      SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::text[])`,
    [tenantId, col('n'), col('at'), slice.map(() => 0), col('event_id'), col('workflow_id'), col('stage'), col('type'), col('at'), col('detail'), col('transition'), col('prev_hash'), col('hash')]);
  }
}

/** Workflow records as the archiver copies them (the Redis hash, field by field). */
async function insertWorkflows(client: pg.Client, tenantId: string, workflows: Map<string, { eventIds: string[]; started: number; ended: number }>): Promise<void> {
  const all = [...workflows.entries()];
  for (let i = 0; i < all.length; i += 5000) {
    const slice = all.slice(i, i + 5000);
    const records = slice.map(([id, w]) => ({
      workflow_id: id, tenant_id: tenantId, workflow_type: 'claim-status', status: 'completed', claim_id_hash: `sha256:${'0'.repeat(64)}`,
      started_at: String(w.started), updated_at: String(w.ended), completed_at: String(w.ended), audit: w.eventIds.join(','), channel: 'whatsapp', outcome: 'status_found',
    }));
    await client.query(`INSERT INTO archived_workflows (tenant_id, workflow_id, workflow_type, status, claim_id_hash, started_at, updated_at, completed_at, record, archived_at)
      SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::jsonb[], $10::bigint[])`,
    [tenantId, records.map((r) => r.workflow_id), records.map((r) => r.workflow_type), records.map((r) => r.status), records.map((r) => r.claim_id_hash),
      records.map((r) => r.started_at), records.map((r) => r.updated_at), records.map((r) => r.completed_at), records.map((r) => JSON.stringify(r)), records.map((r) => r.completed_at)]);
  }
}

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  const world = await startBenchWorld('930930930');
  const s = world.services;
  const client = new pg.Client({ connectionString: database.url });
  let failed = false;
  try {
    await s.archive.db(); // creates the tables (the migrations)
    await client.connect();
    const loadStart = performance.now();
    let benchWorkflowIds: string[] = [];
    let lastArchived: LedgerEvent | null = null;
    let benchEnd = t0;
    for (const [index, [tenantId, count]] of ([['bench', eventCount], ['other1', otherCount], ['other2', otherCount]] as const).entries()) {
      const { events, workflows } = history(tenantId, index, s.keys.partitions, count + (tenantId === 'bench' ? hotCount : 0), index * 100);
      const chained = chain(events, genesisHash, 0);
      const archived = chained.slice(0, count);
      await insertEvents(client, tenantId, archived);
      await insertWorkflows(client, tenantId, workflows);
      if (tenantId !== 'bench') continue;
      benchWorkflowIds = [...workflows.keys()].filter((id) => workflows.get(id)!.ended < archived[archived.length - 1]!.at);
      lastArchived = archived[archived.length - 1]!;
      benchEnd = lastArchived.at;
      // Redis as the archiver leaves it: the head after every event, the marker at the last archived
      // one, the newer events still in the stream under their own ids.
      const hot = chained.slice(count);
      const write = s.redis.pipeline();
      for (const e of hot) write.xadd(s.keys.ledger('bench'), `${e.at}-0`, ...toFields(e));
      const head = chained[chained.length - 1]!;
      write.hset(s.keys.ledgerHead('bench'), 'hash', head.hash, 'count', String(head.n), 'webhooked_n', String(head.n));
      write.hset(s.keys.archived('bench'), 'ledger_n', String(lastArchived.n), 'ledger_sid', `${lastArchived.at}-0`, 'ledger_next', `${lastArchived.at}-1`, 'workflows', '1');
      await write.exec();
    }
    // As autovacuum leaves a table after bulk inserts: statistics, and the visibility map that lets the
    // time filter's bounds come from the index alone (without it, each index entry also reads the row).
    await client.query('VACUUM ANALYZE archived_events');
    await client.query('VACUUM ANALYZE archived_workflows');
    process.stdout.write(`archive filled: ${eventCount} events of tenant bench (${benchWorkflowIds.length} archived workflows), ${otherCount} of each of two other tenants, ${hotCount} hot events in Redis, in ${((performance.now() - loadStart) / 1000).toFixed(0)} s\n`);

    await world.startService([['api']], '');
    const base = `http://127.0.0.1:${world.config.port}`;
    const tokenRes = await request(`${base}/v1/auth/token`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: world.tenant.credentials.client_id, client_secret: world.tenant.credentials.client_secret }) });
    const token = ((await tokenRes.body.json()) as { access_token: string }).access_token;
    const limiterKey = `${s.keys.rateLimitPrefix('audit')}:bench`;

    /** One page: its time (ms), items and next cursor; fails the run on anything but 200. */
    const page = async (query: string): Promise<{ ms: number; items: { n: number; workflow_id: string; at: string }[]; next: string | null }> => {
      await s.redis.del(limiterKey);
      const t = performance.now();
      const res = await request(`${base}/v1/audit/events?${query}`, { dispatcher: agent, headers: { authorization: `Bearer ${token}` } });
      const body = (await res.body.json()) as { items: { n: number; workflow_id: string; at: string }[]; next_cursor: string | null };
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`GET /v1/audit/events?${query} answered ${res.statusCode}: ${JSON.stringify(body)}`);
      return { ms, items: body.items, next: body.next_cursor };
    };
    const cursorAt = (at: number) => Buffer.from(`${at}-0`, 'utf8').toString('base64url');

    const times: Record<'workflow' | 'time' | 'unfiltered', number[]> = { workflow: [], time: [], unfiltered: [] };
    let items = 0;
    // Warm-up (connections, plans; not measured).
    for (let i = 0; i < 20; i++) await page(`workflow_id=${pick(benchWorkflowIds)}`);
    for (let r = 0; times.workflow.length < requests; r++) {
      const id = pick(benchWorkflowIds);
      let cursor: string | null = null;
      const seen: number[] = [];
      do {
        const p: Awaited<ReturnType<typeof page>> = await page(`workflow_id=${id}${cursor ? `&cursor=${cursor}` : ''}`);
        times.workflow.push(p.ms);
        seen.push(...p.items.filter((e) => e.workflow_id === id).map((e) => e.n));
        cursor = p.next;
      } while (cursor);
      if (seen.length !== perWorkflow) throw new Error(`workflow ${id}: ${seen.length} events read, ${perWorkflow} written`);
      items += seen.length;
    }
    while (times.time.length < requests) {
      const from = t0 + Math.floor(Math.random() * (benchEnd - t0 - windowMs));
      let cursor: string | null = null;
      let previous = 0;
      for (let k = 0; k < maxPages; k++) {
        const p: Awaited<ReturnType<typeof page>> = await page(`from=${new Date(from).toISOString()}&to=${new Date(from + windowMs).toISOString()}${cursor ? `&cursor=${cursor}` : ''}`);
        times.time.push(p.ms);
        for (const e of p.items) {
          const at = Date.parse(e.at);
          if (at < from || at >= from + windowMs || e.n <= previous) throw new Error(`time page: event ${e.n} at ${e.at} outside the window or out of order`);
          previous = e.n;
        }
        items += p.items.length;
        cursor = p.next;
        if (!cursor) break;
      }
    }
    while (times.unfiltered.length < requests) {
      let cursor: string | null = cursorAt(t0 + Math.floor(Math.random() * (benchEnd - t0)));
      for (let k = 0; k < maxPages && cursor; k++) {
        const p: Awaited<ReturnType<typeof page>> = await page(`limit=50&cursor=${cursor}`);
        times.unfiltered.push(p.ms);
        if (p.items.length !== 50 && p.next) throw new Error(`unfiltered page of ${p.items.length} events with a next cursor`);
        items += p.items.length;
        cursor = p.next;
      }
    }
    process.stdout.write(`pages of 50 (default limit), one request at a time; ${items} events read back\n`);

    // The archive's SQL alone (ArchiveStore.readEvents from this process, its own pool), the same
    // kinds of page: what of a page's time is the archive's, and what the API's and the machine's.
    const sql: Record<'workflow' | 'time' | 'unfiltered', number[]> = { workflow: [], time: [], unfiltered: [] };
    const timed = async (list: number[], run: () => Promise<{ sid: string }[]>) => {
      const t = performance.now();
      const rows = await run();
      list.push(performance.now() - t);
      return rows;
    };
    while (sql.workflow.length < requests) {
      const id = pick(benchWorkflowIds);
      const record = await s.archive.workflow('bench', id);
      const eventIds = new Set((record?.audit ?? '').split(','));
      await timed(sql.workflow, () => s.archive.readEvents('bench', { workflow: { id, eventIds } }, 50, undefined));
    }
    while (sql.time.length < requests) {
      const from = t0 + Math.floor(Math.random() * (benchEnd - t0 - windowMs));
      let after: string | undefined;
      for (let k = 0; k < maxPages; k++) {
        const rows = await timed(sql.time, () => s.archive.readEvents('bench', { from, to: from + windowMs }, 50, after));
        if (rows.length < 50) break;
        after = rows[rows.length - 1]!.sid;
      }
    }
    while (sql.unfiltered.length < requests) {
      let after: string | undefined = `${t0 + Math.floor(Math.random() * (benchEnd - t0))}-0`;
      for (let k = 0; k < maxPages && after; k++) {
        const rows = await timed(sql.unfiltered, () => s.archive.readEvents('bench', {}, 50, after));
        after = rows.length === 50 ? rows[rows.length - 1]!.sid : undefined;
      }
    }
    for (const [kind, list] of Object.entries(sql)) {
      list.sort((a, b) => a - b);
      process.stdout.write(`archive SQL alone, ${kind.padEnd(10)}: ${String(list.length).padStart(5)} queries, p50 ${percentile(list, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(list, 95).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms, max ${list[list.length - 1]!.toFixed(1)} ms\n`);
    }
    process.stdout.write(`load average during the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; ${cpus().length} cores)\n`);
    for (const [kind, list] of Object.entries(times)) {
      list.sort((a, b) => a - b);
      const p99 = percentile(list, 99);
      const pass = p99 < goalMs;
      failed ||= !pass;
      process.stdout.write(`${kind.padEnd(10)}: ${String(list.length).padStart(5)} pages, p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${list[list.length - 1]!.toFixed(1)} ms: ${pass ? 'PASS' : 'FAIL'} (p99 < ${goalMs} ms)\n`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await world.stop();
    await agent.close();
    if (keep) process.stdout.write(`database kept: ${database.name}\n`);
    else await database.drop();
  }
  if (failed) process.exit(1);
}

main().catch((err: Error) => {
  process.stderr.write(`bench:archive-read failed: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
