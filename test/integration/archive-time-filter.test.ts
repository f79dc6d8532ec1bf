/**
 * Archived ledger pages with a time filter (`from`/`to` on the event's time) follow stream ids, and
 * the read bounds the window's stream ids first (least and greatest sid_ms among the window's
 * events, src/archive/archive-store.ts). Those bounds must never cut an event off, whatever the
 * order of event times against stream ids: events are written with times in random order (a clock
 * behind or ahead of Redis's, a mover that was late), and every page walk must return exactly the
 * events in the window, in stream-id order, each once.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { ArchiveStore, type ArchivedEvent } from '../../src/archive/archive-store';
import { chain, genesisHash } from '../../src/audit/audit-chain';
import { createLogger } from '../../src/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres';

describe('archive: ledger pages with a time filter', function () {
  this.timeout(120000);
  let database: TestDatabase;
  let archive: ArchiveStore;

  before(async () => {
    database = await createTestDatabase();
    archive = new ArchiveStore({ databaseUrl: database.url, embeddedDir: null, log: createLogger('silent') });
  });
  after(async () => {
    await archive?.close();
    await database?.drop();
  });

  it('returns exactly the window\'s events in stream-id order, each once, whatever the order of their times', async () => {
    let run = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 7 }), fc.boolean(), fc.boolean(),
      async (times, from, width, pageSize, withFrom, withTo) => {
        const tenantId = `tf${run++}`;
        const events: ArchivedEvent[] = chain(times.map((at, i) => ({
          event_id: `ae-0-${i}`, tenant_id: tenantId, workflow_id: `wf-0-${String(i).padStart(20, '0')}`, stage: 'truth', type: 'workflow.transition', at, detail: '{}',
        })), genesisHash, 0).map((e, i) => ({ ...e, sid: `${5000 + i * 3}-${i % 2}` }));
        await archive.putEvents(tenantId, events);
        // Another tenant's events in the same window never show.
        await archive.putEvents(`${tenantId}x`, events.map((e) => ({ ...e, tenant_id: `${tenantId}x` })));
        const filter = { from: withFrom ? from : undefined, to: withTo ? from + width : undefined };
        const expected = events.filter((e) => (filter.from === undefined || e.at >= filter.from) && (filter.to === undefined || e.at < filter.to)).map((e) => e.n);
        const read: number[] = [];
        let after: string | undefined;
        for (let pages = 0; pages <= events.length + 1; pages++) {
          const page = await archive.readEvents(tenantId, filter, pageSize, after);
          read.push(...page.map((e) => e.n));
          if (page.length < pageSize) break;
          after = page[page.length - 1]!.sid;
        }
        expect(read).to.deep.equal(expected);
      }), { numRuns: 40 });
  });
});
