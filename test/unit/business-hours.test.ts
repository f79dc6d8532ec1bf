/**
 * Business-hours arithmetic of the human-handover workflow (pipeline/workflows/business-hours.ts):
 * open and closed at the edges, the next opening, a first response counted in business time, days
 * with a DST change, the reply-time text, and the settings a tenant document resolves to.
 */
import { expect } from 'chai';
import {
  defaultHandoverSettings, expectedReplyText, firstResponseDue, isOpen, isTimeZone, minuteOfClock, nextOpening, type HandoverSettings,
} from '../../pipeline/workflows/business-hours';
import { handoverSettingsOf } from '../../src/tenants/handover-settings';

const minute = 60_000;
const hour = 60 * minute;
/** A local time in Asia/Kolkata (+05:30, no DST) as ms since the epoch. */
const ist = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) - 330 * minute;
const utc = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
const s = defaultHandoverSettings;
const london: HandoverSettings = { ...s, timeZone: 'Europe/London' };

describe('business hours', () => {
  // 2025-03-03 is a Monday; 2025-03-01 a Saturday, 2025-03-02 a Sunday.
  it('is open from the opening minute itself and closed from the closing minute itself', () => {
    expect(isOpen(ist(2025, 3, 3, 9), s)).to.equal(true);
    expect(isOpen(ist(2025, 3, 3, 9) - 1, s)).to.equal(false);
    expect(isOpen(ist(2025, 3, 3, 18) - 1, s)).to.equal(true);
    expect(isOpen(ist(2025, 3, 3, 18), s)).to.equal(false);
    expect(isOpen(ist(2025, 3, 3, 12, 30), s)).to.equal(true);
    expect(isOpen(ist(2025, 3, 3, 3), s), 'small hours').to.equal(false);
  });

  it('is closed all Sunday and open on Saturday by default', () => {
    for (let h = 0; h < 24; h++) expect(isOpen(ist(2025, 3, 2, h, 30), s), `Sunday ${h}:30`).to.equal(false);
    expect(isOpen(ist(2025, 3, 1, 10), s)).to.equal(true);
    expect(nextOpening(ist(2025, 3, 2, 12), s)).to.equal(ist(2025, 3, 3, 9));
  });

  it('gives the moment itself as the next opening when open, else the next opening minute', () => {
    expect(nextOpening(ist(2025, 3, 3, 9), s)).to.equal(ist(2025, 3, 3, 9));
    expect(nextOpening(ist(2025, 3, 3, 11, 7) + 123, s)).to.equal(ist(2025, 3, 3, 11, 7) + 123);
    expect(nextOpening(ist(2025, 3, 3, 7), s)).to.equal(ist(2025, 3, 3, 9));
    expect(nextOpening(ist(2025, 3, 3, 18), s)).to.equal(ist(2025, 3, 4, 9));
    expect(nextOpening(ist(2025, 3, 1, 18), s), 'Saturday closing: Monday').to.equal(ist(2025, 3, 3, 9));
    // Open only on Wednesdays: a week ahead from just after closing.
    expect(nextOpening(ist(2025, 3, 5, 18), { ...s, days: [3] })).to.equal(ist(2025, 3, 12, 9));
  });

  it('counts a first response in business time: inside hours, before opening, and across closing', () => {
    expect(firstResponseDue(ist(2025, 3, 3, 10), s)).to.equal(ist(2025, 3, 3, 10, 15));
    expect(firstResponseDue(ist(2025, 3, 3, 6), s), 'before opening').to.equal(ist(2025, 3, 3, 9, 15));
    expect(firstResponseDue(ist(2025, 3, 3, 17, 45), s), 'ends exactly at closing').to.equal(ist(2025, 3, 3, 18));
    expect(firstResponseDue(ist(2025, 3, 3, 17, 50), s), 'runs past closing').to.equal(ist(2025, 3, 4, 9, 5));
    expect(firstResponseDue(ist(2025, 3, 3, 18), s), 'at closing').to.equal(ist(2025, 3, 4, 9, 15));
    expect(firstResponseDue(ist(2025, 3, 1, 20), s), 'Saturday evening: Monday').to.equal(ist(2025, 3, 3, 9, 15));
    expect(firstResponseDue(ist(2025, 3, 1, 17, 55), s), 'Saturday before closing: Monday').to.equal(ist(2025, 3, 3, 9, 10));
    expect(firstResponseDue(ist(2025, 3, 2, 11), s), 'Sunday: Monday').to.equal(ist(2025, 3, 3, 9, 15));
    // Two working days of business time (9 h each) from Friday noon: Saturday, then Monday until noon.
    expect(firstResponseDue(ist(2025, 2, 28, 12), { ...s, firstResponseMs: 18 * hour })).to.equal(ist(2025, 3, 3, 12));
    expect(firstResponseDue(ist(2025, 3, 3, 10), { ...s, firstResponseMs: 0 })).to.equal(ist(2025, 3, 3, 10));
  });

  it('follows a zone with DST: London opens an hour earlier in UTC after the clocks go forward', () => {
    // 2025-03-30 (Sunday) 01:00 UTC London goes from GMT to BST.
    expect(nextOpening(utc(2025, 3, 28, 18), london), 'Friday: 09:00 GMT').to.equal(utc(2025, 3, 29, 9));
    expect(firstResponseDue(utc(2025, 3, 29, 19), london), 'Saturday evening GMT to Monday 09:15 BST').to.equal(utc(2025, 3, 31, 8, 15));
    expect(isOpen(utc(2025, 3, 31, 8), london)).to.equal(true);
    expect(isOpen(utc(2025, 3, 31, 17), london), '18:00 BST').to.equal(false);
    // 2025-10-26 (Sunday) 01:00 UTC back to GMT.
    expect(firstResponseDue(utc(2025, 10, 25, 17, 50), london), 'Saturday 18:50 BST').to.equal(utc(2025, 10, 27, 9, 15));
    expect(firstResponseDue(utc(2025, 10, 25, 16, 50), london), 'Saturday 17:50 BST to Monday 09:05 GMT').to.equal(utc(2025, 10, 27, 9, 5));
  });

  it('on the DST day itself: opens when the clock jumps over the opening, and counts real time across the change', () => {
    const allDays = [0, 1, 2, 3, 4, 5, 6];
    // Clocks go forward at 01:00 GMT: 01:30 never happens that day, so the office opens at the jump.
    const gap: HandoverSettings = { ...london, days: allDays, openMinute: 90, closeMinute: 240 };
    expect(nextOpening(utc(2025, 3, 30, 0), gap)).to.equal(utc(2025, 3, 30, 1));
    expect(isOpen(utc(2025, 3, 30, 1) - 1, gap)).to.equal(false);
    expect(isOpen(utc(2025, 3, 30, 1), gap)).to.equal(true);
    expect(isOpen(utc(2025, 3, 30, 3), gap), '04:00 BST').to.equal(false);
    expect(isOpen(utc(2025, 3, 31, 0, 30), gap), 'the next day: 01:30 BST').to.equal(true);
    // Clocks go back at 02:00 BST: midnight to 03:00 is four real hours that day.
    const back: HandoverSettings = { ...london, days: allDays, openMinute: 0, closeMinute: 180, firstResponseMs: 3.5 * hour };
    expect(nextOpening(utc(2025, 10, 25, 22), back)).to.equal(utc(2025, 10, 25, 23));
    expect(firstResponseDue(utc(2025, 10, 25, 23), back), '02:30 GMT, not past closing').to.equal(utc(2025, 10, 26, 2, 30));
    // An opening time that happens twice counts from the first.
    expect(nextOpening(utc(2025, 10, 25, 22), { ...back, openMinute: 90 })).to.equal(utc(2025, 10, 26, 0, 30));
  });

  it('agrees with the local clock minute by minute across a DST change', () => {
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const openByClock = (at: number) => {
      const p = Object.fromEntries(wall.formatToParts(at).map((x) => [x.type, x.value]));
      const m = Number(p.hour) * 60 + Number(p.minute);
      return london.days.includes(weekdays.indexOf(p.weekday!)) && m >= london.openMinute && m < london.closeMinute;
    };
    const from = utc(2025, 3, 27, 0);
    let mismatches = 0;
    for (let at = from; at < from + 7 * 24 * hour; at += 7 * minute) if (isOpen(at, london) !== openByClock(at)) mismatches++;
    expect(mismatches).to.equal(0);
    // A first response counted minute by minute with the clock: the same due time.
    for (const start of [utc(2025, 3, 28, 17, 41), utc(2025, 3, 29, 16, 52), utc(2025, 3, 30, 12)]) {
      let counted = 0;
      let at = start;
      while (counted < 15) { if (openByClock(at)) counted++; at += minute; }
      expect(firstResponseDue(start, london), new Date(start).toISOString()).to.equal(at);
    }
  });

  it('says when to expect a reply: the time on the same local day, the weekday within a week, the date beyond', () => {
    const mon = ist(2025, 3, 3, 14, 15);
    expect(expectedReplyText(ist(2025, 3, 3, 14, 30), mon, s, 'EN')).to.equal('by 14:30');
    expect(expectedReplyText(ist(2025, 3, 3, 14, 30), mon, s, 'HI')).to.equal('14:30 तक');
    expect(expectedReplyText(ist(2025, 3, 3, 14, 30), mon, s, 'HI_EN')).to.equal('14:30 tak');
    const sat = ist(2025, 3, 1, 20);
    const due = firstResponseDue(sat, s);
    expect(expectedReplyText(due, sat, s, 'EN')).to.equal('on Monday by 09:15');
    expect(expectedReplyText(due, sat, s, 'HI')).to.equal('सोमवार 09:15 तक');
    expect(expectedReplyText(due, sat, s, 'HI_EN')).to.equal('Monday 09:15 tak');
    // The office's day, not UTC's: 19:00 UTC on Monday is 00:30 on Tuesday in Kolkata.
    expect(expectedReplyText(utc(2025, 3, 3, 19), mon, s, 'EN')).to.equal('on Tuesday by 00:30');
    expect(expectedReplyText(ist(2025, 3, 10, 9), mon, s, 'EN')).to.equal('on 10 March by 09:00');
    expect(expectedReplyText(ist(2025, 3, 10, 9), mon, s, 'HI')).to.equal('10 मार्च 09:00 तक');
    expect(expectedReplyText(ist(2025, 3, 10, 9), mon, s, 'HI_EN')).to.equal('10 March 09:00 tak');
  });

  it('reads clock times and time zones', () => {
    expect([minuteOfClock('09:00'), minuteOfClock('18:30'), minuteOfClock('00:00'), minuteOfClock('24:00')]).to.deep.equal([540, 1110, 0, 1440]);
    for (const bad of ['9:00', '24:01', '12:60', '25:00', 'noon', '']) expect(minuteOfClock(bad), bad).to.equal(null);
    expect(isTimeZone('Asia/Kolkata') && isTimeZone('Europe/London') && isTimeZone('UTC')).to.equal(true);
    expect(isTimeZone('Mars/Olympus_Mons')).to.equal(false);
  });
});

