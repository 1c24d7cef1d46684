/**
 * The composite schedule as a step chart (loaded with this module only when a schedule is shown): each
 * period's limit from its start to the next one's, the last one to the schedule's end.
 */
import { Box } from '@chakra-ui/react';
import { CartesianChart } from '@web/components/ui/chart/cartesian-chart.tsx';
import { useTr } from '@web/resources/i18n.ts';

export interface SchedulePoint {
  startPeriod: number;
  limit: number;
}

/** The chart's points: one per period, and the last limit again at the end (when after the last start). */
export function stepPoints(periods: readonly SchedulePoint[], duration: number): SchedulePoint[] {
  const sorted = [...periods].sort((a, b) => a.startPeriod - b.startPeriod);
  const last = sorted[sorted.length - 1];
  return last && duration > last.startPeriod
    ? [...sorted, { startPeriod: duration, limit: last.limit }]
    : sorted;
}

export default function ScheduleChart(props: {
  periods: readonly SchedulePoint[];
  duration: number;
  unit: string;
  label: string;
}) {
  const tr = useTr();
  const data = stepPoints(props.periods, props.duration);
  return (
    <Box role="img" aria-label={props.label} data-testid="composite-chart">
      <CartesianChart
        data={data}
        xKey="startPeriod"
        height={260}
        x={{ numeric: true, unit: ' s' }}
        left={{ unit: ` ${props.unit}` }}
        series={[
          { kind: 'line', key: 'limit', name: tr('profileRes.limit'), colour: '#3182ce', curve: 'step' },
        ]}
      />
    </Box>
  );
}
