/**
 * `/health`, `/ready`, `/metrics`: infrastructure, outside the partner contract. `/metrics`
 * lists every tenant id and breaker state, so it is not on the API port, which partners reach
 * (in development too), only on `METRICS_PORT` (src/roles.ts); only a test deployment's API
 * port serves it as well.
 */
import Router from '@koa/router';
import type { Services } from '../../services';
import { ClientCredentials, secretMaxAgeMs } from '../../auth/client-credentials';
import { stageStats } from '../../ops/stage-stats';
import { pipelinePerPartition } from '../../redis/connection';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const infrastructurePorts = ['clients', 'clock', 'config', 'keys', 'metrics', 'redis', 'tenants'] as const satisfies readonly (keyof Services)[];
export type InfrastructurePorts = Pick<Services, (typeof infrastructurePorts)[number]>;

export function infrastructureRoutes(s: InfrastructurePorts): Router {
  const router = new Router();
  // Browsers ask for it on every console page: no icon, and no 401 problem in their log.
  router.get('/favicon.ico', (ctx) => {
    ctx.status = 204;
    ctx.set('cache-control', 'public, max-age=86400');
  });
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    try {
      await Promise.race([s.redis.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000))]);
      ctx.body = { status: 'ready', redis: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'not_ready', redis: 'unreachable' };
    }
  });
  if (s.config.environment === 'test') {
    router.get('/metrics', async (ctx) => {
      ctx.type = s.metrics.registry.contentType;
      ctx.body = await metricsText(s, { refresh: true });
    });
  }
  return router;
}

/** The Prometheus text; `refresh` first recomputes the gauges the API process owns. */
export async function metricsText(s: InfrastructurePorts, options: { refresh: boolean }): Promise<string> {
  // Every process says whether it reaches Redis; the Redis-wide gauges only where asked.
  const up = await redisAnswers(s);
  s.metrics.redisUp.set(up ? 1 : 0);
  if (options.refresh && up) await Promise.all([refreshQueueGauges(s), refreshSecretAges(s), refreshTimerGauges(s)]).catch(() => undefined);
  return s.metrics.registry.metrics();
}

/** A PING answered within 1 s, as /ready asks. */
async function redisAnswers(s: InfrastructurePorts): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([s.redis.ping(), new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), 1000); })]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** How long past due the oldest retry timer and the oldest workflow timer are: the earliest score of each partition's set. */
export async function refreshTimerGauges(s: InfrastructurePorts): Promise<void> {
  const replies = await pipelinePerPartition(s.redis, s.config.partitions, (pipeline, p) => {
    pipeline.zrange(s.keys.timers(p), 0, 0, 'WITHSCORES');
    pipeline.zrange(s.keys.workflowTimers(p), 0, 0, 'WITHSCORES');
  });
  const now = s.clock.now();
  (['retry', 'workflow'] as const).forEach((kind, i) => {
    let earliest = Infinity;
    for (const partition of replies) {
      const [err, reply] = partition[i] ?? [null, []];
      if (err) throw err;
      const score = (reply as string[])[1];
      if (score !== undefined) earliest = Math.min(earliest, Number(score));
    }
    s.metrics.timerOverdue.set({ kind }, earliest === Infinity ? 0 : Math.max(0, now - earliest) / 1000);
  });
}

/** Queue gauges per stage from the same numbers `ops stages` shows (src/ops/stage-stats.ts). */
export async function refreshQueueGauges(s: InfrastructurePorts): Promise<void> {
  for (const stats of await stageStats(s)) {
    s.metrics.backlog.set({ stage: stats.stage }, stats.backlog);
    s.metrics.pending.set({ stage: stats.stage }, stats.pending);
    s.metrics.deadLetters.set({ stage: stats.stage }, stats.dead_letters);
    s.metrics.lag.set({ stage: stats.stage }, stats.lag_ms / 1000);
  }
}

/** Per tenant, how many API clients hold a current secret older than 90 days. */
export async function refreshSecretAges(s: InfrastructurePorts): Promise<void> {
  const now = s.clock.now();
  for (const tenantId of await s.tenants.list()) {
    const stale = (await s.clients.list(tenantId)).filter((c) => ClientCredentials.secretAge(c, now) > secretMaxAgeMs).length;
    s.metrics.oldSecrets.set({ tenant: tenantId }, stale);
  }
}
