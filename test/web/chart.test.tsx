// @vitest-environment happy-dom
/**
 * The console's own SVG charts (web/src/components/ui/chart/, issue 22): nice ticks, bars in proportion to
 * their values (side by side, stacked, horizontal), two value axes each with its own scale, step and monotone
 * lines, thinned category labels, the tooltip on hover and by keyboard, the legend, pie slices in proportion,
 * and empty data drawn without a bar or a NaN. happy-dom has no layout: a chart is 800 pixels wide there.
 */
import { cleanup, fireEvent, getByRole, queryByRole, render } from '@testing-library/react';
import { CartesianChart, type Series } from '@web/components/ui/chart/cartesian-chart.tsx';
import { FALLBACK_WIDTH } from '@web/components/ui/chart/frame.tsx';
import { linePath, niceTicks, pieAngles, shownLabels, textWidth } from '@web/components/ui/chart/geometry.ts';
import { PieChart } from '@web/components/ui/chart/pie-chart.tsx';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

const num = (el: Element, name: string) => Number(el.getAttribute(name));
const bars = (root: ParentNode, key?: string) =>
  [...root.querySelectorAll<SVGRectElement>(key ? `.chart-bar[data-key="${key}"]` : '.chart-bar')].map(
    (r) => ({
      x: num(r, 'x'),
      y: num(r, 'y'),
      width: num(r, 'width'),
      height: num(r, 'height'),
    }),
  );
const ticks = (root: ParentNode, side: 'left' | 'right' | 'x') =>
  [...root.querySelectorAll(`.chart-tick-${side}`)].map((t) => t.textContent);
/** The points of a path of M, L, H and V commands. */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MLHV])([^MLHVCAZ]*)/g)) {
    const n = args!.split(/[ ,]+/).filter(Boolean).map(Number);
    if (command === 'H') x = n[0]!;
    else if (command === 'V') y = n[0]!;
    else [x, y] = [n[0]!, n[1]!];
    points.push([x, y]);
  }
  return points;
}
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(0.02);

