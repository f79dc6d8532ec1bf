/** Text tables and durations for the operator CLI's human-readable output. */

export function table(header: string[], rows: string[][], rightAligned: number[]): string {
  const cells = [header, ...rows.map((row) => row.map(clean))];
  const widths = header.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  return cells
    .map((row) => row.map((cell, c) => (rightAligned.includes(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd())
    .join('\n');
}

/** Stored text is printed on a terminal: no control characters from it. */
export function clean(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function duration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${(ms / 1000).toFixed(1)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`;
  return `${Math.floor(s / 86400)}d${String(Math.floor(s / 3600) % 24).padStart(2, '0')}h`;
}
