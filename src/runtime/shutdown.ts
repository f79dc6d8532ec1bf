/**
 * Graceful shutdown on SIGTERM/SIGINT: stop taking work, let in-flight work finish within the
 * grace time, close connections; a force timer exits if that takes too long.
 */
import type { Logger } from '../logger';

export function onShutdown(close: () => Promise<void>, graceMs: number, log: Logger): void {
  let started = false;
  const handler = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    log.info({ signal, grace_ms: graceMs }, 'shutting down: finishing in-flight work');
    const force = setTimeout(() => {
      log.error({ grace_ms: graceMs }, 'shutdown grace time exceeded; exiting with work still in flight (it will be reclaimed)');
      process.exit(1);
    }, graceMs);
    force.unref();
    close()
      .then(() => { log.info('shutdown complete'); process.exit(0); })
      .catch((err: Error) => { log.error({ err: err.message }, 'shutdown failed'); process.exit(1); });
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
