/**
 * pino JSON logs. Secrets and PHI never reach a log line: known secret fields are redacted,
 * and code logs PHI only through `ref()`, a short hash an operator can match against
 * `sha256:` values in the API and the audit ledger.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

const redactPaths = [
  'client_secret', '*.client_secret', 'password', '*.password', 'token', '*.token',
  'access_token', '*.access_token', 'refresh_token', '*.refresh_token', 'authorization',
  '*.authorization', 'req.headers.authorization', 'headers.authorization', 'app_secret', '*.app_secret',
  'api_key', '*.api_key', 'auth_token', '*.auth_token',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { pid: process.pid }, redact: { paths: redactPaths, censor: '[redacted]' } },
    destination,
  );
}
