/**
 * What an operator reads at /metrics when a stage stops consuming: the stage before it counts
 * what it handled and how long it took, and the stalled stage shows a growing backlog and lag.
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('/metrics', function () {
  this.timeout(30000);
  let h: Harness;
  // Only the API and the gateway run: everything stops at the consent stage.
  before(async () => { h = await startHarness({ roles: { api: true, scheduler: false, stages: ['gateway'] } }); });
  after(async () => { await h?.close(); });

  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  };

  it('counts and times the stage that ran, and shows the backlog and lag of the one that stalled', async () => {
    for (let i = 0; i < 3; i++) expect((await h.wa.postInbound({ from: `+91987650000${i}`, text: 'claim status' })).status).to.equal(200);
    const text = await waitFor(async () => {
      const body = await (await fetch(`${h.apiUrl}/metrics`)).text();
      return (value(body, 'cw_stage_backlog{stage="consent"}') ?? 0) >= 3 ? body : null;
    }, { what: 'the consent backlog in /metrics' });
    expect(value(text, 'cw_stage_lag_seconds{stage="consent"}')).to.be.greaterThan(0);
    expect(value(text, 'cw_stage_backlog{stage="truth"}')).to.equal(0);
    expect(value(text, 'cw_inbound_messages_total{channel="whatsapp",result="accepted"}')).to.equal(3);
    expect(value(text, 'cw_stage_handled_total{stage="gateway",outcome="forward"}')).to.equal(3);
    expect(value(text, 'cw_stage_latency_seconds_count{stage="gateway"}')).to.equal(3);
    expect(text).to.contain('cw_stage_latency_seconds_bucket{le="0.005",stage="gateway"}');
  });
});
