/**
 * Operator CLI: `npm run ops -- <command>`. Configuration comes from the environment like the
 * service's (REDIS_URL, KEY_PREFIX, PARTITIONS; src/config.ts). This file only parses argv,
 * calls src/ops/*, formats what they return and closes the connections.
 *
 * Exit codes: 0 done, 1 failed (message on stderr), 2 bad usage or invalid tenant document.
 */
import { deleteClient, listClients, listSigningKeys, rotateClientSecret, rotateSigningKey } from '../src/ops/credentials';
import type { KeyInfo } from '../src/auth/signing-keys';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isOperationalMode, operationalModes } from '../src/tenants/operational-modes';
import { ConfigError, loadConfig } from '../src/config';
import { walkPages } from '../src/audit/audit-chain';
import { AppError } from '../src/errors';
import { createLogger } from '../src/logger';
import { Metrics } from '../src/metrics';
import { listDeadLetters, redriveAllDeadLetters, redriveDeadLetter, type DeadLetter, type Redriven } from '../src/ops/dead-letters';
import { stageStats, type StageStats } from '../src/ops/stage-stats';
import { listTenants, onboardTenant, updateTenant } from '../src/ops/tenant-onboarding';
import { createTenantUser, listTenantUsers } from '../src/ops/users';
import { isRole, roles } from '../src/auth/users';
import { waitReady } from '../src/redis/connection';
import { isStageName, stageNames, type StageName } from '../src/redis/keys';
import { createServices, type Services } from '../src/services';

const usage = `usage: npm run ops -- <command>

  tenant create FILE.json          validate and store a tenant, issue its first API client
  tenant update FILE.json          replace an existing tenant's document (add a channel or number)
                                   (the client secret is printed once, as JSON)
  tenant list [--json]             tenant ids
  tenant mode TENANT [MODE --reason TEXT]
                                   show the operational mode, or change it (OPERATIONAL, RESTRICTED,
                                   SUSPENDED); the change is audited; replies held while SUSPENDED
                                   are released when the mode allows them
  user create TENANT USERNAME ROLE create a web-app user (USERNAME an e-mail address, ROLE one of
                                   ${roles.join(', ')}); with --password-stdin the password is read
                                   from standard input, else generated and printed once (as JSON)
  user list TENANT [--json]        a tenant's users (never their password hashes)
  keys rotate                      publish the next token signing key; it signs after
                                   KEY_PUBLISH_LEAD_SECONDS, the old one retires when its tokens expire
  keys list [--json]               signing keys with their state and times
  client list TENANT [--json]      API clients with the age of their secret (rotate over 90 days)
  client rotate-secret CLIENT_ID (--overlap-hours N | --immediate)
                                   a new secret, printed once; the old one works N more hours,
                                   or stops at once (--immediate, for a leaked secret)
  client delete CLIENT_ID          remove a client; its tokens are refused from the next request
  audit verify TENANT [CHECKPOINT_FILE] [--json]
                                   recompute the tenant's audit hash chain and name the first broken
                                   link; with a file holding a checkpoint (the compact JWS), also
                                   check that the ledger still holds what it signed; exit 1 if not
  phi-ref-key rotate               a new PHI_REF_KEY (printed once): set it in every process's
                                   environment and restart; keep the old one with old logs
  phi-ref                          the log reference (from_ref, claim_ref, user_ref, ...) of the
                                   value read from standard input, under this PHI_REF_KEY
  stages [--json]                  backlog, pending, lag, consumers and dead letters per stage
  dlq list STAGE [--limit N] [--json]
                                   dead letters of a stage, oldest first (default limit 100)
  dlq redrive STAGE (ID | --all) [--json]
                                   put dead letters back on the stage stream; ID is
                                   <partition>/<entry id> as printed by dlq list

  STAGE is one of: ${stageNames.join(', ')}
  Environment: REDIS_URL, KEY_PREFIX, PARTITIONS (as for the service).
  Exit codes: 0 done, 1 failed, 2 bad usage or invalid tenant document.`;

/** Bad arguments: the message and the usage text, exit 2. */
class UsageError extends Error {}
/** A tenant document that does not validate: each problem, exit 2. */
class InvalidDocument extends Error {
  constructor(readonly problems: string[]) { super('invalid tenant document'); }
}

