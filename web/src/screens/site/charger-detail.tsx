/**
 * A charge point's page (/chargerDetail/{id}): identity and OCPP URL, what the charger said at boot, its
 * online state and health (since when online or offline, last message, uptime, the open offline alarm:
 * docs/decisions/460-offline-alarm-and-charger-health.md), its connectors with live states (refreshed every 5
 * seconds in place) and its recent OCPP messages (newest first; a time range of at most 3 days,
 * docs/product.md section 5; payloads collapsed).
 */
import { API } from '@shared/api/paths.ts';
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { Box, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { AppLink, ButtonLink } from '@web/components/ui/link.tsx';
import { Facts, Section } from '@web/components/ui/section.tsx';
import { StatusBadge } from '@web/components/ui/status-badge.tsx';
import { useToggleSet } from '@web/components/ui/use-toggle-set.ts';
import { EmptyState, ErrorState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime, fromLocalInput, rangeProblem } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useRecordPage } from '@web/resources/detail.tsx';
import { optionLabel } from '@web/resources/cells.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { RangeSearch } from '@web/resources/range-search.tsx';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import {
  bootReasonText,
  ConnectorStateBadge,
  errorCodeText,
  firmwareStatusText,
  ocppUrl,
  OnlineBadge,
  OperativeBadge,
  POWER_TYPE_OPTIONS,
  PROTOCOL_OPTIONS,
  reportedStatusText,
  type ConnectorView,
} from '@web/resources/decls/site/common.tsx';
import { stationDetailPath } from '@web/resources/decls/site/common.tsx';
import { DurationText } from '@web/resources/decls/alarm/common.tsx';
import { OFFLINE_FLAG } from '@shared/schemas/alarm.ts';

export const CHARGER_REFRESH_MS = 5_000;
export const MESSAGE_WINDOW_DAYS = 3;
const MESSAGE_LIMIT = 100;
const C = 'siteConsole.charger';

export interface LoggedMessage {
  at: string;
  direction: 'in' | 'out';
  messageType?: number;
  messageId?: string;
  action?: string;
  frame: string;
}

/** Why a message range cannot be asked for (key and values), or null. Empty ends mean the last 3 days. */
export function messageRangeProblem(from: string, to: string, now = Date.now()) {
  return rangeProblem(from, to, MESSAGE_WINDOW_DAYS, now);
}

/** The time of a logged message: its sort key without the suffix that keeps same-millisecond ones apart. */
const messageTime = (at: string) => formatDateTime(at.split('#')[0]);

function pretty(frame: string): string {
  try {
    return JSON.stringify(JSON.parse(frame), null, 2);
  } catch {
    return frame;
  }
}

/** The charger control screen with this pile chosen. */
export const commandPath = (chargePointId: string) =>
  `/command?chargePointId=${encodeURIComponent(chargePointId)}`;
/** The code of the charger control screen (shared/permissions/menus.ts). */
const COMMAND_PAGE_CODE = '2250';

