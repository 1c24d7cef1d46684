/**
 * What every chart has around its SVG: the box that measures the width it may take, the legend below it and
 * the tooltip over it. Plain elements styled with Chakra's CSS variables (light and dark mode alike), so the
 * chart chunk needs nothing but React.
 */
import {
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/** The theme's colours, with fallbacks where there is no Chakra provider. */
export const INK = {
  muted: 'var(--chakra-colors-fg-muted, #71717a)',
  line: 'var(--chakra-colors-border, #e4e4e7)',
  axis: 'var(--chakra-colors-border-emphasized, #a1a1aa)',
  panel: 'var(--chakra-colors-bg-panel, #fff)',
  cursor: 'var(--chakra-colors-bg-muted, #f4f4f5)',
};

/** Where there is no layout (a DOM without CSS in tests, or before the first measure), a chart is this wide. */
export const FALLBACK_WIDTH = 800;

/** The width of the element, followed as it resizes (the window, a panel opening beside it). */
export function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width > 0 ? width : FALLBACK_WIDTH];
}

export interface Swatch {
  name: string;
  colour: string;
  /** A line's swatch is a stroke (dashed when the line is). */
  line?: boolean;
  dashed?: string;
}

function Mark({ item }: { item: Swatch }) {
  return (
    <svg width="14" height="10" aria-hidden="true" style={{ flex: 'none' }}>
      {item.line ? (
        <line
          x1="0"
          y1="5"
          x2="14"
          y2="5"
          stroke={item.colour}
          strokeWidth="2"
          strokeDasharray={item.dashed}
        />
      ) : (
        <rect width="14" height="10" rx="2" fill={item.colour} />
      )}
    </svg>
  );
}

/** The series' names with their colours, as text below the chart (readable, translatable, selectable). */
export function Legend({ items }: { items: readonly Swatch[] }) {
  return (
    <ul
      className="chart-legend"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '4px 16px',
        margin: '8px 0 0',
        padding: 0,
        listStyle: 'none',
        fontSize: 12,
      }}
    >
      {items.map((item, i) => (
        <li
          key={`${i}-${item.name}`}
          className="chart-legend-item"
          style={{ display: 'flex', alignItems: 'center', gap: 6 }}
        >
          <Mark item={item} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

export interface TipRow extends Swatch {
  value: string;
}

/**
 * The figures under the pointer, next to (x, y) in the chart's box: to the right of it in the left half,
 * to its left in the right half, so it stays inside the chart.
 */
export function Tooltip(props: {
  x: number;
  y: number;
  width: number;
  title?: string;
  rows: readonly TipRow[];
}) {
  const side: CSSProperties =
    props.x > props.width / 2 ? { right: props.width - props.x + 12 } : { left: props.x + 12 };
  return (
    <div
      className="chart-tooltip"
      style={{
        position: 'absolute',
        top: props.y,
        ...side,
        pointerEvents: 'none',
        zIndex: 1,
        background: INK.panel,
        border: `1px solid ${INK.line}`,
        borderRadius: 6,
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
        padding: '6px 10px',
        fontSize: 12,
        whiteSpace: 'nowrap',
      }}
    >
      {props.title ? <div style={{ fontWeight: 600, marginBottom: 2 }}>{props.title}</div> : null}
      {props.rows.map((row, i) => (
        <div key={`${i}-${row.name}`} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <Mark item={row} />
          <span>{row.name}</span>
          <span style={{ marginLeft: 'auto', paddingLeft: 12, fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * The chart's box: the SVG and its tooltip are placed absolutely inside a block of the chart's height, so
 * the drawing (as wide as last measured) never widens the panel or grid cell it sits in, which would then
 * be measured wider again; the legend follows in the flow. With a label the block is one labelled image
 * that takes focus, its rows or slices then read with the arrow keys (an HTML element: an SVG's tabindex
 * is not set alike by React and Preact's React layer).
 */
export function Frame(props: {
  measure: RefObject<HTMLDivElement | null>;
  height: number;
  children: ReactNode;
  legend?: readonly Swatch[];
  label?: string;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The pointer or the focus left the chart: no tooltip. */
  onLeave: () => void;
}) {
  const named = props.label ? { role: 'img', 'aria-label': props.label, tabIndex: 0 } : {};
  return (
    <div className="chart-root" style={{ width: '100%', minWidth: 0 }}>
      <div
        ref={props.measure}
        className="chart-area"
        style={{ position: 'relative', width: '100%', height: props.height }}
        {...named}
        onKeyDown={props.onKeyDown}
        onMouseLeave={props.onLeave}
        onBlur={props.onLeave}
      >
        {props.children}
      </div>
      {props.legend?.length ? <Legend items={props.legend} /> : null}
    </div>
  );
}

/** The SVG's own attributes: placed in the chart's box, 12 px text (inline: the CSS reset sets fonts). */
export const SVG_BASE = {
  className: 'chart-svg',
  'aria-hidden': true,
  style: { position: 'absolute', left: 0, top: 0, display: 'block', fontSize: 12 },
} as const;

/** Moves the highlighted item with the arrow keys, Home and End; Escape hides the tooltip. */
export function stepWithKeys(key: string, active: number | null, count: number): number | null | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowRight' || key === 'ArrowDown')
    return active === null ? 0 : Math.min(count - 1, active + 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return active === null ? count - 1 : Math.max(0, active - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'Escape') return null;
  return undefined;
}
