/**
 * The arithmetic of the console's charts (cartesian-chart.tsx, pie-chart.tsx): axis ticks, which category
 * labels fit, the SVG paths of lines and pie slices. Pure functions of pixels and values, tested on their
 * own (test/web/chart.test.tsx).
 */

export type Point = readonly [x: number, y: number];

/** Pixels rounded to hundredths: the paths stay short and read the same in every browser. */
const px = (n: number) => Math.round(n * 100) / 100;

/** A step of 1, 2 or 5 × 10^n at least `raw`: the steps a reader adds up at a glance. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * The ticks of a value axis: about `count` nice steps from a multiple of the step at or below `lo` to one at
 * or above `hi` (the axis then runs from the first tick to the last). An empty range (no data, all zero)
 * still gets an axis, 0 to 1. `integer` (counts) keeps the step at 1 or more.
 */
export function niceTicks(lo: number, hi: number, options: { count?: number; integer?: boolean } = {}) {
  let low = Number.isFinite(lo) ? lo : 0;
  let high = Number.isFinite(hi) ? hi : 0;
  if (low > high) [low, high] = [high, low];
  if (low === high) high = low + 1;
  let step = niceStep((high - low) / (options.count ?? 5));
  if (options.integer) step = Math.max(1, Math.round(step));
  // Decimals of the step: 0.1 × 3 must read 0.3, not 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  // The epsilon keeps a value a hair above a multiple (float noise) from adding a whole empty step.
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toFixed(decimals)) || 0);
  return ticks;
}

/**
 * About how wide a label is at 12 px, a little more rather than less (no DOM measuring: the charts also
 * render where there is no layout): CJK characters are square, capitals wider than the rest.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.codePointAt(0)! >= 0x2e80 ? 12 : /[A-Z]/.test(char) ? 8.5 : 7;
  return width;
}

/** A label cut with an ellipsis to fit `width` pixels (the tooltip still shows it whole). */
export function fitText(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Which category labels to show, every `step`-th counted back from the last one (the latest day stays
 * labelled), so that no two overlap: `gap` pixels at least between them (recharts' minTickGap).
 */
export function shownLabels(labels: readonly string[], band: number, gap = 5): boolean[] {
  const widest = Math.max(0, ...labels.map(textWidth));
  const step = band > 0 ? Math.max(1, Math.ceil((widest + gap) / band)) : 1;
  return labels.map((_, i) => (labels.length - 1 - i) % step === 0);
}

export type Curve = 'linear' | 'monotone' | 'step';

/** The `d` of a line through `points` (left to right): straight, monotone cubic or step-after. */
export function linePath(points: readonly Point[], curve: Curve = 'linear'): string {
  if (points.length === 0) return '';
  const [x0, y0] = points[0]!;
  let d = `M${px(x0)},${px(y0)}`;
  if (curve === 'step') {
    // Step-after: a value holds until the next point, where the line jumps.
    for (const [x, y] of points.slice(1)) d += `H${px(x)}V${px(y)}`;
    return d;
  }
  if (curve === 'monotone' && points.length > 2) return d + monotoneSegments(points);
  for (const [x, y] of points.slice(1)) d += `L${px(x)},${px(y)}`;
  return d;
}

/**
 * Cubic segments whose curve never overshoots the points (no bump above a maximum, no dip below zero):
 * Steffen's tangents, as d3's curveMonotoneX (which recharts' "monotone" drew) computes them.
 */
function monotoneSegments(points: readonly Point[]): string {
  const n = points.length;
  const x = points.map((p) => p[0]);
  const y = points.map((p) => p[1]);
  const h: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    h[i] = x[i + 1]! - x[i]!;
    s[i] = h[i] ? (y[i + 1]! - y[i]!) / h[i]! : 0;
  }
  const t: number[] = new Array<number>(n).fill(0);
  for (let i = 1; i < n - 1; i++) {
    const [s0, s1, h0, h1] = [s[i - 1]!, s[i]!, h[i - 1]!, h[i]!];
    const p = (s0 * h1 + s1 * h0) / (h0 + h1);
    t[i] = (Math.sign(s0) + Math.sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
  }
  t[0] = (3 * s[0]! - t[1]!) / 2;
  t[n - 1] = (3 * s[n - 2]! - t[n - 2]!) / 2;
  let d = '';
  for (let i = 0; i < n - 1; i++) {
    const dx = h[i]! / 3;
    d +=
      `C${px(x[i]! + dx)},${px(y[i]! + dx * t[i]!)} ` +
      `${px(x[i + 1]! - dx)},${px(y[i + 1]! - dx * t[i + 1]!)} ${px(x[i + 1]!)},${px(y[i + 1]!)}`;
  }
  return d;
}

/** Start and end angle (radians, clockwise from 12 o'clock) of each value's slice; none for 0 or less. */
export function pieAngles(values: readonly number[]): { start: number; end: number }[] {
  const total = values.reduce((sum, v) => sum + (v > 0 ? v : 0), 0);
  let at = 0;
  return values.map((v) => {
    const start = at;
    if (total > 0 && v > 0) at += (v / total) * 2 * Math.PI;
    return { start, end: at };
  });
}

/** The `d` of a pie slice around (cx, cy); a slice of the whole pie is a full circle. */
export function slicePath(cx: number, cy: number, r: number, start: number, end: number): string {
  const point = (a: number) => `${px(cx + r * Math.sin(a))},${px(cy - r * Math.cos(a))}`;
  if (end - start >= 2 * Math.PI - 1e-9)
    return `M${px(cx)},${px(cy - r)}A${r},${r} 0 1 1 ${px(cx)},${px(cy + r)}A${r},${r} 0 1 1 ${px(cx)},${px(cy - r)}Z`;
  const large = end - start > Math.PI ? 1 : 0;
  return `M${px(cx)},${px(cy)}L${point(start)}A${r},${r} 0 ${large} 1 ${point(end)}Z`;
}
