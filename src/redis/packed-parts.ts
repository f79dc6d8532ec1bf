/**
 * One field whose value is several parts joined by `\n`, the last part taking the rest of the
 * value: how the stored entries written on every workflow keep their parts (a partition audit
 * event `e1`, src/audit/audit-stream-entry.ts; a tenant-ledger entry `l1`, src/audit/audit-chain.ts;
 * a provider status `s1`, src/intake/channel-status-entry.ts). One field and not one per part,
 * because each argument of a write is converted, stored, and written again to the append-only
 * file. Only the last part may hold a newline.
 */

/** `head` and `last` joined; null when a part of `head` holds a newline (it would shift every part after it). */
export function joinParts(head: readonly string[], last: string): string | null {
  for (const part of head) if (part.includes('\n')) return null;
  return head.length === 0 ? last : `${head.join('\n')}\n${last}`;
}

/**
 * The parts of a value `joinParts` made of `count` parts: the first `count - 1` up to their
 * newlines, the last the rest. A value cut short (fewer newlines) gives only the parts it has (the
 * caller reads the others as an entry's missing fields). Found newline by newline: the last part
 * (a JSON detail) is never split.
 */
export function splitParts(value: string, count: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (parts.length < count - 1) {
    const end = value.indexOf('\n', start);
    if (end < 0) break;
    parts.push(value.slice(start, end));
    start = end + 1;
  }
  parts.push(value.slice(start));
  return parts;
}