export function ChargerDetailPage() {
  const tr = useTr();
  const can = useCan();
  const { id = '' } = useParams();
  const { data, error, fallback } = useRecordPage(API.biz.chargePoint.detail, id, CHARGER_REFRESH_MS);
  if (!data) return fallback;
  const chargePointId = String(data.chargePointId ?? data.id ?? id);
  const boot = (data.boot ?? null) as Row | null;
  const connectors = (Array.isArray(data.connectorStates) ? data.connectorStates : []) as ConnectorView[];
  const online = Boolean(data.online);
  const health = (data.health ?? {}) as ChargerHealthView;
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <AppLink to="/device" fontSize="sm">
          {tr(`${C}.back`)}
        </AppLink>
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {tr(`${C}.refreshNote`, { seconds: CHARGER_REFRESH_MS / 1000 })}
          </Text>
          {can(COMMAND_PAGE_CODE) ? (
            <ButtonLink to={commandPath(chargePointId)} size="sm" colorPalette="blue" variant="outline">
              {tr('commandConsole.openFromCharger')}
            </ButtonLink>
          ) : null}
        </HStack>
      </HStack>
      {error ? <ErrorState title={tr('admin.common.getError')} message={errorMessage(tr, error)} /> : null}

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Section title={tr(`${C}.identity`)} aside={<OnlineBadge tr={tr} online={online} />}>
          <Facts
            items={[
              { label: tr('siteConsole.pile.chargePointId'), value: <Code>{chargePointId}</Code> },
              { label: tr('siteConsole.pile.name'), value: String(data.name ?? '') },
              {
                label: tr('siteConsole.pile.station'),
                value: data.stationId ? (
                  <AppLink to={stationDetailPath(data.stationId)}>
                    {String(data.stationName ?? data.stationId)}
                  </AppLink>
                ) : (
                  ''
                ),
              },
              {
                label: tr('siteConsole.pile.protocol'),
                value: optionLabel(tr, PROTOCOL_OPTIONS, data.protocol),
              },
              {
                label: tr('siteConsole.pile.powerType'),
                value: optionLabel(tr, POWER_TYPE_OPTIONS, data.powerType),
              },
              {
                label: tr('siteConsole.pile.power'),
                value: data.maxPower === undefined ? '' : `${String(data.maxPower)} kW`,
              },
              {
                label: tr(`${C}.ocppUrl`),
                value: <Code wordBreak="break-all">{ocppUrl(chargePointId)}</Code>,
              },
            ]}
          />
        </Section>

        <Section title={tr(`${C}.state`)}>
          <Facts
            items={[
              {
                label: tr(`${C}.online`),
                value: online ? (
                  <StatusBadge tone="success" size="sm" label={tr('siteConsole.common.online')} />
                ) : (
                  <StatusBadge tone="neutral" size="sm" label={tr('siteConsole.common.offline')} />
                ),
              },
              {
                label: tr('siteConsole.operative.label'),
                value: <OperativeBadge tr={tr} operative={data.operative} />,
              },
              {
                label: tr(online ? `${C}.onlineSince` : `${C}.offlineSince`),
                value: formatDateTime(online ? data.connectedAt : data.disconnectedAt) || tr(`${C}.never`),
              },
              ...(online || !health.offlineSince
                ? []
                : [
                    { label: tr(`${H}.offlineFor`), value: <DurationText seconds={health.offlineSeconds} /> },
                  ]),
              {
                label: tr(`${C}.lastMessage`),
                value: formatDateTime(data.lastMessageAt) || tr(`${C}.never`),
              },
              {
                label: tr(`${H}.uptime`),
                value:
                  online && health.upSince ? (
                    <>
                      <DurationText seconds={health.uptimeSeconds} />{' '}
                      {tr(`${H}.upSince`, { time: formatDateTime(health.upSince) })}
                    </>
                  ) : (
                    ''
                  ),
              },
              {
                label: tr(`${H}.offlineAlarm`),
                value: <OfflineAlarm tr={tr} chargePointId={chargePointId} health={health} />,
              },
              { label: tr(`${C}.protocolConnected`), value: protocolName(data.protocolConnected) },
              { label: tr(`${C}.firmwareStatus`), value: firmwareStatusText(tr, data.firmwareStatus) },
            ]}
          />
        </Section>
      </Box>

      <Section title={tr(`${C}.boot`)}>
        {boot ? (
          <Facts
            items={[
              { label: tr(`${C}.vendor`), value: String(boot.vendor ?? '') },
              { label: tr(`${C}.model`), value: String(boot.model ?? '') },
              { label: tr(`${C}.serialNumber`), value: String(boot.serialNumber ?? '') },
              {
                label: tr(`${C}.firmwareVersion`),
                value: String(boot.firmwareVersion ?? data.firmwareVersion ?? ''),
              },
              { label: tr(`${C}.iccid`), value: String(boot.iccid ?? '') },
              { label: tr(`${C}.imsi`), value: String(boot.imsi ?? '') },
              { label: tr(`${C}.bootTime`), value: formatDateTime(boot.at) },
              { label: tr(`${C}.bootReason`), value: bootReasonText(tr, boot.reason) },
            ]}
          />
        ) : (
          <Text color="fg.muted">{tr(`${C}.noBoot`)}</Text>
        )}
      </Section>

      <Section title={tr(`${C}.connectors`)}>
        {connectors.length === 0 ? <EmptyState title={tr('admin.common.empty')} /> : null}
        {connectors.length ? (
          <DataTable
            label={tr(`${C}.connectors`)}
            headings={[
              tr('siteConsole.pile.connectorNo'),
              tr('siteConsole.pile.connectorName'),
              tr(`${C}.connectorState`),
              tr(`${C}.reported`),
              tr(`${C}.errorCode`),
              tr(`${C}.info`),
              tr(`${C}.at`),
            ]}
            scroll
          >
            {connectors.map((c) => (
              <Table.Row key={c.connectorNo}>
                <Table.Cell>{c.connectorNo}</Table.Cell>
                <Table.Cell>{c.name ?? '-'}</Table.Cell>
                <Table.Cell>
                  <ConnectorStateBadge tr={tr} state={c.state} />
                </Table.Cell>
                <Table.Cell>{c.status ? reportedStatusText(tr, c.status) : '-'}</Table.Cell>
                <Table.Cell>{c.errorCode ? errorCodeText(tr, c.errorCode) : '-'}</Table.Cell>
                <Table.Cell>{c.info ?? '-'}</Table.Cell>
                <Table.Cell>{formatDateTime(c.at) || '-'}</Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        ) : null}
      </Section>

      <Messages chargePointId={chargePointId} />
    </Stack>
  );
}

/** `health` of `POST /biz/chargePoint/detail` (functions/chargepoints/health.ts). */
interface ChargerHealthView {
  neverConnected?: boolean;
  offlineSince?: string;
  offlineSeconds?: number;
  upSince?: string;
  uptimeSeconds?: number;
  offlineAlarm?: { id: string; level: number; startTime: string };
}

const H = 'alarmRes.health';

/** The open offline alarm of the charger's current outage, with the way to its alarm list; or why none. */
function OfflineAlarm(props: {
  tr: ReturnType<typeof useTr>;
  chargePointId: string;
  health: ChargerHealthView;
}) {
  const { tr, health } = props;
  const alarm = health.offlineAlarm;
  const list = `/alarm?chargePointId=${encodeURIComponent(props.chargePointId)}&offlineFlag=${OFFLINE_FLAG.offline}`;
  if (!alarm) return <Text>{tr(health.neverConnected ? `${H}.neverConnected` : `${H}.alarmNone`)}</Text>;
  return (
    <HStack gap="2" wrap="wrap">
      <StatusBadge
        tone="danger"
        size="sm"
        label={tr(`${H}.alarmOpen`, { time: formatDateTime(alarm.startTime), level: alarm.level })}
      />
      <AppLink to={list} fontSize="sm">
        {tr(`${H}.showAlarms`)}
      </AppLink>
    </HStack>
  );
}

function Messages({ chargePointId }: { chargePointId: string }) {
  const tr = useTr();
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [range, setRange] = useState({ from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [open, toggle] = useToggleSet();
  const body = {
    id: chargePointId,
    limit: MESSAGE_LIMIT,
    ...(range.from ? { from: fromLocalInput(range.from) } : {}),
    ...(range.to ? { to: fromLocalInput(range.to) } : {}),
  };
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [API.biz.chargePoint.messages, JSON.stringify(body)],
    () => call<{ items: LoggedMessage[]; from: string; to: string }>(API.biz.chargePoint.messages, body),
  );
  const submit = () => {
    const refusal = messageRangeProblem(draft.from, draft.to);
    setProblem(refusal ? tr(refusal.key, refusal.values) : null);
    if (!refusal) setRange({ ...draft });
  };
  const items = data?.items ?? [];
  return (
    <Section
      title={tr(`${C}.messages`)}
      aside={
        <Button size="sm" variant="ghost" onClick={() => void mutate()} loading={isValidating && !!data}>
          {tr('admin.common.refresh')}
        </Button>
      }
    >
      <Stack gap="3">
        <RangeSearch
          label={tr(`${C}.range`)}
          from={draft.from}
          to={draft.to}
          fromLabel={tr(`${C}.from`)}
          toLabel={tr(`${C}.to`)}
          onRange={(range) => setDraft((d) => ({ ...d, ...range }))}
          onSubmit={submit}
          help={tr(`${C}.rangeHelp`, { days: MESSAGE_WINDOW_DAYS })}
          problem={problem}
        />
        {data ? (
          <Text fontSize="xs" color="fg.muted">
            {tr(`${C}.window`, { from: formatDateTime(data.from), to: formatDateTime(data.to) })}
          </Text>
        ) : null}
        <LoadStates
          {...fromSwr({ data, error, isLoading, mutate })}
          empty={!!data && items.length === 0}
          emptyTitle={tr(`${C}.noMessages`)}
        />
        {items.length ? (
          <DataTable
            label={tr(`${C}.messages`)}
            headings={[
              tr(`${C}.time`),
              tr(`${C}.direction`),
              tr(`${C}.action`),
              tr(`${C}.messageId`),
              tr(`${C}.payload`),
            ]}
            scroll
          >
            {items.map((m) => {
              const shown = open.has(m.at);
              return (
                <Table.Row key={m.at} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{messageTime(m.at)}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge
                      tone={m.direction === 'in' ? 'info' : 'neutral'}
                      size="sm"
                      label={tr(`${C}.directions.${m.direction === 'in' ? 'in' : 'out'}`)}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    {m.action ??
                      (m.messageType === 3
                        ? tr(`${C}.callResult`)
                        : m.messageType === 4
                          ? tr(`${C}.callError`)
                          : '-')}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {m.messageId ?? '-'}
                  </Table.Cell>
                  <Table.Cell maxW="lg">
                    <Button size="xs" variant="ghost" aria-expanded={shown} onClick={() => toggle(m.at)}>
                      {tr(shown ? `${C}.hidePayload` : `${C}.showPayload`)}
                    </Button>
                    {shown ? (
                      <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" mt="1">
                        {pretty(m.frame)}
                      </Code>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </DataTable>
        ) : null}
      </Stack>
    </Section>
  );
}
