/**
 * Routes receive the ports they use, not the whole `Services`: each module in src/api/routes
 * declares the services it uses (its `...Ports` list, a `Pick<Services, ...>`) and src/api/app.ts
 * hands it those alone, so a route cannot reach a store it does not declare. A route that took
 * `Services` whole again would be caught here.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const routes = join(__dirname, '..', '..', 'src', 'api', 'routes');

describe('route modules and their ports', () => {
  const files = readdirSync(routes).filter((f) => f.endsWith('.ts'));

  it('reads the route modules', () => {
    expect(files.length).to.be.greaterThan(10);
  });

  it('no route function takes the whole Services', () => {
    const whole = files.flatMap((f) => [...readFileSync(join(routes, f), 'utf8').matchAll(/^export (?:async )?function (\w+)\([^)]*:\s*Services\b/gm)].map((m) => `${f}: ${m[1]}`));
    expect(whole).to.deep.equal([]);
  });

  it('each module that uses services declares them as its ports, and app.ts hands it those', () => {
    const app = readFileSync(join(routes, '..', 'app.ts'), 'utf8');
    for (const f of files) {
      const source = readFileSync(join(routes, f), 'utf8');
      if (!source.includes("from '../../services'")) continue;
      const declared = /^export const (\w+Ports) = \[/m.exec(source)?.[1];
      expect(declared, `${f} declares its ports`).to.be.a('string');
      expect(app, `app.ts hands ${f} its ${declared}`).to.match(new RegExp(`ports\\(s, ${declared}\\)`));
    }
  });
});
