/**
 * Fake partner Claims Management System (CMS): a real HTTP server speaking the
 * partner contract, so the service's CMS client, timeouts, retries and circuit
 * breaker are exercised over real sockets in tests, benchmarks and the demo.
 *
 * Standalone: `npx tsx scripts/fakes/fake-cms.ts --port 4100 --key demo-cms-key`
 */
import * as http from 'node:http';
import { parseArgs } from 'node:util';
import type { Claim } from '../../../pipeline/types';
import { listenFake } from './fake-server';

/** One claim exactly as the CMS contract defines it (docs/cms-contract.md). */
export type FakeClaim = Claim;

/** A document the CMS still needs from the claimant. */
export interface PendingDocument {
  code: string;
  name: string;
}

/** Handle on a running fake CMS. */
export interface FakeCms {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:34567 */
  readonly url: string;
  readonly port: number;
  /** Number of requests received (including failed/unauthorised ones). */
  readonly requests: number;
  /** Registers an API key; each key is one tenant's isolated dataset. */
  addTenant(apiKey: string): void;
  /** Inserts or replaces a claim (creates the tenant if needed). */
  upsertClaim(apiKey: string, claim: FakeClaim): void;
  setPendingDocuments(apiKey: string, claimId: string, docs: PendingDocument[]): void;
  /** Delays every response by `ms` (0 = none). */
  setLatency(ms: number): void;
  /** The next `n` requests answer `status` instead of being served. */
  failNext(n: number, status?: number): void;
  /** Simulates an outage: stops listening and resets open connections. Data is kept. */
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
  /** Final shutdown. */
  close(): Promise<void>;
}

/** Demo claimant with one approved claim. */
export const DEMO_PHONE_APPROVED = '+919800000001';
/** Demo claimant with two claims (under review + documents pending). */
export const DEMO_PHONE_MULTI = '+919800000002';
/** All demo phones, in a stable order. */
export const DEMO_PHONES: readonly string[] = [DEMO_PHONE_APPROVED, DEMO_PHONE_MULTI];

interface Tenant {
  claims: Map<string, FakeClaim>;
  documents: Map<string, PendingDocument[]>;
}

// The path may carry any tenant prefix (`/acme/claims/...`), so match from the `/claims` segment on.
const ROUTE = /\/claims(?:\/([^/]+))?(\/pending-documents)?\/?$/;
const E164 = /^\+[1-9]\d{6,14}$/;

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Starts a fake CMS. `port: 0` (default) picks a free port; host defaults to 127.0.0.1. */
export async function startFakeCms(opts: { port?: number; host?: string } = {}): Promise<FakeCms> {
  const host = opts.host ?? '127.0.0.1';
  const tenants = new Map<string, Tenant>();
  let requests = 0;
  let latencyMs = 0;
  let failRemaining = 0;
  let failStatus = 503;
  let port = opts.port ?? 0;
  let server: { port: number; close(): Promise<void> } | undefined;
  let closed = false;

  const tenant = (apiKey: string): Tenant => {
    let t = tenants.get(apiKey);
    if (!t) {
      t = { claims: new Map(), documents: new Map() };
      tenants.set(apiKey, t);
    }
    return t;
  };

  const route = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (failRemaining > 0) {
      failRemaining--;
      sendJson(res, failStatus, { error: 'injected_failure' });
      return;
    }
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const data = auth ? tenants.get(auth[1]) : undefined;
    if (!data) {
      sendJson(res, 401, { error: 'unauthorized' });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://cms.invalid');
    const m = ROUTE.exec(url.pathname);
    if (!m) {
      sendJson(res, 404, { error: 'not_found' });
      return;
    }
    if (req.method !== 'GET') {
      sendJson(res, 405, { error: 'method_not_allowed' });
      return;
    }
    const [, claimId, pendingDocs] = m;
    if (!claimId) {
      const phone = url.searchParams.get('phone');
      // Strict on purpose: an unencoded '+' decodes to a space, and we want that client bug to surface.
      if (phone === null || !E164.test(phone)) {
        sendJson(res, 400, { error: 'invalid_phone', message: 'phone must be E.164 (encode + as %2B)' });
        return;
      }
      const claims = [...data.claims.values()].filter((c) => c.claimant_phone === phone);
      sendJson(res, 200, { claims });
      return;
    }
    const claim = data.claims.get(decodeURIComponent(claimId));
    if (!claim) {
      sendJson(res, 404, { error: 'not_found' });
      return;
    }
    if (pendingDocs) {
      sendJson(res, 200, { documents: data.documents.get(claim.claim_id) ?? [] });
      return;
    }
    sendJson(res, 200, claim);
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    requests++;
    // Drain the body (none expected) so keep-alive connections stay usable.
    req.resume();
    if (latencyMs > 0) setTimeout(() => route(req, res), latencyMs);
    else route(req, res);
  };

  const listen = async (): Promise<void> => {
    const s = await listenFake(handler, host, port);
    // Remember the actual port so start() after stop() rebinds the same one.
    port = s.port;
    server = s;
  };

  // Closing destroys keep-alive sockets too, so clients see the outage at once.
  const shutdown = async (): Promise<void> => {
    const s = server;
    if (!s) return;
    server = undefined;
    await s.close();
  };

  await listen();

  return {
    get url() {
      return `http://${host}:${port}`;
    },
    get port() {
      return port;
    },
    get requests() {
      return requests;
    },
    addTenant(apiKey) {
      tenant(apiKey);
    },
    upsertClaim(apiKey, claim) {
      tenant(apiKey).claims.set(claim.claim_id, structuredClone(claim));
    },
    setPendingDocuments(apiKey, claimId, docs) {
      tenant(apiKey).documents.set(claimId, structuredClone(docs));
    },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    failNext(n, status = 503) {
      failRemaining = n;
      failStatus = status;
    },
    stop: shutdown,
    async start() {
      if (closed) throw new Error('fake CMS was closed; start a new one');
      if (!server) await listen();
    },
    async close() {
      closed = true;
      await shutdown();
    },
  };
}

