/**
 * The dashboard's charts, drawn as SVG built here (docs/console.md, "Dashboard"): no charting
 * library and no CDN, and nothing the console's CSP forbids (`style-src 'self'`): no style
 * attribute, only SVG presentation attributes (fill, stroke, x, y, width, height) and the classes
 * console.css styles. Elements are made with createElementNS and text with textContent, as
 * dom.ts does, so no value becomes markup.
 *
 * Each chart is an `<svg role="img">` with the `aria-label` its caller writes, a summary in
 * words; screen readers read that and skip the drawing. The numbers themselves are in the table
 * the dashboard puts beside every chart. Marks carry a `<title>` (a pointer's tooltip) with their
 * value, and no series is told apart by colour alone: the legend names each one, and the second
 * line of a line chart is dashed.
 */
import { h } from './dom';

const svgNs = 'http://www.w3.org/2000/svg';

function s(tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string | null)[]): SVGElement {
  const el = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const child of children) if (child !== null) el.append(child);
  return el;
}

const ink = '#1b1b1b';
const grid = '#d0d4da';
/** The drawing's own units; the svg is scaled to its box's width (console.css), so text stays about 12px. */
const width = 560;
const plotHeight = 180;
const margin = { top: 12, right: 12, bottom: 36, left: 52 };

/** A series over the days: a value per day, null where there is none (a gap in a line). */
export interface Series { name: string; colour: string; values: readonly (number | null)[]; dashed?: boolean }

export interface DayChart {
  /** The svg's aria-label: what the chart shows, in words. */
  label: string;
  /** The days, as the axis writes them ("22/11"). */
  days: readonly string[];
  /** The days in full ("22/11/2026"), for the marks' tooltips. */
  dayTitles: readonly string[];
  series: readonly Series[];
  /** How a value reads on the axis and in tooltips (default: the number). */
  valueText?: (value: number) => string;
}

/** An axis top at or above `max` in steps of 1, 2 or 5 times a power of ten; whole numbers only. */
function scaleOf(max: number): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 1 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!);
  return { top: Math.ceil(max / step) * step, step };
}

interface Frame { svg: SVGElement; plot: SVGElement; y: (value: number) => number; bandX: (i: number) => number; band: number }

