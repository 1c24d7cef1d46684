/**
 * The console's bar and line chart, drawn as SVG (issue 22: recharts and d3 weighed 115 KB gzipped on every
 * chart screen; this is a few KB). One category per row along the X axis (or values along it, `x.numeric`),
 * bars side by side or stacked, lines straight, monotone or step-after, one or two value axes, a legend
 * below and a tooltip over the hovered (or, by keyboard, the selected) row.
 *
 * The chart shows the rows' values as they are: positions are computed from them, the tooltip prints them
 * unchanged (a decimal text such as a money amount stays that text), with the axis' unit.
 */
import { useState, type KeyboardEvent } from 'react';
import { Frame, INK, stepWithKeys, SVG_BASE, Tooltip, useWidth, type Swatch } from './frame.tsx';
import { fitText, linePath, niceTicks, shownLabels, textWidth, type Curve, type Point } from './geometry.ts';

/** A row of the data: any object; the series and the X axis name its fields. */
export type ChartRow = object;

export interface Series {
  /** The rows' field holding the value: a number, or a decimal text (shown as it is in the tooltip). */
  key: string;
  /** In the legend and the tooltip (already translated); the key when not given. */
  name?: string;
  kind: 'bar' | 'line';
  colour: string;
  /** The value axis that scales it: 'right' for figures of another size or unit (default 'left'). */
  axis?: 'left' | 'right';
  /** Bars with the same stack pile up in one column (positive values up, negative down). */
  stack?: string;
  /** A line's shape between its points (default straight). Missing values are skipped, their neighbours joined. */
  curve?: Curve;
  /** A line's dash pattern, e.g. '4 2'. */
  dashed?: string;
  strokeWidth?: number;
}

export interface ValueAxis {
  /** A tick's text (abbreviatedTick for large figures); the tooltip keeps the exact value. */
  tick?: (value: number) => string;
  /** After every tick and tooltip value (' kWh', '%'). */
  unit?: string;
  /** Counts: ticks at whole numbers only. */
  integer?: boolean;
  /** Pixels for the tick labels; estimated from them when not given. */
  width?: number;
}

export interface CategoryAxis {
  /** The x values are numbers placed at their value (0 … the largest), not one band per row. Lines only. */
  numeric?: boolean;
  unit?: string;
  /** Pixels at least between two category labels; labels that would come closer are left out. */
  minTickGap?: number;
  /** A horizontal chart's label column, in pixels. */
  width?: number;
}

export interface CartesianChartProps {
  data: readonly ChartRow[];
  /** The rows' field naming each category (or holding each x value). */
  xKey: string;
  series: readonly Series[];
  /** The drawing's height in pixels (the legend comes below it). */
  height: number;
  left?: ValueAxis;
  right?: ValueAxis;
  x?: CategoryAxis;
  /** Bars run left to right, one row of the data per line, its category at the left (a ranking). Bars only. */
  horizontal?: boolean;
  legend?: boolean;
  /** Dashed grid lines at the ticks (default on). */
  grid?: boolean;
  /** The drawing's accessible name; without one it is hidden from assistive technology. */
  label?: string;
  /** The tooltip's heading from the category ("Time: 12:00:05"); the category itself by default. */
  tooltipLabel?: (category: string) => string;
}

const TOP = 10;
/** Room below the plot for the X axis' labels. */
const BOTTOM = 24;
/** Between a tick label and its axis. */
const GAP = 6;
/** The widest a category label is drawn (longer ones are cut; the tooltip shows them whole). */
const LABEL_MAX = 160;

const field = (row: ChartRow, key: string) => (row as Record<string, unknown>)[key];
const numberOf = (raw: unknown) =>
  typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
const present = (raw: unknown) => Number.isFinite(numberOf(raw));
const sideOf = (s: Series) => s.axis ?? 'left';
const minOf = (values: readonly number[]) => values.reduce((a, b) => Math.min(a, b), 0);
const maxOf = (values: readonly number[]) => values.reduce((a, b) => Math.max(a, b), 0);

/** Where each bar starts and ends in value terms: from 0, or stacked on the bars before it in its stack. */
function barSpans(data: readonly ChartRow[], series: readonly Series[]) {
  const stacks = new Map<string, { up: number[]; down: number[] }>();
  return series.map((s) => {
    if (s.kind !== 'bar') return null;
    const id = s.stack === undefined ? null : `${sideOf(s)}|${s.stack}`;
    return data.map((row, i) => {
      const value = numberOf(field(row, s.key));
      if (!Number.isFinite(value)) return null;
      if (id === null) return { base: 0, top: value };
      let stack = stacks.get(id);
      if (!stack) stacks.set(id, (stack = { up: [], down: [] }));
      const pile = value >= 0 ? stack.up : stack.down;
      const base = pile[i] ?? 0;
      pile[i] = base + value;
      return { base, top: base + value };
    });
  });
}

