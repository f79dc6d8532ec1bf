/** The Koa application of the `api` role. */
import type Router from '@koa/router';
import Koa from 'koa';
import type { Services } from '../services';
import { authenticate } from './authenticate';
import { idempotency, idempotencyPorts } from './idempotency';
import { problems } from './problem';
import { auditRoutes, auditPorts } from './routes/audit';
import { cmsEventRoutes, cmsEventPorts } from './routes/cms-events';
import { consoleRoutes } from './routes/console';
import { authRoutes, authPorts } from './routes/auth';
import { knowledgeRoutes, knowledgePorts } from './routes/knowledge';
import { tenantRoutes, tenantPorts } from './routes/tenant';
import { claimantRoutes, claimantPorts } from './routes/claimants';
import { webhookRoutes, webhookPorts } from './routes/webhooks';
import { humanAuthRoutes, humanAuthPorts } from './routes/human-auth';
import { infrastructureRoutes, infrastructurePorts } from './routes/infrastructure';
import { smsRoutes, smsPorts } from './routes/sms-webhook';
import { whatsappRoutes, whatsappPorts } from './routes/whatsapp-webhook';
import { workflowRoutes, workflowPorts } from './routes/workflows';
import { conversationRoutes, conversationPorts } from './routes/conversations';
import { reportRoutes, reportPorts } from './routes/reports';
import { tracer } from '../tracing/tracing';
import { requestSpan } from './request-trace';

/**
 * The one list of paths the bearer gate lets through without a token (docs/security.md): the
 * infrastructure probes, the browser's icon request, the public keys and metadata, the endpoints that authenticate their
 * caller themselves (client credentials, a password, a refresh token, either for RFC 7662/7009,
 * a bearer for logout, the console's session cookie) and the channel webhooks (signed by the provider). Every other path needs
 * a verified bearer token, whatever its letter case, encoding or trailing slash.
 */
export const publicPaths: ReadonlySet<string> = new Set([
  '/health', '/ready', '/metrics', '/favicon.ico', '/.well-known/jwks.json', '/.well-known/oauth-authorization-server',
  '/v1/auth/token', '/v1/auth/login', '/v1/auth/refresh', '/v1/auth/introspect', '/v1/auth/revoke', '/v1/auth/logout',
  '/v1/auth/console/login', '/v1/auth/console/refresh', '/v1/auth/console/logout',
  '/channels/whatsapp/webhook', '/channels/sms/webhook', '/channels/sms/status',
]);

/** Lower-case segments of unreserved characters: a path `normalizedPath` returns as it is. */
const plainPath = /^(?:\/[a-z0-9._~-]+)+$/;

/**
 * A path as routing may understand it: percent-decoded, lower case (the routers match any case),
 * repeated slashes and a trailing slash removed. A path that does not decode is returned as is,
 * and so is never public.
 */
export function normalizedPath(path: string): string {
  // Most requests' paths are already in that form (every path of a channel webhook is): no escape,
  // no capital, no empty segment, no trailing slash.
  if (plainPath.test(path)) return path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return path;
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

const underConsole = (normalized: string): boolean => normalized === '/console' || normalized.startsWith('/console/');

/** The partner console's static files (docs/console.md): the page logs in itself. */
export function isConsolePath(path: string): boolean {
  return underConsole(normalizedPath(path));
}

/** Whether the gate demands a bearer token for this path: everything not listed as public. */
export function needsToken(path: string): boolean {
  const n = normalizedPath(path);
  return !publicPaths.has(n) && !underConsole(n);
}

/**
 * The named services and nothing else: what a route module is handed (its `...Ports` list), so
 * that a route reaches only what it declares it uses.
 */
function ports<K extends keyof Services>(s: Services, names: readonly K[]): Pick<Services, K> {
  return Object.fromEntries(names.map((name) => [name, s[name]])) as Pick<Services, K>;
}

/**
 * Every router of the app: those of public paths, and those behind the bearer gate. A request is
 * matched against the routers in this order, so the channel webhooks come first: providers post
 * a delivery status for every reply, the most frequent request of all (docs/benchmarks.md).
 */
export function apiRouters(s: Services): { open: Router[]; gated: Router[] } {
  return {
    open: [
      whatsappRoutes(ports(s, whatsappPorts)), smsRoutes(ports(s, smsPorts)),
      infrastructureRoutes(ports(s, infrastructurePorts)), authRoutes(ports(s, authPorts)), humanAuthRoutes(ports(s, humanAuthPorts)), consoleRoutes(),
    ],
    gated: [
      workflowRoutes(ports(s, workflowPorts)), conversationRoutes(ports(s, conversationPorts)), cmsEventRoutes(ports(s, cmsEventPorts)), auditRoutes(ports(s, auditPorts)),
      tenantRoutes(ports(s, tenantPorts)), claimantRoutes(ports(s, claimantPorts)), webhookRoutes(ports(s, webhookPorts)),
      knowledgeRoutes(ports(s, knowledgePorts)), reportRoutes(ports(s, reportPorts)),
    ],
  };
}

export function createApp(s: Services): Koa {
  const app = new Koa({ proxy: false });
  if (tracer !== null) app.use(requestSpan);
  // Outermost, so it counts the status the problem middleware gave an error (cw_http_responses_total).
  app.use(async (ctx, next) => {
    try { await next(); } finally { s.metrics.httpResponses.inc({ class: `${Math.floor(ctx.status / 100)}xx` }); }
  });
  app.use(problems(s.log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const verify = authenticate(s.verifier);
  // Verified requests may carry an Idempotency-Key (docs/idempotency.md); the route's scope
  // check runs it (requireScope), so nothing is replayed before authorisation.
  const idempotent = idempotency(ports(s, idempotencyPorts));
  app.use(async (ctx, next) => {
    if (!needsToken(ctx.path)) return next();
    return verify(ctx, () => {
      ctx.state.idempotency = idempotent;
      return next();
    });
  });
  const { open, gated } = apiRouters(s);
  for (const router of [...open, ...gated]) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
