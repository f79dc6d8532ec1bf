/**
 * Durations in configuration: a number and a unit (`500ms`, `30s`, `5m`, `24h`, `7d`), so a
 * development deployment can run a 72-hour flow in a minute with the same code production runs.
 */
const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const durationPattern = '^\\d{1,9}(ms|s|m|h|d)$';

/** The duration in ms; throws on anything but `<digits><unit>`. */
export function parseDuration(text: string): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  if (!m) throw new Error(`${JSON.stringify(text)} is not a duration like 30s, 5m or 24h`);
  return Number(m[1]) * units[m[2]!]!;
}

/** A comma-separated list of durations (`24h,48h`); empty means none. */
export function parseDurations(text: string): number[] {
  return text.split(',').map((t) => t.trim()).filter(Boolean).map(parseDuration);
}