interface Args {
  positional: string[];
  json: boolean;
  all: boolean;
  limit: number | undefined;
  help: boolean;
  passwordStdin: boolean;
  overlapHours: number | undefined;
  reason: string | undefined;
  immediate: boolean;
}

/** Everything on standard input (a password piped in: `printf %s "$PW" | npm run ops -- user create ...`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseArgs(argv: string[]): Args {
  const args: Args = { positional: [], json: false, all: false, limit: undefined, help: false, passwordStdin: false, overlapHours: undefined, immediate: false, reason: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--all') args.all = true;
    else if (arg === '--password-stdin') args.passwordStdin = true;
    else if (arg === '--immediate') args.immediate = true;
    else if (arg === '--reason' || arg.startsWith('--reason=')) {
      const raw = arg === '--reason' ? argv[++i] : arg.slice('--reason='.length);
      if (raw === undefined || raw.trim() === '') throw new UsageError('--reason needs a text');
      args.reason = raw;
    }
    else if (arg === '--overlap-hours' || arg.startsWith('--overlap-hours=')) {
      const raw = arg === '--overlap-hours' ? argv[++i] : arg.slice('--overlap-hours='.length);
      if (raw === undefined || !/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 720) throw new UsageError('--overlap-hours needs a whole number from 1 to 720');
      args.overlapHours = Number(raw);
    }
    else if (arg === '-h' || arg === '--help') args.help = true;
    else if (arg === '--limit' || arg.startsWith('--limit=')) {
      const raw = arg === '--limit' ? argv[++i] : arg.slice('--limit='.length);
      if (raw === undefined || !/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new UsageError('--limit needs a whole number of at least 1');
      args.limit = Number(raw);
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else args.positional.push(arg);
  }
  return args;
}

/** What to do once connected; built before connecting so usage errors never wait on Redis. */
/** Runs a command; a number it returns is the exit code (default 0). */
type Action = (s: Services) => Promise<number | void>;

