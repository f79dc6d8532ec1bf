/**
 * The transition table in docs/workflows.md is the one in pipeline/workflows/transitions.ts: a
 * partner building on the documented state machine meets the same one in the service.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transitions } from '../../pipeline/workflows/transitions';

/** The `| status | may become |` table: status → the statuses listed after it. */
function documentedTransitions(): Record<string, string[]> {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'workflows.md'), 'utf8');
  const lines = doc.split('\n');
  const header = lines.findIndex((l) => /^\|\s*status\s*\|\s*may become\s*\|\s*$/.test(l));
  if (header < 0) throw new Error('docs/workflows.md has no "| status | may become |" table');
  const table: Record<string, string[]> = {};
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [status, next] = line.split('|').slice(1, 3).map((c) => c.trim()) as [string, string];
    const name = /^`([a-z_]+)`$/.exec(status)?.[1];
    if (!name) throw new Error(`not a status cell: ${status}`);
    table[name] = [...next.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  }
  return table;
}

const sorted = (table: Readonly<Record<string, readonly string[]>>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, [...v].sort()]));

describe('docs/workflows.md transition table', () => {
  it('has a row for every status and no other', () => {
    expect(Object.keys(documentedTransitions()).sort()).to.deep.equal(Object.keys(transitions).sort());
  });

  it('allows exactly the transitions the code allows', () => {
    expect(sorted(documentedTransitions())).to.deep.equal(sorted(transitions));
  });

  it('shows the final statuses with nothing after them', () => {
    const doc = documentedTransitions();
    expect(doc.completed).to.deep.equal([]);
    expect(doc.policy_blocked).to.deep.equal([]);
  });
});
