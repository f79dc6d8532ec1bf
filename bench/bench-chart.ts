/**
 * Line charts for the benchmarks, as a standalone SVG file (no browser, no dependency): line
 * series over a shared x axis, each on the left or the right y axis (two units on one chart: bytes
 * and rows), with ticks at round values, axis labels, a title and a legend. Used by
 * `bench:soak` (Redis memory and archive rows over time) and `bench:scale` (throughput against worker
 * copies, one line per master count, with `markers`).
 */

export interface ChartSeries {
  name: string;
  /** [x, y] pairs, in x order. */
  points: readonly (readonly [number, number])[];
  /** Which y axis the series is drawn against (default left). */
  axis?: 'left' | 'right';
  /** A CSS colour; by default one of a fixed palette, in series order. */
  color?: string;
  /** Dashed line (e.g. a goal or a band edge). */
  dashed?: boolean;
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Label of the right axis; required when a series uses it. */
  y2Label?: string;
  series: readonly ChartSeries[];
  width?: number;
  height?: number;
  /** Formats a y tick (default: 1.2k, 3.4M). */
  formatY?: (v: number) => string;
  formatY2?: (v: number) => string;
  /** Start the y axes at zero (default true): a flat line should look flat, not noisy. */
  zeroBased?: boolean;
  /** A dot on every point (default false): for a few measured points, such as a scale grid. */
  markers?: boolean;
}

const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#17becf'];

/** About `count` round tick values covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (max === min) max = min + 1;
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

/** 950, 1.2k, 3.4M, 5.6G. */
export function shortNumber(v: number): string {
  const a = Math.abs(v);
  const [d, s] = a >= 1e9 ? [1e9, 'G'] : a >= 1e6 ? [1e6, 'M'] : a >= 1e3 ? [1e3, 'k'] : [1, ''];
  return `${Number((v / d).toFixed(2))}${s}`;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chart as an SVG document. */
export function lineChartSvg(o: ChartOptions): string {
  const width = o.width ?? 900;
  const height = o.height ?? 480;
  const hasRight = o.series.some((s) => s.axis === 'right');
  const margin = { top: 48, right: hasRight ? 90 : 30, bottom: 56, left: 90 };
  const legendRows = o.series.length;
  const plot = { x: margin.left, y: margin.top, w: width - margin.left - margin.right, h: height - margin.top - margin.bottom - legendRows * 18 };
  const all = o.series.flatMap((s) => s.points);
  const xs = all.map((p) => p[0]);
  const xTicks = niceTicks(Math.min(...xs), Math.max(...xs));
  const range = (axis: 'left' | 'right') => {
    const ys = o.series.filter((s) => (s.axis ?? 'left') === axis).flatMap((s) => s.points.map((p) => p[1]));
    if (ys.length === 0) return [0, 1];
    return niceTicks(o.zeroBased === false ? Math.min(...ys) : Math.min(0, ...ys), Math.max(...ys));
  };
  const yTicks = { left: range('left'), right: range('right') };
  const xMin = xTicks[0]!;
  const xMax = xTicks[xTicks.length - 1]!;
  const px = (x: number) => plot.x + ((x - xMin) / (xMax - xMin || 1)) * plot.w;
  const py = (axis: 'left' | 'right', y: number) => {
    const t = yTicks[axis];
    return plot.y + plot.h - ((y - t[0]!) / (t[t.length - 1]! - t[0]! || 1)) * plot.h;
  };
  const fmt = { left: o.formatY ?? shortNumber, right: o.formatY2 ?? shortNumber };
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  out.push(`<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escape(o.title)}</text>`);
  // Grid and ticks.
  for (const v of yTicks.left) {
    const y = py('left', v);
    out.push(`<line x1="${plot.x}" y1="${y}" x2="${plot.x + plot.w}" y2="${y}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${plot.x - 6}" y="${y + 4}" text-anchor="end">${escape(fmt.left(v))}</text>`);
  }
  if (hasRight) {
    for (const v of yTicks.right) out.push(`<text x="${plot.x + plot.w + 6}" y="${py('right', v) + 4}">${escape(fmt.right(v))}</text>`);
  }
  for (const v of xTicks) {
    const x = px(v);
    out.push(`<line x1="${x}" y1="${plot.y + plot.h}" x2="${x}" y2="${plot.y + plot.h + 5}" stroke="#333"/>`);
    out.push(`<text x="${x}" y="${plot.y + plot.h + 18}" text-anchor="middle">${escape(shortNumber(v))}</text>`);
  }
  out.push(`<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="none" stroke="#333"/>`);
  // Axis labels.
  out.push(`<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h + 38}" text-anchor="middle">${escape(o.xLabel)}</text>`);
  out.push(`<text transform="translate(18 ${plot.y + plot.h / 2}) rotate(-90)" text-anchor="middle">${escape(o.yLabel)}</text>`);
  if (hasRight) out.push(`<text transform="translate(${width - 14} ${plot.y + plot.h / 2}) rotate(90)" text-anchor="middle">${escape(o.y2Label ?? '')}</text>`);
  // Series and legend.
  o.series.forEach((s, i) => {
    const color = s.color ?? palette[i % palette.length]!;
    const axis = s.axis ?? 'left';
    const d = s.points.map((p, k) => `${k === 0 ? 'M' : 'L'}${px(p[0]).toFixed(1)},${py(axis, p[1]).toFixed(1)}`).join(' ');
    if (d) out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    if (o.markers) for (const p of s.points) out.push(`<circle cx="${px(p[0]).toFixed(1)}" cy="${py(axis, p[1]).toFixed(1)}" r="4" fill="${color}"/>`);
    const ly = plot.y + plot.h + 52 + i * 18;
    out.push(`<line x1="${plot.x}" y1="${ly}" x2="${plot.x + 24}" y2="${ly}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`);
    out.push(`<text x="${plot.x + 30}" y="${ly + 4}">${escape(s.name)}${hasRight ? ` (${axis} axis)` : ''}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
