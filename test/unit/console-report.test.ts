/**
 * The console dashboard's parts that need no browser (console/src/report-period.ts,
 * report-tables.ts, csv.ts), run in Node: a period typed as dd/mm/yyyy and the quick choices on the
 * tenant's date; the numbers tables holding the API's values as they came (the period's row from
 * `totals`, nulls kept); and CSV quoting.
 */
import { expect } from 'chai';
import { csvOf } from '../../console/src/csv';
import { lastDays, periodOf, quickChoiceOf, readPeriod, shownDate, todayIn } from '../../console/src/report-period';
import { conversationsTable, latencyTable, periodTable, turnaroundTable, type Figures, type ReportSummary } from '../../console/src/report-tables';
import { readDate, setTimeZone } from '../../console/src/time';

function figures(over: Partial<Figures> = {}): Figures {
  return {
    conversations: 0, by_type_outcome: [], reply_latency_ms: { count: 0, p50: null, p95: null }, document_turnaround_ms: { count: 0, p50: null, p90: null },
    timeouts: 0, escalations: 0, policy_blocks: 0, consent_refusals: 0, consent_withdrawals: 0,
    channels: { whatsapp: 0, sms: 0 }, languages: { EN: 0, HI: 0, HI_EN: 0, unknown: 0 }, ...over,
  };
}

const summary: ReportSummary = {
  from: '2026-11-27', to: '2026-11-28', time_zone: 'Asia/Kolkata', granularity: 'day',
  days: [
    { date: '2026-11-27', ...figures({ conversations: 2, by_type_outcome: [{ workflow_type: 'claim-status', outcome: 'completed', count: 2 }], reply_latency_ms: { count: 2, p50: 1200, p95: 2500 }, channels: { whatsapp: 2, sms: 0 } }) },
    { date: '2026-11-28', ...figures({ conversations: 1, by_type_outcome: [{ workflow_type: 'none', outcome: 'open', count: 1 }], languages: { EN: 0, HI: 0, HI_EN: 0, unknown: 0, TA: 1 } }) },
  ],
  totals: figures({
    conversations: 3,
    by_type_outcome: [{ workflow_type: 'claim-status', outcome: 'completed', count: 2 }, { workflow_type: 'none', outcome: 'open', count: 1 }],
    // A period's percentile is the API's, not one made of the days'.
    reply_latency_ms: { count: 2, p50: 1200, p95: 2500 }, document_turnaround_ms: { count: 1, p50: 36000000, p90: 36000000 },
    channels: { whatsapp: 3, sms: 0 }, languages: { EN: 0, HI: 0, HI_EN: 0, unknown: 0, TA: 1 },
  }),
};

