/**
 * Policy tier 3's PHI recognisers: the kinds of pipeline/data/phi-kinds.json (e-mail, ABHA
 * address, UPI id, phone, Aadhaar, ABHA number, card, bank account, PAN, date of birth, passport,
 * voter id, driving licence) and a tenant's own kinds, found in a text and masked. The same
 * recognisers check log lines (test/e2e/log-hygiene.test.ts). Names and claim ids are tier 3's
 * too; the policy gate removes them (pipeline/policy-gate/redaction.ts).
 *
 * How a text is read:
 *  1. Every script's digits (०-९ and the others of pipeline/languages/scripts) are read as ASCII
 *     ones (one code unit each, so offsets hold): a Hindi reply carries a number in either, and
 *     the checksums need plain digits.
 *  2. Every pattern of every kind gives candidates, whole tokens only.
 *  3. Each occurrence of a kind's context word vouches for the nearest candidate of that kind
 *     after it, within the kind's window; when none follows, for the nearest before it. Nearest
 *     only, so "DOB 12/03/1985, admitted 14/11/2024" vouches for the birth date alone.
 *  4. A candidate stays when what its pattern needs holds (context, checksum, either, nothing)
 *     and no `not_after` word stands right before it (₹ before an amount).
 *  5. Overlaps: a candidate inside a longer one goes (the phone digits of a UPI id); otherwise the
 *     one vouched for by context wins, then one with a valid checksum, then the longer.
 *  6. Kinds marked `keep` (payment references) are not personal: what they win stays as written.
 */
import { asciiDigits } from '../languages';
import { compileKind, globalKinds, type CompiledKind, type PhiKindSpec, type PhiNeeds } from './phi-kinds';
import { remembered } from './tokens';

/** One identifier found: its kind and where it stands in the text (UTF-16 offsets). */
export interface PhiMatch {
  kind: string;
  start: number;
  end: number;
}

interface Candidate extends PhiMatch {
  owner: CompiledKind;
  /** The kind's place in the list: ties go to the first. */
  rank: number;
  needs: PhiNeeds;
  vouched: boolean;
  checksumValid: boolean;
}

export interface Redaction {
  text: string;
  /** How many values of each kind were masked. */
  counts: Record<string, number>;
}

// Tenants' kinds compile once per distinct set (tenant documents are re-read every few seconds).
const tenantKindCache = new Map<string, readonly CompiledKind[]>();

/** The kinds a text is read with: the global ones, then the tenant's own. */
export function kindsWith(tenantKinds: readonly PhiKindSpec[] = []): readonly CompiledKind[] {
  if (tenantKinds.length === 0) return globalKinds;
  return remembered(tenantKindCache, 1000, JSON.stringify(tenantKinds), () => [...globalKinds, ...tenantKinds.map(compileKind)]);
}

/**
 * Every match of a global pattern, run on the compiled object itself. `String#matchAll` runs a
 * fresh copy of the pattern, and V8 compiles a copy again whenever its regular-expression cache
 * has been flushed (at garbage collections): tens of milliseconds for these Unicode patterns, paid
 * by whichever reply comes next.
 */
function matchesOf(regex: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    out.push(m);
    // An empty match would not move lastIndex on by itself.
    if (m[0].length === 0) regex.lastIndex += 1;
  }
  regex.lastIndex = 0;
  return out;
}

