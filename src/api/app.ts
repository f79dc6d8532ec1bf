/** The Koa application of the `api` role. */
import Koa from 'koa';
import type { Services } from '../services';
import { authenticate } from './authenticate';
import { idempotency } from './idempotency';
import { problems } from './problem';
import { auditRoutes } from './routes/audit';
import { cmsEventRoutes } from './routes/cms-events';
import { authRoutes } from './routes/auth';
import { knowledgeRoutes } from './routes/knowledge';
import { tenantRoutes } from './routes/tenant';
import { webhookRoutes } from './routes/webhooks';
import { humanAuthRoutes } from './routes/human-auth';
import { infrastructureRoutes } from './routes/infrastructure';
import { smsRoutes } from './routes/sms-webhook';
import { whatsappRoutes } from './routes/whatsapp-webhook';
import { workflowRoutes } from './routes/workflows';

const selfAuthenticated = new Set(['/v1/auth/token', '/v1/auth/login', '/v1/auth/refresh', '/v1/auth/introspect', '/v1/auth/revoke']);

export function createApp(s: Services): Koa {
  const app = new Koa({ proxy: false });
  app.use(problems(s.log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  for (const router of [infrastructureRoutes(s), authRoutes(s), humanAuthRoutes(s), whatsappRoutes(s), smsRoutes(s)]) app.use(router.routes()).use(router.allowedMethods());
  // Everything else under /v1 needs a verified bearer token; these endpoints authenticate the
  // caller themselves (client credentials, a password, a refresh token, or either for RFC 7662/7009).
  const verify = authenticate(s.config, s.signing, s.revocation, s.clock, s.verifiedTokens);
  // Verified requests may carry an Idempotency-Key (docs/idempotency.md).
  const idempotent = idempotency(s);
  app.use(async (ctx, next) => (ctx.path.startsWith('/v1/') && !selfAuthenticated.has(ctx.path) ? verify(ctx, () => idempotent(ctx, next)) : next()));
  for (const router of [workflowRoutes(s), cmsEventRoutes(s), auditRoutes(s), tenantRoutes(s), webhookRoutes(s), knowledgeRoutes(s)]) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
