/**
 * The live monitor (/monitor, code 1101): connector states of every station in scope (or one, chosen in
 * the station filter) from `/biz/monitor/overview`, polled every 5 seconds in place: a summary of counts
 * for every state of docs/product.md section 4, then a card per site with its piles and a tile per connector
 * coloured by its state (and labelled with it), and the time of the last update. A connector in a session
 * shows its live figures on its tile: power, energy charged, state of charge (when the charger reports it)
 * and the time since the start (the overview's `figures`). A tile carries the connector's actions (stop
 * charging, live data, meter records, unlock, stop reservation, details; codes 1102-1107) for the user
 * holding them (./monitor-actions.tsx).
 */
import { API } from '@shared/api/paths.ts';
import { Box, Card, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ConnectorState } from '@shared/ocpp/connector-state.ts';
import type { MonitorTileFigures } from '@shared/schemas/monitor.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { EmptyState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import type { Field } from '@web/resources/types.ts';
import { useState } from 'react';
import useSWR from 'swr';
import { chargerDetailPath } from '@web/resources/decls/site/common.tsx';
import {
  asState,
  errorCodeText,
  OnlineBadge,
  reportedStatusText,
  STATE_PALETTE,
  StateCounts,
  stateLabel,
  stationSource,
  type ConnectorView,
} from '@web/resources/decls/site/common.tsx';
import { TileActions, useMonitorActions } from './monitor-actions.tsx';
import { stationDetailPath } from '@web/resources/decls/site/common.tsx';

export const MONITOR_REFRESH_MS = 5_000;
const M = 'siteConsole.monitor';

/** A connector on the monitor: its state, and its live figures while in a session. */
export type MonitorConnector = ConnectorView & { figures?: MonitorTileFigures };
export interface MonitorPile {
  chargePointId: string;
  name?: string;
  online: boolean;
  connectors: MonitorConnector[];
}
export interface MonitorSite {
  stationId: string;
  stationName: string;
  city?: string;
  chargePoints: MonitorPile[];
  counts: Record<ConnectorState, number>;
}
export interface MonitorOverview {
  sites: MonitorSite[];
  counts: Record<ConnectorState, number>;
  at: string;
}

const stationFilter: Field = {
  name: 'stationId',
  label: `${M}.station`,
  kind: 'remote',
  remote: stationSource,
};

export function MonitorPage() {
  const tr = useTr();
  const [stationId, setStationId] = useState('');
  const [stationLabel, setStationLabel] = useState('');
  const body = stationId ? { stationId } : {};
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [API.biz.monitor.overview, stationId],
    () => call<MonitorOverview>(API.biz.monitor.overview, body),
    { refreshInterval: MONITOR_REFRESH_MS, keepPreviousData: true },
  );
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Box minW="64" maxW="sm" flex="1">
          <FormField
            field={stationFilter}
            scope="monitor"
            value={stationId}
            onChange={(v) => setStationId(String(v ?? ''))}
            onAssign={() => undefined}
            pickedLabel={stationLabel}
            onPicked={setStationLabel}
          />
        </Box>
        <Stack gap="0" align="flex-end">
          <Text fontSize="sm" aria-live="polite" data-testid="monitor-updated">
            {data ? tr(`${M}.updatedAt`, { time: formatDateTime(data.at) }) : ''}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {tr(`${M}.refreshNote`, { seconds: MONITOR_REFRESH_MS / 1000 })}
          </Text>
        </Stack>
      </HStack>

      <LoadStates {...fromSwr({ data, error, isLoading, isValidating, mutate })} />

      {data ? (
        <Box as="section" aria-label={tr(`${M}.summary`)} bg="bg.panel" borderWidth="1px" rounded="l2" p="4">
          <Heading as="h2" size="sm" mb="3">
            {tr(`${M}.summary`)}
          </Heading>
          <StateCounts tr={tr} counts={data.counts} label={tr(`${M}.summary`)} />
        </Box>
      ) : null}

      {data && data.sites.length === 0 ? <EmptyState title={tr(`${M}.noSites`)} /> : null}
      <Stack gap="4">
        {(data?.sites ?? []).map((site) => (
          <SiteCard key={site.stationId} tr={tr} site={site} />
        ))}
      </Stack>
    </Stack>
  );
}

