/**
 * Transaction insight (/transcationInsight): growth rates of energy, sessions and revenue (against the
 * previous window, and the last 7 days against the same week a year earlier) and utilization (docs/product.md
 * section 9: each session's energy over its connector's rated power × hours, summed; beside it the same per
 * connector and the peak-power variant, energy over the rated peak × hours; docs/decisions/181) per day and per
 * station, over the analytics windows of docs/product.md section 9, from
 * `POST /biz/transactionInsight/stat` (revenue rollups; a day is the smallest unit, so the 24-hour view is
 * the last day).
 */
import { API } from '@shared/api/paths.ts';
import { DateField } from '@web/components/ui/date-field.tsx';
import { Box, Button, Field, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { abbreviatedTick, Figure, Panel } from '@web/components/ui/dashboard.tsx';
import { INSIGHT_WINDOWS, type Growth, type Insight } from '@shared/schemas/revenue.ts';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useState, type FormEvent } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import useSWR from 'swr';

const L = 'revenueRes.insight';
/** Today as the operator's calendar reads it (the browser's time zone), not the UTC date. */
const today = () => formatDateTime(new Date()).slice(0, 10);

export function InsightPage() {
  const tr = useTr();
  const [draft, setDraft] = useState({ days: 30, endDay: today() });
  const [query, setQuery] = useState(draft);
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [API.biz.transactionInsight.stat, query],
    () => call<Insight>(API.biz.transactionInsight.stat, query),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...draft });
  };
  const windowLabel = (days: number) => (days === 1 ? tr(`${L}.hours24`) : tr(`${L}.days`, { days }));

  return (
    <Stack gap="5">
      <Box as="form" role="search" bg="bg.panel" p="4" rounded="l2" borderWidth="1px" onSubmit={submit}>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root maxW="48">
            <Field.Label>{tr(`${L}.window`)}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={String(draft.days)}
                onChange={(e) => {
                  const value = Number(e.currentTarget.value);
                  setDraft((d) => ({ ...d, days: value }));
                }}
              >
                {INSIGHT_WINDOWS.map((days) => (
                  <option key={days} value={days}>
                    {windowLabel(days)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label>{tr(`${L}.endDay`)}</Field.Label>
            <DateField
              label={tr(`${L}.endDay`)}
              value={draft.endDay}
              onChange={(value) => setDraft((d) => ({ ...d, endDay: value }))}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue">
            {tr(`${L}.show`)}
          </Button>
        </HStack>
        <Text mt="2" fontSize="sm" color="fg.muted">
          {tr(`${L}.granularity`)}
        </Text>
      </Box>

      <LoadStates
        {...fromSwr({ data, error, isLoading, isValidating, mutate })}
        errorTitle={tr(`${L}.loadError`)}
        loadingLabel={tr(`${L}.loading`)}
      />
      {data && !error ? <InsightView insight={data} /> : null}
    </Stack>
  );
}

const percent = (value: number | null, none: string) => (value === null ? none : `${value.toFixed(2)} %`);

function InsightView({ insight }: { insight: Insight }) {
  const tr = useTr();
  const none = tr(`${L}.none`);
  const growthRows = (g: Insight['chain']) => [
    { key: 'energy', label: tr(`${L}.energy`), ...g.energyKwh },
    { key: 'orders', label: tr(`${L}.orders`), ...g.orders },
    ...g.revenue.map((r) => ({
      ...r,
      key: `revenue-${r.currency}`,
      label: `${tr(`${L}.revenue`)} (${r.currency})`,
    })),
  ];
  const chain = growthRows(insight.chain);
  const yoy = growthRows(insight.yearOnYear);
  const growthChart = chain.map((row) => ({
    name: row.label,
    chain: row.growth,
    yoy: yoy.find((y) => y.key === row.key)?.growth ?? 0,
  }));
  const series = insight.series.map((p) => ({
    day: p.day.slice(5),
    energy: Number(p.energyKwh),
    utilization: p.utilization ?? 0,
    utilizationPerConnector: p.utilizationPerConnector ?? 0,
    peakUtilization: p.peakUtilization ?? 0,
  }));

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 3, xl: 6 }} gap="4">
        <Figure label={tr(`${L}.overall`)} value={percent(insight.utilization, none)} />
        <Figure
          label={tr(`${L}.overallPerConnector`)}
          value={percent(insight.utilizationPerConnector, none)}
        />
        <Figure label={tr(`${L}.overallPeak`)} value={percent(insight.peakUtilization, none)} />
        <Figure label={tr(`${L}.ratedPower`)} value={insight.ratedPowerKw} />
        <Figure label={tr(`${L}.energy`)} value={insight.chain.energyKwh.current} />
        <Figure label={tr(`${L}.orders`)} value={insight.chain.orders.current} />
      </SimpleGrid>
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {tr(`${L}.utilizationHelp`)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {tr(`${L}.utilizationPerConnectorHelp`)}
        </Text>
      </Stack>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Panel title={tr(`${L}.chain`, { days: insight.days })}>
          <GrowthTable label={tr(`${L}.chain`, { days: insight.days })} rows={chain} />
        </Panel>
        <Panel title={tr(`${L}.yearOnYear`)}>
          <GrowthTable label={tr(`${L}.yearOnYear`)} rows={yoy} />
        </Panel>
      </SimpleGrid>

      <Panel title={tr(`${L}.growthChart`)}>
        <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 800, height: 260 }}>
          <BarChart data={growthChart}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis unit="%" />
            <Tooltip />
            <Legend />
            <Bar dataKey="chain" name={tr(`${L}.chain`, { days: insight.days })} fill="#3182ce" />
            <Bar dataKey="yoy" name={tr(`${L}.yearOnYear`)} fill="#dd6b20" />
          </BarChart>
        </ResponsiveContainer>
      </Panel>

      <Panel title={tr(`${L}.series`)}>
        <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 800, height: 280 }}>
          <ComposedChart data={series}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis yAxisId="energy" tickFormatter={abbreviatedTick} />
            <YAxis yAxisId="utilization" orientation="right" unit="%" />
            <Tooltip />
            <Legend />
            <Bar yAxisId="energy" dataKey="energy" name={tr(`${L}.energy`)} fill="#38a169" />
            <Line
              yAxisId="utilization"
              dataKey="utilization"
              name={tr(`${L}.utilization`)}
              stroke="#805ad5"
              dot={false}
            />
            <Line
              yAxisId="utilization"
              dataKey="utilizationPerConnector"
              name={tr(`${L}.utilizationPerConnector`)}
              stroke="#319795"
              strokeDasharray="2 2"
              dot={false}
            />
            <Line
              yAxisId="utilization"
              dataKey="peakUtilization"
              name={tr(`${L}.peakUtilization`)}
              stroke="#d69e2e"
              strokeDasharray="4 2"
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Panel>

      <Panel title={tr(`${L}.stations`)}>
        <DataTable
          label={tr(`${L}.stations`)}
          headings={[
            tr(`${L}.station`),
            { label: tr(`${L}.ratedPower`), end: true },
            { label: tr(`${L}.connectors`), end: true },
            { label: tr(`${L}.energy`), end: true },
            { label: tr(`${L}.orders`), end: true },
            { label: tr(`${L}.utilization`), end: true },
            { label: tr(`${L}.utilizationPerConnector`), end: true },
            { label: tr(`${L}.peakUtilization`), end: true },
          ]}
        >
          {insight.stations.map((s) => (
            <Table.Row key={s.stationId}>
              <Table.Cell>{s.stationName || s.stationId}</Table.Cell>
              <Table.Cell textAlign="end">{s.ratedPowerKw}</Table.Cell>
              <Table.Cell textAlign="end">{s.connectors}</Table.Cell>
              <Table.Cell textAlign="end">{s.energyKwh}</Table.Cell>
              <Table.Cell textAlign="end">{s.orders}</Table.Cell>
              <Table.Cell textAlign="end">{percent(s.utilization, none)}</Table.Cell>
              <Table.Cell textAlign="end">{percent(s.utilizationPerConnector, none)}</Table.Cell>
              <Table.Cell textAlign="end">{percent(s.peakUtilization, none)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Panel>
    </Stack>
  );
}

function GrowthTable({ label, rows }: { label: string; rows: (Growth & { key: string; label: string })[] }) {
  const tr = useTr();
  return (
    <DataTable
      label={label}
      headings={[
        '',
        { label: tr(`${L}.current`), end: true },
        { label: tr(`${L}.previous`), end: true },
        { label: tr(`${L}.growth`), end: true },
      ]}
    >
      {rows.map((row) => (
        <Table.Row key={row.key}>
          <Table.Cell>{row.label}</Table.Cell>
          <Table.Cell textAlign="end">{row.current}</Table.Cell>
          <Table.Cell textAlign="end">{row.previous}</Table.Cell>
          <Table.Cell textAlign="end" color={row.growth < 0 ? 'fg.error' : undefined}>
            {`${row.growth > 0 ? '+' : ''}${row.growth.toFixed(2)} %`}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
