/**
 * Serving the console's files (src/api/routes/console.ts): only the built files, each with the
 * strict CSP, and a 503 problem naming the build command when nothing was built.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import { problems } from '../../src/api/problem';
import { consoleCsp, consoleRoutes } from '../../src/api/routes/console';
import { createLogger } from '../../src/logger';

async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  app.use(problems(createLogger('silent')));
  const router = consoleRoutes(dir);
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('console serving', () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-serving-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 console_not_built, saying to run the build, before a build', async () => {
    const s = await serve(join(dir, 'absent'));
    try {
      const res = await fetch(`${s.url}/console/`);
      expect(res.status).to.equal(503);
      const body = (await res.json()) as { error_code: string; title: string };
      expect(body.error_code).to.equal('console_not_built');
      expect(body.title).to.contain('npm run build');
    } finally {
      await s.close();
    }
  });

  it('serves the built files with the CSP, the page at /console/ too, and nothing else', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'app.js'), 'export {};');
    const s = await serve(dir);
    try {
      const page = await fetch(`${s.url}/console/`);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.contain('text/html');
      expect(page.headers.get('content-security-policy')).to.equal(consoleCsp);
      expect(consoleCsp).not.to.contain('unsafe');
      const script = await fetch(`${s.url}/console/app.js`);
      expect(script.headers.get('content-type')).to.contain('text/javascript');
      expect((await fetch(`${s.url}/console`)).headers.get('content-type')).to.contain('text/html');
      for (const path of ['/console/..%2Fpackage.json', '/console/secret.txt', '/console/%2e%2e/index.html']) {
        expect((await fetch(`${s.url}${path}`)).status, path).to.equal(404);
      }
    } finally {
      await s.close();
    }
  });
});
