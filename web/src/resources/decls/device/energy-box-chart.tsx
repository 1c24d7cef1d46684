/**
 * The last hour of an energy box (SPEC.md section 9): load and usable current per phase, oldest first. Loaded
 * when the detail page first shows it, so the chart code stays out of the main bundle.
 */
import { CartesianChart } from '@web/components/ui/chart/cartesian-chart.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { Row } from '@web/resources/types.ts';

/** One colour per phase; load is a solid line, usable a dashed one. */
const PHASE_COLOURS: Record<string, string> = { l1: '#3182ce', l2: '#dd6b20', l3: '#38a169' };

/** `HH:mm:ss` of a sample (the day is the page's: the chart covers one hour). */
const timeOf = (at: unknown) => formatDateTime(at).slice(11);

export default function EnergyBoxHistoryChart(props: { history: readonly Row[]; phases: readonly string[] }) {
  const tr = useTr();
  const data = props.history.map((sample) => ({ ...sample, time: timeOf(sample.at) }));
  return (
    <CartesianChart
      label={tr('energyBoxRes.detail.history')}
      data={data}
      xKey="time"
      height={300}
      left={{ unit: ' A', integer: true, width: 64 }}
      x={{ minTickGap: 24 }}
      tooltipLabel={(label) => `${tr('energyBoxRes.detail.time')}: ${label}`}
      legend
      series={props.phases.flatMap((phase) => [
        {
          kind: 'line' as const,
          key: `${phase}Load`,
          name: tr('energyBoxRes.detail.seriesLoad', { phase: phase.toUpperCase() }),
          colour: PHASE_COLOURS[phase] ?? '#718096',
          curve: 'monotone' as const,
        },
        {
          kind: 'line' as const,
          key: `${phase}Usable`,
          name: tr('energyBoxRes.detail.seriesUsable', { phase: phase.toUpperCase() }),
          colour: PHASE_COLOURS[phase] ?? '#718096',
          curve: 'step' as const,
          dashed: '6 4',
        },
      ])}
    />
  );
}
