/**
 * The console's times (console/src/time.ts), run in Node: shown in the tenant's zone as
 * dd/mm/yyyy HH:MM with the zone's name, and read back from what a person types into the UTC
 * instant the API takes, across daylight-saving changes, with errors in words.
 */
import { expect } from 'chai';
import { fieldsOf, readTyped, setTimeZone, timeZone, when, zoneName } from '../../console/src/time';

describe('console times in the tenant\'s zone', () => {
  afterEach(() => setTimeZone('Asia/Kolkata'));

  it('shows a time as dd/mm/yyyy HH:MM and the zone\'s name, Asia/Kolkata by default', () => {
    expect(timeZone()).to.equal('Asia/Kolkata');
    expect(when('2026-11-29T13:35:00.000Z')).to.equal('29/11/2026 19:05 IST');
    // Past midnight in India, still the day before in UTC.
    expect(when('2026-11-29T19:00:00.000Z')).to.equal('30/11/2026 00:30 IST');
    expect(when(null)).to.equal('—');
    expect(when('not a time')).to.equal('—');
  });

  it('follows the zone the tenant names, with its summer time', () => {
    setTimeZone('Europe/London');
    expect(when('2026-11-29T13:35:00.000Z')).to.equal('29/11/2026 13:35 GMT');
    expect(when('2026-07-01T13:35:00.000Z')).to.equal('01/07/2026 14:35 BST');
    // A zone no English locale names reads as its offset.
    expect(zoneName(Date.parse('2026-11-29T13:35:00Z'), 'Asia/Singapore')).to.equal('GMT+8');
  });

  it('keeps the default for a zone Intl does not know', () => {
    setTimeZone('Mars/Olympus_Mons');
    expect(timeZone()).to.equal('Asia/Kolkata');
  });

  it('reads a typed date and time on the tenant\'s clock into UTC', () => {
    expect(readTyped('29/11/2026', '19:05')).to.deep.equal({ iso: '2026-11-29T13:35:00.000Z' });
    expect(readTyped('1/12/2026', '9:30')).to.deep.equal({ iso: '2026-12-01T04:00:00.000Z' });
    expect(fieldsOf('2026-11-29T13:35:00.000Z')).to.deep.equal(['29/11/2026', '19:05']);
    setTimeZone('America/New_York');
    expect(readTyped('08/03/2026', '03:30')).to.deep.equal({ iso: '2026-03-08T07:30:00.000Z' });
    expect(readTyped('07/03/2026', '03:30')).to.deep.equal({ iso: '2026-03-07T08:30:00.000Z' });
  });

  it('says in words what is wrong with a typed time', () => {
    expect(readTyped('2026-11-29', '19:05')).to.deep.equal({ error: 'Enter the date as dd/mm/yyyy, for example 29/11/2026.', field: 'date' });
    // Not mm/dd/yyyy: the thirteenth month does not exist.
    expect(readTyped('11/29/2026', '19:05')).to.deep.equal({ error: '11/29/2026 is not a date: enter it as dd/mm/yyyy.', field: 'date' });
    expect(readTyped('31/02/2026', '10:00')).to.include({ field: 'date' });
    expect(readTyped('29/11/2026', '7 pm')).to.deep.equal({ error: 'Enter the time as HH:MM on the 24-hour clock, for example 19:05.', field: 'time' });
    setTimeZone('Europe/London');
    expect(readTyped('29/03/2026', '01:30')).to.deep.equal({ error: '01:30 does not exist on 29/03/2026 in Europe/London (the clocks change).', field: 'time' });
  });
});
