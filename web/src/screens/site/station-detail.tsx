/**
 * A station's page (/stationDetail/{id}): its facts, pictures, the counts of its connectors per state, its
 * charge points with their online state, live connector states and last message (as each charger's page
 * tells it; the station's own is the newest of them), and, while its power balance plan is in
 * force, what load management found and sent (each transformer group's power, load and state; each
 * connector's limit), from `/biz/station/detail`, refreshed every 10 seconds in place (the page is not
 * reloaded).
 */
import { API } from '@shared/api/paths.ts';
import { Badge, Card, DataList, HStack, SimpleGrid, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { OPEN_FLAG } from '@shared/resources/site/station.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { Section } from '@web/components/ui/section.tsx';
import { EmptyState, ErrorState } from '@web/components/ui/state-views.tsx';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useRecordPage } from '@web/resources/detail.tsx';
import { optionLabel, renderValue } from '@web/resources/cells.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import type { Column, Row } from '@web/resources/types.ts';
import { useParams } from 'react-router-dom';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import {
  ConnectorStateBadge,
  errorCodeText,
  FEE_SET_MODE_OPTIONS,
  LOCATION_TYPE_OPTIONS,
  OnlineBadge,
  OWNER_TYPE_OPTIONS,
  POWER_MODE_OPTIONS,
  PROTOCOL_OPTIONS,
  STATION_STATUS_OPTIONS,
  STATION_TYPE_OPTIONS,
  StateCounts,
  type ConnectorView,
} from '@web/resources/decls/site/common.tsx';
import { Thumbnail } from './station-pictures.tsx';

export const STATION_REFRESH_MS = 10_000;
const S = 'siteConsole.station';
const D = 'siteConsole.stationDetail';

function openingHours(tr: Translate, row: Row): string {
  if (Number(row.openFlag) !== OPEN_FLAG.specified) return tr(`${S}.openFlags.allDay`);
  const days = (Array.isArray(row.workDays) ? row.workDays : []).map((d) => tr(`${S}.weekdays.${String(d)}`));
  const periods = (Array.isArray(row.openPeriods) ? (row.openPeriods as Row[]) : []).map(
    (p) => `${String(p.start)}–${String(p.end)}`,
  );
  return `${days.join(', ')} · ${periods.join(', ')}`;
}

const facts: Column[] = [
  { key: 'name', label: `${S}.name` },
  { key: 'status', label: `${S}.status`, kind: 'enum', options: STATION_STATUS_OPTIONS },
  { key: 'address', label: `${S}.address` },
  { key: 'city', label: `${S}.city` },
  { key: 'postalCode', label: `${S}.postalCode` },
  { key: 'country', label: `${S}.country` },
  { key: 'countryCode', label: `${S}.countryCode` },
  { key: 'longitude', label: `${S}.longitude` },
  { key: 'latitude', label: `${S}.latitude` },
  { key: 'timeZone', label: `${S}.timeZone` },
  { key: 'locationType', label: `${S}.locationType`, kind: 'enum', options: LOCATION_TYPE_OPTIONS },
  { key: 'type', label: `${S}.type`, kind: 'enum', options: STATION_TYPE_OPTIONS },
  { key: 'serviceHotline', label: `${S}.serviceHotline` },
  { key: 'ownerType', label: `${S}.ownerType`, kind: 'enum', options: OWNER_TYPE_OPTIONS },
  { key: 'feeSetMode', label: `${S}.feeSetMode`, kind: 'enum', options: FEE_SET_MODE_OPTIONS },
];