describe('handover settings of a tenant document', () => {
  it('defaults to 15m, 24h, Asia/Kolkata, Monday to Saturday 09:00-18:00 and no support number', () => {
    expect(defaultHandoverSettings).to.deep.equal({
      firstResponseMs: 15 * minute, maxWaitMs: 24 * hour, timeZone: 'Asia/Kolkata', days: [1, 2, 3, 4, 5, 6], openMinute: 540, closeMinute: 1080, supportNumber: null,
    });
    expect(handoverSettingsOf(undefined)).to.deep.equal(defaultHandoverSettings);
    expect(handoverSettingsOf({})).to.deep.equal(defaultHandoverSettings);
    expect(handoverSettingsOf({ business_hours: {} })).to.deep.equal(defaultHandoverSettings);
  });

  it("takes the document's values over the defaults", () => {
    expect(handoverSettingsOf({
      first_response: '30m', max_wait: '2d', support_number: '+911800123456',
      business_hours: { time_zone: 'Europe/London', days: ['sun', 'fri', 'mon'], open: '08:30', close: '24:00' },
    })).to.deep.equal({
      firstResponseMs: 30 * minute, maxWaitMs: 48 * hour, timeZone: 'Europe/London', days: [0, 1, 5], openMinute: 510, closeMinute: 1440, supportNumber: '+911800123456',
    });
    expect(handoverSettingsOf({ business_hours: { close: '17:00' } })).to.deep.equal({ ...defaultHandoverSettings, closeMinute: 1020 });
  });
});
