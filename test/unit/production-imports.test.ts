/**
 * The production build (tsconfig.build.json) compiles src and pipeline only, and the Dockerfile
 * copies only those (and scripts/ for build.sh): a service file that imported test support (the
 * fakes in test/helpers/fakes), a dev script or the lab (bench/) would build here and break the
 * image. The demo (`npm start`) and the benchmarks may import the fakes; the service may not. What a
 * user or operator runs (scripts/) stays clear of the lab, so the lab can change without them.
 */
import { expect } from 'chai';
import madge from 'madge';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const outside = (dep: string): boolean => dep.startsWith('test/') || dep.startsWith('scripts/') || dep.startsWith('bench/');

describe('production imports', function () {
  this.timeout(60000);

  it('no file in src or pipeline imports from test/, scripts/ or bench/', async () => {
    const graph = await madge(['src', 'pipeline'].map((d) => join(root, d)), { fileExtensions: ['ts'], baseDir: root });
    const deps = graph.obj();
    expect(Object.keys(deps).length, 'files read').to.be.greaterThan(100);
    const reachesOut = Object.entries(deps)
      .filter(([file]) => !outside(file))
      .flatMap(([file, imported]) => imported.filter(outside).map((d) => `${file} -> ${d}`));
    expect(reachesOut).to.deep.equal([]);
  });

  it('no file in scripts/ imports from bench/', async () => {
    const graph = await madge(join(root, 'scripts'), { fileExtensions: ['ts'], baseDir: root });
    const deps = graph.obj();
    expect(Object.keys(deps).filter((f) => f.startsWith('scripts/')).length, 'scripts read').to.be.greaterThan(8);
    const reachesLab = Object.entries(deps)
      .filter(([file]) => file.startsWith('scripts/'))
      .flatMap(([file, imported]) => imported.filter((d) => d.startsWith('bench/')).map((d) => `${file} -> ${d}`));
    expect(reachesLab).to.deep.equal([]);
  });

  it('the check sees an import of the fakes where there is one', async () => {
    // So that "none" above means something: the same graph over the demo, which does import them.
    const graph = await madge(join(root, 'scripts', 'start.ts'), { fileExtensions: ['ts'], baseDir: root });
    const fromStart = graph.obj()['scripts/start.ts'] ?? [];
    expect(fromStart.filter(outside).some((d) => d.startsWith('test/helpers/fakes/'))).to.equal(true);
  });
});