/** The svg, its grid and axes' labels, and the scales a chart draws its marks with. */
function frame(c: DayChart, max: number): Frame {
  const { top, step } = scaleOf(max);
  const text = c.valueText ?? String;
  const plotWidth = width - margin.left - margin.right;
  const band = plotWidth / Math.max(1, c.days.length);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const bandX = (i: number) => margin.left + i * band;
  const svg = s('svg', { viewBox: `0 0 ${width} ${margin.top + plotHeight + margin.bottom}`, role: 'img', 'aria-label': c.label, class: 'chart', focusable: 'false' });
  const axes = s('g', { 'font-size': 12, fill: ink });
  for (let v = 0; v <= top; v += step) {
    axes.append(
      s('line', { x1: margin.left, x2: width - margin.right, y1: y(v), y2: y(v), stroke: grid, 'stroke-width': 1 }),
      s('text', { x: margin.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, text(v)));
  }
  // About ten labels at most under the axis, whatever the period's length.
  const every = Math.ceil(c.days.length / 10);
  c.days.forEach((day, i) => {
    if (i % every === 0) axes.append(s('text', { x: bandX(i) + band / 2, y: margin.top + plotHeight + 18, 'text-anchor': 'middle' }, day));
  });
  axes.append(s('line', { x1: margin.left, x2: width - margin.right, y1: y(0), y2: y(0), stroke: ink, 'stroke-width': 1 }));
  const plot = s('g');
  svg.append(axes, plot);
  return { svg, plot, y, bandX, band };
}

function tooltip(c: DayChart, i: number, series: Series, value: number): SVGElement {
  return s('title', {}, `${c.dayTitles[i] ?? c.days[i]}, ${series.name}: ${(c.valueText ?? String)(value)}`);
}

/** Bars per day: the series stacked on one another, or side by side (`stacked: false`). */
export function barChart(c: DayChart & { stacked: boolean }): SVGElement {
  const totals = c.days.map((_, i) => c.series.reduce((sum, series) => sum + (series.values[i] ?? 0), 0));
  const max = c.stacked ? Math.max(0, ...totals) : Math.max(0, ...c.series.flatMap((series) => series.values.map((v) => v ?? 0)));
  const f = frame(c, max);
  const inner = f.band * 0.7;
  c.days.forEach((_, i) => {
    let base = 0;
    c.series.forEach((series, k) => {
      const value = series.values[i] ?? 0;
      if (value <= 0) return;
      const x = f.bandX(i) + (f.band - inner) / 2 + (c.stacked ? 0 : (k * inner) / c.series.length);
      const barWidth = c.stacked ? inner : inner / c.series.length;
      const top = f.y(base + value);
      // A white edge between stacked parts, so two near shades still read as two.
      f.plot.append(s('rect', { x, y: top, width: barWidth, height: f.y(base) - top, fill: series.colour, stroke: '#fff', 'stroke-width': 1 }, tooltip(c, i, series, value)));
      if (c.stacked) base += value;
    });
  });
  return f.svg;
}

/** Lines per day; a day without a value (null) breaks the line. */
export function lineChart(c: DayChart): SVGElement {
  const max = Math.max(0, ...c.series.flatMap((series) => series.values.map((v) => v ?? 0)));
  const f = frame(c, max);
  for (const series of c.series) {
    const stroke = { stroke: series.colour, 'stroke-width': 2, fill: 'none', ...(series.dashed ? { 'stroke-dasharray': '6 4' } : {}) };
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) f.plot.append(s('polyline', { points: run.join(' '), ...stroke }));
      run = [];
    };
    series.values.forEach((value, i) => {
      if (value === null) return flush();
      const x = f.bandX(i) + f.band / 2;
      run.push(`${x},${f.y(value)}`);
      f.plot.append(s('circle', { cx: x, cy: f.y(value), r: 3.5, fill: series.dashed ? '#fff' : series.colour, stroke: series.colour, 'stroke-width': 2 }, tooltip(c, i, series, value)));
    });
    flush();
  }
  return f.svg;
}

/** One horizontal bar a row, named on its left and its value written at its end. */
export interface Bar { name: string; value: number; text: string; colour: string }

export function barList(label: string, bars: readonly Bar[]): SVGElement {
  const row = 28;
  const nameWidth = 120;
  const textWidth = 130;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const length = (value: number) => (max > 0 ? (value / max) * (width - nameWidth - textWidth) : 0);
  const svg = s('svg', { viewBox: `0 0 ${width} ${bars.length * row + 8}`, role: 'img', 'aria-label': label, class: 'chart', focusable: 'false' });
  bars.forEach((b, i) => {
    const y = 4 + i * row;
    svg.append(
      s('text', { x: nameWidth - 8, y: y + row / 2 + 4, 'text-anchor': 'end', 'font-size': 13, fill: ink }, b.name),
      s('rect', { x: nameWidth, y: y + 4, width: Math.max(length(b.value), b.value > 0 ? 2 : 0), height: row - 8, fill: b.colour }, s('title', {}, `${b.name}: ${b.text}`)),
      s('text', { x: nameWidth + length(b.value) + 6, y: y + row / 2 + 4, 'font-size': 13, fill: ink }, b.text));
  });
  return svg;
}

/** The series' names with their colours (and a dashed line's dashes): a list beside the chart. */
export function legend(series: readonly Series[], line = false): HTMLElement {
  return h('ul', { class: 'legend' }, ...series.map((entry) => {
    const swatch = line
      ? s('svg', { width: 24, height: 12, viewBox: '0 0 24 12', 'aria-hidden': 'true', focusable: 'false' },
        s('line', { x1: 0, x2: 24, y1: 6, y2: 6, stroke: entry.colour, 'stroke-width': 2, ...(entry.dashed ? { 'stroke-dasharray': '6 4' } : {}) }))
      : s('svg', { width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': 'true', focusable: 'false' }, s('rect', { width: 12, height: 12, fill: entry.colour }));
    return h('li', {}, swatch, ` ${entry.name}`);
  }));
}