function candidatesOf(kind: CompiledKind, text: string, rank: number): Candidate[] {
  const out: Candidate[] = [];
  for (const p of kind.patterns) {
    // Scanning for an address costs more than looking for its "@" first.
    if (p.requires !== null && !text.includes(p.requires)) continue;
    for (const m of matchesOf(p.regex, text)) {
      const start = m.index;
      const end = start + m[0].length;
      const checksumValid = kind.checksum !== null && kind.checksum(m[0].replace(/\D/g, ''));
      out.push({ kind: kind.kind, start, end, owner: kind, rank, needs: p.needs, vouched: false, checksumValid });
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The index of the first candidate starting at or after `at` (candidates sorted by start). */
function firstFrom(candidates: readonly Candidate[], at: number): number {
  let lo = 0;
  let hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candidates[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Step 3: each context word vouches for the nearest candidate after it, else before it. */
function vouch(kind: CompiledKind, text: string, candidates: Candidate[]): void {
  if (kind.context === null) return;
  const longest = candidates.reduce((n, c) => Math.max(n, c.end - c.start), 0);
  for (const word of matchesOf(kind.context, text)) {
    const from = word.index;
    const to = from + word[0].length;
    const next = firstFrom(candidates, to);
    const after = candidates[next];
    if (after && after.start - to <= kind.window) {
      after.vouched = true;
      continue;
    }
    // The nearest that ends before the word: the latest ending among those that start close
    // enough to end within the window.
    let before: Candidate | undefined;
    for (let i = firstFrom(candidates, from) - 1; i >= 0 && from - candidates[i]!.start <= kind.window + longest; i--) {
      const c = candidates[i]!;
      if (c.end <= from && from - c.end <= kind.window && (!before || c.end > before.end)) before = c;
    }
    if (before) before.vouched = true;
  }
}

function kept(c: Candidate, text: string): boolean {
  const ok = c.needs === 'none' || (c.needs === 'context' && c.vouched) || (c.needs === 'checksum' && c.checksumValid)
    || (c.needs === 'checksum_or_context' && (c.vouched || c.checksumValid));
  if (!ok) return false;
  return c.owner.notAfter === null || !c.owner.notAfter.test(text.slice(Math.max(0, c.start - 12), c.start));
}

const strength = (c: Candidate): number => (c.vouched ? 2 : c.checksumValid ? 1 : 0);

/** Every identifier in `text`, in text order, none overlapping. */
export function findPhi(text: string, kinds: readonly CompiledKind[] = globalKinds): PhiMatch[] {
  const scan = asciiDigits(text);
  const all: Candidate[] = [];
  kinds.forEach((kind, rank) => {
    const candidates = candidatesOf(kind, scan, rank);
    if (candidates.length === 0) return;
    vouch(kind, scan, candidates);
    for (const c of candidates) if (kept(c, scan)) all.push(c);
  });
  if (all.length === 0) return [];
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  // One pass in text order: a candidate strictly inside the widest span seen so far goes; what
  // overlaps is gathered into clusters, each settled by strength, then length, then kind order.
  const chosen: Candidate[] = [];
  let cluster: Candidate[] = [];
  let widest: Candidate | null = null;
  for (const c of all) {
    if (widest && (widest.end > c.end || (widest.end === c.end && widest.start < c.start))) continue;
    if (widest && c.start >= widest.end) {
      settle(cluster, chosen);
      cluster = [];
    }
    cluster.push(c);
    if (!widest || c.end > widest.end || c.start >= widest.end) widest = c;
  }
  settle(cluster, chosen);
  return chosen.filter((c) => !c.owner.keep).sort((a, b) => a.start - b.start).map(({ kind, start, end }) => ({ kind, start, end }));
}

/** Picks from a cluster of overlapping candidates: strongest first, then longest, then kind order. */
function settle(cluster: Candidate[], chosen: Candidate[]): void {
  if (cluster.length === 1) {
    chosen.push(cluster[0]!);
    return;
  }
  const ranked = [...cluster].sort((a, b) => strength(b) - strength(a) || (b.end - b.start) - (a.end - a.start) || a.rank - b.rank);
  const picked: Candidate[] = [];
  for (const c of ranked) if (!picked.some((o) => o.start < c.end && c.start < o.end)) picked.push(c);
  chosen.push(...picked);
}

/** `text` with every identifier replaced by its kind's mask, and the count per kind. */
export function redactPhi(text: string, tenantKinds: readonly PhiKindSpec[] = []): Redaction {
  const kinds = kindsWith(tenantKinds);
  const matches = findPhi(text, kinds);
  const counts: Record<string, number> = {};
  if (matches.length === 0) return { text, counts };
  const masks = new Map(kinds.map((k) => [k.kind, k.mask]));
  let out = '';
  let at = 0;
  for (const m of matches) {
    out += text.slice(at, m.start) + masks.get(m.kind)!;
    at = m.end;
    counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  }
  return { text: out + text.slice(at), counts };
}
