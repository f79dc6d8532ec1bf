/** `/health`, `/ready`, `/metrics`: infrastructure, outside the partner contract. */
import Router from '@koa/router';
import type { Services } from '../../services';
import { stageNames } from '../../redis/keys';

export function infrastructureRoutes(s: Services): Router {
  const router = new Router();
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
  router.get('/metrics', async (ctx) => {
    await refreshQueueGauges(s).catch(() => undefined);
    ctx.type = s.metrics.registry.contentType;
    ctx.body = await s.metrics.registry.metrics();
  });
  return router;
}

/** Backlog, pending and dead letters per stage, summed over partitions. */
export async function refreshQueueGauges(s: Services): Promise<void> {
  for (const stage of stageNames) {
    const pipeline = s.redis.pipeline();
    for (let p = 0; p < s.config.partitions; p++) {
      pipeline.xlen(s.keys.stream(p, stage));
      pipeline.xlen(s.keys.deadLetters(p, stage));
      pipeline.xpending(s.keys.stream(p, stage), s.keys.group(stage));
    }
    const results = (await pipeline.exec()) ?? [];
    let backlog = 0, dead = 0, pending = 0;
    for (let i = 0; i < results.length; i += 3) {
      backlog += Number(results[i]![1] ?? 0);
      dead += Number(results[i + 1]![1] ?? 0);
      const summary = results[i + 2]![1] as [number] | null;
      if (!results[i + 2]![0] && summary) pending += Number(summary[0] ?? 0);
    }
    s.metrics.backlog.set({ stage }, backlog);
    s.metrics.deadLetters.set({ stage }, dead);
    s.metrics.pending.set({ stage }, pending);
  }
}
