/**
 * The live monitor's tile actions (docs/decisions/160-monitor-actions.md; codes 1102-1107,
 * functions/devices/monitor-actions.ts): an "Actions" button on a connector's tile, shown only with at least
 * one of the codes, opens a dialog with the actions the user holds. Stop charging, unlock and stop
 * reservation send their command and show its status until the charger answers, then the answer (read back
 * with `/biz/monitor/command`, refreshed while pending); live data, meter records and details show what the
 * server read for the connector. A sending action asks first, naming the charger and the connector
 * (docs/decisions/451-charger-actions-confirmed.md), and the dialog opens with the focus on Close, never on
 * an action that sends.
 */
import {
  Badge,
  Button,
  CloseButton,
  DataList,
  Dialog,
  HStack,
  Portal,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import {
  MONITOR_ACTION_CODES,
  MONITOR_ACTIONS,
  MONITOR_COMMAND_PATH,
  monitorActionPath,
  type MonitorAction,
  type MonitorMeterRecord,
  type MonitorSession,
} from '@shared/schemas/monitor.ts';
import { protocolName } from '@shared/ocpp/protocol-name.ts';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { call } from '@web/lib/api.ts';
import { formatDateTime } from '@web/lib/format.ts';
import { errorMessage } from '@web/resources/api.ts';
import { isPending, resultText } from '@web/screens/command/result-text.ts';
import { statusText } from '@web/screens/command/labels.ts';
import type { Translate } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Row } from '@web/resources/types.ts';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { errorCodeText, reportedStatusText, stateLabel } from '@web/resources/decls/site/common.tsx';

const A = 'monitorConsole';
/** How often a sent command is read again while the charger has not answered. */
export const MONITOR_COMMAND_REFRESH_MS = 2_000;

/** Actions that send a command to the charger (the others read). */
const SENDS: ReadonlySet<MonitorAction> = new Set(['stopCharging', 'unlock', 'stopReservation']);

/** The actions the signed-in user holds, in the catalogue's order. */
export function useMonitorActions(): MonitorAction[] {
  const can = useCan();
  return MONITOR_ACTIONS.filter((a) => can(MONITOR_ACTION_CODES[a]));
}

export interface TileTarget {
  chargePointId: string;
  pileName: string;
  connectorNo: number;
  connectorName: string;
}

