/**
 * Revenue statistics (/statRevenue): energy, sessions, duration, paid, revenue, discount, profit, coupon
 * and tariff by day, station or company over at most 60 days (`POST /biz/revenue/stat`, read from the
 * revenue rollups), as a chart and a table with totals per currency, and an Excel export through File
 * export for holders of the Pro export code.
 */
import { API } from '@shared/api/paths.ts';
import { DateField } from '@web/components/ui/date-field.tsx';
import {
  Box,
  Button,
  ButtonGroup,
  Card,
  Field,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { addDays } from '@shared/pricing/metrics.ts';
import {
  REVENUE_CODE,
  REVENUE_GROUPS,
  REVENUE_WINDOW_DAYS,
  revenueRangeProblem,
  type RevenueFigures,
  type RevenueGroup,
  type RevenueRow,
  type RevenueStat,
} from '@shared/schemas/revenue.ts';
import { abbreviatedTick, Figure } from '@web/components/ui/dashboard.tsx';
import { EmptyState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { ApiError, call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useState, type FormEvent } from 'react';
import {
  Bar,
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

const L = 'revenueRes.stat';
/** Today as the operator's calendar reads it (the browser's time zone), not the UTC date. */
const today = () => formatDateTime(new Date()).slice(0, 10);

/** The last 30 days, today included. */
export function defaultRange(end = today()) {
  return { startDay: addDays(end, -29), endDay: end };
}

const GROUP_LABEL: Record<RevenueGroup, string> = {
  day: `${L}.byDay`,
  station: `${L}.byStation`,
  operator: `${L}.byOperator`,
};

/** The figure columns of the table, in docs/product.md section 3's order. */
const FIGURES: { key: keyof RevenueFigures; label: string }[] = [
  { key: 'energyKwh', label: `${L}.energy` },
  { key: 'orders', label: `${L}.orders` },
  { key: 'durationSeconds', label: `${L}.duration` },
  { key: 'pay', label: `${L}.pay` },
  { key: 'revenue', label: `${L}.revenue` },
  { key: 'discount', label: `${L}.discount` },
  { key: 'profit', label: `${L}.profit` },
  { key: 'coupon', label: `${L}.coupon` },
  { key: 'tariff', label: `${L}.tariff` },
];

const rowLabel = (row: RevenueRow) =>
  row.day ?? row.stationName ?? row.operatorName ?? row.stationId ?? row.agentId ?? row.key;

export function StatRevenuePage() {
  const tr = useTr();
  const can = useCan();
  const [draft, setDraft] = useState(() => ({ ...defaultRange(), groupBy: 'day' as RevenueGroup }));
  const [query, setQuery] = useState(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { data, error, isLoading, isValidating, mutate } = useSWR([API.biz.revenue.stat, query], () =>
    call<RevenueStat>(API.biz.revenue.stat, query),
  );

  const check = (next: typeof draft) => {
    const refusal = revenueRangeProblem(next.startDay, next.endDay);
    setProblem(refusal);
    return refusal;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check(draft)) setQuery({ ...draft });
  };
  const regroup = (groupBy: RevenueGroup) => {
    const next = { ...draft, groupBy };
    setDraft(next);
    if (!check(next)) setQuery(next);
  };
  const runExport = async () => {
    setExporting(true);
    try {
      await call(API.biz.revenue.export, query);
      showMessage('success', tr(`${L}.exportQueued`), { description: tr(`${L}.exportWhere`) });
    } catch (e) {
      showMessage('error', tr(`${L}.exportFailed`), {
        description: e instanceof ApiError ? e.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  };
  const canExport = can(REVENUE_CODE.stat) && can(REVENUE_CODE.export);

  return (
    <Stack gap="5">
      <Box as="form" role="search" bg="bg.panel" p="4" rounded="l2" borderWidth="1px" onSubmit={submit}>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root maxW="56">
            <Field.Label>{tr(`${L}.from`)}</Field.Label>
            <DateField
              label={tr(`${L}.from`)}
              value={draft.startDay}
              max={draft.endDay}
              onChange={(value) => setDraft((d) => ({ ...d, startDay: value }))}
            />
          </Field.Root>
          <Field.Root maxW="56">
            <Field.Label>{tr(`${L}.to`)}</Field.Label>
            <DateField
              label={tr(`${L}.to`)}
              value={draft.endDay}
              min={draft.startDay}
              max={draft.startDay ? addDays(draft.startDay, REVENUE_WINDOW_DAYS - 1) : undefined}
              onChange={(value) => setDraft((d) => ({ ...d, endDay: value }))}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue">
            {tr(`${L}.show`)}
          </Button>
          <Box>
            <Text fontSize="sm" mb="1" id="revenue-group-by">
              {tr(`${L}.groupBy`)}
            </Text>
            <ButtonGroup size="sm" attached variant="outline" role="group" aria-labelledby="revenue-group-by">
              {REVENUE_GROUPS.map((g) => (
                <Button
                  key={g}
                  aria-pressed={draft.groupBy === g}
                  variant={draft.groupBy === g ? 'solid' : 'outline'}
                  onClick={() => regroup(g)}
                >
                  {tr(GROUP_LABEL[g])}
                </Button>
              ))}
            </ButtonGroup>
          </Box>
          {canExport ? (
            <Button
              variant="outline"
              onClick={() => void runExport()}
              loading={exporting}
              disabled={!data?.rows.length}
            >
              {tr(`${L}.export`)}
            </Button>
          ) : null}
        </HStack>
        <Text
          mt="2"
          fontSize="sm"
          color={problem ? 'fg.error' : 'fg.muted'}
          role={problem ? 'alert' : undefined}
        >
          {tr(problem ?? `${L}.windowHelp`, { days: REVENUE_WINDOW_DAYS })}
        </Text>
      </Box>

      <LoadStates
        {...fromSwr({ data, error, isLoading, isValidating, mutate })}
        errorTitle={tr(`${L}.loadError`)}
        loadingLabel={tr(`${L}.loading`)}
      />
      {data && !error ? <StatView stat={data} /> : null}
    </Stack>
  );
}

function StatView({ stat }: { stat: RevenueStat }) {
  const tr = useTr();
  const empty = stat.totals.every((t) => t.orders === 0);
  if (!stat.rows.length || empty) return <EmptyState title={tr(`${L}.empty`)} />;
  const currency = stat.totals[0]!.currency;
  const chart = stat.rows
    .filter((r) => r.currency === currency)
    .map((r) => ({
      name: stat.groupBy === 'day' ? r.key.slice(5) : rowLabel(r),
      revenue: Number(r.revenue),
      pay: Number(r.pay),
      energy: Number(r.energyKwh),
    }));
  const groupHead =
    stat.groupBy === 'day' ? `${L}.day` : stat.groupBy === 'station' ? `${L}.station` : `${L}.operator`;
  const cell = (f: RevenueFigures, key: keyof RevenueFigures) =>
    key === 'durationSeconds' ? <DurationText seconds={f.durationSeconds} /> : String(f[key]);

  return (
    <Stack gap="5">
      {stat.totals.map((t) => (
        <SimpleGrid
          key={t.currency}
          columns={{ base: 1, md: 2, xl: 4 }}
          gap="4"
          role="group"
          aria-label={`${tr(`${L}.totals`)} ${t.currency}`}
        >
          <Figure label={tr(`${L}.energy`)} value={t.energyKwh} />
          <Figure label={tr(`${L}.orders`)} value={t.orders} />
          <Figure label={`${tr(`${L}.pay`)} (${t.currency})`} value={t.pay} />
          <Figure label={`${tr(`${L}.revenue`)} (${t.currency})`} value={t.revenue} />
        </SimpleGrid>
      ))}
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h2" size="sm">
            {tr(`${L}.chart`)} ({currency})
          </Heading>
        </Card.Header>
        <Card.Body>
          <ResponsiveContainer width="100%" height={300} initialDimension={{ width: 800, height: 300 }}>
            <ComposedChart data={chart}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis yAxisId="money" tickFormatter={abbreviatedTick} />
              <YAxis yAxisId="energy" orientation="right" tickFormatter={abbreviatedTick} />
              <Tooltip />
              <Legend />
              <Bar yAxisId="money" dataKey="pay" name={tr(`${L}.pay`)} fill="#90cdf4" />
              <Bar yAxisId="money" dataKey="revenue" name={tr(`${L}.revenue`)} fill="#3182ce" />
              <Line yAxisId="energy" dataKey="energy" name={tr(`${L}.energy`)} stroke="#38a169" dot={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </Card.Body>
      </Card.Root>

      <Box overflowX="auto" bg="bg.panel" rounded="l2" borderWidth="1px">
        <Table.Root size="sm" aria-label={tr(`${L}.table`)}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{tr(groupHead)}</Table.ColumnHeader>
              <Table.ColumnHeader>{tr(`${L}.currency`)}</Table.ColumnHeader>
              {FIGURES.map((f) => (
                <Table.ColumnHeader key={f.key} textAlign="end">
                  {tr(f.label)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {stat.rows.map((row) => (
              <Table.Row key={`${row.key}|${row.currency}`}>
                <Table.Cell>{rowLabel(row)}</Table.Cell>
                <Table.Cell>{row.currency}</Table.Cell>
                {FIGURES.map((f) => (
                  <Table.Cell key={f.key} textAlign="end">
                    {cell(row, f.key)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            {stat.totals.map((total) => (
              <Table.Row key={total.currency} aria-label={`${tr(`${L}.total`)} ${total.currency}`}>
                <Table.Cell fontWeight="semibold">{tr(`${L}.total`)}</Table.Cell>
                <Table.Cell>{total.currency}</Table.Cell>
                {FIGURES.map((f) => (
                  <Table.Cell key={f.key} textAlign="end" fontWeight="semibold">
                    {cell(total, f.key)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Footer>
        </Table.Root>
      </Box>
    </Stack>
  );
}
