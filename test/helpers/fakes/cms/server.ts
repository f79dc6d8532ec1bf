/**
 * The fake CMS's HTTP server: the partner contract's routes over per-API-key tenants of claims and
 * pending documents, with injected failures and latency, and stop()/start() on the same port.
 */
import * as http from 'node:http';
import { listenFake } from '../fake-server';
import type { FakeClaim, FakeCms, PendingDocument } from './types';

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
