/**
 * The figures of a partner's report (docs/reports.md): what one workflow record adds to them, how
 * two sets of them add up, and how they read as the API answers them. The one place the
 * definitions live: the archive counts each record it copies with `recordCounters` (per day, in
 * PostgreSQL), the hot read counts Redis records the same way, and both are merged here.
 *
 * Pure: a record is its Redis hash fields (the archive keeps the same hash as `record`).
 *
 * Figures are kept as flat counters (name → count) so that adding two of them, in TypeScript or in
 * SQL (`report_figures_add`, migration 1766016000000), is adding counts name by name. Durations
 * are kept as histograms: a counter per value rounded to two significant digits, so a percentile
 * read from them is within 5% of the exact one, whatever sources and days were merged.
 */

/** Flat counters: `conversations`, `to|<type>|<outcome>`, `rl|<ms>`, `dt|<ms>`, `ch|<channel>`, `lang|<language>`, ... */
export type Counters = Record<string, number>;

/** What the report groups a workflow's status into. */
export type ReportOutcome = 'completed' | 'policy_blocked' | 'timed_out' | 'cancelled' | 'open';

export const reportOutcomes: readonly ReportOutcome[] = ['completed', 'policy_blocked', 'timed_out', 'cancelled', 'open'];

/** The figures of a day or a period, as `GET /v1/reports/summary` answers them. */
export interface Figures {
  conversations: number;
  by_type_outcome: Array<{ workflow_type: string; outcome: ReportOutcome; count: number }>;
  /** Percentiles are nearest-rank, of values kept to two significant digits; null with no value. */
  reply_latency_ms: { count: number; p50: number | null; p95: number | null };
  document_turnaround_ms: { count: number; p50: number | null; p90: number | null };
  timeouts: number;
  escalations: number;
  policy_blocks: number;
  consent_refusals: number;
  consent_withdrawals: number;
  channels: Record<string, number>;
  languages: Record<string, number>;
}

/** The record fields the figures read: the hot read asks Redis for these alone (HMGET). */
export const reportFields = [
  'workflow_id', 'tenant_id', 'workflow_type', 'status', 'started_at', 'channel', 'language', 'replied_at', 'consent_change',
  'wait_started_at', 'pd_pending', 'pd_received', 'pd_received_at', 'handover_workflow_id',
] as const;

export type ReportField = (typeof reportFields)[number];

/** Channels every answer names, with 0 when none was seen. */
const knownChannels = ['whatsapp', 'sms'];
/** The language of a workflow that has none yet (nothing told it). */
export const unknownLanguage = 'unknown';

/** The workflow type of a record that has none (small talk, a clarification, a consent answer). */
export const noWorkflowType = 'none';

const outcomeOfStatus: Readonly<Record<string, ReportOutcome>> = {
  completed: 'completed', policy_blocked: 'policy_blocked', timed_out: 'timed_out', cancelled: 'cancelled',
};

/** A duration as the histograms keep it: whole ms, two significant digits (values under 100 as they are). */
export function histogramValue(ms: number): number {
  const v = Math.max(0, Math.round(ms));
  if (v < 100) return v;
  const scale = 10 ** (String(v).length - 2);
  return Math.round(v / scale) * scale;
}

/**
 * What one workflow record adds to the figures; null for a record that is not a conversation of
 * its own (a handler's reply or a notice of a human handover: `handover_workflow_id`), which no
 * index lists but the archiver copies with its conversation.
 */
export function recordCounters(h: Partial<Record<ReportField, string>>): Counters | null {
  if (h.handover_workflow_id) return null;
  const c: Counters = { conversations: 1 };
  const type = h.workflow_type || noWorkflowType;
  const status = h.status ?? '';
  add(c, `to|${type}|${outcomeOfStatus[status] ?? 'open'}`);
  add(c, `ch|${h.channel || 'whatsapp'}`);
  add(c, `lang|${h.language || unknownLanguage}`);
  if (status === 'timed_out') add(c, 'timeouts');
  if (status === 'policy_blocked') add(c, 'policy_blocks');
  if (type === 'human-handover') add(c, 'escalations');
  if (h.consent_change === 'declined') add(c, 'consent_refusals');
  if (h.consent_change === 'revoked') add(c, 'consent_withdrawals');
  // Set by outbound on the first reply that answered the claimant's message (CMS-started ones have none).
  if (h.replied_at && h.started_at) add(c, `rl|${histogramValue(Number(h.replied_at) - Number(h.started_at))}`);
  const turnaround = documentTurnaround(h);
  if (turnaround !== null) add(c, `dt|${histogramValue(turnaround)}`);
  return c;
}

