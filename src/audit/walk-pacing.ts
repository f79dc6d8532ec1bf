/**
 * How fast a verification walks a ledger, so that another tenant's p99 does not move while it
 * runs. A page of 1,000 events is one XRANGE that holds Redis, single-threaded, for milliseconds
 * (docs/benchmarks.md, "Audit verification"), so every other client's command that
 * arrives meanwhile waits behind it; the walk's own CPU (parsing the reply, hashing) competes
 * for two cores with the API and Redis. Small pages keep each hold on Redis short, and the pace
 * keeps the walk's share of Redis and of the cores small, at the price of a longer walk.
 */

/** Events one XRANGE (or archive query) of a verification reads: a hold on Redis of 0.2-0.4 ms there. */
export const verifyPageSize = 100;

/**
 * A walk's pace: called after each page with the time the page took (`busyMs`) and its events,
 * it resolves once the walk may go on. It rests at least as long as the page took (the walk uses
 * at most half a core) and long enough that the walk so far stays within `eventsPerSecond`
 * (config `AUDIT_VERIFY_EVENTS_PER_SECOND`). One pace per walk: it counts from its first page.
 */
export function walkPace(eventsPerSecond: number): (busyMs: number, events: number) => Promise<void> {
  let started: number | null = null;
  let walked = 0;
  return (busyMs, events) => {
    const now = performance.now();
    started ??= now - busyMs;
    walked += events;
    const dueMs = started + (walked * 1000) / eventsPerSecond - now;
    return new Promise((resolve) => setTimeout(resolve, Math.max(busyMs, dueMs)));
  };
}
