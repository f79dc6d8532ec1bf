/**
 * What a newcomer's browser and first calls meet: the console's pages make the browser ask for
 * `/favicon.ico`, answered without a token (no 401 problem in every page's log), and the
 * deliveries list without `status` serves its documented default (the dead letters, `failed`).
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';

describe('newcomer API defaults', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  it('answers /favicon.ico without a token: 204, no body, cacheable', async () => {
    const res = await fetch(`${h.apiUrl}/favicon.ico`);
    expect(res.status).to.equal(204);
    expect(await res.text()).to.equal('');
    expect(res.headers.get('cache-control')).to.contain('max-age=');
  });

  it('lists the failed deliveries (the dead letters) when GET /v1/webhooks/deliveries names no status', async () => {
    const res = await h.api('/v1/webhooks/deliveries');
    expect(res.status).to.equal(200);
    const failed = await h.api('/v1/webhooks/deliveries?status=failed');
    expect(await res.json()).to.deep.equal(await failed.json());
    // A status that is named must still be one of the three.
    expect((await h.api('/v1/webhooks/deliveries?status=nope')).status).to.equal(400);
  });
});
