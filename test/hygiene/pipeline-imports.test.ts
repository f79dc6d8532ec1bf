/**
 * pipeline/ is the domain: it may use src/phi (PHI references and hashing), src/errors and
 * types from src/, and nothing else of the runtime, so the domain's decisions can be read and
 * tested without Redis or the API. Type-only imports are allowed
 * because they leave nothing in the compiled code; a value import from src/redis, src/runtime
 * or src/api would tie the domain to the machinery it is meant not to know.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const root = join(__dirname, '..', '..');
const allowed = new Set(['src/phi.ts', 'src/errors.ts']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every `import ... from '...'` and `export ... from '...'` of a file, with whether it is type-only. */
function importsOf(text: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  const pattern = /^(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'/gm;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const names = m[3]!;
    // `import { type A, type B }` is type-only too.
    const inlineTypes = /^\{\s*(type\s+\w+\s*,?\s*)+\}$/.test(names.trim());
    found.push({ spec: m[4]!, typeOnly: m[2] !== undefined || inlineTypes });
  }
  for (const m of text.matchAll(/\brequire\(\s*'([^']+)'\s*\)|\bimport\(\s*'([^']+)'\s*\)/g)) found.push({ spec: (m[1] ?? m[2])!, typeOnly: false });
  return found;
}

describe('pipeline imports', () => {
  it('pipeline/ takes from src/ only src/phi, src/errors and types', () => {
    const files = tsFiles(join(root, 'pipeline'));
    expect(files.length, 'pipeline files read').to.be.greaterThan(20);
    const offending: string[] = [];
    for (const file of files) {
      for (const { spec, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(file), spec)).replace(/\\/g, '/');
        if (!target.startsWith('src/')) continue;
        const withExt = target.endsWith('.ts') ? target : `${target}.ts`;
        if (!typeOnly && !allowed.has(withExt)) offending.push(`${relative(root, file)} imports ${withExt}`);
      }
    }
    expect(offending).to.deep.equal([]);
  });

  it('the check sees a forbidden import (it would fail on one)', () => {
    const found = importsOf("import { Keys } from '../src/redis/keys';\nimport type { X } from '../src/y';\nimport { type A, type B } from '../src/z';");
    expect(found).to.deep.equal([
      { spec: '../src/redis/keys', typeOnly: false }, { spec: '../src/y', typeOnly: true }, { spec: '../src/z', typeOnly: true },
    ]);
  });
});
