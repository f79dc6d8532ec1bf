/**
 * Idempotency-Key as a partner's retrying client meets it: a repeated request is answered from
 * the first one without running again; the key reused for another request is refused; a client
 * error is replayed as it was.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';

describe('Idempotency-Key', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  const put = (key: string | null, body: unknown) => h.api('/v1/tenant/operational-mode', {
    method: 'PUT', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) }, body: JSON.stringify(body),
  });
  const modeChanges = async () => ((await (await h.api('/v1/audit/events?type=operational_mode.changed')).json()) as { items: unknown[] }).items.length;

  it('runs a repeated request once and answers the repeat with the first response', async () => {
    const first = await put('change-1', { mode: 'SUSPENDED', reason: 'retry test' });
    expect(first.status).to.equal(200);
    const firstBody = await first.json();
    const again = await put('change-1', { mode: 'SUSPENDED', reason: 'retry test' });
    expect(again.status).to.equal(200);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await again.json()).to.deep.equal(firstBody);
    expect(await modeChanges()).to.equal(1);
  });

  it('refuses the same key for a different request with 422', async () => {
    const other = await put('change-1', { mode: 'OPERATIONAL', reason: 'something else' });
    expect(other.status).to.equal(422);
    expect(await other.json()).to.include({ error_code: 'idempotency_key_reused' });
  });

  it('replays a client error exactly, and runs requests without a key every time', async () => {
    const bad = await put('bad-1', { mode: 'PAUSED', reason: 'x' });
    expect(bad.status).to.equal(400);
    const badBody = await bad.json();
    const badAgain = await put('bad-1', { mode: 'PAUSED', reason: 'x' });
    expect(badAgain.status).to.equal(400);
    expect(badAgain.headers.get('idempotent-replayed')).to.equal('true');
    expect(await badAgain.json()).to.deep.equal(badBody);
    expect((await put(null, { mode: 'OPERATIONAL', reason: 'a' })).status).to.equal(200);
    expect((await put(null, { mode: 'OPERATIONAL', reason: 'b' })).status).to.equal(200);
    expect(await modeChanges()).to.equal(3);
  });

  /** The fingerprints of every kept Idempotency-Key record of the tenant. */
  async function fingerprints(): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await h.services.redis.scan(cursor, 'MATCH', `${h.config.keyPrefix}:{t:acme}:idem:*`, 'COUNT', 1000);
      for (const key of keys) found.push((JSON.parse((await h.services.redis.get(key)) ?? '{}') as { fingerprint: string }).fingerprint);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  it('keeps no plain SHA-256 of any request, whatever the spelling of its path: an erasure\'s phone cannot be read back', async () => {
    const body = JSON.stringify({ phone: '+919812340001' });
    // The router matches a path whatever its case and with a trailing slash: each spelling is the erasure.
    const spellings = ['/v1/claimants/erasure', '/V1/claimants/erasure', '/v1/claimants/erasure/', '/v1/Claimants/ERASURE/'];
    for (const [i, path] of spellings.entries()) {
      const send = () => h.api(path, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `erase-${i}` }, body });
      const first = await send();
      expect(first.status, path).to.equal(200);
      const again = await send();
      expect(again.status, path).to.equal(200);
      expect(again.headers.get('idempotent-replayed'), path).to.equal('true');
    }
    await put('mode-fp', { mode: 'OPERATIONAL', reason: 'fingerprint' });
    // Plain SHA-256 of each request as the fingerprint was built (method, path as sent, body):
    // what hashing every phone number would find.
    const plain = [...spellings.map((path) => `POST ${path}\n${body}`), 'PUT /v1/tenant/operational-mode\n{"mode":"OPERATIONAL","reason":"fingerprint"}']
      .map((text) => createHash('sha256').update(text).digest('hex'));
    const kept = await fingerprints();
    expect(kept.length).to.be.greaterThan(spellings.length);
    expect(kept.filter((f) => plain.includes(f))).to.deep.equal([]);
  });

  it('refuses a malformed key', async () => {
    const res = await put('bad key with spaces', { mode: 'OPERATIONAL', reason: 'x' });
    expect(res.status).to.equal(400);
  });
});
