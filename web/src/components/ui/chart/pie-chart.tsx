/**
 * A pie of shares (issue 22: drawn as SVG, no chart library): one slice per item with a value above 0, its
 * angle the item's share of the total, clockwise from 12 o'clock; a legend below and the item's name and
 * value in a tooltip over the hovered (or, by keyboard, the selected) slice.
 */
import { useState, type KeyboardEvent } from 'react';
import { Frame, INK, stepWithKeys, SVG_BASE, Tooltip, useWidth } from './frame.tsx';
import { pieAngles, slicePath } from './geometry.ts';

export interface PieItem {
  /** Already translated. */
  name: string;
  value: number;
  colour: string;
}

export function PieChart(props: {
  data: readonly PieItem[];
  /** The drawing's height in pixels (the legend comes below it). */
  height: number;
  /** The pie's radius; as much as the drawing allows when not given. */
  radius?: number;
  legend?: boolean;
  /** The drawing's accessible name; without one it is hidden from assistive technology. */
  label?: string;
}) {
  const [measure, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const items = props.data.filter((item) => item.value > 0);
  const angles = pieAngles(items.map((item) => item.value));
  const cx = width / 2;
  const cy = props.height / 2;
  const radius = Math.max(1, Math.min(props.radius ?? Infinity, Math.min(width, props.height) / 2 - 8));
  const onKey = (event: KeyboardEvent) => {
    const next = stepWithKeys(event.key, active, items.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  const shown = active === null ? undefined : items[active];
  // The tooltip stands by the middle of the slice's arc.
  const middle = active === null ? 0 : (angles[active]!.start + angles[active]!.end) / 2;

  return (
    <Frame
      measure={measure}
      height={props.height}
      legend={props.legend ? items.map((item) => ({ name: item.name, colour: item.colour })) : undefined}
      label={props.label}
      onKeyDown={onKey}
      onLeave={() => setActive(null)}
    >
      <svg {...SVG_BASE} width={width} height={props.height}>
        {items.map((item, i) => (
          <path
            key={`${i}-${item.name}`}
            className="chart-pie-slice"
            data-index={i}
            d={slicePath(cx, cy, radius, angles[i]!.start, angles[i]!.end)}
            fill={item.colour}
            stroke={INK.panel}
            strokeWidth={1}
            opacity={active === null || active === i ? 1 : 0.75}
            onMouseEnter={() => setActive(i)}
            onClick={() => setActive(i)}
          />
        ))}
      </svg>
      {shown ? (
        <Tooltip
          width={width}
          x={cx + radius * 0.6 * Math.sin(middle)}
          y={cy - radius * 0.6 * Math.cos(middle)}
          rows={[{ name: shown.name, colour: shown.colour, value: String(shown.value) }]}
        />
      ) : null}
    </Frame>
  );
}