describe('ticks and labels', () => {
  it('steps by 1, 2 or 5 × 10^n from a multiple at or below the data to one at or above it', () => {
    expect(niceTicks(0, 87)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(-12, 30)).toEqual([-20, -10, 0, 10, 20, 30]);
    expect(niceTicks(0, 0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0, 3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 0, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(0, 12_345)).toEqual([0, 5000, 10_000, 15_000]);
  });

  it('leaves out category labels that would overlap, keeping the last', () => {
    const labels = Array.from({ length: 60 }, (_, i) => `11-${String(i).padStart(2, '0')}`);
    const shown = shownLabels(labels, 10);
    expect(shown[59]).toBe(true);
    const at = shown.flatMap((s, i) => (s ? [i * 10] : []));
    for (let i = 1; i < at.length; i++)
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(textWidth('11-00') + 5);
    expect(shownLabels(['a', 'b', 'c'], 100)).toEqual([true, true, true]);
  });

  it('draws a step line flat to the next point, then straight up or down', () => {
    expect(
      linePath(
        [
          [0, 10],
          [50, 30],
          [100, 30],
        ],
        'step',
      ),
    ).toBe('M0,10H50V30H100V30');
  });

  it('draws a monotone line that never overshoots its points', () => {
    const points: [number, number][] = [
      [0, 100],
      [10, 0],
      [20, 0],
      [30, 50],
      [40, 100],
    ];
    const d = linePath(points, 'monotone');
    expect(d.startsWith('M0,100C')).toBe(true);
    const controlYs = [...d.matchAll(/C([^C]+)/g)].flatMap((m) =>
      m[1]!
        .trim()
        .split(' ')
        .map((pair) => Number(pair.split(',')[1])),
    );
    expect(controlYs).toHaveLength(12);
    for (const y of controlYs) expect(y >= 0 && y <= 100, String(y)).toBe(true);
    // The flat part stays flat: both control points of the segment from 10 to 20 are at 0.
    expect(controlYs.slice(3, 6)).toEqual([0, 0, 0]);
  });
});

describe('CartesianChart', () => {
  const bar = (key: string, extra: Partial<Series> = {}): Series => ({
    kind: 'bar',
    key,
    colour: '#3182ce',
    ...extra,
  });

  it('draws bars as tall as their values from one baseline, with nice ticks', () => {
    const { container } = render(
      <CartesianChart
        data={[
          { day: 'a', v: 10 },
          { day: 'b', v: 20 },
          { day: 'c', v: 87 },
        ]}
        xKey="day"
        height={300}
        series={[bar('v')]}
      />,
    );
    const [a, b, c] = bars(container);
    close(b!.height / a!.height, 2);
    close(c!.height / a!.height, 8.7);
    close(a!.y + a!.height, b!.y + b!.height);
    close(a!.y + a!.height, c!.y + c!.height);
    expect(a!.x).toBeLessThan(b!.x);
    expect(ticks(container, 'left')).toEqual(['0', '20', '40', '60', '80', '100']);
    expect(ticks(container, 'x')).toEqual(['a', 'b', 'c']);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe(String(FALLBACK_WIDTH));
  });

  it('puts bars of different series side by side, and piles up the bars of a stack', () => {
    const data = [
      { day: 'a', x: 10, y: 5, p: 30, q: 10 },
      { day: 'b', x: 20, y: 10, p: 0, q: 40 },
    ];
    const { container } = render(
      <CartesianChart
        data={data}
        xKey="day"
        height={300}
        series={[bar('x'), bar('y'), bar('p', { stack: 's' }), bar('q', { stack: 's' })]}
      />,
    );
    const [x, y, p, q] = ['x', 'y', 'p', 'q'].map((key) => bars(container, key));
    // Three slots in a band: x, y and the stack, left to right, none overlapping.
    expect(x![0]!.x + x![0]!.width).toBeLessThanOrEqual(y![0]!.x);
    expect(y![0]!.x + y![0]!.width).toBeLessThanOrEqual(p![0]!.x);
    close(q![0]!.x, p![0]!.x);
    close(q![0]!.width, p![0]!.width);
    // q stands on p: its bottom is p's top, and the pile is as tall as p + q.
    close(q![0]!.y + q![0]!.height, p![0]!.y);
    const unit = x![0]!.height / 10;
    close(p![0]!.height, 30 * unit);
    close(q![0]!.height, 10 * unit);
    // Where p is 0, q starts at the baseline.
    close(q![1]!.y + q![1]!.height, x![1]!.y + x![1]!.height);
    close(q![1]!.height, 40 * unit);
    // The axis covers the highest pile (40), not the highest single value.
    expect(ticks(container, 'left')).toEqual(['0', '10', '20', '30', '40']);
  });

  it('scales the left and the right axis each to its own series', () => {
    const { container } = render(
      <CartesianChart
        data={[
          { day: 'a', energy: 10, orders: 1000 },
          { day: 'b', energy: 20, orders: 2000 },
        ]}
        xKey="day"
        height={300}
        left={{ unit: ' kWh' }}
        right={{ tick: (v) => `${v / 1000}K` }}
        series={[bar('energy'), { kind: 'line', key: 'orders', colour: '#dd6b20', axis: 'right' }]}
      />,
    );
    expect(ticks(container, 'left')).toEqual(['0 kWh', '5 kWh', '10 kWh', '15 kWh', '20 kWh']);
    expect(ticks(container, 'right')).toEqual(['0K', '0.5K', '1K', '1.5K', '2K']);
    // 1000 of 2000 on the right is as high as 10 of 20 on the left.
    const [a, b] = bars(container);
    const line = pathPoints(container.querySelector('.chart-line')!.getAttribute('d')!);
    close(line[0]![1], a!.y);
    close(line[1]![1], b!.y);
    close(line[0]![0], a!.x + a!.width / 2);
  });

  it('draws a step line over numeric x values placed at their value', () => {
    const { container } = render(
      <CartesianChart
        data={[
          { start: 0, limit: 16 },
          { start: 600, limit: 8 },
          { start: 3600, limit: 8 },
        ]}
        xKey="start"
        height={260}
        x={{ numeric: true, unit: ' s' }}
        left={{ unit: ' A' }}
        series={[{ kind: 'line', key: 'limit', colour: '#3182ce', curve: 'step' }]}
      />,
    );
    const d = container.querySelector('.chart-line')!.getAttribute('d')!;
    expect(d).toMatch(/^M[\d.]+,[\d.]+(H[\d.]+V[\d.]+)+$/);
    const [p0, p1, p2, p3, p4] = pathPoints(d);
    // 16 A until 600 s, then down to 8 A until 3600 s.
    expect(p1![1]).toBe(p0![1]);
    expect(p2![0]).toBe(p1![0]);
    expect(p2![1]).toBeGreaterThan(p1![1]);
    // The axis runs 0 to 20 A down to the plot's bottom (the height less the X labels' 24 pixels): 8 A is
    // half as high above it as 16 A.
    const bottom = 260 - 24;
    close((bottom - p2![1]) / (bottom - p0![1]), 0.5);
    close((p1![0] - p0![0]) / (p3![0] - p0![0]), 600 / 3600);
    expect(p4![1]).toBe(p3![1]);
    expect(ticks(container, 'x')).toEqual(['0 s', '1000 s', '2000 s', '3000 s']);
    expect(ticks(container, 'left')).toEqual(['0 A', '5 A', '10 A', '15 A', '20 A']);
  });

  it('shows the hovered row in a tooltip, values as they are with the unit, and by keyboard', () => {
    const { container } = render(
      <CartesianChart
        label="Revenue by day"
        data={[
          { day: '11-01', pay: '12.30', energy: 5 },
          { day: '11-02', pay: '7.05', energy: 1234.5 },
        ]}
        xKey="day"
        height={300}
        left={{ unit: ' USD' }}
        right={{ unit: ' kWh' }}
        tooltipLabel={(day) => `Day: ${day}`}
        legend
        series={[
          bar('pay', { name: 'Paid' }),
          { kind: 'line', key: 'energy', name: 'Energy', colour: '#38a169', axis: 'right', dashed: '4 2' },
        ]}
      />,
    );
    expect(container.querySelector('.chart-tooltip')).toBeNull();
    const hits = container.querySelectorAll('.chart-hit');
    expect(hits).toHaveLength(2);
    fireEvent.mouseEnter(hits[1]!);
    const tip = container.querySelector('.chart-tooltip')!;
    expect(tip.textContent).toContain('Day: 11-02');
    expect(tip.textContent).toContain('Paid7.05 USD');
    expect(tip.textContent).toContain('Energy1234.5 kWh');
    expect(container.querySelectorAll('.chart-dot')).toHaveLength(1);
    fireEvent.mouseLeave(container.querySelector('.chart-area')!);
    expect(container.querySelector('.chart-tooltip')).toBeNull();

    // Labelled, the chart is one image that takes focus; the arrow keys walk its rows.
    const image = getByRole(container, 'img', { name: 'Revenue by day' });
    expect(image.getAttribute('tabindex')).toBe('0');
    expect(image.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    fireEvent.keyDown(image, { key: 'ArrowRight' });
    expect(container.querySelector('.chart-tooltip')!.textContent).toContain('Paid12.30 USD');
    fireEvent.keyDown(image, { key: 'ArrowRight' });
    expect(container.querySelector('.chart-tooltip')!.textContent).toContain('Day: 11-02');
    fireEvent.keyDown(image, { key: 'Escape' });
    expect(container.querySelector('.chart-tooltip')).toBeNull();

    const legend = container.querySelector('.chart-legend')!;
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Paid', 'Energy']);
    expect(legend.querySelector('line')!.getAttribute('stroke-dasharray')).toBe('4 2');
  });

  it('thins the X labels of many categories so that none overlap', () => {
    const data = Array.from({ length: 60 }, (_, i) => ({ day: `D${String(i).padStart(3, '0')}`, v: i }));
    const { container } = render(<CartesianChart data={data} xKey="day" height={200} series={[bar('v')]} />);
    expect(bars(container)).toHaveLength(60);
    const shown = ticks(container, 'x');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(60);
    expect(shown[shown.length - 1]).toBe('D059');
    const xs = [...container.querySelectorAll('.chart-tick-x')].map((t) => num(t, 'x'));
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThan(textWidth('D000'));
  });

  it('draws a horizontal ranking: bars as long as their values, one line per category', () => {
    const { container } = render(
      <CartesianChart
        horizontal
        data={[
          { name: 'E-101', count: 30 },
          { name: 'E-202', count: 15 },
        ]}
        xKey="name"
        height={240}
        x={{ width: 100 }}
        left={{ integer: true }}
        grid={false}
        series={[bar('count', { name: 'Count' })]}
      />,
    );
    const [a, b] = bars(container);
    close(a!.width / b!.width, 2);
    close(a!.x, b!.x);
    expect(a!.x).toBe(100);
    expect(a!.y).toBeLessThan(b!.y);
    expect(ticks(container, 'x')).toEqual(['E-101', 'E-202']);
    expect(container.querySelector('.chart-grid')).toBeNull();
    fireEvent.mouseEnter(container.querySelectorAll('.chart-hit')[1]!);
    expect(container.querySelector('.chart-tooltip')!.textContent).toBe('E-202Count15');
  });

  it('draws no bar, no line and no NaN without data', () => {
    for (const numeric of [false, true]) {
      const { container, unmount } = render(
        <CartesianChart
          data={[]}
          xKey="day"
          height={300}
          x={{ numeric }}
          legend
          series={[
            bar('v', { name: 'V' }),
            { kind: 'line', key: 'w', name: 'W', colour: '#000', axis: 'right' },
          ]}
        />,
      );
      expect(container.querySelectorAll('.chart-bar')).toHaveLength(0);
      expect(container.querySelectorAll('.chart-line')).toHaveLength(0);
      expect(container.querySelectorAll('.chart-hit')).toHaveLength(0);
      expect(container.innerHTML).not.toContain('NaN');
      expect(container.innerHTML).not.toContain('Infinity');
      expect(ticks(container, 'left')).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);
      unmount();
    }
  });

  it('skips a missing value: no bar for it, the line joins its neighbours', () => {
    const { container } = render(
      <CartesianChart
        data={[
          { t: 'a', v: 1, w: 1 },
          { t: 'b', w: 2 },
          { t: 'c', v: 3, w: null },
          { t: 'd', v: 4, w: 4 },
        ]}
        xKey="t"
        height={200}
        series={[bar('w'), { kind: 'line', key: 'v', colour: '#000' }]}
      />,
    );
    expect(bars(container)).toHaveLength(3);
    expect(pathPoints(container.querySelector('.chart-line')!.getAttribute('d')!)).toHaveLength(3);
    expect(container.innerHTML).not.toContain('NaN');
  });
});

describe('PieChart', () => {
  /** The angle of a point, clockwise from 12 o'clock, in degrees. */
  const angle = (x: number, y: number, cx: number, cy: number) =>
    ((Math.atan2(x - cx, cy - y) * 180) / Math.PI + 360) % 360;

  it('gives each item with a value a slice whose angle is its share', () => {
    expect(pieAngles([1, 0, 3])).toEqual([
      { start: 0, end: Math.PI / 2 },
      { start: Math.PI / 2, end: Math.PI / 2 },
      { start: Math.PI / 2, end: 2 * Math.PI },
    ]);
    const { container } = render(
      <PieChart
        label="By level"
        height={240}
        radius={80}
        legend
        data={[
          { name: 'Critical', value: 1, colour: '#e53e3e' },
          { name: 'Major', value: 2, colour: '#dd6b20' },
          { name: 'Minor', value: 0, colour: '#d69e2e' },
          { name: 'Info', value: 3, colour: '#3182ce' },
        ]}
      />,
    );
    const slices = [...container.querySelectorAll('.chart-pie-slice')];
    expect(slices.map((s) => s.getAttribute('fill'))).toEqual(['#e53e3e', '#dd6b20', '#3182ce']);
    const spans = slices.map((slice) => {
      const n = slice
        .getAttribute('d')!
        .match(/-?[\d.]+/g)!
        .map(Number);
      // M cx,cy L x0,y0 A r,r 0 large 1 x1,y1 Z
      const [cx, cy, x0, y0, r, , , large, , x1, y1] = n;
      expect(r).toBe(80);
      const start = angle(x0!, y0!, cx!, cy!);
      const end = angle(x1!, y1!, cx!, cy!) || 360;
      return { start, span: end - start, large };
    });
    expect(spans.map((s) => Math.round(s.start))).toEqual([0, 60, 180]);
    expect(spans.map((s) => Math.round(s.span))).toEqual([60, 120, 180]);
    expect(spans.map((s) => s.large)).toEqual([0, 0, 0]);
    expect([...container.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual([
      'Critical',
      'Major',
      'Info',
    ]);
    fireEvent.mouseEnter(slices[2]!);
    expect(container.querySelector('.chart-tooltip')!.textContent).toBe('Info3');
    expect(
      getByRole(container, 'img', { name: 'By level' }).querySelector('.chart-pie-slice'),
    ).not.toBeNull();
  });

  it('draws one item as a whole circle and nothing without values', () => {
    const { container, rerender } = render(
      <PieChart height={200} data={[{ name: 'Only', value: 5, colour: '#000' }]} />,
    );
    const d = container.querySelector('.chart-pie-slice')!.getAttribute('d')!;
    expect(d.match(/A/g)).toHaveLength(2);
    expect(queryByRole(container, 'img')).toBeNull();
    rerender(<PieChart height={200} data={[{ name: 'None', value: 0, colour: '#000' }]} />);
    expect(container.querySelectorAll('.chart-pie-slice')).toHaveLength(0);
    expect(container.innerHTML).not.toContain('NaN');
  });
});
