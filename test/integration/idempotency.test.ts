/**
 * Idempotency-Key as a partner's retrying client meets it: a repeated request is answered from
 * the first one without running again; the key reused for another request is refused; a client
 * error is replayed as it was.
 */
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

  it('refuses a malformed key', async () => {
    const res = await put('bad key with spaces', { mode: 'OPERATIONAL', reason: 'x' });
    expect(res.status).to.equal(400);
  });
});
