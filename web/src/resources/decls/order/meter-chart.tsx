/**
 * The meter curve of an order: energy delivered (kWh, from the register less its first reading) and power
 * (kW) over time, with the state of charge when the charger reports it. Loaded when the order page first
 * shows it, so the chart code stays out of the main bundle.
 */
import type { MeterPoint } from '@shared/schemas/order.ts';
import { CartesianChart, type Series } from '@web/components/ui/chart/cartesian-chart.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { useTr } from '@web/resources/i18n.ts';

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
  // A sample without a figure is skipped, its neighbours joined (the chart joins over missing values).
  const series: Series[] = [
    {
      kind: 'line',
      key: 'energy',
      name: tr('orderRes.detail.chartEnergy'),
      colour: '#3182ce',
      curve: 'monotone',
    },
    {
      kind: 'line',
      key: 'power',
      name: tr('orderRes.detail.chartPower'),
      colour: '#dd6b20',
      curve: 'step',
      axis: 'right',
    },
  ];
  if (hasSoc)
    series.push({
      kind: 'line',
      key: 'soc',
      name: tr('orderRes.detail.chartSoc'),
      colour: '#38a169',
      curve: 'monotone',
      axis: 'right',
      dashed: '4 4',
    });
  return (
    <CartesianChart
      label={tr('orderRes.detail.curve')}
      data={data}
      xKey="time"
      height={320}
      left={{ unit: ' kWh', width: 80 }}
      right={{ unit: ' kW', width: 72 }}
      x={{ minTickGap: 24 }}
      tooltipLabel={(label) => `${tr('orderRes.detail.time')}: ${label}`}
      legend
      series={series}
    />
  );
}
