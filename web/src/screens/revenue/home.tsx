/**
 * The home dashboard (/home, code 1100; docs/decisions/183-home-dashboard.md), what an operator opens first:
 * the window's KPIs with their change against the window before, what is happening now (chargers, sessions,
 * open alarms, each a link to its screen), energy and sessions by day, the last 24 hours by hour, 30-day
 * energy use and the top five stations and chargers over 7 days against 30 (`POST /biz/home/dashboard`:
 * rollups, counters and live state). Large figures are abbreviated K … E with the exact value in their title;
 * the page reads itself again every minute.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Card, HStack, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { abbreviate } from '@shared/pricing/metrics.ts';
import { HOME_WINDOWS, type HomeDashboard, type TopEntry } from '@shared/schemas/home.ts';
import { abbreviatedTick, Figure, Panel, WindowSelect } from '@web/components/ui/dashboard.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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

const H = 'home';
const REFRESH_MS = 60_000;

export function HomePage() {
  const tr = useTr();
  const [days, setDays] = useState<number>(7);
  const dashboard = useSWR(
    [API.biz.home.dashboard, days],
    () => call<HomeDashboard>(API.biz.home.dashboard, { days }),
    { refreshInterval: REFRESH_MS },
  );
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <WindowSelect
          label={tr(`${H}.window`)}
          windows={HOME_WINDOWS}
          value={days}
          onChange={setDays}
          name={(d) => tr(`${H}.days`, { days: d })}
        />
        {dashboard.data ? (
          <Text fontSize="sm" color="fg.muted">
            {tr(`${H}.asOf`, { time: formatDateTime(dashboard.data.at) })}
          </Text>
        ) : null}
      </HStack>
      {dashboard.data ? (
        <HomeView data={dashboard.data} />
      ) : (
        <LoadStates
          {...fromSwr(dashboard)}
          errorTitle={tr(`${H}.loadError`)}
          loadingLabel={tr(`${H}.loading`)}
        />
      )}
    </Stack>
  );
}

/** A growth in percent with its sign, or "n/a". */
const signed = (growth: number | null, none: string) =>
  growth === null ? none : `${growth > 0 ? '+' : ''}${growth.toFixed(2)} %`;

/** A KPI: its figure and its change against the window before. */
function Kpi(props: { label: string; value: string | number; growth: number | null; days: number }) {
  const tr = useTr();
  const none = tr(`${H}.kpi.noFigure`);
  return (
    <Stack gap="1">
      <Figure label={props.label} value={props.value} />
      <Text fontSize="xs" color={props.growth !== null && props.growth < 0 ? 'fg.error' : 'fg.muted'}>
        {tr(`${H}.kpi.change`, { growth: signed(props.growth, none), days: props.days })}
      </Text>
    </Stack>
  );
}

