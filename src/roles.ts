/**
 * The roles one image can run (ARCHITECTURE.md): `api`, `stage NAME`, `scheduler`, or `all` of
 * them in one process. Each is imported into the process only when asked for.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { runnableStageNames, stages } from '../pipeline/stages';
import type { StageName } from './redis/keys';
import { Scheduler } from './runtime/scheduler';
import { StageWorker } from './runtime/stage-worker';
import type { Services } from './services';

export interface RoleSelection {
  api: boolean;
  scheduler: boolean;
  stages: StageName[];
}

export interface RunningRoles {
  /** Base URL of the API, when this process serves it. */
  apiUrl: string | null;
  workers: StageWorker[];
  /** Stops reading, finishes in-flight work, closes the listener. Idempotent. */
  close(): Promise<void>;
}

export function parseRoles(argv: string[]): RoleSelection {
  const [role, name] = argv;
  if (!role || role === 'all') return { api: true, scheduler: true, stages: [...runnableStageNames] };
  if (role === 'api') return { api: true, scheduler: false, stages: [] };
  if (role === 'scheduler') return { api: false, scheduler: true, stages: [] };
  if (role === 'stage') {
    const wanted = (name ?? '').split(',').filter(Boolean);
    const unknown = wanted.filter((n) => !(runnableStageNames as string[]).includes(n));
    if (wanted.length === 0 || unknown.length > 0) throw new Error(`stage role needs one of: ${runnableStageNames.join(', ')} (got ${name ?? 'nothing'})`);
    return { api: false, scheduler: false, stages: wanted as StageName[] };
  }
  throw new Error(`unknown role ${role}: use all, api, stage NAME or scheduler`);
}

export async function startRoles(s: Services, selection: RoleSelection): Promise<RunningRoles> {
  const workers: StageWorker[] = [];
  let scheduler: Scheduler | null = null;
  let server: Server | null = null;
  let apiUrl: string | null = null;

  for (const name of selection.stages) {
    const stage = stages[name];
    if (!stage) throw new Error(`stage ${name} is not available in this release`);
    const worker = new StageWorker({
      stage, ctx: s.stageContext, redis: s.redis,
      blocking: Array.from({ length: s.config.lanes }, (_, i) => s.blockingConnection(`cw-stage-${name}-${i}`)),
      keys: s.keys, config: s.config, clock: s.clock, log: s.log, metrics: s.metrics, answers: s.answerCache,
    });
    await worker.start();
    workers.push(worker);
  }
  if (selection.scheduler) {
    scheduler = new Scheduler({ redis: s.redis, keys: s.keys, config: s.config, clock: s.clock, log: s.log, metrics: s.metrics, ledger: s.ledger, modes: s.modes, webhooks: s.webhooks, ledgerWebhooks: s.ledgerWebhooks });
    scheduler.start();
  }
  if (selection.api) {
    const { createApp } = require('./api/app') as typeof import('./api/app');
    await s.signing.ensure(s.clock.now());
    server = createApp(s).listen(s.config.port, s.config.host);
  } else if (s.config.metricsPort > 0) {
    // Workers without the API still answer /health (container health checks) and /metrics.
    server = createServer(async (req, res) => {
      if (req.url === '/health') { res.setHeader('content-type', 'application/json'); res.end('{"status":"ok"}'); return; }
      if (req.url !== '/metrics') { res.statusCode = 404; res.end(); return; }
      res.setHeader('content-type', s.metrics.registry.contentType);
      res.end(await s.metrics.registry.metrics());
    }).listen(s.config.metricsPort, s.config.host);
  }
  if (server) {
    await new Promise<void>((resolve, reject) => { server!.once('listening', resolve); server!.once('error', reject); });
    const address = server.address();
    if (selection.api && address && typeof address === 'object') apiUrl = `http://${s.config.host}:${address.port}`;
  }

  let closing: Promise<void> | null = null;
  return {
    apiUrl,
    workers,
    close() {
      closing ??= (async () => {
        const steps: Promise<unknown>[] = [];
        if (server) {
          steps.push(new Promise<void>((resolve) => server!.close(() => resolve())));
          server.closeAllConnections?.();
        }
        steps.push(...workers.map((w) => w.close()));
        if (scheduler) steps.push(scheduler.close());
        await Promise.allSettled(steps);
      })();
      return closing;
    },
  };
}
