/**
 * Renewable energy (/renewable, 8100): the renewable report of a site (or every site in reach) over
 * a period (energy charged, its renewable part and share, production on site, CO2 avoided; by day, by site, by
 * order) from `POST /biz/renewable/report`, its Excel file (Pro: 9100), and the renewable sources
 * (web/src/resources/decls/energy/renewable.tsx) below it.
 */
import { API } from '@shared/api/paths.ts';
import { DateField } from '@web/components/ui/date-field.tsx';
import { Button, Field, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { abbreviatedTick, Figure, Panel } from '@web/components/ui/dashboard.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { stationOptions } from '@web/resources/decls/device/card.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { useState } from 'react';
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
import { renewableSourceDecl } from '@web/resources/decls/energy/renewable.tsx';

const P = 'energyConsole.renewable';

interface Report {
  from: string;
  to: string;
  gridFactor: number;
  totals: {
    energyWh: number;
    renewableWh: number;
    sharePct: number;
    producedWh: number;
    co2AvoidedG: number;
    orders: number;
  };
  stations: {
    stationId: string;
    stationName: string;
    energyWh: number;
    renewableWh: number;
    producedWh: number;
    co2AvoidedG: number;
    sources: number;
  }[];
  days: { day: string; energyWh: number; renewableWh: number; producedWh: number }[];
  orders: {
    orderNo: string;
    stationName: string;
    chargePointId: string;
    startTime: string;
    energyWh: number;
    renewableWh: number;
    sharePct: number;
    co2AvoidedG: number;
  }[];
}

const kwh = (wh: number) => Math.round(wh / 100) / 10;
const dayInput = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function RenewablePage() {
  const tr = useTr();
  const can = useCan();
  const [stationId, setStationId] = useState('');
  const [from, setFrom] = useState(() => dayInput(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(() => dayInput(Date.now()));
  const [exporting, setExporting] = useState(false);
  const stations = useSWR('renewable-stations', () => stationOptions());
  const query = {
    ...(stationId ? { stationId } : {}),
    from: `${from}T00:00:00.000Z`,
    to: new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString(),
  };
  const report = useSWR([API.biz.renewable.report, stationId, from, to], () =>
    call<Report>(API.biz.renewable.report, query),
  );
  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadFile(API.biz.renewable.download, `renewable-${from}-${to}.xlsx`, query);
    } catch (error) {
      showMessage('error', `${tr(`${P}.exportFailed`)}: ${(error as Error).message}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="5">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root w="auto">
          <Field.Label>{tr(`${P}.station`)}</Field.Label>
          <NativeSelect.Root size="sm" w="64">
            <NativeSelect.Field value={stationId} onChange={(e) => setStationId(e.currentTarget.value)}>
              <option value="">{tr(`${P}.allStations`)}</option>
              {(stations.data ?? []).map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.raw ? o.label : tr(o.label)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{tr(`${P}.from`)}</Field.Label>
          <DateField size="sm" label={tr(`${P}.from`)} value={from} onChange={setFrom} />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{tr(`${P}.to`)}</Field.Label>
          <DateField size="sm" label={tr(`${P}.to`)} value={to} onChange={setTo} />
        </Field.Root>
        {can(CODE.fileExport) ? (
          <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportFile()}>
            {tr(`${P}.export`)}
          </Button>
        ) : null}
      </HStack>
      {report.data ? (
        <ReportView data={report.data} />
      ) : (
        <LoadStates {...fromSwr(report)} errorTitle={tr(`${P}.loadError`)} />
      )}
      <ResourceListPage decl={renewableSourceDecl} />
    </Stack>
  );
}

function ReportView({ data }: { data: Report }) {
  const tr = useTr();
  const chart = data.days.map((d) => ({
    day: d.day,
    energy: kwh(d.energyWh),
    renewable: kwh(d.renewableWh),
    produced: kwh(d.producedWh),
  }));
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="4">
        <Figure label={tr(`${P}.energy`)} value={kwh(data.totals.energyWh)} />
        <Figure label={tr(`${P}.renewable`)} value={kwh(data.totals.renewableWh)} />
        <Figure label={tr(`${P}.share`)} value={`${data.totals.sharePct} %`} />
        <Figure label={tr(`${P}.produced`)} value={kwh(data.totals.producedWh)} />
        <Figure label={tr(`${P}.co2`)} value={Math.round(data.totals.co2AvoidedG / 100) / 10} />
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted">
        {tr(`${P}.help`, { factor: data.gridFactor })}
      </Text>
      <Panel title={tr(`${P}.byDay`)}>
        <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 800, height: 260 }}>
          <ComposedChart data={chart}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis tickFormatter={abbreviatedTick} />
            <Tooltip />
            <Legend />
            <Bar dataKey="energy" name={tr(`${P}.energy`)} fill="#3182ce" />
            <Bar dataKey="renewable" name={tr(`${P}.renewable`)} fill="#38a169" />
            <Line dataKey="produced" name={tr(`${P}.produced`)} stroke="#dd6b20" dot={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </Panel>
      <Panel title={tr(`${P}.byStation`)}>
        <DataTable
          label={tr(`${P}.byStation`)}
          scroll
          headings={[
            tr(`${P}.station`),
            { label: tr(`${P}.energy`), end: true },
            { label: tr(`${P}.renewable`), end: true },
            { label: tr(`${P}.produced`), end: true },
            { label: tr(`${P}.co2`), end: true },
            { label: tr(`${P}.sources`), end: true },
          ]}
        >
          {data.stations.map((s) => (
            <Table.Row key={s.stationId}>
              <Table.Cell>{s.stationName}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(s.energyWh)}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(s.renewableWh)}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(s.producedWh)}</Table.Cell>
              <Table.Cell textAlign="end">{Math.round(s.co2AvoidedG / 100) / 10}</Table.Cell>
              <Table.Cell textAlign="end">{s.sources}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Panel>
      <Panel title={tr(`${P}.orders`, { count: data.orders.length, total: data.totals.orders })}>
        <DataTable
          label={tr(`${P}.ordersLabel`)}
          scroll
          headings={[
            tr(`${P}.orderNo`),
            tr(`${P}.station`),
            tr(`${P}.start`),
            { label: tr(`${P}.energy`), end: true },
            { label: tr(`${P}.renewable`), end: true },
            { label: tr(`${P}.share`), end: true },
            { label: tr(`${P}.co2`), end: true },
          ]}
        >
          {data.orders.map((o) => (
            <Table.Row key={o.orderNo}>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {o.orderNo}
              </Table.Cell>
              <Table.Cell>{o.stationName}</Table.Cell>
              <Table.Cell>{formatDateTime(o.startTime)}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(o.energyWh)}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(o.renewableWh)}</Table.Cell>
              <Table.Cell textAlign="end">{o.sharePct} %</Table.Cell>
              <Table.Cell textAlign="end">{Math.round(o.co2AvoidedG / 100) / 10}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Panel>
    </Stack>
  );
}
