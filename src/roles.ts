/**
 * The roles one image can run (ARCHITECTURE.md): `api`, `stage NAME`, `scheduler`, or `all` of
 * them in one process. The API (Koa, its routes and their dependencies, the bulk of the code) is
 * required only by a process that serves it, so a stage or scheduler process does not load it; the
 * stage workers and the scheduler are small and always imported.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { runnableStageNames, stages } from '../pipeline/stages';
import { type StageName } from '../pipeline/vocabulary';
import { Archiver } from './archive/archiver';
import { Scheduler } from './runtime/scheduler';
import { fusedStageLookup, StageWorker } from './runtime/stage-worker';
import type { Services } from './services';

export interface RoleSelection {
  api: boolean;
  scheduler: boolean;
  stages: StageName[];
}

export interface RunningRoles {
  /** Base URL of the API, when this process serves it. */
  apiUrl: string | null;
  /** Base URL of the separate `/metrics` listener (`METRICS_PORT`), when there is one. */
  metricsUrl: string | null;
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
  let metricsServer: Server | null = null;
  let apiUrl: string | null = null;
  let metricsUrl: string | null = null;

  // The archive's schema is brought up to date at start by the roles that use it, so a deployment
  // whose PostgreSQL is unreachable fails here. The embedded PGlite (no DATABASE_URL) opens on first use.
  if ((selection.api || selection.scheduler) && s.config.databaseUrl) await s.archive.db();
  // An embedded archive is this process's alone: an API process and a scheduler process apart would
  // each have their own, and the API would not find what the scheduler archived.
  if (!s.config.databaseUrl && selection.api !== selection.scheduler) {
    s.log.warn({ roles: selection.api ? 'api' : 'scheduler' }, 'DATABASE_URL is not set: this process has an embedded archive of its own; run the api and scheduler roles apart only with DATABASE_URL (docs/retention.md)');
  }

  // Stage fusion: a plain forward to a stage this process runs (and that may run fused) runs it at once.
  const fusedStage = fusedStageLookup(selection.stages.flatMap((name) => stages[name] ?? []));
  for (const name of selection.stages) {
    const stage = stages[name];
    if (!stage) throw new Error(`stage ${name} is not available in this release`);
    const worker = new StageWorker({
      fusedStage,
      stage, ctx: s.stageContext, redis: s.redis,
      blocking: (lane) => s.blockingConnection(`cw-stage-${name}-${lane}`),
      keys: s.keys, config: s.config, clock: s.clock, log: s.log, metrics: s.metrics, consent: s.consent, answers: s.answerCache,
      tenants: s.tenants,
    });
    await worker.start();
    workers.push(worker);
  }
  if (selection.scheduler) {
    const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock: s.clock, log: s.log, archive: s.archive, tenants: s.tenants, checkpoints: s.checkpoints });
    scheduler = new Scheduler({ redis: s.redis, keys: s.keys, config: s.config, clock: s.clock, log: s.log, metrics: s.metrics, ledger: s.ledger, modes: s.modes, webhooks: s.webhooks, ledgerWebhooks: s.ledgerWebhooks, archiver });
    scheduler.start();
  }
  if (selection.api) {
    const { createApp } = require('./api/app') as typeof import('./api/app');
    await s.signing.ensure(s.clock.now());
    server = createApp(s).listen(s.config.port, s.config.host);
  }
  if (s.config.metricsPort > 0) {
    // /health (container health checks) and /metrics on a port of their own. Outside test this
    // is the only place metrics are served: they name every tenant and breaker, so they stay off
    // the partner port (docs/configuration.md). With the API here, its gauges are refreshed too.
    const { metricsText } = require('./api/routes/infrastructure') as typeof import('./api/routes/infrastructure');
    metricsServer = createServer(async (req, res) => {
      if (req.url === '/health') { res.setHeader('content-type', 'application/json'); res.end('{"status":"ok"}'); return; }
      if (req.url !== '/metrics') { res.statusCode = 404; res.end(); return; }
      res.setHeader('content-type', s.metrics.registry.contentType);
      res.end(await metricsText(s, { refresh: selection.api }));
    }).listen(s.config.metricsPort, s.config.host);
  }
  // Both listeners were started above without a pause, so both waits are set up before either is awaited.
  const [apiPort, metricsPort] = await Promise.all([server, metricsServer].map((srv) => (srv ? listening(srv) : Promise.resolve(null))));
  if (apiPort != null) apiUrl = `http://${s.config.host}:${apiPort}`;
  if (metricsPort != null) metricsUrl = `http://${s.config.host}:${metricsPort}`;

  let closing: Promise<void> | null = null;
  return {
    apiUrl,
    metricsUrl,
    workers,
    close() {
      closing ??= (async () => {
        const steps: Promise<unknown>[] = [];
        for (const srv of [server, metricsServer]) {
          if (!srv) continue;
          steps.push(new Promise<void>((resolve) => srv.close(() => resolve())));
          srv.closeAllConnections?.();
        }
        steps.push(...workers.map((w) => w.close()));
        if (scheduler) steps.push(scheduler.close());
        await Promise.allSettled(steps);
      })();
      return closing;
    },
  };
}

/** The port a server listens on, once it does. */
function listening(server: Server): Promise<number | null> {
  if (server.listening) return Promise.resolve(portOf(server));
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(portOf(server)));
    server.once('error', reject);
  });
}

function portOf(server: Server): number | null {
  const address = server.address();
  return address && typeof address === 'object' ? address.port : null;
}
