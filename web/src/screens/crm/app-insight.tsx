/**
 * CRM insight (/appInsight, code 7500; docs/decisions/193-app-users-and-ops-view.md): app users new, active
 * and churned over the churn windows of docs/product.md section 9 (inactive 7, 14 and 30 days against the 14,
 * 28 and 60 before), their retention and sessions per user, a daily chart over an analytics window (7 … 60
 * days), and the same as an Excel file (`POST /biz/appInsight/stat`, `/download`; a file of data is Pro:
 * 9100).
 */
import { API } from '@shared/api/paths.ts';
import { Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { INSIGHT_WINDOWS, type AppInsight } from '@shared/schemas/app-insight.ts';
import { abbreviatedTick, Figure, Panel, WindowSelect } from '@web/components/ui/dashboard.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
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

const I = 'crm.insight';

const percentText = (value: string | null, none: string) => (value === null ? none : `${value} %`);

export function AppInsightPage() {
  const tr = useTr();
  const can = useCan();
  const [days, setDays] = useState<number>(30);
  const [exporting, setExporting] = useState(false);
  const insight = useSWR([API.biz.appInsight.stat, days], () =>
    call<AppInsight>(API.biz.appInsight.stat, { days }),
  );
  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadFile(API.biz.appInsight.download, `app-insight-${days}.xlsx`, { days });
    } catch (error) {
      showMessage('error', `${tr(`${I}.exportFailed`)}: ${(error as Error).message}`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3" align="end">
        <WindowSelect
          label={tr(`${I}.window`)}
          windows={INSIGHT_WINDOWS}
          value={days}
          onChange={setDays}
          name={(d) => tr('home.days', { days: d })}
        />
        {can(CODE.fileExport) ? (
          <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportFile()}>
            {tr(`${I}.export`)}
          </Button>
        ) : null}
      </HStack>
      {insight.data ? (
        <InsightView data={insight.data} />
      ) : (
        <LoadStates {...fromSwr(insight)} errorTitle={tr(`${I}.loadError`)} />
      )}
    </Stack>
  );
}

function InsightView({ data }: { data: AppInsight }) {
  const tr = useTr();
  const none = tr('home.kpi.noFigure');
  const week = data.windows[0]!;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="4">
        <Figure label={tr(`${I}.totalUsers`)} value={data.totalUsers} />
        <Figure label={tr(`${I}.newUsers`, { days: week.days })} value={week.newUsers} />
        <Figure label={tr(`${I}.activeUsers`, { days: week.days })} value={week.activeUsers} />
        <Figure label={tr(`${I}.churned`, { days: week.days })} value={week.churned} />
        <Figure label={tr(`${I}.retention`, { days: week.days })} value={percentText(week.retention, none)} />
        <Figure label={tr(`${I}.lockedUsers`)} value={data.lockedUsers} />
      </SimpleGrid>

      <Panel title={tr(`${I}.windows`)}>
        <DataTable
          label={tr(`${I}.windows`)}
          scroll
          headings={[
            tr(`${I}.inactiveFor`),
            { label: tr(`${I}.previousActive`), end: true },
            { label: tr(`${I}.active`), end: true },
            { label: tr(`${I}.churnedCol`), end: true },
            { label: tr(`${I}.churnRate`), end: true },
            { label: tr(`${I}.retentionCol`), end: true },
            { label: tr(`${I}.newCol`), end: true },
            { label: tr(`${I}.sessions`), end: true },
            { label: tr(`${I}.perUser`), end: true },
          ]}
        >
          {data.windows.map((w) => (
            <Table.Row key={w.days}>
              <Table.Cell>{tr(`${I}.windowName`, { days: w.days, against: w.against })}</Table.Cell>
              <Table.Cell textAlign="end">{w.previousActive}</Table.Cell>
              <Table.Cell textAlign="end">{w.activeUsers}</Table.Cell>
              <Table.Cell textAlign="end">{w.churned}</Table.Cell>
              <Table.Cell textAlign="end">{percentText(w.churnRate, none)}</Table.Cell>
              <Table.Cell textAlign="end">{percentText(w.retention, none)}</Table.Cell>
              <Table.Cell textAlign="end">{w.newUsers}</Table.Cell>
              <Table.Cell textAlign="end">{w.sessions}</Table.Cell>
              <Table.Cell textAlign="end">{w.sessionsPerUser ?? none}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
        <Text fontSize="xs" color="fg.muted" mt="2">
          {tr(`${I}.help`)}
        </Text>
      </Panel>

      <Panel title={tr(`${I}.byDay`, { days: data.days })}>
        <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 800, height: 260 }}>
          <ComposedChart data={data.series}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis yAxisId="users" tickFormatter={abbreviatedTick} allowDecimals={false} />
            <YAxis
              yAxisId="sessions"
              orientation="right"
              tickFormatter={abbreviatedTick}
              allowDecimals={false}
            />
            <Tooltip />
            <Legend />
            <Bar yAxisId="users" dataKey="activeUsers" name={tr(`${I}.active`)} fill="#3182ce" />
            <Bar yAxisId="users" dataKey="newUsers" name={tr(`${I}.newCol`)} fill="#38a169" />
            <Line
              yAxisId="sessions"
              dataKey="sessions"
              name={tr(`${I}.sessions`)}
              stroke="#dd6b20"
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Panel>
    </Stack>
  );
}
