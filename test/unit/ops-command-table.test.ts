/**
 * The operator CLI's command table (scripts/ops/table.ts): the usage text is made from it, so a
 * command cannot exist without its line, and argv is matched to exactly one entry.
 */
import { expect } from 'chai';
import { UsageError } from '../../scripts/ops/command';
import { commands, parseArgs, plan, usage } from '../../scripts/ops/table';

describe('ops command table', () => {
  it('lists every command once, each with help text, in the usage', () => {
    const names = commands.map((c) => c.words.join(' '));
    expect(new Set(names).size, 'no two entries with the same words').to.equal(names.length);
    const text = usage();
    for (const c of commands) {
      expect(c.help.length, c.words.join(' ')).to.be.greaterThan(0);
      expect(c.help.every((line) => line.trim() !== '')).to.equal(true);
      expect(text).to.include(`  ${c.words.join(' ')}`);
      for (const line of c.help) expect(text).to.include(line);
    }
  });

  it('matches argv to its entry and hands it only the arguments after the words', () => {
    expect(plan(parseArgs(['tenant', 'list']))).to.be.a('function');
    expect(plan(parseArgs(['phi-ref']))).to.be.a('function');
    expect(plan(parseArgs(['phi-ref-key', 'rotate']))).to.be.a('function');
    expect(() => plan(parseArgs(['tenant', 'list', 'extra']))).to.throw(UsageError, 'unexpected argument extra');
    expect(() => plan(parseArgs(['user', 'list']))).to.throw(UsageError, 'user list needs a TENANT');
  });

  it('refuses an unknown command and options the command does not take', () => {
    expect(() => plan(parseArgs(['tenant', 'explode']))).to.throw(UsageError, 'unknown command tenant explode');
    expect(() => plan(parseArgs(['keys', 'rotate', '--json']))).to.throw(UsageError, '--json does not apply here');
    expect(() => plan(parseArgs(['stages', '--all']))).to.throw(UsageError, '--all does not apply here');
    expect(() => plan(parseArgs(['tenant', 'list', '--limit', '3']))).to.throw(UsageError, '--limit does not apply here');
    expect(() => parseArgs(['--limit', '0'])).to.throw(UsageError, '--limit needs a whole number');
  });

  it('asks for usage with no command, help or --help', () => {
    for (const argv of [[], ['help'], ['--help'], ['tenant', 'list', '-h']]) expect(plan(parseArgs(argv))).to.equal(null);
  });
});
