/**
 * The decisions the hand-off script used to make, now made in TypeScript before the hand-off and
 * carried out by handoff.lua (which re-checks them against the state at that moment):
 * which pending document a received file satisfies, and whether a follow-up joins its claim's open one.
 */
import { expect } from 'chai';
import type { PendingDocument } from '../../pipeline/types';
import { documentsFor, followUpToJoin } from '../../pipeline/workflows/pending-documents';

const pending: PendingDocument[] = [
  { code: 'discharge_summary', name: 'Discharge summary' },
  { code: 'bill', name: 'Final bill' },
  { code: 'prescription', name: 'Prescription' },
];

describe('documentsFor: which pending document a received file satisfies, best first', () => {
  it('without a hint: the documents still missing, in the CMS\'s order', () => {
    expect(documentsFor(pending, {}, null)).to.deep.equal(['discharge_summary', 'bill', 'prescription']);
    expect(documentsFor(pending, { discharge_summary: 'm1' }, null)).to.deep.equal(['bill', 'prescription']);
  });

  it('the hinted document first while it is still missing, then the others missing in order', () => {
    expect(documentsFor(pending, {}, 'prescription')).to.deep.equal(['prescription', 'discharge_summary', 'bill']);
    expect(documentsFor(pending, { discharge_summary: 'm1' }, 'bill')).to.deep.equal(['bill', 'prescription']);
  });

  it('a hint already received, or not pending at all, counts for nothing', () => {
    expect(documentsFor(pending, { bill: 'm1' }, 'bill')).to.deep.equal(['discharge_summary', 'prescription']);
    expect(documentsFor(pending, {}, 'passport')).to.deep.equal(['discharge_summary', 'bill', 'prescription']);
  });

  it('nothing missing: an empty list (the file is recorded against no document)', () => {
    expect(documentsFor(pending, { discharge_summary: 'm1', bill: 'm2', prescription: 'm3' }, 'bill')).to.deep.equal([]);
    expect(documentsFor([], {}, null)).to.deep.equal([]);
  });
});

describe('followUpToJoin: whether a follow-up about to wait joins its claim\'s open one', () => {
  it('joins the claim\'s open follow-up', () => {
    expect(followUpToJoin('wf-new', 'wf-open')).to.equal('wf-open');
  });

  it('waits when the claim has none open, or the open one is this workflow itself (resumed)', () => {
    expect(followUpToJoin('wf-new', null)).to.equal(null);
    expect(followUpToJoin('wf-new', 'wf-new')).to.equal(null);
  });
});