export function CartesianChart(props: CartesianChartProps) {
  const [measure, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const { data, series, height, horizontal = false } = props;
  const numericX = !horizontal && props.x?.numeric === true;
  const axisOf = (side: 'left' | 'right') => (side === 'left' ? props.left : props.right) ?? {};
  const spans = barSpans(data, series);

  // Value axes: ticks from the values (bars' piles included), then the room their labels take.
  const valueAxis = (side: 'left' | 'right') => {
    const values: number[] = [];
    series.forEach((s, si) => {
      if (sideOf(s) !== side) return;
      if (s.kind === 'line') for (const row of data) values.push(numberOf(field(row, s.key)));
      else for (const span of spans[si] ?? []) if (span) values.push(span.base, span.top);
    });
    const axis = axisOf(side);
    const finite = values.filter(Number.isFinite);
    const ticks = niceTicks(minOf(finite), maxOf(finite), { integer: axis.integer });
    const labels = ticks.map((t) => `${axis.tick ? axis.tick(t) : String(t)}${axis.unit ?? ''}`);
    const room = axis.width ?? Math.max(...labels.map(textWidth)) + GAP + 4;
    return { ticks, labels, room, unit: axis.unit ?? '' };
  };
  const hasRight = !horizontal && series.some((s) => sideOf(s) === 'right');
  const hasLeft = horizontal || !hasRight || series.some((s) => sideOf(s) === 'left');
  const left = valueAxis('left');
  const right = valueAxis('right');

  const categories = data.map((row) => fitText(String(field(row, props.xKey) ?? ''), LABEL_MAX));
  const n = data.length;
  const xs = numericX ? data.map((row) => numberOf(field(row, props.xKey))) : [];
  const xLow = minOf(xs.filter(Number.isFinite));
  const xLargest = xs.filter(Number.isFinite).reduce((a, b) => Math.max(a, b), xLow);
  const xHigh = xLargest > xLow ? xLargest : xLow + 1;
  const categoryRoom =
    props.x?.width ?? Math.min(width * 0.4, Math.max(0, ...categories.map(textWidth)) + GAP + 4);
  const x0 = horizontal ? categoryRoom : hasLeft ? left.room : 10;
  // The last label along the bottom is centred on its place: room on the right for the half of it beyond.
  const lastLabel = numericX ? `${xHigh}${props.x?.unit ?? ''}` : (categories[n - 1] ?? '');
  const halfBand = numericX ? 0 : (width - x0 - 16) / Math.max(1, n) / 2;
  const overhang = horizontal
    ? textWidth(left.labels[left.labels.length - 1]!) / 2 + 4
    : textWidth(lastLabel) / 2 + 4 - halfBand;
  const plot = {
    x0,
    x1: width - Math.max(hasRight ? right.room : 16, overhang),
    y0: TOP,
    y1: height - BOTTOM,
  };
  plot.x1 = Math.max(plot.x0 + 1, plot.x1);
  plot.y1 = Math.max(plot.y0 + 1, plot.y1);

  /** A value's pixel along its axis (up in a vertical chart, right in a horizontal one). */
  const scale = (side: 'left' | 'right') => {
    const { ticks } = side === 'left' ? left : right;
    const first = ticks[0]!;
    const span = ticks[ticks.length - 1]! - first;
    return (value: number) =>
      horizontal
        ? plot.x0 + ((value - first) / span) * (plot.x1 - plot.x0)
        : plot.y1 - ((value - first) / span) * (plot.y1 - plot.y0);
  };
  const scales = { left: scale('left'), right: scale('right') };

  // Categories: equal bands along the category axis; numeric x values: their place between 0 and the largest.
  const [from, to] = horizontal ? [plot.y0, plot.y1] : [plot.x0, plot.x1];
  const band = (to - from) / Math.max(1, n);
  const xAt = (value: number) => from + ((value - xLow) / (xHigh - xLow)) * (to - from);
  const centre = (i: number) => (numericX ? xAt(xs[i]!) : from + band * (i + 0.5));

  // Bars: one slot per unstacked bar series or per stack, side by side within 80 % of the band.
  const slotIds: string[] = [];
  const slotOf = series.map((s, si) => {
    if (s.kind !== 'bar') return -1;
    const id = s.stack === undefined ? `#${si}` : `${sideOf(s)}|${s.stack}`;
    if (!slotIds.includes(id)) slotIds.push(id);
    return slotIds.indexOf(id);
  });
  const slots = Math.max(1, slotIds.length);
  const slotGap = slots > 1 ? Math.min(2, band * 0.05) : 0;
  const slotWidth = Math.max(1, (band * 0.8 - slotGap * (slots - 1)) / slots);

  // Category labels: thinned so none overlap; numeric x: nice ticks within the values.
  const xTicks: { at: number; text: string }[] = numericX
    ? niceTicks(xLow, xHigh)
        .filter((t) => t >= xLow && t <= xHigh)
        .map((t) => ({ at: xAt(t), text: `${t}${props.x?.unit ?? ''}` }))
    : (horizontal
        ? categories.map((_, i) => i % Math.max(1, Math.ceil(16 / band)) === 0)
        : shownLabels(categories, band, props.x?.minTickGap)
      ).flatMap((shown, i) =>
        shown
          ? [
              {
                at: centre(i),
                text: horizontal ? fitText(categories[i]!, categoryRoom - GAP - 2) : categories[i]!,
              },
            ]
          : [],
      );

  const valueTicks = hasLeft ? left : right;
  const valueScale = hasLeft ? scales.left : scales.right;
  const grid = props.grid ?? true;
  const hasBars = !numericX && series.some((s) => s.kind === 'bar');

  /** The hover area of a row: its band, or halfway to its neighbours for numeric x values. */
  const hitArea = (i: number) => {
    if (!numericX) return { start: from + band * i, size: band };
    const start = i === 0 ? from : (centre(i - 1) + centre(i)) / 2;
    const end = i === n - 1 ? to : (centre(i) + centre(i + 1)) / 2;
    return { start, size: Math.max(0, end - start) };
  };

  const onKey = (event: KeyboardEvent) => {
    const next = stepWithKeys(event.key, active, n);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const legend: Swatch[] | undefined = props.legend
    ? series.map((s) => ({
        name: s.name ?? s.key,
        colour: s.colour,
        line: s.kind === 'line',
        dashed: s.dashed,
      }))
    : undefined;
  const activeRow = active === null ? undefined : data[active];

  return (
    <Frame
      measure={measure}
      height={height}
      legend={legend}
      label={props.label}
      onKeyDown={onKey}
      onLeave={() => setActive(null)}
    >
      <svg {...SVG_BASE} width={width} height={height}>
        {grid ? (
          <g className="chart-grid" stroke={INK.line} strokeDasharray="3 3">
            {valueTicks.ticks.map((t) => {
              const at = valueScale(t);
              return horizontal ? (
                <line key={`v${t}`} x1={at} x2={at} y1={plot.y0} y2={plot.y1} />
              ) : (
                <line key={`v${t}`} x1={plot.x0} x2={plot.x1} y1={at} y2={at} />
              );
            })}
            {xTicks.map((t, i) =>
              horizontal ? (
                <line key={`c${i}`} x1={plot.x0} x2={plot.x1} y1={t.at} y2={t.at} />
              ) : (
                <line key={`c${i}`} x1={t.at} x2={t.at} y1={plot.y0} y2={plot.y1} />
              ),
            )}
          </g>
        ) : null}

        {activeRow && hasBars ? (
          <rect
            className="chart-cursor"
            fill={INK.cursor}
            {...(horizontal
              ? { x: plot.x0, width: plot.x1 - plot.x0, y: hitArea(active!).start, height: band }
              : { x: hitArea(active!).start, width: band, y: plot.y0, height: plot.y1 - plot.y0 })}
          />
        ) : null}
        {activeRow && !hasBars && !horizontal ? (
          <line
            className="chart-cursor"
            stroke={INK.axis}
            x1={centre(active!)}
            x2={centre(active!)}
            y1={plot.y0}
            y2={plot.y1}
          />
        ) : null}

        {/* Axes: the category axis, then a value axis on each side that has series. */}
        <g className="chart-axes" fill={INK.muted}>
          <line
            stroke={INK.axis}
            {...(horizontal
              ? { x1: plot.x0, x2: plot.x0, y1: plot.y0, y2: plot.y1 }
              : { x1: plot.x0, x2: plot.x1, y1: plot.y1, y2: plot.y1 })}
          />
          {xTicks.map((t, i) =>
            horizontal ? (
              <text
                key={i}
                className="chart-tick chart-tick-x"
                x={plot.x0 - GAP}
                y={t.at}
                dy="0.32em"
                textAnchor="end"
              >
                {t.text}
              </text>
            ) : (
              <text key={i} className="chart-tick chart-tick-x" x={t.at} y={plot.y1 + 16} textAnchor="middle">
                {t.text}
              </text>
            ),
          )}
          {hasLeft
            ? left.ticks.map((t, i) =>
                horizontal ? (
                  <text
                    key={t}
                    className="chart-tick chart-tick-left"
                    x={scales.left(t)}
                    y={plot.y1 + 16}
                    textAnchor="middle"
                  >
                    {left.labels[i]}
                  </text>
                ) : (
                  <text
                    key={t}
                    className="chart-tick chart-tick-left"
                    x={plot.x0 - GAP}
                    y={scales.left(t)}
                    dy="0.32em"
                    textAnchor="end"
                  >
                    {left.labels[i]}
                  </text>
                ),
              )
            : null}
          {hasRight ? (
            <>
              <line stroke={INK.axis} x1={plot.x1} x2={plot.x1} y1={plot.y0} y2={plot.y1} />
              {right.ticks.map((t, i) => (
                <text
                  key={t}
                  className="chart-tick chart-tick-right"
                  x={plot.x1 + GAP}
                  y={scales.right(t)}
                  dy="0.32em"
                  textAnchor="start"
                >
                  {right.labels[i]}
                </text>
              ))}
            </>
          ) : null}
          {hasLeft && !horizontal ? (
            <line stroke={INK.axis} x1={plot.x0} x2={plot.x0} y1={plot.y0} y2={plot.y1} />
          ) : null}
        </g>

        {hasBars
          ? series.map((s, si) => (
              <g key={`bar-${s.key}`} fill={s.colour}>
                {(spans[si] ?? []).map((span, i) => {
                  if (!span) return null;
                  const at = scales[sideOf(s)];
                  const [a, b] = [at(span.base), at(span.top)];
                  const slot = hitArea(i).start + band * 0.1 + slotOf[si]! * (slotWidth + slotGap);
                  const along = { start: slot, size: slotWidth };
                  const across = { start: Math.min(a, b), size: Math.abs(a - b) };
                  return (
                    <rect
                      key={i}
                      className="chart-bar"
                      data-key={s.key}
                      data-index={i}
                      {...(horizontal
                        ? { x: across.start, width: across.size, y: along.start, height: along.size }
                        : { x: along.start, width: along.size, y: across.start, height: across.size })}
                    />
                  );
                })}
              </g>
            ))
          : null}

        {horizontal
          ? null
          : series.map((s) => {
              if (s.kind !== 'line') return null;
              const at = scales[sideOf(s)];
              const points: Point[] = [];
              data.forEach((row, i) => {
                const value = numberOf(field(row, s.key));
                const x = centre(i);
                if (Number.isFinite(value) && Number.isFinite(x)) points.push([x, at(value)]);
              });
              if (points.length === 0) return null;
              const value = activeRow ? numberOf(field(activeRow, s.key)) : NaN;
              return (
                <g key={`line-${s.key}`}>
                  <path
                    className="chart-line"
                    data-key={s.key}
                    d={linePath(points, s.curve)}
                    fill="none"
                    stroke={s.colour}
                    strokeWidth={s.strokeWidth ?? 2}
                    strokeDasharray={s.dashed}
                    strokeLinejoin="round"
                  />
                  {Number.isFinite(value) ? (
                    <circle
                      className="chart-dot"
                      cx={centre(active!)}
                      cy={at(value)}
                      r={4}
                      fill={s.colour}
                      stroke={INK.panel}
                      strokeWidth={2}
                    />
                  ) : null}
                </g>
              );
            })}

        {/* Last, over everything: the rows' hover areas (a click does the same, for touch screens). */}
        <g className="chart-hits" fill="transparent">
          {data.map((_, i) => {
            const area = hitArea(i);
            return (
              <rect
                key={i}
                className="chart-hit"
                data-index={i}
                {...(horizontal
                  ? { x: plot.x0, width: plot.x1 - plot.x0, y: area.start, height: area.size }
                  : { x: area.start, width: area.size, y: plot.y0, height: plot.y1 - plot.y0 })}
                onMouseEnter={() => setActive(i)}
                onClick={() => setActive(i)}
              />
            );
          })}
        </g>
      </svg>

      {activeRow ? (
        <Tooltip
          width={width}
          x={horizontal ? plot.x0 : centre(active!)}
          y={horizontal ? hitArea(active!).start + band : plot.y0}
          title={tooltipTitle(props, activeRow)}
          rows={series
            .filter((s) => present(field(activeRow, s.key)))
            .map((s) => ({
              name: s.name ?? s.key,
              colour: s.colour,
              line: s.kind === 'line',
              dashed: s.dashed,
              value: `${String(field(activeRow, s.key))}${(sideOf(s) === 'left' ? left : right).unit}`,
            }))}
        />
      ) : null}
    </Frame>
  );
}

function tooltipTitle(props: CartesianChartProps, row: ChartRow) {
  const category = `${String(field(row, props.xKey) ?? '')}${props.x?.numeric ? (props.x.unit ?? '') : ''}`;
  return props.tooltipLabel ? props.tooltipLabel(category) : category;
}
