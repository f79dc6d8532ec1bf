/**
 * Nothing in the repository names a path of the machine it was written on: shared documents are
 * cited as ../shared/..., never by where one engineer's checkout happened to be.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
/** Home and work folders of the machines this project is built on, and their job folders. */
const machinePath = /(?:^|[\s'"`(=:])(?:\/work\/|\/root\/|\/tmp\/bash_jobs|\/home\/[a-z_][a-z0-9_-]*\/)/m;

describe('machine paths', () => {
  it('no tracked file names a path of this machine', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter((f) => f !== '' && !f.endsWith('.png'));
    expect(files.length, 'files listed').to.be.greaterThan(100);
    const named = files.filter((f) => machinePath.test(readFileSync(join(root, f), 'utf8')));
    expect(named).to.deep.equal([]);
  });

  it('the pattern finds such a path', () => {
    // Built from parts, so this file does not name such a path itself.
    const work = ['', 'work', 'shared', 'ARCHITECTURE.md'].join('/');
    const home = ['', 'root', 'project'].join('/');
    expect(machinePath.test(`see ${work}`)).to.equal(true);
    expect(machinePath.test(`cd "${home}"`)).to.equal(true);
    expect(machinePath.test('see ../shared/ARCHITECTURE.md')).to.equal(false);
  });
});
