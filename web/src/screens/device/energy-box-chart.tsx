/**
 * The last hour of an energy box (docs/product.md section 9): load and usable current per phase, oldest
 * first. Loaded when the detail page first shows it, so recharts stays out of the main bundle.
 */
import { formatDateTime } from '@web/lib/format.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One colour per phase; load is a solid line, usable a dashed one. */
const PHASE_COLOURS: Record<string, string> = { l1: '#3182ce', l2: '#dd6b20', l3: '#38a169' };

/** `HH:mm:ss` of a sample (the day is the page's: the chart covers one hour). */
const timeOf = (at: unknown) => formatDateTime(at).slice(11);

export default function EnergyBoxHistoryChart(props: { history: readonly Row[]; phases: readonly string[] }) {
  const tr = useTr();
  const data = props.history.map((sample) => ({ ...sample, time: timeOf(sample.at) }));
  return (
    <ResponsiveContainer width="100%" height={300} initialDimension={{ width: 800, height: 300 }}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="time" minTickGap={24} />
        <YAxis unit=" A" allowDecimals={false} width={64} />
        <Tooltip labelFormatter={(label) => `${tr('energyBoxRes.detail.time')}: ${String(label)}`} />
        <Legend />
        {props.phases.flatMap((phase) => [
          <Line
            key={`${phase}Load`}
            type="monotone"
            dataKey={`${phase}Load`}
            name={tr('energyBoxRes.detail.seriesLoad', { phase: phase.toUpperCase() })}
            stroke={PHASE_COLOURS[phase]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />,
          <Line
            key={`${phase}Usable`}
            type="stepAfter"
            dataKey={`${phase}Usable`}
            name={tr('energyBoxRes.detail.seriesUsable', { phase: phase.toUpperCase() })}
            stroke={PHASE_COLOURS[phase]}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />,
        ])}
      </LineChart>
    </ResponsiveContainer>
  );
}
