/**
 * Stream ids (`<ms>-<seq>`), in one place: their order, the next one, and the ids of the values of
 * an entry that holds several events (src/redis/lua/handoff.lua for a partition's audit stream,
 * appendLedger-2.lua for a tenant's ledger: the entry at `<ms>-<seq>` holding n values gives them
 * `<ms>-<seq>` to `<ms>-<seq + n - 1>`). Sequences are compared and added as integers (they can
 * pass 2^53).
 */

/** The ids of the values an entry holds, one for each field (`fields` as XRANGE returns them: name, value, ...). */
export function valueIds(entryId: string, fields: readonly string[]): string[] {
  const dash = entryId.indexOf('-');
  const ms = entryId.slice(0, dash);
  const seq = BigInt(entryId.slice(dash + 1));
  const ids: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) ids.push(i === 0 ? entryId : `${ms}-${(seq + BigInt(i / 2)).toString()}`);
  return ids;
}

/** Whether stream id `a` comes after `b`: by time, then sequence. */
export function streamIdAfter(a: string, b: string): boolean {
  const da = a.indexOf('-');
  const db = b.indexOf('-');
  const am = BigInt(a.slice(0, da));
  const bm = BigInt(b.slice(0, db));
  return am > bm || (am === bm && BigInt(a.slice(da + 1)) > BigInt(b.slice(db + 1)));
}

/** The stream id just after `id` (`<ms>-<seq+1>`): the MINID that trims `id` and everything before it. */
export function nextStreamId(id: string): string {
  const dash = id.indexOf('-');
  return `${id.slice(0, dash)}-${(BigInt(id.slice(dash + 1)) + 1n).toString()}`;
}
