/**
 * Alarm statistics (/alarmChart): alarms per day (stacked by level), by level, the most frequent codes and
 * the charge points with the most alarms, over whole days of at most 30 (the last 30 by default), from
 * `POST /biz/alarm/stat` (daily rollups on the server). The rankings are also tables, so the numbers can be
 * read without the charts.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Field, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { DateField } from '@web/components/ui/date-field.tsx';
import { abbreviatedTick, Figure, Panel } from '@web/components/ui/dashboard.tsx';
import { ALARM_WINDOW_DAYS, type AlarmStat } from '@shared/schemas/alarm.ts';
import { EmptyState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { ALARM_LEVEL_OPTIONS } from '@web/resources/decls/catalogue/alarm-template.ts';
import { alarmCodeText } from '@web/resources/decls/alarm/common.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useState, type FormEvent } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import useSWR from 'swr';

const DAY = 86_400_000;
/** Level 1 to 4, most to least severe. */
const LEVEL_COLOURS = ['#e53e3e', '#dd6b20', '#d69e2e', '#3182ce'];

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last 30 days, today included (UTC days, as the statistics count them). */
export function defaultRange(now = Date.now()) {
  return { startTime: utcDay(now - (ALARM_WINDOW_DAYS - 1) * DAY), endTime: utcDay(now) };
}

/** Why a range cannot be asked for (an i18n key), or null. */
export function rangeProblem(startTime: string, endTime: string): string | null {
  const start = Date.parse(startTime);
  const end = Date.parse(endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'validation.dateFormat';
  if (end < start) return 'alarmRes.chart.reversed';
  if ((end - start) / DAY + 1 > ALARM_WINDOW_DAYS) return 'alarmRes.chart.tooLong';
  return null;
}

export function AlarmChartPage() {
  const tr = useTr();
  const [draft, setDraft] = useState(defaultRange);
  const [range, setRange] = useState(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useSWR([API.biz.alarm.stat, range], () =>
    call<AlarmStat>(API.biz.alarm.stat, range),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = rangeProblem(draft.startTime, draft.endTime);
    setProblem(refusal);
    if (!refusal) setRange({ ...draft });
  };

  return (
    <Stack gap="5">
      <Box as="form" role="search" bg="bg.panel" p="4" rounded="l2" borderWidth="1px" onSubmit={submit}>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <DayField
            label={tr('alarmRes.chart.from')}
            value={draft.startTime}
            onChange={(startTime) => setDraft((d) => ({ ...d, startTime }))}
          />
          <DayField
            label={tr('alarmRes.chart.to')}
            value={draft.endTime}
            onChange={(endTime) => setDraft((d) => ({ ...d, endTime }))}
          />
          <Button type="submit" colorPalette="blue">
            {tr('alarmRes.chart.show')}
          </Button>
        </HStack>
        <Text
          mt="2"
          fontSize="sm"
          color={problem ? 'fg.error' : 'fg.muted'}
          role={problem ? 'alert' : undefined}
        >
          {problem
            ? tr(problem, { days: ALARM_WINDOW_DAYS })
            : tr('alarmRes.chart.windowHelp', { days: ALARM_WINDOW_DAYS })}
        </Text>
      </Box>

      <LoadStates
        {...fromSwr({ data, error, isLoading, isValidating, mutate })}
        errorTitle={tr('alarmRes.chart.loadError')}
        loadingLabel={tr('alarmRes.chart.loading')}
      />
      {data && !error ? <StatView stat={data} /> : null}
    </Stack>
  );
}

function DayField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root maxW="56">
      <Field.Label>{props.label}</Field.Label>
      <DateField label={props.label} value={props.value} onChange={props.onChange} />
    </Field.Root>
  );
}

function StatView({ stat }: { stat: AlarmStat }) {
  const tr = useTr();
  const levelName = (level: number) =>
    tr(ALARM_LEVEL_OPTIONS.find((o) => o.value === level)?.label ?? String(level));
  if (stat.total === 0) return <EmptyState title={tr('alarmRes.chart.empty')} />;
  const perDay = stat.days.map((d) => ({
    day: d.day.slice(5),
    ...Object.fromEntries([1, 2, 3, 4].map((l) => [levelName(l), d.levels[String(l)] ?? 0])),
  }));
  const levels = stat.levels.map((l) => ({ name: levelName(l.level), value: l.count, level: l.level }));
  const chargerName = (c: AlarmStat['chargers'][number]) => c.chargePointName || c.chargePointId;

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Figure label={tr('alarmRes.chart.total')} value={stat.total} />
        <Figure label={tr('alarmRes.chart.faults')} value={stat.total - stat.offline} />
        <Figure label={tr('alarmRes.chart.offline')} value={stat.offline} />
      </SimpleGrid>

      <Panel title={tr('alarmRes.chart.perDay')}>
        <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 800, height: 280 }}>
          <BarChart data={perDay}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} tickFormatter={abbreviatedTick} />
            <Tooltip />
            <Legend />
            {[1, 2, 3, 4].map((l) => (
              <Bar key={l} dataKey={levelName(l)} stackId="levels" fill={LEVEL_COLOURS[l - 1]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Panel>

      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Panel title={tr('alarmRes.chart.perLevel')}>
          <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
            <PieChart>
              <Pie data={levels.filter((l) => l.value > 0)} dataKey="value" nameKey="name" outerRadius={80}>
                {levels
                  .filter((l) => l.value > 0)
                  .map((l) => (
                    <Cell key={l.level} fill={LEVEL_COLOURS[l.level - 1]} />
                  ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
          <Ranking
            label={tr('alarmRes.chart.perLevel')}
            head={tr('alarmRes.alarm.level')}
            rows={levels.map((l) => ({ key: String(l.level), name: l.name, count: l.value }))}
          />
        </Panel>
        <Panel title={tr('alarmRes.chart.topCodes')}>
          <TopBars data={stat.codes.map((c) => ({ name: alarmCodeText(tr, c.code), count: c.count }))} />
          <Ranking
            label={tr('alarmRes.chart.topCodes')}
            head={tr('alarmRes.alarm.code')}
            rows={stat.codes.map((c) => ({ key: c.code, name: alarmCodeText(tr, c.code), count: c.count }))}
          />
        </Panel>
        <Panel title={tr('alarmRes.chart.topChargers')}>
          <TopBars data={stat.chargers.map((c) => ({ name: chargerName(c), count: c.count }))} />
          <Ranking
            label={tr('alarmRes.chart.topChargers')}
            head={tr('alarmRes.alarm.chargePointName')}
            rows={stat.chargers.map((c) => ({
              key: c.chargePointId,
              name: c.stationName ? `${chargerName(c)} · ${c.stationName}` : chargerName(c),
              count: c.count,
            }))}
          />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function TopBars({ data }: { data: { name: string; count: number }[] }) {
  const tr = useTr();
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <BarChart data={data} layout="vertical" margin={{ left: 8 }}>
        <XAxis type="number" allowDecimals={false} tickFormatter={abbreviatedTick} />
        <YAxis type="category" dataKey="name" width={100} />
        <Tooltip />
        <Bar dataKey="count" name={tr('alarmRes.chart.count')} fill="#3182ce" />
      </BarChart>
    </ResponsiveContainer>
  );
}

function Ranking(props: {
  label: string;
  head: string;
  rows: { key: string; name: string; count: number }[];
}) {
  const tr = useTr();
  return (
    <Table.Root size="sm" mt="3" aria-label={props.label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{props.head}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{tr('alarmRes.chart.count')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.rows.map((row) => (
          <Table.Row key={row.key}>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell textAlign="end">{row.count}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
