/**
 * docs/errors.md against `errorCatalogue`: a partner reading the docs sees every code the service
 * can send, with the status and retryability the code really has, and no code that does not exist.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCatalogue } from '../../src/errors';

interface Row {
  code: string;
  status: number;
  retryable: string;
}

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'errors.md'), 'utf8');

/** Rows of the table under "## Catalogue" whose first cell is a `code`. */
function catalogueRows(): Row[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith('Catalogue'));
  if (!section) throw new Error('docs/errors.md has no "## Catalogue" section');
  return section.split('\n')
    .map((line) => /^\|\s*`([a-z_]+)`\s*\|\s*(\d{3})\s*\|\s*(yes|no)\s*\|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ code: m[1]!, status: Number(m[2]), retryable: m[3]! }));
}

describe('docs/errors.md', () => {
  it('mentions every code of errorCatalogue as `code`', () => {
    const missing = Object.keys(errorCatalogue).filter((code) => !doc.includes(`\`${code}\``));
    expect(missing, 'codes missing from docs/errors.md').to.deep.equal([]);
  });

  it('has a catalogue table row for every code, and only for codes that exist', () => {
    const documented = catalogueRows().map((r) => r.code);
    expect(documented.length).to.equal(new Set(documented).size, 'a code is listed twice');
    const unknown = documented.filter((code) => !(code in errorCatalogue));
    expect(unknown, 'codes in the table that errorCatalogue does not have').to.deep.equal([]);
    expect([...documented].sort()).to.deep.equal(Object.keys(errorCatalogue).sort());
  });

  it('gives each code the HTTP status and retryability the code has', () => {
    for (const row of catalogueRows()) {
      const entry = errorCatalogue[row.code as keyof typeof errorCatalogue];
      expect({ code: row.code, status: row.status, retryable: row.retryable === 'yes' })
        .to.deep.equal({ code: row.code, status: entry.status, retryable: entry.retryable });
    }
  });
});