/** Seeds three realistic Indian health-insurance claims for the demo phones under `apiKey`. */
export function seedDemoData(cms: FakeCms, apiKey: string): void {
  cms.addTenant(apiKey);
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000123',
    policy_number: 'HLT-7788-2291',
    member_name: 'Ravi Kumar',
    claimant_phone: DEMO_PHONE_APPROVED,
    status: 'APPROVED',
    status_updated_at: '2024-11-18T10:42:00+05:30',
    amount_claimed: 185000,
    amount_approved: 162500,
    reason_codes: ['ROOM_RENT_CAP', 'NON_PAYABLE_CONSUMABLES'],
  });
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000456',
    policy_number: 'HLT-5521-8830',
    member_name: 'Priya Sharma',
    claimant_phone: DEMO_PHONE_MULTI,
    status: 'UNDER_REVIEW',
    status_updated_at: '2024-11-20T16:05:00+05:30',
    amount_claimed: 72400,
    amount_approved: null,
    reason_codes: [],
  });
  cms.upsertClaim(apiKey, {
    claim_id: 'CLM-2024-000789',
    policy_number: 'HLT-5521-8830',
    member_name: 'Priya Sharma',
    claimant_phone: DEMO_PHONE_MULTI,
    status: 'DOCUMENTS_PENDING',
    status_updated_at: '2024-11-21T09:30:00+05:30',
    amount_claimed: 248900,
    amount_approved: null,
    reason_codes: ['DOCS_INCOMPLETE'],
  });
  cms.setPendingDocuments(apiKey, 'CLM-2024-000789', [
    { code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' },
    { code: 'FINAL_BILL', name: 'Final hospital bill with itemised breakup' },
    { code: 'PHARMACY_BILLS', name: 'Pharmacy bills and prescriptions' },
  ]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      key: { type: 'string', default: 'demo-cms-key' },
    },
  });
  const cms = await startFakeCms({ port: Number(values.port), host: values.host });
  seedDemoData(cms, values.key);
  console.log(`fake CMS listening on ${cms.url} (api key "${values.key}", demo phones ${DEMO_PHONES.join(', ')})`);
  const stop = (): void => {
    void cms.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
