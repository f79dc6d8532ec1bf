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

  it('says whether Redis answers, counts API responses by class and shows how overdue the oldest timers are', async () => {
    const read = async () => (await fetch(`${h.apiUrl}/metrics`)).text();
    const first = await read();
    expect(value(first, 'cw_redis_up')).to.equal(1);
    expect(value(first, 'cw_timer_overdue_seconds{kind="retry"}')).to.equal(0);
    expect(value(first, 'cw_timer_overdue_seconds{kind="workflow"}')).to.equal(0);
    const twoxx = value(first, 'cw_http_responses_total{class="2xx"}') ?? 0;
    expect(twoxx).to.be.at.least(3);
    expect((await fetch(`${h.apiUrl}/no-such-path`)).status).to.be.within(400, 499);

    // No scheduler runs here, so timers that fall due stay unfired: a retry due 30 s ago, a reminder 90 s ago.
    const { redis, keys, clock } = h.services;
    await redis.zadd(keys.timers(1), clock.now() - 30_000, 'retry-timer');
    await redis.zadd(keys.workflowTimers(2), clock.now() - 90_000, 'pd|acme|wf-2-0000000000000000|1|r|1');
    await redis.zadd(keys.workflowTimers(3), clock.now() + 3_600_000, 'pd|acme|wf-3-0000000000000000|1|r|1');
    const text = await read();
    expect(value(text, 'cw_timer_overdue_seconds{kind="retry"}')).to.be.within(30, 40);
    expect(value(text, 'cw_timer_overdue_seconds{kind="workflow"}')).to.be.within(90, 100);
    expect(value(text, 'cw_http_responses_total{class="4xx"}')).to.be.at.least(1);
    expect(value(text, 'cw_http_responses_total{class="2xx"}')).to.be.greaterThan(twoxx);
    await redis.del(keys.timers(1), keys.workflowTimers(2), keys.workflowTimers(3));
  });
});