describe('console dashboard: periods, numbers tables and CSV', () => {
  afterEach(() => setTimeZone('Asia/Kolkata'));

  it('reads a date typed as dd/mm/yyyy', () => {
    expect(readDate('1/12/2026')).to.deep.equal({ date: '2026-12-01' });
    expect(readDate(' 29/02/2028 ')).to.deep.equal({ date: '2028-02-29' });
    expect(readDate('29/02/2026')).to.deep.equal({ error: '29/02/2026 is not a date: enter it as dd/mm/yyyy.' });
    expect(readDate('2026-12-01')).to.deep.equal({ error: 'Enter the date as dd/mm/yyyy, for example 29/11/2026.' });
    expect(shownDate('2026-12-01')).to.equal('01/12/2026');
  });

  it('counts the last days back from the tenant\'s date, not the browser\'s or UTC\'s', () => {
    // 20:00 UTC on 28/11 is 01:30 on 29/11 in India.
    const late = Date.parse('2026-11-28T20:00:00Z');
    expect(todayIn(late)).to.equal('2026-11-29');
    setTimeZone('Europe/London');
    expect(todayIn(late)).to.equal('2026-11-28');
    expect(lastDays(7, '2026-11-28')).to.deep.equal({ from: '2026-11-22', to: '2026-11-28' });
    expect(lastDays(30, '2026-03-01')).to.deep.equal({ from: '2026-01-31', to: '2026-03-01' });
    expect(quickChoiceOf({ from: '2026-11-22', to: '2026-11-28' }, '2026-11-28')).to.equal(7);
    expect(quickChoiceOf({ from: '2026-11-22', to: '2026-11-28' }, '2026-11-29')).to.equal(null);
  });

  it('takes a typed period the API would take, and says what is wrong with another', () => {
    expect(readPeriod('22/11/2026', '28/11/2026')).to.deep.equal({ period: { from: '2026-11-22', to: '2026-11-28' } });
    expect(readPeriod('11/22/2026', '28/11/2026')).to.deep.equal({ error: 'Start date: 11/22/2026 is not a date: enter it as dd/mm/yyyy.', field: 'from' });
    expect(readPeriod('22/11/2026', '')).to.deep.equal({ error: 'End date: Enter the date as dd/mm/yyyy, for example 29/11/2026.', field: 'to' });
    expect(readPeriod('28/11/2026', '22/11/2026')).to.deep.equal({ error: 'The end date, 22/11/2026, is before the start date, 28/11/2026.', field: 'to' });
    expect(readPeriod('01/01/2025', '02/01/2026')).to.deep.equal({ error: 'A period covers at most 366 days; this one covers 367.', field: 'to' });
    expect(readPeriod('01/01/2024', '31/12/2024')).to.have.property('period');
    expect(periodOf(new URLSearchParams('from=2026-11-22&to=2026-11-28'))).to.deep.equal({ from: '2026-11-22', to: '2026-11-28' });
    expect(periodOf(new URLSearchParams('from=2026-02-30&to=2026-03-28'))).to.equal(null);
    expect(periodOf(new URLSearchParams('from=2026-11-28&to=2026-11-22'))).to.equal(null);
  });

  it('lays the API\'s answer out per chart, the period\'s row from its totals and nulls kept', () => {
    expect(conversationsTable(summary)).to.deep.equal({
      columns: ['date', 'claim-status/completed', 'none/open', 'conversations'],
      headings: ['Date', 'claim-status, completed', 'none, open', 'All conversations'],
      rows: [['2026-11-27', 2, 0, 2], ['2026-11-28', 0, 1, 1], ['total', 2, 1, 3]],
    });
    expect(latencyTable(summary).rows).to.deep.equal([['2026-11-27', 2, 1200, 2500], ['2026-11-28', 0, null, null], ['total', 2, 1200, 2500]]);
    expect(turnaroundTable(summary).rows).to.deep.equal([['2026-11-27', '2026-11-28', 1, 36000000, 36000000]]);
    const whole = periodTable(summary);
    expect(whole.columns).to.deep.equal([
      'date', 'conversations', 'conversations:claim-status/completed', 'conversations:none/open', 'reply_latency_count', 'reply_latency_p50_ms',
      'reply_latency_p95_ms', 'document_turnaround_count', 'document_turnaround_p50_ms', 'document_turnaround_p90_ms', 'timeouts', 'escalations',
      'policy_blocks', 'consent_refusals', 'consent_withdrawals', 'channel:whatsapp', 'channel:sms', 'language:EN', 'language:HI', 'language:HI_EN',
      'language:unknown', 'language:TA',
    ]);
    // A language only one day had is 0 on the others.
    expect(whole.rows.map((r) => r[whole.columns.indexOf('language:TA')])).to.deep.equal([0, 1, 1]);
    expect(whole.rows[2]!.slice(0, 10)).to.deep.equal(['total', 3, 2, 1, 2, 1200, 2500, 1, 36000000, 36000000]);
  });

  it('writes CSV with CRLF, quotes where needed, empty for null, and no formula', () => {
    expect(csvOf(['date', 'p50_ms'], [['2026-11-27', 1200], ['total', null]])).to.equal('date,p50_ms\r\n2026-11-27,1200\r\ntotal,\r\n');
    expect(csvOf(['a'], [['x,y'], ['say "hi"'], ['two\nlines'], ['=1+1'], ['-2'], [-2]])).to.equal('a\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n\'=1+1\r\n\'-2\r\n-2\r\n');
  });
});
