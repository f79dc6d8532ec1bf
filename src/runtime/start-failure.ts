/**
 * The message a failed start prints: the error's own text, and for a port already in use the
 * setting that names it, so the operator knows what to change.
 */
import type { Config } from '../config';

export function startFailureMessage(err: Error, config: Pick<Config, 'host' | 'port' | 'metricsPort'> | null): string {
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (config && (e.code === 'EADDRINUSE' || e.code === 'EACCES')) {
    const setting = e.port !== undefined && e.port === config.metricsPort && e.port !== config.port ? 'METRICS_PORT' : 'PORT';
    const port = e.port ?? config.port;
    const what = e.code === 'EADDRINUSE' ? 'is already in use' : 'may not be opened by this user';
    return `${err.message}: port ${port} on ${config.host} ${what} (the ${setting} setting, ${setting}=${port}); `
      + `stop what listens there, or set ${setting} to a free port`;
  }
  return err.message;
}
