/**
 * Every Lua script in src/redis/lua opens with its header comment, is registered in
 * src/redis/scripts.ts, and is named by at least one integration test (its file name, a call of
 * its registered name, or a call of its typed wrapper `run<Name>`), so a new script without a
 * test fails the suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect } from 'chai';

const root = join(__dirname, '..', '..');
const luaDir = join(root, 'src', 'redis', 'lua');
const testDir = __dirname;
const self = basename(__filename);

describe('Lua scripts: headers and integration tests', () => {
  const files = readdirSync(luaDir).filter((f) => f.endsWith('.lua')).sort();
  const nameOf = (file: string) => file.replace(/(-\d+)?\.lua$/, '');
  const wrapperOf = (file: string) => `run${nameOf(file)[0]!.toUpperCase()}${nameOf(file).slice(1)}(`;

  it('finds the scripts', () => {
    expect(files.length).to.be.greaterThan(20);
  });

  it('every script opens with a header comment and is registered in scripts.ts under its name', () => {
    const registry = readFileSync(join(root, 'src', 'redis', 'scripts.ts'), 'utf8');
    const problems = files.flatMap((file) => {
      const firstLine = readFileSync(join(luaDir, file), 'utf8').split('\n')[0] ?? '';
      return [
        ...(firstLine.startsWith('--') ? [] : [`${file}: first line is not a comment`]),
        ...(registry.includes(`{ name: '${nameOf(file)}', file: '${file}'`) ? [] : [`${file}: not registered as '${nameOf(file)}' in scripts.ts`]),
      ];
    });
    expect(problems).to.deep.equal([]);
  });

  it('every script is named by an integration test (file name, or a call of its registered name or its wrapper)', () => {
    const tests = readdirSync(testDir).filter((f) => f.endsWith('.ts') && f !== self).map((f) => readFileSync(join(testDir, f), 'utf8'));
    const untested = files.filter((file) => !tests.some((text) => text.includes(file) || text.includes(`.${nameOf(file)}(`) || text.includes(wrapperOf(file))));
    expect(untested, 'scripts no test under test/integration names').to.deep.equal([]);
  });
});
