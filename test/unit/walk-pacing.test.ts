/**
 * The pace of a ledger verification (src/audit/walk-pacing.ts): a walk never reads faster than its
 * budget of events a second, and rests at least as long as each page took, so that another
 * tenant's requests do not wait behind it.
 */
import { expect } from 'chai';
import { chain, genesisHash, walkPages, type LedgerEvent } from '../../src/audit/audit-chain';
import { walkPace } from '../../src/audit/walk-pacing';

function ledger(events: number): LedgerEvent[] {
  return chain(Array.from({ length: events }, (_, i) => ({
    event_id: `ae-${i}`, tenant_id: 't', workflow_id: 'wf-1', stage: 'truth', type: 'workflow.transition', at: 1_700_000_000_000 + i, detail: '{}',
  })), genesisHash, 0);
}

async function* pagesOf(events: LedgerEvent[], size: number): AsyncGenerator<LedgerEvent[]> {
  for (let i = 0; i < events.length; i += size) yield events.slice(i, i + size);
}

describe('walk pacing', () => {
  it('keeps a walk within its events a second: 500 events at 10,000/s take at least 50 ms, and the chain still verifies', async () => {
    const started = performance.now();
    const walk = await walkPages(pagesOf(ledger(500), 100), null, walkPace(10_000));
    // A lower bound only: a loaded machine makes the walk slower, never faster.
    expect(performance.now() - started).to.be.at.least(45);
    expect(walk.check).to.include({ valid: true, count: 500 });
  });

  it('rests at least as long as a page took, whatever the budget', async () => {
    const pace = walkPace(10_000_000);
    const started = performance.now();
    await pace(30, 100);
    expect(performance.now() - started).to.be.at.least(29);
  });
});
