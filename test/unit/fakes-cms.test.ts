import { expect } from 'chai';
import * as http from 'node:http';
import { DEMO_PHONE_APPROVED, DEMO_PHONE_MULTI, type FakeCms, seedDemoData, startFakeCms } from '../helpers/fakes/fake-cms';

const KEY = 'tenant-a-key';
const OTHER_KEY = 'tenant-b-key';

interface Reply {
  status: number;
  body: any;
}

/** GET over a caller-supplied agent, so keep-alive reuse (and its reset on stop()) is exercised. */
function get(url: string, opts: { key?: string; agent?: http.Agent | false } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = opts.key ? { authorization: `Bearer ${opts.key}` } : {};
    const req = http.get(url, { headers, agent: opts.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const byPhone = (phone: string): string => `/claims?phone=${encodeURIComponent(phone)}`;

describe('fake CMS', () => {
  let cms: FakeCms;

  before(async () => {
    cms = await startFakeCms();
    seedDemoData(cms, KEY);
    cms.addTenant(OTHER_KEY);
  });

  after(async () => {
    await cms.close();
  });

  it('lists claims by phone with the contract shape', async () => {
    const res = await get(cms.url + byPhone(DEMO_PHONE_APPROVED), { key: KEY });
    expect(res.status).to.equal(200);
    expect(res.body.claims).to.have.length(1);
    const claim = res.body.claims[0];
    expect(claim).to.have.all.keys(
      'claim_id', 'policy_number', 'member_name', 'claimant_phone', 'status',
      'status_updated_at', 'amount_claimed', 'amount_approved', 'reason_codes',
    );
    expect(claim.claimant_phone).to.equal(DEMO_PHONE_APPROVED);
    expect(claim.amount_claimed).to.be.a('number');
    expect(claim.reason_codes).to.be.an('array');
  });

  it('returns both claims of a multi-claim phone and an empty list for an unknown phone', async () => {
    const multi = await get(cms.url + byPhone(DEMO_PHONE_MULTI), { key: KEY });
    expect(multi.body.claims.map((c: any) => c.status)).to.have.members(['UNDER_REVIEW', 'DOCUMENTS_PENDING']);
    const none = await get(cms.url + byPhone('+919811111111'), { key: KEY });
    expect(none).to.deep.equal({ status: 200, body: { claims: [] } });
  });

  it('rejects a missing or unencoded phone with 400', async () => {
    expect((await get(`${cms.url}/claims`, { key: KEY })).status).to.equal(400);
    // An unencoded '+' decodes to a space: the fake refuses it rather than silently returning nothing.
    expect((await get(`${cms.url}/claims?phone=+919800000001`, { key: KEY })).status).to.equal(400);
  });

  it('serves a claim by id, or 404 not_found', async () => {
    const ok = await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY });
    expect(ok.status).to.equal(200);
    expect(ok.body).to.include({ claim_id: 'CLM-2024-000123', status: 'APPROVED' });
    const missing = await get(`${cms.url}/claims/CLM-NOPE`, { key: KEY });
    expect(missing).to.deep.equal({ status: 404, body: { error: 'not_found' } });
  });

  it('serves pending documents, 404 for an unknown claim', async () => {
    const docs = await get(`${cms.url}/claims/CLM-2024-000789/pending-documents`, { key: KEY });
    expect(docs.status).to.equal(200);
    expect(docs.body.documents.length).to.be.greaterThan(0);
    expect(docs.body.documents[0]).to.have.all.keys('code', 'name');
    const none = await get(`${cms.url}/claims/CLM-2024-000123/pending-documents`, { key: KEY });
    expect(none.body).to.deep.equal({ documents: [] });
    expect((await get(`${cms.url}/claims/CLM-NOPE/pending-documents`, { key: KEY })).status).to.equal(404);
  });

  it('answers 401 for an unknown or missing key and isolates tenants', async () => {
    expect(await get(cms.url + byPhone(DEMO_PHONE_APPROVED), { key: 'wrong' })).to.deep.equal({ status: 401, body: { error: 'unauthorized' } });
    expect((await get(cms.url + byPhone(DEMO_PHONE_APPROVED))).status).to.equal(401);
    const other = await get(cms.url + byPhone(DEMO_PHONE_APPROVED), { key: OTHER_KEY });
    expect(other.body).to.deep.equal({ claims: [] });
  });

  it('accepts any path prefix before /claims', async () => {
    const res = await get(`${cms.url}/acme${byPhone(DEMO_PHONE_APPROVED)}`, { key: KEY });
    expect(res.body.claims).to.have.length(1);
    const docs = await get(`${cms.url}/acme/v1/claims/CLM-2024-000789/pending-documents`, { key: KEY });
    expect(docs.status).to.equal(200);
  });

  it('injects failures, latency, and counts requests', async () => {
    const before = cms.requests;
    cms.failNext(2, 502);
    expect((await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY })).status).to.equal(502);
    expect((await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY })).status).to.equal(502);
    expect((await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY })).status).to.equal(200);
    expect(cms.requests - before).to.equal(3);

    cms.setLatency(80);
    const started = Date.now();
    await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY });
    cms.setLatency(0);
    expect(Date.now() - started).to.be.at.least(75);
  });

  it('stop() refuses connections and resets keep-alive sockets; start() reuses the port and keeps data', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const port = cms.port;
      expect((await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY, agent })).status).to.equal(200);
      await cms.stop();
      // The agent still holds the idle keep-alive socket: it must fail, not be served by a half-closed server.
      const err = await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY, agent }).then(
        () => undefined,
        (e: NodeJS.ErrnoException) => e,
      );
      expect(err?.code).to.be.oneOf(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
      // agent: false forces a new connection (Node's global agent keeps sockets alive too).
      const fresh = await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY, agent: false }).catch((e: NodeJS.ErrnoException) => e.code);
      expect(fresh).to.equal('ECONNREFUSED');

      await cms.start();
      expect(cms.port).to.equal(port);
      const res = await get(`${cms.url}/claims/CLM-2024-000123`, { key: KEY, agent });
      expect(res.status).to.equal(200);
      expect(res.body.claim_id).to.equal('CLM-2024-000123');
    } finally {
      agent.destroy();
    }
  });
});