function plan(args: Args): Action | null {
  const [command, sub, ...rest] = args.positional;
  const allow = (flags: { json?: boolean; all?: boolean; limit?: boolean }) => {
    if (args.json && !flags.json) throw new UsageError('--json does not apply here');
    if (args.all && !flags.all) throw new UsageError('--all does not apply here');
    if (args.limit !== undefined && !flags.limit) throw new UsageError('--limit does not apply here');
  };
  const noMore = (extra: string[]) => {
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
  };
  const stageArg = (name: string | undefined): StageName => {
    if (!name) throw new UsageError('a stage name is needed');
    if (!isStageName(name)) throw new UsageError(`unknown stage ${name}`);
    return name;
  };

  if (args.help || command === undefined || command === 'help') return null;
  if (command === 'tenant' && sub === 'create') {
    allow({});
    const [file, ...extra] = rest;
    if (!file) throw new UsageError('tenant create needs a FILE.json');
    noMore(extra);
    const document = readDocument(file);
    return async (s) => {
      const result = await onboardTenant(s, document);
      if (!result.ok) throw new InvalidDocument(result.errors);
      out(JSON.stringify(result.credentials, null, 2));
      err(`tenant ${result.credentials.tenant_id} created. These client credentials are not shown again: store the client_secret now.`);
    };
  }
  if (command === 'tenant' && sub === 'update') {
    allow({});
    const [file, ...extra] = rest;
    if (!file) throw new UsageError('tenant update needs a FILE.json');
    noMore(extra);
    const document = readDocument(file);
    return async (s) => {
      const result = await updateTenant(s, document);
      if (!result.ok) throw new InvalidDocument(result.errors);
      err(`tenant ${(document as { tenant_id: string }).tenant_id} updated.`);
    };
  }
  if (command === 'tenant' && sub === 'list') {
    allow({ json: true });
    noMore(rest);
    return async (s) => {
      const ids = await listTenants(s);
      if (args.json) out(JSON.stringify(ids));
      else if (ids.length === 0) err('no tenants');
      else out(ids.join('\n'));
    };
  }
  if (command === 'user' && sub === 'create') {
    allow({});
    const [tenantId, username, role, ...extra] = rest;
    if (!tenantId || !username || !role) throw new UsageError('user create needs TENANT USERNAME ROLE');
    if (!isRole(role)) throw new UsageError(`unknown role ${role}; one of: ${roles.join(', ')}`);
    noMore(extra);
    const fromStdin = args.passwordStdin;
    return async (s) => {
      // Read from standard input, never from an argument or the environment.
      const password = fromStdin ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
      const user = await createTenantUser(s, tenantId, username, role, password);
      out(JSON.stringify(user, null, 2));
      err(user.password === undefined ? `user ${user.user_id} created.`
        : `user ${user.user_id} created. The generated password is not shown again: hand it over now.`);
    };
  }
  if (command === 'user' && sub === 'list') {
    allow({ json: true });
    const [tenantId, ...extra] = rest;
    if (!tenantId) throw new UsageError('user list needs a TENANT');
    noMore(extra);
    return async (s) => {
      const users = await listTenantUsers(s, tenantId);
      if (args.json) out(JSON.stringify(users, null, 2));
      else if (users.length === 0) err(`no users in tenant ${tenantId}`);
      else out(table(['USER ID', 'USERNAME', 'ROLE', 'CREATED'], users.map((u) => [u.user_id, u.username, u.role, new Date(u.created_at).toISOString()]), []));
    };
  }
  if (command === 'phi-ref-key' && sub === 'rotate') {
    allow({});
    noMore(rest);
    return async () => {
      out(JSON.stringify({ PHI_REF_KEY: randomBytes(32).toString('base64') }));
      err('A new PHI_REF_KEY, not shown again. Put it in the secret store, set it in every process\'s environment and restart them.\n'
        + 'Log references written before the restart were made with the old key: keep the old key as long as those logs,\n'
        + 'to find a claimant in them (PHI_REF_KEY=<old key> npm run ops -- phi-ref).');
    };
  }
  if (command === 'phi-ref') {
    allow({});
    noMore(sub === undefined ? rest : [sub, ...rest]);
    // Read from standard input, so the phone number or claim id stays out of the shell history.
    return async (s) => out(s.refs.of((await readStdin()).replace(/\r?\n$/, '')));
  }
  if (command === 'stages') {
    allow({ json: true });
    noMore(sub === undefined ? [] : [sub, ...rest]);
    return async (s) => {
      const stats = await stageStats(s);
      out(args.json ? JSON.stringify(stats, null, 2) : stagesTable(stats));
    };
  }
  if (command === 'dlq' && sub === 'list') {
    allow({ json: true, limit: true });
    const [name, ...extra] = rest;
    const stage = stageArg(name);
    noMore(extra);
    return async (s) => {
      const list = await listDeadLetters(s, stage, { limit: args.limit });
      if (args.json) out(JSON.stringify(list.entries, null, 2));
      else if (list.total === 0) err(`no dead letters for stage ${stage}`);
      else {
        out(deadLetterTable(list.entries));
        err(`${list.entries.length} of ${list.total} dead letter(s) of stage ${stage}, oldest first`);
      }
    };
  }
  if (command === 'dlq' && sub === 'redrive') {
    allow({ json: true, all: true });
    const [name, id, ...extra] = rest;
    const stage = stageArg(name);
    if (args.all === (id !== undefined)) throw new UsageError('dlq redrive needs either a dead-letter ID or --all');
    noMore(extra);
    return async (s) => {
      const done = id !== undefined ? [await redriveDeadLetter(s, stage, id)] : await redriveAllDeadLetters(s, stage);
      if (args.json) out(JSON.stringify(done, null, 2));
      else if (done.length === 0) err(`no dead letters for stage ${stage}`);
      else {
        out(done.map((r) => redrivenLine(stage, r)).join('\n'));
        err(`${done.length} dead letter(s) of stage ${stage} redriven`);
      }
    };
  }
  if (command === 'tenant' && sub === 'mode') {
    allow({ json: true });
    const [tenantId, mode, ...extra] = rest;
    if (!tenantId) throw new UsageError('tenant mode needs a TENANT');
    noMore(extra);
    if (mode !== undefined && !isOperationalMode(mode)) throw new UsageError(`unknown mode ${mode}; one of: ${operationalModes.join(', ')}`);
    if (mode !== undefined && args.reason === undefined) throw new UsageError('changing the mode needs --reason TEXT');
    return async (s) => {
      const state = mode === undefined ? await s.modes.get(tenantId) : (await s.modes.change(tenantId, mode, args.reason!, 'ops', s.clock.now())).state;
      out(args.json ? JSON.stringify(state) : `${tenantId}: ${state.mode}${state.reason ? ` (${state.reason}, ${state.changed_at} by ${state.changed_by})` : ''}`);
    };
  }
  if (command === 'keys' && sub === 'rotate') {
    allow({});
    noMore(rest);
    return async (s) => {
      const key = await rotateSigningKey(s);
      out(JSON.stringify(keyView(key), null, 2));
      err(key.state === 'next'
        ? `key ${key.kid} is published now and signs from ${new Date(key.activate_at).toISOString()}; the current key retires once its tokens have expired.`
        : `key ${key.kid} created and signing (there was no key before).`);
    };
  }
  if (command === 'keys' && sub === 'list') {
    allow({ json: true });
    noMore(rest);
    return async (s) => {
      const keys = (await listSigningKeys(s)).map(keyView);
      if (args.json) out(JSON.stringify(keys));
      else out(table(['KID', 'STATE', 'CREATED', 'SIGNS FROM', 'RETIRES'], keys.map((k) => [k.kid, k.state, k.created_at, k.activate_at, k.retire_at ?? '-']), []));
    };
  }
  if (command === 'client' && sub === 'list') {
    allow({ json: true });
    const [tenantId, ...extra] = rest;
    if (!tenantId) throw new UsageError('client list needs a TENANT');
    noMore(extra);
    return async (s) => {
      const clients = await listClients(s, tenantId);
      if (args.json) out(JSON.stringify(clients));
      else out(table(['CLIENT', 'SCOPES', 'SECRET AGE', 'ROTATE', 'PREVIOUS SECRET UNTIL'], clients.map((c) => [
        c.client_id, c.scopes.join(' '), `${c.secret_age_days}d`, c.rotate_now ? 'OVER 90 DAYS' : '', c.previous_secret_until ?? '-',
      ]), [2]));
    };
  }
  if (command === 'client' && sub === 'rotate-secret') {
    allow({});
    const [clientId, ...extra] = rest;
    if (!clientId) throw new UsageError('client rotate-secret needs a CLIENT_ID');
    noMore(extra);
    if ((args.overlapHours === undefined) === !args.immediate) throw new UsageError('client rotate-secret needs exactly one of --overlap-hours N or --immediate');
    const overlapMs = args.immediate ? 0 : args.overlapHours! * 3_600_000;
    return async (s) => {
      const rotated = await rotateClientSecret(s, clientId, overlapMs);
      out(JSON.stringify(rotated, null, 2));
      err(args.immediate
        ? 'the previous secret stopped working now. The new secret is not shown again: store it now.'
        : `the previous secret works until ${rotated.previous_secret_until}. The new secret is not shown again: store it now.`);
    };
  }
  if (command === 'client' && sub === 'delete') {
    allow({});
    const [clientId, ...extra] = rest;
    if (!clientId) throw new UsageError('client delete needs a CLIENT_ID');
    noMore(extra);
    return async (s) => {
      await deleteClient(s, clientId);
      err(`client ${clientId} deleted; its tokens are refused from the next request on.`);
    };
  }
  if (command === 'audit' && sub === 'verify') {
    allow({ json: true });
    const [tenantId, checkpointFile, ...extra] = rest;
    if (!tenantId) throw new UsageError('audit verify needs a TENANT');
    noMore(extra);
    const checkpoint = checkpointFile === undefined ? undefined : readFileSync(checkpointFile, 'utf8').trim();
    return async (s) => {
      const result = await s.checkpoints.verify(tenantId, (position) => walkPages(s.ledger.pages(tenantId), position), checkpoint, s.clock.now());
      if (args.json) out(JSON.stringify(result));
      else {
        out(result.valid ? `chain intact: ${result.count} events, head ${result.head_hash}`
          : `chain BROKEN at event ${result.first_broken!.n} (${result.first_broken!.event_id}): ${result.first_broken!.problem}`);
        if (result.checkpoint) out(result.checkpoint.valid ? `checkpoint holds: the first ${result.checkpoint.count} events are as signed` : `checkpoint FAILS: ${result.checkpoint.problem}`);
      }
      return !result.valid || result.checkpoint?.valid === false ? 1 : 0;
    };
  }
  throw new UsageError(`unknown command ${[command, sub].filter(Boolean).join(' ')}`);
}