export function StationDetailPage() {
  const tr = useTr();
  const { id = '' } = useParams();
  const { data, error, fallback } = useRecordPage(API.biz.station.detail, id, STATION_REFRESH_MS);
  if (!data) return fallback;
  const piles = (Array.isArray(data.chargePoints) ? data.chargePoints : []) as Row[];
  const images = (Array.isArray(data.images) ? data.images : []) as string[];
  const balance = (data.powerBalance ?? null) as Row | null;
  const load = (data.loadBalance ?? null) as LoadBalance | null;
  const limits = new Map(
    (load?.connectors ?? []).map((c) => [`${c.chargePointId}#${c.connectorNo}`, c.limitW]),
  );
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <AppLink to="/equipment" fontSize="sm">
          {tr(`${D}.back`)}
        </AppLink>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {tr(`${D}.refreshNote`, { seconds: STATION_REFRESH_MS / 1000 })}
        </Text>
      </HStack>
      {error ? <ErrorState title={tr('admin.common.getError')} message={errorMessage(tr, error)} /> : null}

      <Section title={tr(`${D}.facts`)}>
        <DataList.Root
          orientation="horizontal"
          size="sm"
          display="grid"
          gridTemplateColumns={{ md: '1fr 1fr' }}
        >
          {facts.map((field) => (
            <DataList.Item key={field.key}>
              <DataList.ItemLabel minW="36">{tr(field.label)}</DataList.ItemLabel>
              <DataList.ItemValue>{renderValue(tr, field, data)}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel minW="36">{tr(`${S}.openFlag`)}</DataList.ItemLabel>
            <DataList.ItemValue>{openingHours(tr, data)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="36">{tr(`${S}.reserveFlag`)}</DataList.ItemLabel>
            <DataList.ItemValue>{tr(data.reserveFlag ? `${D}.yes` : `${D}.no`)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="36">{tr(`${D}.lastMessage`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="station-last-message">
              {data.lastMessageAt ? formatDateTime(data.lastMessageAt) : tr(`${D}.noMessage`)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="36">{tr('siteConsole.power.powerMode')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {balance
                ? `${optionLabel(tr, POWER_MODE_OPTIONS, balance.powerMode)} · ${tr(`${D}.groupCount`, {
                    count: Array.isArray(balance.groups) ? balance.groups.length : 0,
                  })}`
                : tr(`${D}.noPowerBalance`)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Section>

      <Section title={tr(`${S}.images`)}>
        {images.length ? (
          <Wrap gap="3">
            {images.map((key, index) => (
              <Thumbnail key={key} imageKey={key} size="40" alt={tr(`${S}.imageAlt`, { n: index + 1 })} />
            ))}
          </Wrap>
        ) : (
          <Text color="fg.muted">{tr(`${S}.noImages`)}</Text>
        )}
      </Section>

      {load ? <LoadSection tr={tr} load={load} /> : null}

      <Section title={tr(`${D}.counts`)}>
        <StateCounts tr={tr} counts={data.counts} label={tr(`${D}.counts`)} />
      </Section>

      <Section title={tr(`${D}.chargePoints`)}>
        {piles.length === 0 ? <EmptyState title={tr(`${D}.noChargePoints`)} /> : null}
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
          {piles.map((pile) => (
            <PileCard key={String(pile.id)} tr={tr} pile={pile} limits={limits} />
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

interface LoadBalance {
  at: string;
  nextAt: string;
  groups: {
    name: string;
    ratedW: number;
    alarmW: number;
    availableW: number;
    chargingW: number;
    otherW: number;
    limitW: number;
    alarm: boolean;
    stopped: boolean;
  }[];
  connectors: { chargePointId: string; connectorNo: number; limitW: number }[];
}

const kw = (w: number) => (w / 1000).toFixed(1);

/** Each transformer group as load management last found it. */
function LoadSection({ tr, load }: { tr: Translate; load: LoadBalance }) {
  const columns: [string, (g: LoadBalance['groups'][number]) => string][] = [
    ['loadRated', (g) => kw(g.ratedW)],
    ['loadAlarm', (g) => kw(g.alarmW)],
    ['loadAvailable', (g) => kw(g.availableW)],
    ['loadCharging', (g) => kw(g.chargingW)],
    ['loadOther', (g) => kw(g.otherW)],
    ['loadLimits', (g) => kw(g.limitW)],
  ];
  return (
    <Section title={tr(`${D}.loadTitle`)}>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {tr(`${D}.loadNote`, { at: formatDateTime(load.at), next: formatDateTime(load.nextAt) })}
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={tr(`${D}.loadTitle`)}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{tr(`${D}.loadGroup`)}</Table.ColumnHeader>
              {columns.map(([key]) => (
                <Table.ColumnHeader key={key} textAlign="end">
                  {tr(`${D}.${key}`)} (kW)
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>{tr(`${D}.loadState`)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {load.groups.map((g) => (
              <Table.Row key={g.name}>
                <Table.Cell>{g.name}</Table.Cell>
                {columns.map(([key, value]) => (
                  <Table.Cell key={key} textAlign="end">
                    {value(g)}
                  </Table.Cell>
                ))}
                <Table.Cell>
                  <Badge colorPalette={g.stopped ? 'red' : g.alarm ? 'orange' : 'green'}>
                    {tr(`${D}.${g.stopped ? 'loadStopped' : g.alarm ? 'loadAlarmOn' : 'loadNormal'}`)}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Section>
  );
}

function PileCard({ tr, pile, limits }: { tr: Translate; pile: Row; limits: Map<string, number> }) {
  const connectors = (Array.isArray(pile.connectorStates) ? pile.connectorStates : []) as ConnectorView[];
  const id = String(pile.id ?? pile.chargePointId ?? '');
  return (
    <Card.Root size="sm" role="article" aria-label={String(pile.name ?? id)}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Stack gap="0">
            <AppLink to={chargerDetailPath(id)} fontWeight="semibold">
              {String(pile.name ?? id)}
            </AppLink>
            <Text fontSize="xs" color="fg.muted" fontFamily="mono">
              {id} · {optionLabel(tr, PROTOCOL_OPTIONS, pile.protocol)}
              {pile.firmwareVersion ? ` · ${String(pile.firmwareVersion)}` : ''}
            </Text>
          </Stack>
          <OnlineBadge tr={tr} online={pile.online} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" as="ul" listStyleType="none">
          {connectors.map((c) => (
            <HStack as="li" key={c.connectorNo} justify="space-between" gap="2">
              <Text fontSize="sm">
                {tr('siteConsole.common.connectorNo', { no: c.connectorNo })}
                {c.name ? ` · ${c.name}` : ''}
              </Text>
              <HStack gap="2">
                {limits.has(`${id}#${c.connectorNo}`) ? (
                  <Text fontSize="xs" color="fg.muted">
                    {tr(`${D}.connectorLimit`, { kw: kw(limits.get(`${id}#${c.connectorNo}`)!) })}
                  </Text>
                ) : null}
                {c.errorCode && c.errorCode !== 'NoError' ? (
                  <Text fontSize="xs" color="fg.error">
                    {errorCodeText(tr, c.errorCode)}
                  </Text>
                ) : null}
                <ConnectorStateBadge tr={tr} state={c.state} />
              </HStack>
            </HStack>
          ))}
        </Stack>
        {pile.lastMessageAt ? (
          <Text fontSize="xs" color="fg.muted" mt="2">
            {tr('siteConsole.charger.lastMessage')}: {formatDateTime(pile.lastMessageAt)}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