/** The tile's "Actions" button (nothing without a code) and its dialog. */
export function TileActions(props: { tr: Translate; target: TileTarget; actions: MonitorAction[] }) {
  const { tr, target, actions } = props;
  const [open, setOpen] = useState(false);
  if (!actions.length) return null;
  return (
    <>
      <Button
        size="2xs"
        variant="outline"
        mt="1"
        onClick={() => setOpen(true)}
        aria-label={tr(`${A}.openFor`, { name: target.connectorName })}
      >
        {tr(`${A}.open`)}
      </Button>
      {open ? (
        <ActionsDialog tr={tr} target={target} actions={actions} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

type Outcome =
  | { action: MonitorAction; kind: 'sent'; commandId: string; reservationId?: string }
  | { action: MonitorAction; kind: 'read'; data: Row }
  | { action: MonitorAction; kind: 'error'; text: string };

function ActionsDialog(props: {
  tr: Translate;
  target: TileTarget;
  actions: MonitorAction[];
  onClose: () => void;
}) {
  const { tr, target, actions, onClose } = props;
  const [busy, setBusy] = useState<MonitorAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** A sending action waiting for its confirmation. */
  const [asking, setAsking] = useState<MonitorAction | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const run = async (action: MonitorAction) => {
    setBusy(action);
    try {
      const data = await call<Row>(monitorActionPath(action), {
        chargePointId: target.chargePointId,
        connectorNo: target.connectorNo,
      });
      setOutcome(
        SENDS.has(action)
          ? {
              action,
              kind: 'sent',
              commandId: String(data.commandId ?? ''),
              reservationId: data.reservationId === undefined ? undefined : String(data.reservationId),
            }
          : { action, kind: 'read', data },
      );
    } catch (error) {
      setOutcome({ action, kind: 'error', text: errorMessage(tr, error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr(`${A}.title`, { name: target.connectorName, pile: target.pileName })}
      open
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      size="lg"
      initialFocusEl={() => closeRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {tr(`${A}.title`, { name: target.connectorName, pile: target.pileName })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Wrap gap="2" role="group" aria-label={tr(`${A}.actions`)}>
                  {actions.map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant={outcome?.action === action ? 'solid' : 'outline'}
                      colorPalette={SENDS.has(action) ? 'red' : 'blue'}
                      loading={busy === action}
                      disabled={busy !== null}
                      onClick={() => (SENDS.has(action) ? setAsking(action) : void run(action))}
                    >
                      {tr(`${A}.${action}`)}
                    </Button>
                  ))}
                </Wrap>
                {outcome ? <OutcomeView tr={tr} outcome={outcome} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={closeRef} variant="outline" onClick={onClose}>
                {tr(`${A}.close`)}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={tr(`${A}.close`)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {asking ? (
        <ConfirmDialog
          open
          danger
          title={tr(`${A}.${asking}`)}
          message={tr(`${A}.confirmMessage`, {
            action: tr(`${A}.${asking}`),
            connector: target.connectorName,
            pile: target.pileName,
            id: target.chargePointId,
          })}
          confirmLabel={tr(`${A}.${asking}`)}
          cancelLabel={tr(`${A}.cancel`)}
          onConfirm={async () => {
            const action = asking;
            setAsking(null);
            await run(action);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Dialog.Root>
  );
}

function OutcomeView({ tr, outcome }: { tr: Translate; outcome: Outcome }) {
  if (outcome.kind === 'error')
    return (
      <Text color="fg.error" role="alert" data-testid="monitor-action-error">
        {outcome.text}
      </Text>
    );
  if (outcome.kind === 'sent')
    return (
      <Stack gap="1">
        {outcome.reservationId ? (
          <Text fontSize="sm">{tr(`${A}.reservationCancelled`, { id: outcome.reservationId })}</Text>
        ) : null}
        <SentCommandStatus tr={tr} commandId={outcome.commandId} />
      </Stack>
    );
  const data = outcome.data;
  if (outcome.action === 'liveData') return <SessionView tr={tr} session={data.session as MonitorSession} />;
  if (outcome.action === 'meterRecords')
    return data.session ? (
      <MeterTable tr={tr} records={(data.records as MonitorMeterRecord[]) ?? []} />
    ) : (
      <Text color="fg.muted">{tr(`${A}.noSession`)}</Text>
    );
  return <DetailView tr={tr} detail={data} />;
}

/** A sent command's status until the charger answers, then the answer (as /command shows results). */
function SentCommandStatus({ tr, commandId }: { tr: Translate; commandId: string }) {
  const { data, error } = useSWR<Row>(
    commandId ? [MONITOR_COMMAND_PATH, commandId] : null,
    () => call<Row>(MONITOR_COMMAND_PATH, {}, { id: commandId }),
    { refreshInterval: (row) => (!row || isPending(row) ? MONITOR_COMMAND_REFRESH_MS : 0) },
  );
  return (
    <Stack gap="1" aria-live="polite" data-testid="monitor-command">
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errorMessage(tr, error)}
        </Text>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {tr('deviceSend.status')}:
        </Text>
        <Badge data-testid="monitor-command-status">{statusText(tr, String(data?.status ?? 'queued'))}</Badge>
        <Text fontSize="sm" fontWeight="medium">
          {tr('deviceSend.answer')}:
        </Text>
        <Text fontSize="sm" data-testid="monitor-command-result">
          {data ? resultText(tr, data) : tr('commandConsole.results.waiting')}
        </Text>
      </HStack>
    </Stack>
  );
}

const kw = (w: unknown) => (typeof w === 'number' ? (w / 1000).toFixed(2) : '-');
const kwh = (wh: unknown) => (typeof wh === 'number' ? (wh / 1000).toFixed(3) : '-');
const num = (v: unknown) => (typeof v === 'number' ? String(v) : '-');

function duration(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function Pairs({ rows, label }: { rows: [string, string][]; label: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {rows.map(([k, v]) => (
        <DataList.Item key={k}>
          <DataList.ItemLabel>{k}</DataList.ItemLabel>
          <DataList.ItemValue>{v}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function sessionRows(tr: Translate, s: MonitorSession): [string, string][] {
  const f = (k: string) => tr(`${A}.fields.${k}`);
  return [
    [f('orderNo'), s.orderNo],
    [f('idTag'), s.idTag ?? '-'],
    [f('startTime'), formatDateTime(s.startTime)],
    [f('duration'), duration(s.durationSeconds)],
    [f('energy'), kwh(s.energyWh)],
    [f('power'), kw(s.powerW)],
    [f('soc'), num(s.soc)],
    [f('lastSample'), s.lastSampleAt ? formatDateTime(s.lastSampleAt) : '-'],
  ];
}

function SessionView({ tr, session }: { tr: Translate; session: MonitorSession | null }) {
  if (!session) return <Text color="fg.muted">{tr(`${A}.noSession`)}</Text>;
  return <Pairs label={tr(`${A}.liveData`)} rows={sessionRows(tr, session)} />;
}

function MeterTable({ tr, records }: { tr: Translate; records: MonitorMeterRecord[] }) {
  if (!records.length) return <Text color="fg.muted">{tr(`${A}.noRecords`)}</Text>;
  const f = (k: string) => tr(`${A}.fields.${k}`);
  return (
    <Table.ScrollArea maxH="80" borderWidth="1px" rounded="l2">
      <Table.Root size="sm" stickyHeader aria-label={tr(`${A}.meterRecords`)}>
        <Table.Header>
          <Table.Row>
            {/* The samples' energy is the meter's cumulative register, not what the session charged. */}
            {['at', 'meterReading', 'power', 'current', 'voltage', 'soc'].map((k) => (
              <Table.ColumnHeader key={k}>{f(k)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((r, i) => (
            <Table.Row key={`${r.at}-${i}`}>
              <Table.Cell>{formatDateTime(r.at)}</Table.Cell>
              <Table.Cell>{kwh(r.energyWh)}</Table.Cell>
              <Table.Cell>{kw(r.powerW)}</Table.Cell>
              <Table.Cell>{num(r.currentA)}</Table.Cell>
              <Table.Cell>{num(r.voltageV)}</Table.Cell>
              <Table.Cell>{num(r.soc)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function DetailView({ tr, detail }: { tr: Translate; detail: Row }) {
  const f = (k: string) => tr(`${A}.fields.${k}`);
  const connector = (detail.connector ?? {}) as Row;
  const session = detail.session as MonitorSession | null;
  const reservation = detail.reservation as Row | null;
  const rows: [string, string][] = [
    [f('charger'), `${String(detail.name ?? detail.chargePointId)} (${String(detail.chargePointId)})`],
    [f('protocol'), protocolName(detail.protocol) || '-'],
    [f('online'), tr(detail.online ? `${A}.onlineYes` : `${A}.onlineNo`)],
    [f('state'), connector.state ? stateLabel(tr, String(connector.state)) : '-'],
    [f('status'), connector.status ? reportedStatusText(tr, connector.status) : '-'],
    [f('errorCode'), connector.errorCode ? errorCodeText(tr, connector.errorCode) : '-'],
    [f('session'), session ? session.orderNo : tr(`${A}.noSession`)],
    [
      f('reservation'),
      reservation
        ? tr(`${A}.fields.reservedUntil`, {
            idTag: String(reservation.idTag ?? ''),
            time: formatDateTime(reservation.expiryTime),
          })
        : tr(`${A}.noReservation`),
    ],
  ];
  return <Pairs label={tr(`${A}.detail`)} rows={session ? [...rows, ...sessionRows(tr, session)] : rows} />;
}