function SiteCard({ tr, site }: { tr: Translate; site: MonitorSite }) {
  const actions = useMonitorActions();
  const busy = Object.entries(site.counts ?? {}).filter(([, n]) => n > 0);
  return (
    <Card.Root as="section" aria-label={site.stationName} size="sm">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Stack gap="0">
            <AppLink to={stationDetailPath(site.stationId)} fontWeight="semibold" fontSize="lg">
              {site.stationName}
            </AppLink>
            {site.city ? (
              <Text fontSize="sm" color="fg.muted">
                {site.city}
              </Text>
            ) : null}
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {busy.map(([state, n]) => `${stateLabel(tr, state)} ${n}`).join(' · ') || tr(`${M}.noConnectors`)}
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        {site.chargePoints.length === 0 ? (
          <Text color="fg.muted">{tr(`${M}.noPiles`)}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
            {site.chargePoints.map((pile) => (
              <Box
                key={pile.chargePointId}
                borderWidth="1px"
                rounded="l2"
                p="3"
                role="group"
                aria-label={pile.name ?? pile.chargePointId}
              >
                <HStack justify="space-between" mb="2" gap="2">
                  <Stack gap="0" minW="0">
                    <AppLink to={chargerDetailPath(pile.chargePointId)} fontWeight="medium" truncate>
                      {pile.name ?? pile.chargePointId}
                    </AppLink>
                    <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate>
                      {pile.chargePointId}
                    </Text>
                  </Stack>
                  <OnlineBadge tr={tr} online={pile.online} />
                </HStack>
                <Wrap gap="2">
                  {pile.connectors.map((c) => (
                    <Stack key={c.connectorNo} gap="0" align="stretch">
                      <ConnectorTile tr={tr} connector={c} />
                      <TileActions
                        tr={tr}
                        actions={actions}
                        target={{
                          chargePointId: pile.chargePointId,
                          pileName: pile.name ?? pile.chargePointId,
                          connectorNo: c.connectorNo,
                          connectorName: c.name
                            ? `${c.connectorNo} · ${c.name}`
                            : tr('siteConsole.common.connectorNo', { no: c.connectorNo }),
                        }}
                      />
                    </Stack>
                  ))}
                </Wrap>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ConnectorTile({ tr, connector }: { tr: Translate; connector: MonitorConnector }) {
  const state = asState(connector.state);
  const label = stateLabel(tr, state);
  const name = tr('siteConsole.common.connectorNo', { no: connector.connectorNo });
  return (
    <Box
      colorPalette={STATE_PALETTE[state]}
      bg={state === 'offline' ? 'colorPalette.solid' : 'colorPalette.subtle'}
      color={state === 'offline' ? 'colorPalette.contrast' : 'colorPalette.fg'}
      borderWidth="1px"
      borderColor="colorPalette.muted"
      rounded="l2"
      px="3"
      py="2"
      minW="28"
      data-state={state}
    >
      <Box
        title={
          [
            connector.status ? reportedStatusText(tr, connector.status) : '',
            connector.errorCode ? errorCodeText(tr, connector.errorCode) : '',
            connector.info,
          ]
            .filter(Boolean)
            .join(' · ') || undefined
        }
        aria-label={tr(`${M}.tile`, { name, state: label })}
        role="img"
      >
        <Text fontSize="xs" fontWeight="semibold">
          {connector.name ? `${connector.connectorNo} · ${connector.name}` : name}
        </Text>
        <Text fontSize="sm">{label}</Text>
      </Box>
      {connector.figures ? <TileFigures tr={tr} name={name} figures={connector.figures} /> : null}
    </Box>
  );
}

/** h:mm:ss of a number of seconds. */
function elapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A session's live figures under the tile's state: each value with its name for assistive technology. */
function TileFigures(props: { tr: Translate; name: string; figures: MonitorTileFigures }) {
  const { tr, figures } = props;
  const rows: [key: string, value: string][] = [
    ['power', figures.powerW === undefined ? '-' : `${(figures.powerW / 1000).toFixed(2)} kW`],
    ['energy', `${(figures.energyWh / 1000).toFixed(3)} kWh`],
    ...(figures.soc === undefined ? [] : ([['soc', `${figures.soc} %`]] as [string, string][])),
    ['elapsed', elapsed(figures.durationSeconds)],
  ];
  return (
    <Box
      as="ul"
      listStyleType="none"
      mt="1"
      fontSize="xs"
      fontVariantNumeric="tabular-nums"
      aria-label={tr(`${M}.figures`, { name: props.name })}
    >
      {rows.map(([key, value]) => (
        <li key={key} data-figure={key} aria-label={`${tr(`${M}.figure.${key}`)}: ${value}`}>
          <Text as="span" color="fg.muted">
            {tr(`${M}.figure.${key}`)}
          </Text>{' '}
          {value}
        </li>
      ))}
    </Box>
  );
}
