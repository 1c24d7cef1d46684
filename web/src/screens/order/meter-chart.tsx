/**
 * The meter curve of an order: energy delivered (kWh, from the register less its first reading) and power
 * (kW) over time, with the state of charge when the charger reports it. Loaded when the order page first
 * shows it, so recharts stays out of the main bundle.
 */
import type { MeterPoint } from '@shared/schemas/order.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { useTr } from '@web/resources/i18n.ts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The chart's rows: time, energy delivered so far (kWh), power (kW), SoC (%). */
export function chartRows(curve: readonly MeterPoint[], meterStart?: number) {
  const first = meterStart ?? curve.find((p) => p.energyWh !== undefined)?.energyWh ?? 0;
  return curve.map((p) => ({
    time: formatDateTime(p.at).slice(11),
    energy: p.energyWh === undefined ? undefined : Number(((p.energyWh - first) / 1000).toFixed(3)),
    power: p.powerW === undefined ? undefined : Number((p.powerW / 1000).toFixed(2)),
    soc: p.soc,
  }));
}

export default function MeterChart(props: { curve: readonly MeterPoint[]; meterStart?: number }) {
  const tr = useTr();
  const data = chartRows(props.curve, props.meterStart);
  const hasSoc = data.some((d) => d.soc !== undefined);
  return (
    <ResponsiveContainer width="100%" height={320} initialDimension={{ width: 800, height: 320 }}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="time" minTickGap={24} />
        <YAxis yAxisId="energy" unit=" kWh" width={80} />
        <YAxis yAxisId="power" orientation="right" unit=" kW" width={72} />
        <Tooltip labelFormatter={(label) => `${tr('orderRes.detail.time')}: ${String(label)}`} />
        <Legend />
        <Line
          yAxisId="energy"
          type="monotone"
          dataKey="energy"
          name={tr('orderRes.detail.chartEnergy')}
          stroke="#3182ce"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          connectNulls
        />
        <Line
          yAxisId="power"
          type="stepAfter"
          dataKey="power"
          name={tr('orderRes.detail.chartPower')}
          stroke="#dd6b20"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          connectNulls
        />
        {hasSoc ? (
          <Line
            yAxisId="power"
            type="monotone"
            dataKey="soc"
            name={tr('orderRes.detail.chartSoc')}
            stroke="#38a169"
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
