/**
 * Every Lua script in src/redis/lua opens with its header comment (what it does, its KEYS and
 * ARGV, what it returns), is registered in src/redis/scripts.ts, and is called by name from at
 * least one integration test against real Redis, so a new script cannot land untested. Every
 * include in src/redis/lua/includes has its header and is used; what an include owns (the audit
 * id, a new workflow record's fields) is not copied back into a script, no Lua builds a wait timer
 * member (src/redis/wait-timers.ts is its one definition), no script names a workflow type, and
 * handoff.lua stays under 400 lines.
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
      // Called by name, or through its typed wrapper in src/redis/scripts.ts (run<Name>).
      const wrapper = `run${name[0]!.toUpperCase()}${name.slice(1)}`;
      expect(testText, `${name} is called from a test in test/integration`).to.match(new RegExp(`\\.${name}\\(|\\b${wrapper}\\(`));
      // A wait timer member is built and parsed in TypeScript only (src/redis/wait-timers.ts, its one
      // definition); the audit id is built in its include only.
      expect(text, `${file} builds no wait timer member (src/redis/wait-timers.ts)`).to.not.match(/'(pd|w)\|'/);
      // Scripts guard and apply; which workflow a record is decides nothing in them.
      expect(text, `${file} names no workflow type field`).to.not.include('workflow_type');
      expect(text, `${file} builds no audit event id itself (includes/audit-append.lua)`).to.not.match(/'ae-'/);
      expect(text, `${file} creates no workflow record itself (includes/workflow-record.lua)`).to.not.match(/'started_at', ARGV/);
    });
  }

  it('handoff.lua stays short enough to read: under 400 lines', () => {
    expect(readFileSync(join(luaDir, 'handoff.lua'), 'utf8').split('\n').length).to.be.below(400);
  });

  const includeDir = join(luaDir, 'includes');
  for (const file of readdirSync(includeDir).filter((f) => f.endsWith('.lua'))) {
    const name = file.replace(/\.lua$/, '');
    it(`include ${file} has a header naming it and is pulled in by a script`, () => {
      const text = readFileSync(join(includeDir, file), 'utf8');
      expect(text).to.match(new RegExp(`^--\\[\\[\\s*${name} \\(include\\):`));
      const users = luaFiles.filter((f) => readFileSync(join(luaDir, f), 'utf8').includes(`--@include ${name}\n`));
      expect(users, `a script includes ${name}`).to.not.be.empty;
      expect(text, `${name} builds no wait timer member (src/redis/wait-timers.ts)`).to.not.match(/'(pd|w)\|'/);
    });
  }
});
