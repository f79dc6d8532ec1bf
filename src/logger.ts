/**
 * pino JSON logs. Secrets and PHI never reach a log line: known secret fields are redacted,
 * and code logs PHI only through `PhiRefs.of` (src/phi.ts), a short HMAC under the deployment's
 * `PHI_REF_KEY`; an operator finds a claimant's lines with `npm run ops -- phi-ref VALUE`.
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