function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new AppError('invalid_request', `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InvalidDocument([`${file} is not JSON: ${(e as Error).message}`]);
  }
}

// --- formatting -------------------------------------------------------------------------

function keyView(k: KeyInfo) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { kid: k.kid, state: k.state, created_at: iso(k.created_at)!, activate_at: iso(k.activate_at)!, retire_at: iso(k.retire_at) };
}

function stagesTable(stats: StageStats[]): string {
  const rows = stats.map((st) => [
    st.stage, String(st.backlog), String(st.pending), duration(st.lag_ms), String(st.consumers),
    st.max_idle_ms === null ? '-' : duration(st.max_idle_ms), String(st.dead_letters), st.runnable ? '' : 'not in this release',
  ]);
  return table(['STAGE', 'BACKLOG', 'PENDING', 'LAG', 'CONSUMERS', 'MOST IDLE', 'DEAD LETTERS', ''], rows, [1, 2, 3, 4, 5, 6]);
}

function deadLetterTable(entries: DeadLetter[]): string {
  const rows = entries.map((d) => [
    d.id, d.workflow_id ?? '-', d.tenant ?? '-', d.error_code ?? '-', d.deliveries === null ? '-' : String(d.deliveries), d.failed_at,
    truncate(d.reason ?? '-', 100),
  ]);
  return table(['ID', 'WORKFLOW', 'TENANT', 'ERROR CODE', 'DELIVERIES', 'FAILED AT', 'REASON'], rows, [4]);
}

function redrivenLine(stage: StageName, r: Redriven): string {
  return `redriven ${r.id} -> ${stage} stream entry ${r.stream_id} (workflow ${clean(r.workflow_id ?? '-')}, tenant ${clean(r.tenant ?? '-')})`;
}

function table(header: string[], rows: string[][], rightAligned: number[]): string {
  const cells = [header, ...rows.map((row) => row.map(clean))];
  const widths = header.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  return cells
    .map((row) => row.map((cell, c) => (rightAligned.includes(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd())
    .join('\n');
}

/** Stored text is printed on a terminal: no control characters from it. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${(ms / 1000).toFixed(1)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
  return `${Math.floor(s / 86400)}d${String(Math.floor(s / 3600) % 24).padStart(2, '0')}h`;
}

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

function err(text: string): void {
  process.stderr.write(`${text}\n`);
}

// --- main -------------------------------------------------------------------------------

/** Runs one command; returns the exit code. Connections it opened are left in `opened`. */
async function main(argv: string[], opened: { services: Services | null }): Promise<number> {
  try {
    const action = plan(parseArgs(argv));
    if (!action) {
      if (argv.length === 0) {
        err(usage);
        return 2;
      }
      out(usage);
      return 0;
    }
    const config = loadConfig();
    const services = createServices(config, { log: createLogger(config.logLevel, process.stderr), metrics: new Metrics({ defaultMetrics: false }) });
    opened.services = services;
    // Reported once below, instead of ioredis printing every reconnect attempt.
    services.redis.on('error', () => undefined);
    await waitReady(services.redis, 5000).catch(() => {
      throw new AppError('service_unavailable', `cannot reach Redis at ${redisHost(config.redisUrl)}`);
    });
    return (await action(services)) ?? 0;
  } catch (e) {
    return report(e);
  }
}

/** Prints an error the way an operator should see it; returns the exit code. */
function report(e: unknown): number {
  if (e instanceof UsageError) {
    err(`${e.message}\n\n${usage}`);
    return 2;
  }
  if (e instanceof InvalidDocument) {
    err('invalid tenant document:');
    for (const problem of e.problems) err(`  ${problem}`);
    return 2;
  }
  if (e instanceof AppError || e instanceof ConfigError) {
    err(e.message);
    return 1;
  }
  err(`ops failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  return 1;
}

/** host:port only: the URL may carry a password. */
function redisHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured REDIS_URL';
  }
}

async function run(argv: string[]): Promise<void> {
  const opened: { services: Services | null } = { services: null };
  const code = await main(argv, opened);
  process.exitCode = code;
  if (opened.services) {
    // A connection that never came up would keep quit() waiting: drop it, and never let
    // closing hold the exit for long.
    if (opened.services.redis.status !== 'ready') opened.services.redis.disconnect();
    setTimeout(() => process.exit(code), 3000).unref();
    await opened.services.close();
    // Everything is closed; an ioredis reconnect timer may still be armed for a while.
    setTimeout(() => process.exit(code), 200).unref();
  }
}

void run(process.argv.slice(2));
