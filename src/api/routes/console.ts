/**
 * Serves the partner console (docs/console.md) under /console from its built files: no CDN, no
 * token needed to fetch the page (the page logs in through /v1/auth/console/login). Every answer carries
 * a strict Content-Security-Policy: scripts and styles only from this origin, no inline code, no
 * eval, no framing. `/console` and `/console/` both answer the page. Without a build the answer is a 503 problem naming the command to run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../errors';

export const consoleCsp = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "connect-src 'self'",
  "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
/** The only files served: the build's output, named here so no path from a request reaches the disk. */
const files = new Set(['index.html', 'app.js', 'console.css']);

/** dist/console, both from the sources (src/api/routes) and from the compiled dist/src/api/routes. */
export function consoleDir(): string {
  const routes = __dirname;
  const compiled = basename(dirname(dirname(dirname(routes)))) === 'dist';
  return compiled ? join(routes, '..', '..', '..', 'console') : join(routes, '..', '..', '..', 'dist', 'console');
}

export function consoleRoutes(dir = consoleDir()): Router {
  // Not strict: /console/ answers like /console (the page names its files by absolute path).
  const router = new Router();
  const cache = new Map<string, Buffer>();
  const send = (ctx: Context, file: string) => {
    ctx.set('Content-Security-Policy', consoleCsp);
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    const path = join(dir, file);
    let body = cache.get(file);
    if (!body) {
      if (!existsSync(path)) throw new AppError('console_not_built', 'the console is not built: run `npm run build` (or `npm run console:build`) and reload');
      body = readFileSync(path);
      cache.set(file, body);
    }
    ctx.type = types[extname(file)] ?? 'application/octet-stream';
    ctx.body = body;
  };
  router.get('/console', (ctx) => send(ctx, 'index.html'));
  router.get('/console/:file', (ctx) => {
    const file = ctx.params.file ?? '';
    if (!files.has(file)) throw new AppError('not_found', 'no such console file');
    send(ctx, file);
  });
  return router;
}
