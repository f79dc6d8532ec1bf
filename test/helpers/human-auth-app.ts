/**
 * Serves `humanAuthRoutes` on its own port over given Services, as src/api/app.ts will: problem
 * documents, then the routes. `behindBearer` puts the app's bearer check in front (every /v1
 * path but login and refresh), the other place the routes may be mounted.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { authenticate } from '../../src/api/authenticate';
import { problems } from '../../src/api/problem';
import { humanAuthRoutes } from '../../src/api/routes/human-auth';
import type { Services } from '../../src/services';

export interface HumanAuthApp {
  url: string;
  close(): Promise<void>;
}

export async function startHumanAuthApp(s: Services, options: { behindBearer?: boolean } = {}): Promise<HumanAuthApp> {
  const app = new Koa({ proxy: false });
  app.use(problems(s.log));
  if (options.behindBearer) {
    const verify = authenticate(s.verifier);
    const open = new Set(['/v1/auth/login', '/v1/auth/refresh']);
    app.use(async (ctx, next) => (ctx.path.startsWith('/v1/') && !open.has(ctx.path) ? verify(ctx, next) : next()));
  }
  const router = humanAuthRoutes(s);
  app.use(router.routes()).use(router.allowedMethods());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