/**
 * pending-documents: from the wait's start to the last document received, for a wait that
 * completed with every document it asked for in; null otherwise.
 */
function documentTurnaround(h: Partial<Record<ReportField, string>>): number | null {
  if (h.workflow_type !== 'pending-documents' || h.status !== 'completed' || !h.wait_started_at || !h.pd_pending) return null;
  try {
    const pending = JSON.parse(h.pd_pending) as Array<{ code: string }>;
    const received = JSON.parse(h.pd_received || '{}') as Record<string, string>;
    const receivedAt = JSON.parse(h.pd_received_at || '{}') as Record<string, number>;
    if (pending.length === 0 || !pending.every((d) => received[d.code] && typeof receivedAt[d.code] === 'number')) return null;
    return Math.max(...pending.map((d) => receivedAt[d.code]!)) - Number(h.wait_started_at);
  } catch {
    return null;
  }
}

function add(c: Counters, name: string, n = 1): void {
  c[name] = (c[name] ?? 0) + n;
}

/** `into` with every counter of `from` added to it (returned for chaining). */
export function addCounters(into: Counters, from: Readonly<Counters>): Counters {
  for (const name in from) add(into, name, from[name]!);
  return into;
}

/** The counters as the API answers them; `offered` (the tenant's languages) and `unknown` are
 *  named with 0 when none was seen, any other language once a workflow had it. */
export function figuresOf(c: Readonly<Counters>, offered: readonly string[]): Figures {
  const byTypeOutcome: Figures['by_type_outcome'] = [];
  const channels: Record<string, number> = Object.fromEntries(knownChannels.map((k) => [k, 0]));
  const languages: Record<string, number> = Object.fromEntries([...offered, unknownLanguage].map((k) => [k, 0]));
  const latency = new Map<number, number>();
  const turnaround = new Map<number, number>();
  for (const name in c) {
    const n = c[name]!;
    const bar = name.indexOf('|');
    if (bar < 0 || n === 0) continue;
    const kind = name.slice(0, bar);
    const rest = name.slice(bar + 1);
    if (kind === 'to') {
      const split = rest.lastIndexOf('|');
      byTypeOutcome.push({ workflow_type: rest.slice(0, split), outcome: rest.slice(split + 1) as ReportOutcome, count: n });
    } else if (kind === 'ch') channels[rest] = (channels[rest] ?? 0) + n;
    else if (kind === 'lang') languages[rest] = (languages[rest] ?? 0) + n;
    else if (kind === 'rl') latency.set(Number(rest), n);
    else if (kind === 'dt') turnaround.set(Number(rest), n);
  }
  byTypeOutcome.sort((a, b) => a.workflow_type.localeCompare(b.workflow_type) || reportOutcomes.indexOf(a.outcome) - reportOutcomes.indexOf(b.outcome));
  const rl = percentiles(latency, [0.5, 0.95]);
  const dt = percentiles(turnaround, [0.5, 0.9]);
  return {
    conversations: c.conversations ?? 0,
    by_type_outcome: byTypeOutcome,
    reply_latency_ms: { count: rl.count, p50: rl.values[0]!, p95: rl.values[1]! },
    document_turnaround_ms: { count: dt.count, p50: dt.values[0]!, p90: dt.values[1]! },
    timeouts: c.timeouts ?? 0,
    escalations: c.escalations ?? 0,
    policy_blocks: c.policy_blocks ?? 0,
    consent_refusals: c.consent_refusals ?? 0,
    consent_withdrawals: c.consent_withdrawals ?? 0,
    channels,
    languages,
  };
}

/**
 * Nearest-rank percentiles of a histogram (value → count): for each q, the smallest value with at
 * least q of all values at or below it. Null for each q when the histogram is empty.
 */
export function percentiles(histogram: ReadonlyMap<number, number>, qs: readonly number[]): { count: number; values: (number | null)[] } {
  const values = [...histogram.keys()].sort((a, b) => a - b);
  let count = 0;
  for (const v of values) count += histogram.get(v)!;
  if (count === 0) return { count, values: qs.map(() => null) };
  return {
    count,
    values: qs.map((q) => {
      const rank = Math.max(1, Math.ceil(q * count));
      let seen = 0;
      for (const v of values) {
        seen += histogram.get(v)!;
        if (seen >= rank) return v;
      }
      return values[values.length - 1]!;
    }),
  };
}
