/**
 * The import graph has no cycle (a cycle makes load order decide what a module sees): the same check as
 * `npx madge --circular --extensions ts src pipeline scripts bench sdk/src`, through madge's API.
 */
import { expect } from 'chai';
import madge from 'madge';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('import graph', function () {
  this.timeout(60000);

  it('has no circular import in src, pipeline, scripts, bench or the SDK', async () => {
    const graph = await madge(['src', 'pipeline', 'scripts', 'bench', 'sdk/src'].map((d) => join(root, d)), { fileExtensions: ['ts'], baseDir: root });
    expect(Object.keys(graph.obj()).length, 'files read').to.be.greaterThan(100);
    expect(graph.circular().map((cycle) => cycle.join(' -> '))).to.deep.equal([]);
  });

  it('keeps src/auth free of src/services.ts and src/api (the stores are built in services.ts and handed in)', async () => {
    const graph = await madge(join(root, 'src', 'auth'), { fileExtensions: ['ts'], baseDir: root });
    const reachesOut = Object.entries(graph.obj())
      .flatMap(([file, deps]) => deps.filter((d) => d === 'src/services.ts' || d.startsWith('src/api/')).map((d) => `${file} -> ${d}`));
    expect(Object.keys(graph.obj()).filter((f) => f.startsWith('src/auth/')).length, 'auth files read').to.be.greaterThan(8);
    expect(reachesOut).to.deep.equal([]);
  });
});
