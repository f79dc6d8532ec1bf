/**
 * Every Lua script in src/redis/lua opens with its header comment (what it does, its KEYS and
 * ARGV, what it returns), is registered in src/redis/scripts.ts, and is called by name from at
 * least one integration test against real Redis, so a new script cannot land untested.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

const root = join(__dirname, '..', '..');
const luaDir = join(root, 'src', 'redis', 'lua');
const luaFiles = readdirSync(luaDir).filter((f) => f.endsWith('.lua'));
const integration = join(root, 'test', 'integration');
const testText = readdirSync(integration).filter((f) => f.endsWith('.test.ts'))
  .map((f) => readFileSync(join(integration, f), 'utf8')).join('\n');
const registry = readFileSync(join(root, 'src', 'redis', 'scripts.ts'), 'utf8');

describe('Lua scripts: header, registration and a test each', () => {
  it('finds the scripts', () => {
    expect(luaFiles.length).to.be.greaterThan(0);
  });

  for (const file of luaFiles) {
    const name = file.replace(/(-\d+)?\.lua$/, '');
    it(`${file} has a header naming it and its KEYS, is registered, and has an integration test`, () => {
      const text = readFileSync(join(luaDir, file), 'utf8');
      const header = /^--\[\[([\s\S]*?)\]\]/.exec(text);
      expect(header, `${file} opens with a --[[ ... ]] header`).to.not.equal(null);
      expect(header![1], `${file}'s header names the script`).to.match(new RegExp(`^\\s*${name}:`));
      expect(header![1], `${file}'s header documents its keys`).to.match(/KEYS\[1\]/);
      expect(registry, `${file} is registered in src/redis/scripts.ts`).to.include(`file: '${file}'`);
      expect(testText, `${name} is called from a test in test/integration`).to.match(new RegExp(`\\.${name}\\(`));
    });
  }
});
