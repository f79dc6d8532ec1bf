/**
 * docs/scopes.md stays true: every scope a route requires is documented for that route, every
 * documented operation requires that scope, and every scope and role of the code is in the
 * catalogue.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roleScopes } from '../../src/auth/users';
import { allScopes } from '../../src/tenants/tenant-document';

const root = join(__dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'scopes.md'), 'utf8');
const section = (title: string) => doc.split(`## ${title}`)[1]!.split('\n## ')[0]!;

describe('docs/scopes.md', () => {
  it('documents the scope of every route that requires one, and only those', () => {
    const routesDir = join(root, 'src', 'api', 'routes');
    const required = new Set<string>();
    for (const file of readdirSync(routesDir)) {
      const source = readFileSync(join(routesDir, file), 'utf8');
      for (const m of source.matchAll(/router\.(get|post|put|patch|delete)\('([^']+)',\s*requireScope\('([^']+)'\)/g)) {
        required.add(`${m[1]!.toUpperCase()} ${m[2]!.replace(/:([A-Za-z]+)/g, '{$1}').replace('{workflowId}', '{workflow_id}')} ${m[3]}`);
      }
    }
    const documented = new Set([...section('Operations served now').matchAll(/^\| `([A-Z]+ [^`]+)` \| `([^`]+)` \|$/gm)].map((m) => `${m[1]} ${m[2]}`));
    expect([...documented].sort()).to.deep.equal([...required].sort());
  });

  it('lists every scope of the catalogue', () => {
    const listed = [...section('Catalogue').matchAll(/^\| `([a-z]+:[a-z]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).to.deep.equal([...allScopes].sort());
  });

  it('shows each role with exactly its scopes', () => {
    const rows = Object.fromEntries([...section('Roles of human users').matchAll(/^\| `([a-z_]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(rows).sort()).to.deep.equal(Object.keys(roleScopes).sort());
    for (const [role, scopes] of Object.entries(roleScopes)) {
      const shown = rows[role] === 'every scope above' ? [...allScopes] : [...rows[role]!.matchAll(/`([a-z]+:[a-z]+)`/g)].map((m) => m[1]);
      expect([...shown].sort(), role).to.deep.equal([...scopes].sort());
    }
  });
});