/** A live figure that opens its screen. */
function LiveTile(props: { label: string; value: number; to: string; linkLabel: string; alert?: boolean }) {
  return (
    <Card.Root variant="outline" borderColor={props.alert && props.value > 0 ? 'border.error' : undefined}>
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm">
          {props.label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" aria-label={props.label}>
          {abbreviate(props.value)}
        </Text>
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={props.to}>{props.linkLabel}</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}

function HomeView({ data }: { data: HomeDashboard }) {
  const tr = useTr();
  const none = tr(`${H}.kpi.noFigure`);
  const { kpis, live } = data;
  const series = data.series.map((p) => ({
    day: p.day.slice(5),
    energy: Number(p.energyKwh),
    orders: p.orders,
  }));
  const hours = data.hours.map((h) => ({
    hour: formatDateTime(h.hour).slice(11, 16),
    energy: Number(h.energyKwh),
    orders: h.orders,
  }));
  const energy30 = data.energy30.map((d) => ({ day: d.day.slice(5), energy: Number(d.energyKwh) }));
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        <Kpi
          label={tr(`${H}.kpi.energy`)}
          value={kpis.energyKwh.current}
          growth={kpis.energyKwh.growth}
          days={data.days}
        />
        <Kpi
          label={tr(`${H}.kpi.orders`)}
          value={kpis.orders.current}
          growth={kpis.orders.growth}
          days={data.days}
        />
        {kpis.revenue.map((r) => (
          <Kpi
            key={r.currency}
            label={tr(`${H}.kpi.revenue`, { currency: r.currency })}
            value={r.current}
            growth={r.growth}
            days={data.days}
          />
        ))}
        <Kpi
          label={tr(`${H}.kpi.utilization`)}
          value={kpis.utilization.current === null ? none : `${kpis.utilization.current.toFixed(2)} %`}
          growth={kpis.utilization.growth}
          days={data.days}
        />
      </SimpleGrid>

      <Panel title={tr(`${H}.live.title`)}>
        <SimpleGrid columns={{ base: 1, md: 3, xl: 5 }} gap="4">
          <LiveTile
            label={tr(`${H}.live.online`)}
            value={live.chargers.online}
            to="/monitor"
            linkLabel={tr(`${H}.live.toMonitor`)}
          />
          <LiveTile
            label={tr(`${H}.live.offline`)}
            value={live.chargers.offline}
            to="/monitor"
            linkLabel={tr(`${H}.live.toMonitor`)}
            alert
          />
          <LiveTile
            label={tr(`${H}.live.faulted`)}
            value={live.chargers.faulted}
            to="/alarm"
            linkLabel={tr(`${H}.live.toAlarms`)}
            alert
          />
          <LiveTile
            label={tr(`${H}.live.active`)}
            value={live.activeSessions}
            // The order list filtered to the orders in progress (its Progress filter, ORDER_PROGRESS).
            to="/chargeOrder?progress=1"
            linkLabel={tr(`${H}.live.toOrders`)}
          />
          <LiveTile
            label={tr(`${H}.live.alarms`)}
            value={live.openAlarms}
            to="/alarm"
            linkLabel={tr(`${H}.live.toAlarms`)}
            alert
          />
        </SimpleGrid>
      </Panel>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Panel title={tr(`${H}.series`)}>
          <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
            <ComposedChart data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis yAxisId="energy" tickFormatter={abbreviatedTick} />
              <YAxis yAxisId="orders" orientation="right" tickFormatter={abbreviatedTick} />
              <Tooltip />
              <Legend />
              <Bar yAxisId="energy" dataKey="energy" name={tr(`${H}.energy`)} fill="#38a169" />
              <Line yAxisId="orders" dataKey="orders" name={tr(`${H}.orders`)} stroke="#3182ce" dot={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </Panel>
        <Panel title={tr(`${H}.hours`)}>
          <Text fontSize="xs" color="fg.muted" mb="2">
            {tr(`${H}.hoursHelp`)}
          </Text>
          <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 600, height: 240 }}>
            <BarChart data={hours}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="hour" />
              <YAxis tickFormatter={abbreviatedTick} />
              <Tooltip />
              <Bar dataKey="energy" name={tr(`${H}.energy`)} fill="#805ad5" />
            </BarChart>
          </ResponsiveContainer>
        </Panel>
      </SimpleGrid>

      <Panel title={tr(`${H}.energy30`)}>
        <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 800, height: 220 }}>
          <BarChart data={energy30}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis tickFormatter={abbreviatedTick} />
            <Tooltip />
            <Bar dataKey="energy" name={tr(`${H}.energy`)} fill="#38a169" />
          </BarChart>
        </ResponsiveContainer>
      </Panel>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Panel title={tr(`${H}.topStations`)}>
          <TopTable label={tr(`${H}.topStations`)} first={tr(`${H}.station`)} rows={data.topStations} />
        </Panel>
        <Panel title={tr(`${H}.topChargers`)}>
          <TopTable label={tr(`${H}.topChargers`)} first={tr(`${H}.charger`)} rows={data.topChargers} />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function TopTable({ label, first, rows }: { label: string; first: string; rows: TopEntry[] }) {
  const tr = useTr();
  if (rows.length === 0)
    return (
      <Box py="4">
        <Text color="fg.muted">{tr(`${H}.noTop`)}</Text>
      </Box>
    );
  return (
    <DataTable
      label={label}
      scroll
      headings={[
        first,
        { label: tr(`${H}.energy7`), end: true },
        { label: tr(`${H}.orders7`), end: true },
        { label: tr(`${H}.energy30days`), end: true },
        { label: tr(`${H}.orders30`), end: true },
      ]}
    >
      {rows.map((row) => (
        <Table.Row key={row.id}>
          <Table.Cell>
            {row.name}
            {row.stationName ? (
              <Text as="span" color="fg.muted" fontSize="xs">{` · ${row.stationName}`}</Text>
            ) : null}
          </Table.Cell>
          <Table.Cell textAlign="end">{row.energyKwh7}</Table.Cell>
          <Table.Cell textAlign="end">{row.orders7}</Table.Cell>
          <Table.Cell textAlign="end">{row.energyKwh30}</Table.Cell>
          <Table.Cell textAlign="end">{row.orders30}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
