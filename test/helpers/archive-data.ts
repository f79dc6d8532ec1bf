/**
 * Synthetic history for the archive tests: finished workflow records in their partitions and a
 * hash-chained ledger, written straight into Redis the way the runtime leaves them, with times a
 * test chooses (workflow i starts at `t0 + i * step`, and its events follow it).
 */
import { chain, genesisHash, toFields, type LedgerEvent } from '../../src/audit/audit-chain';
import { runAppendLedger } from '../../src/redis/scripts';
import type { Services } from '../../src/services';

export interface History {
  workflowIds: string[];
  /** Every ledger event, oldest first, as written. */
  events: LedgerEvent[];
  /** When workflow i started, and when its events happened. */
  startOf(i: number): number;
}

const stages = ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'] as const;
const statuses = ['completed', 'completed', 'policy_blocked', 'cancelled', 'timed_out'] as const;

/**
 * `workflows` finished workflows of `tenantId`, each with `eventsPer` ledger events. `eventsPerEntry`:
 * written as the mover writes the runs form (appendLedger-2.lua, up to that many events an entry,
 * so entries span workflows); without it, one entry an event.
 */
export async function writeHistory(s: Services, tenantId: string,
  o: { workflows: number; eventsPer: number; t0: number; step: number; eventsPerEntry?: number }): Promise<History> {
  const { redis, keys } = s;
  const workflowIds: string[] = [];
  const unchained: Parameters<typeof chain>[0] = [];
  const write = redis.pipeline();
  for (let i = 0; i < o.workflows; i++) {
    const partition = i % keys.partitions;
    const id = keys.newWorkflowId(partition);
    workflowIds.push(id);
    const started = o.t0 + i * o.step;
    const eventIds: string[] = [];
    for (let j = 0; j < o.eventsPer; j++) {
      const eventId = `ae-${partition}-${started}-${j}`;
      eventIds.push(eventId);
      unchained.push({ event_id: eventId, tenant_id: tenantId, workflow_id: id, stage: stages[j % stages.length]!, type: j === o.eventsPer - 1 ? 'workflow.finished' : 'stage.completed',
        at: started + j, detail: JSON.stringify({ j }) });
    }
    const status = statuses[i % statuses.length]!;
    write.hset(keys.workflow(partition, id), {
      workflow_id: id, tenant_id: tenantId, workflow_type: i % 3 === 0 ? 'pending-documents' : 'claim-status', status,
      claim_id_hash: `sha256:${(i % 4).toString(16).padStart(64, '0')}`, started_at: String(started), updated_at: String(started + o.eventsPer),
      completed_at: String(started + o.eventsPer), audit: eventIds.join(','), channel: 'whatsapp', outcome: status, seq: String(o.eventsPer),
    });
    write.zadd(keys.workflowIndex(partition, tenantId), started, id);
  }
  const head = await redis.hgetall(keys.ledgerHead(tenantId));
  const events = chain(unchained, head.hash ?? genesisHash, Number(head.count ?? 0));
  const last = events[events.length - 1];
  if (o.eventsPerEntry === undefined) {
    for (const e of events) write.xadd(keys.ledger(tenantId), '*', ...toFields(e));
    // As the ledger mover and the webhook publisher leave the head.
    if (last) write.hset(keys.ledgerHead(tenantId), 'hash', last.hash, 'count', String(last.n), 'webhooked_n', String(last.n));
    await write.exec();
  } else {
    await write.exec();
    if (last) {
      const written = await runAppendLedger(redis, keys, tenantId, 0, {
        expectedHead: head.hash ?? '', cursor: '0-1', newHead: last.hash, count: last.n, events: events.map((e) => toFields(e, 'packed')), eventsPerEntry: o.eventsPerEntry,
      });
      if (written.kind !== 'ok') throw new Error('writeHistory: the ledger head moved while writing');
      await redis.hset(keys.ledgerHead(tenantId), 'webhooked_n', String(last.n));
    }
  }
  return { workflowIds, events, startOf: (i) => o.t0 + i * o.step };
}
