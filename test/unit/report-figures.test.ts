/**
 * The report's definitions (src/reports/figures.ts, docs/reports.md) and its calendar
 * (src/reports/local-days.ts): what one record adds, how counters add up, percentiles within 5%
 * of the exact ones whatever way the values were split and merged, and local dates in zones whose
 * clocks skip or repeat an hour.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { addCounters, figuresOf, histogramValue, percentiles, recordCounters, type Counters } from '../../src/reports/figures';
import { datesFrom, daysBetween, isLocalDate, LocalDays, localDateOf, startOfLocalDay } from '../../src/reports/local-days';

const base = { workflow_id: 'wf-1-0123456789abcdef0123', tenant_id: 'acme', started_at: '1772000000000', channel: 'whatsapp' };

describe('report figures of a record', () => {
  it('counts a conversation by type and grouped outcome, channel, language, and its reply latency', () => {
    expect(recordCounters({ ...base, workflow_type: 'claim-status', status: 'completed', language: 'HI', replied_at: '1772000000850' })).to.deep.equal({
      conversations: 1, 'to|claim-status|completed': 1, 'ch|whatsapp': 1, 'lang|HI': 1, 'rl|850': 1,
    });
    // No type (small talk), still open, SMS, no language known, no reply timed.
    expect(recordCounters({ ...base, channel: 'sms', status: 'awaiting_consent' })).to.deep.equal({
      conversations: 1, 'to|none|open': 1, 'ch|sms': 1, 'lang|unknown': 1,
    });
  });

  it('counts timeouts, policy blocks, escalations and consent refused or withdrawn', () => {
    expect(recordCounters({ ...base, workflow_type: 'pending-documents', status: 'timed_out' })).to.include({ timeouts: 1, 'to|pending-documents|timed_out': 1 });
    expect(recordCounters({ ...base, workflow_type: 'query-reason', status: 'policy_blocked' })).to.include({ policy_blocks: 1 });
    expect(recordCounters({ ...base, workflow_type: 'human-handover', status: 'with_agent' })).to.include({ escalations: 1, 'to|human-handover|open': 1 });
    expect(recordCounters({ ...base, status: 'cancelled', consent_change: 'declined' })).to.include({ consent_refusals: 1, 'to|none|cancelled': 1 });
    expect(recordCounters({ ...base, status: 'completed', consent_change: 'revoked' })).to.include({ consent_withdrawals: 1 });
  });

  it("times a document wait from its start to the last document, only when it completed with every one in", () => {
    const wait = {
      ...base, workflow_type: 'pending-documents', status: 'completed', wait_started_at: '1000',
      pd_pending: JSON.stringify([{ code: 'DS', name: 'Discharge summary' }, { code: 'BILL', name: 'Bill' }]),
      pd_received: JSON.stringify({ DS: 'm1', BILL: 'm2' }), pd_received_at: JSON.stringify({ DS: 5000, BILL: 86_401_000 }),
    };
    expect(recordCounters(wait)).to.include({ 'dt|86000000': 1 });
    expect(Object.keys(recordCounters({ ...wait, status: 'timed_out' })!).some((k) => k.startsWith('dt|')), 'timed out').to.equal(false);
    const oneMissing = { ...wait, pd_received: JSON.stringify({ DS: 'm1' }), pd_received_at: JSON.stringify({ DS: 5000 }) };
    expect(Object.keys(recordCounters(oneMissing)!).some((k) => k.startsWith('dt|')), 'a document missing').to.equal(false);
  });

  it("is nothing for a handler's reply or notice of a handover (no conversation of its own)", () => {
    expect(recordCounters({ ...base, workflow_type: 'human-handover', status: 'completed', handover_workflow_id: 'wf-2-0123456789abcdef0123' })).to.equal(null);
  });

  it('answers every channel and every language the tenant offers, zeros included, another once seen, and the outcomes in a stable order', () => {
    const c = addCounters(addCounters({}, recordCounters({ ...base, workflow_type: 'claim-status', status: 'cancelled' })!),
      recordCounters({ ...base, workflow_type: 'claim-status', status: 'completed', language: 'EN' })!);
    const f = figuresOf(addCounters(c, recordCounters({ ...base, workflow_type: 'claim-status', status: 'completed', language: 'TA' })!), ['EN', 'HI']);
    expect(f.by_type_outcome).to.deep.equal([
      { workflow_type: 'claim-status', outcome: 'completed', count: 2 }, { workflow_type: 'claim-status', outcome: 'cancelled', count: 1 },
    ]);
    expect(f.channels).to.deep.equal({ whatsapp: 3, sms: 0 });
    expect(f.languages).to.deep.equal({ EN: 1, HI: 0, unknown: 1, TA: 1 });
    expect(f.reply_latency_ms).to.deep.equal({ count: 0, p50: null, p95: null });
  });
});

describe('report percentiles', () => {
  it('keeps values to two significant digits (under 100 as they are)', () => {
    expect([0, 7, 99, 100, 104, 105, 850, 2149, 2150, 86_400_000].map(histogramValue)).to.deep.equal([0, 7, 99, 100, 100, 110, 850, 2100, 2200, 86_000_000]);
    expect(histogramValue(-5), 'a clock that stepped back').to.equal(0);
  });

  it('are within 5% of the exact nearest-rank percentile, however the values are split into days and merged', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 500_000_000 }), { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 7 }),
      (values, parts) => {
        const split: Counters[] = Array.from({ length: parts }, () => ({}));
        values.forEach((v, i) => addCounters(split[i % parts]!, { [`rl|${histogramValue(v)}`]: 1 }));
        const merged = split.reduce((into, c) => addCounters(into, c), {} as Counters);
        const f = figuresOf(merged, []);
        const sorted = [...values].sort((a, b) => a - b);
        for (const [q, got] of [[0.5, f.reply_latency_ms.p50], [0.95, f.reply_latency_ms.p95]] as const) {
          const exact = sorted[Math.ceil(q * sorted.length) - 1]!;
          expect(Math.abs(got! - exact)).to.be.at.most(0.05 * exact);
        }
        expect(f.reply_latency_ms.count).to.equal(values.length);
      },
    ));
  });

  it('are null for no value, and the value itself for one', () => {
    expect(percentiles(new Map(), [0.5])).to.deep.equal({ count: 0, values: [null] });
    expect(percentiles(new Map([[850, 1]]), [0.5, 0.95])).to.deep.equal({ count: 1, values: [850, 850] });
  });
});

describe('report calendar (local dates)', () => {
  it('reads real dates only', () => {
    expect(['2026-02-28', '2024-02-29'].map(isLocalDate)).to.deep.equal([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00:00Z', ''].map(isLocalDate)).to.deep.equal([false, false, false, false, false]);
    expect(daysBetween('2024-01-01', '2024-12-31')).to.equal(366);
    expect(datesFrom('2026-02-27', '2026-03-02')).to.deep.equal(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('puts 23:00 UTC on the next date in India, and begins an Indian day at 18:30 UTC the day before', () => {
    expect(localDateOf(Date.parse('2026-03-05T23:00:00Z'), 'Asia/Kolkata')).to.equal('2026-03-06');
    expect(localDateOf(Date.parse('2026-03-05T18:29:59.999Z'), 'Asia/Kolkata')).to.equal('2026-03-05');
    expect(new Date(startOfLocalDay('2026-03-06', 'Asia/Kolkata')).toISOString()).to.equal('2026-03-05T18:30:00.000Z');
  });

  it('begins a day whose midnight the clock skips at the jump, and a day with an hour twice at its first midnight', () => {
    // Santiago: on 6 September 2026 the clock goes from 23:59 to 01:00; on 5 April 23:00 comes twice.
    expect(new Date(startOfLocalDay('2026-09-06', 'America/Santiago')).toISOString()).to.equal('2026-09-06T04:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-04-05', 'America/Santiago')).toISOString()).to.equal('2026-04-05T04:00:00.000Z');
    expect(startOfLocalDay('2026-04-05', 'America/Santiago') - startOfLocalDay('2026-04-04', 'America/Santiago'), 'a 25-hour day').to.equal(25 * 3_600_000);
  });

  it('gives many moments the same dates as Intl does one by one', () => {
    for (const zone of ['Asia/Kolkata', 'America/Santiago', 'Asia/Kathmandu', 'UTC']) {
      const days = new LocalDays(zone);
      for (let t = Date.parse('2026-04-03T00:00:00Z'); t < Date.parse('2026-04-07T00:00:00Z'); t += 7 * 60_000 + 13_000) {
        expect(days.of(t), `${zone} ${new Date(t).toISOString()}`).to.equal(localDateOf(t, zone));
      }
    }
  });
});
