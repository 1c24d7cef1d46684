/**
 * The composite schedule as a step chart (recharts, loaded with this module only when a schedule is shown):
 * each period's limit from its start to the next one's, the last one to the schedule's end.
 */
import { Box } from '@chakra-ui/react';
import { useTr } from '@web/resources/i18n.ts';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
    <Box role="img" aria-label={props.label} height="260px" data-testid="composite-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="startPeriod" type="number" domain={[0, 'dataMax']} unit=" s" />
          <YAxis unit={` ${props.unit}`} />
          <Tooltip />
          <Line
            type="stepAfter"
            dataKey="limit"
            name={tr('profileRes.limit')}
            stroke="#3182ce"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
