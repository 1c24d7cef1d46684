/**
 * /analysis (11500): a fleet's energy, cost and sessions over 7, 14, 28, 30 or 60 days, by day as
 * a chart with the window's totals, and per vehicle or driver as a paged table (POST /biz/fleet/analysis,
 * read from the fleet rollups). Staff pick the fleet; a fleet account sees its own.
 */
import { API } from '@shared/api/paths.ts';
import { Box, ButtonGroup, Button, HStack, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { FLEET_ANALYSIS_WINDOWS } from '@shared/resources/fleet/members.ts';
import { abbreviatedTick, Figure } from '@web/components/ui/dashboard.tsx';
import { Section } from '@web/components/ui/section.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { call } from '@web/lib/api.ts';
import { downloadFile } from '@web/lib/download.ts';
import { DataTable } from '@web/resources/data-table.tsx';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
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
import { FLEET_PICKER } from '@web/resources/decls/fleet/common.ts';

const N = 'fleetAnalysis';
const PAGE = 10;

interface Figures {
  energyKwh: number;
  cost: number;
  sessions: number;
}

interface Analysis {
  series: (Figures & { day: string })[];
  totals: Figures;
  records: (Row & Figures)[];
  total: number;
}

const kwh = (n: number) => n.toFixed(3);

function Board(props: { fleetId: string; days: number; kind: 'vehicle' | 'driver' }) {
  const tr = useTr();
  const [current, setCurrent] = useState(1);
  const loaded = useSWR([API.biz.fleet.analysis, props.fleetId, props.days, props.kind, current], () =>
    call<Analysis>(API.biz.fleet.analysis, {
      ...(props.fleetId ? { fleetId: props.fleetId } : {}),
      days: props.days,
      kind: props.kind,
      current,
      size: PAGE,
    }),
  );
  const data = loaded.data;
  if (!data) return <LoadStates {...fromSwr(loaded)} />;
  const pages = Math.max(1, Math.ceil(data.total / PAGE));
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Figure label={tr(`${N}.energy`)} value={kwh(data.totals.energyKwh)} />
        <Figure label={tr(`${N}.cost`)} value={formatBalance(data.totals.cost)} />
        <Figure label={tr(`${N}.sessions`)} value={data.totals.sessions} />
      </SimpleGrid>
      <Section title={tr(`${N}.byDay`)}>
        <Box role="img" aria-label={tr(`${N}.byDay`)}>
          <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 800, height: 280 }}>
            <ComposedChart data={data.series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis yAxisId="cost" tickFormatter={abbreviatedTick} />
              <YAxis yAxisId="energy" orientation="right" tickFormatter={abbreviatedTick} />
              <Tooltip />
              <Legend />
              <Bar yAxisId="cost" dataKey="cost" name={tr(`${N}.cost`)} fill="#3182ce" />
              <Line
                yAxisId="energy"
                dataKey="energyKwh"
                name={tr(`${N}.energy`)}
                stroke="#38a169"
                dot={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      </Section>
      <Section title={tr(props.kind === 'vehicle' ? `${N}.perVehicle` : `${N}.perDriver`)}>
        <DataTable
          label={tr(props.kind === 'vehicle' ? `${N}.perVehicle` : `${N}.perDriver`)}
          scroll
          headings={[
            tr(`${N}.name`),
            tr('fleetMember.idTag'),
            { label: tr(`${N}.sessions`), end: true },
            { label: tr(`${N}.energy`), end: true },
            { label: tr(`${N}.cost`), end: true },
          ]}
        >
          {data.records.map((member) => (
            <Table.Row key={String(member.id)}>
              <Table.Cell>{String(member.name ?? '')}</Table.Cell>
              <Table.Cell>{String(member.idTag ?? '')}</Table.Cell>
              <Table.Cell textAlign="end">{member.sessions}</Table.Cell>
              <Table.Cell textAlign="end">{kwh(member.energyKwh)}</Table.Cell>
              <Table.Cell textAlign="end">{formatBalance(member.cost)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
        {pages > 1 ? (
          <HStack mt="3" justify="flex-end">
            <Button
              size="sm"
              variant="outline"
              disabled={current <= 1}
              onClick={() => setCurrent((c) => c - 1)}
            >
              {tr('admin.common.prev')}
            </Button>
            <Box fontSize="sm">{`${current} / ${pages}`}</Box>
            <Button
              size="sm"
              variant="outline"
              disabled={current >= pages}
              onClick={() => setCurrent((c) => c + 1)}
            >
              {tr('admin.common.next')}
            </Button>
          </HStack>
        ) : null}
      </Section>
    </Stack>
  );
}

export function FleetAnalysisPage() {
  const tr = useTr();
  const can = useCan();
  const staff = can(CODE.fleets);
  const [fleetId, setFleetId] = useState<unknown>('');
  const [days, setDays] = useState<number>(7);
  const [kind, setKind] = useState<'vehicle' | 'driver'>('vehicle');
  return (
    <Stack gap="4">
      <HStack gap="4" wrap="wrap" align="flex-end">
        {staff ? (
          <Box minW="60">
            <FormField
              field={FLEET_PICKER}
              scope="fleetAnalysis"
              value={fleetId}
              onChange={setFleetId}
              onAssign={() => undefined}
            />
          </Box>
        ) : null}
        <ButtonGroup size="sm" variant="outline" attached aria-label={tr(`${N}.window`)}>
          {FLEET_ANALYSIS_WINDOWS.map((n) => (
            <Button
              key={n}
              aria-pressed={days === n}
              variant={days === n ? 'solid' : 'outline'}
              onClick={() => setDays(n)}
            >
              {tr(`${N}.days`, { count: n })}
            </Button>
          ))}
        </ButtonGroup>
        <ButtonGroup size="sm" variant="outline" attached aria-label={tr(`${N}.kind`)}>
          {(['vehicle', 'driver'] as const).map((k) => (
            <Button
              key={k}
              aria-pressed={kind === k}
              variant={kind === k ? 'solid' : 'outline'}
              onClick={() => setKind(k)}
            >
              {tr(k === 'vehicle' ? `${N}.vehicles` : `${N}.drivers`)}
            </Button>
          ))}
        </ButtonGroup>
      </HStack>
      {staff && !fleetId ? null : (
        <HStack>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              downloadFile(API.biz.fleet.analysisDownload, `fleet-analysis-${days}.xlsx`, {
                ...(fleetId ? { fleetId } : {}),
                days,
                kind,
              }).catch(() => showMessage('error', tr('fleetFunds.exportFailed')))
            }
          >
            {tr('fleetFunds.export')}
          </Button>
        </HStack>
      )}
      {staff && !fleetId ? null : (
        <Board
          key={`${String(fleetId)}-${days}-${kind}`}
          fleetId={String(fleetId ?? '')}
          days={days}
          kind={kind}
        />
      )}
    </Stack>
  );
}
