/**
 * The live monitor's tile actions (docs/decisions/160-monitor-actions.md; /monitor;
 * shared/schemas/monitor.ts). Each is a call with its own code, checked by the route
 * (shared/topology/resource-action-routes.ts), on one connector of a charge point in the caller's scope:
 * - `POST /biz/monitor/stopCharging` (1102): RemoteStop of the connector's session through the command
 *   pipeline (functions/commands/send.ts), the route's code standing for the command's (2217);
 * - `POST /biz/monitor/liveData` (1103): the connector's session in progress with its live figures;
 * - `POST /biz/monitor/meterRecords` (1104): that session's meter samples, in time order;
 * - `POST /biz/monitor/unlock` (1105): UnlockConnector (2211) through the pipeline;
 * - `POST /biz/monitor/stopReservation` (1106): cancels the connector's active reservation order
 *   (functions/orders/reservations.ts, which sends CancelReservation);
 * - `POST /biz/monitor/detail` (1107): the tile's details: the pile, the connector's live state, its session
 *   and its reservation;
 * - `POST /biz/monitor/command?id=` (1101): a command these actions sent, read back (status, answer) by a
 *   monitor user who may not hold the results list's code.
 * The routes are bound in functions/devices/handler.ts, which reads the target with `monitorTargetSchema`.
 */
import {
  MONITOR_COMMANDS,
  type MonitorCommandSent,
  type MonitorMeterRecord,
  type MonitorSession,
  type MonitorTarget,
} from '@shared/schemas/monitor.ts';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { sendCommand } from '@functions/commands/send.ts';
import { getCommand } from '@functions/commands/store.ts';
import { inReach, type Identity } from '@functions/identity/access.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { present } from '@functions/api/resources.ts';
import { activeSession, readingOf, sessionSamples, type Session } from '@functions/sessions/transactions.ts';
import { activeReservationOf, cancelReservation } from '@functions/orders/reservations.ts';
import { orderNoOf } from '@functions/sessions/session-order.ts';
import { chargePoints, visibleChargePoint, withLive } from '@functions/chargepoints/sites.ts';
import { COMMAND_CODE } from '@shared/permissions/menus.ts';

/** The caller, allowed the command behind a monitor action (the route's own code already checked). */
const withCode = (identity: Identity, code: string): Identity => ({
  ...identity,
  permissions: new Set([...identity.permissions, code]),
});

/** The charge point and connector an action names, in the caller's scope. */
async function target(identity: Identity, input: MonitorTarget) {
  const pile = await visibleChargePoint(identity, input.chargePointId);
  if (!pile) throw notFound();
  const connectors = (pile.connectors as Connector[] | undefined) ?? [];
  if (!connectors.some((c) => c.connectorNo === input.connectorNo))
    throw badRequest('server.validation', { connectorNo: 'commandRes.validation.connectorRequired' });
  return { pile, connectorNo: input.connectorNo };
}

function sessionView(s: Session, now = Date.now()): MonitorSession {
  return {
    orderNo: orderNoOf(s),
    transactionId: s.transactionId,
    idTag: s.idTag,
    startTime: s.startTime,
    durationSeconds: Math.max(0, Math.round((now - Date.parse(s.startTime)) / 1000)),
    energyWh: Math.max(0, Math.round((s.lastMeterWh ?? s.meterStartWh) - s.meterStartWh)),
    powerW: s.lastPowerW,
    soc: s.soc,
    startSoc: s.startSoc,
    lastSampleAt: s.lastSampleAt,
  };
}

async function sendFor(
  identity: Identity,
  code: string,
  body: { chargePointId: string; connectorNo: number; command: 'remoteStop' | 'unlockConnector' },
  baseUrl: string,
): Promise<MonitorCommandSent> {
  const sent = await sendCommand(withCode(identity, code), { ...body, params: {} }, baseUrl);
  return { commandId: sent.commandId, command: body.command, status: sent.status };
}

export async function stopCharging(identity: Identity, input: MonitorTarget, baseUrl: string) {
  const { pile, connectorNo } = await target(identity, input);
  return sendFor(
    identity,
    COMMAND_CODE.remoteStop,
    { chargePointId: pile.id, connectorNo, command: 'remoteStop' },
    baseUrl,
  );
}

export async function unlockConnector(identity: Identity, input: MonitorTarget, baseUrl: string) {
  const { pile, connectorNo } = await target(identity, input);
  return sendFor(
    identity,
    COMMAND_CODE.unlockConnector,
    { chargePointId: pile.id, connectorNo, command: 'unlockConnector' },
    baseUrl,
  );
}

export async function liveData(identity: Identity, input: MonitorTarget) {
  const { pile, connectorNo } = await target(identity, input);
  const session = await activeSession(pile.id, connectorNo);
  return { chargePointId: pile.id, connectorNo, session: session ? sessionView(session) : null };
}

export async function meterRecords(identity: Identity, input: MonitorTarget) {
  const { pile, connectorNo } = await target(identity, input);
  const session = await activeSession(pile.id, connectorNo);
  if (!session) return { chargePointId: pile.id, connectorNo, session: null, records: [] };
  const samples = await sessionSamples(pile.id, session.transactionId);
  const records: MonitorMeterRecord[] = samples
    .map((s) => {
      const row: MonitorMeterRecord = { at: s.timestamp };
      const figures: [keyof MonitorMeterRecord, string][] = [
        ['energyWh', 'Energy.Active.Import.Register'],
        ['powerW', 'Power.Active.Import'],
        ['currentA', 'Current.Import'],
        ['voltageV', 'Voltage'],
        ['soc', 'SoC'],
      ];
      for (const [field, measurand] of figures) {
        const value = readingOf(s, measurand);
        if (value !== undefined) (row as unknown as Record<string, number>)[field] = value;
      }
      return row;
    })
    .sort((a, b) => a.at.localeCompare(b.at));
  return { chargePointId: pile.id, connectorNo, session: sessionView(session), records };
}

export async function stopReservation(identity: Identity, input: MonitorTarget, baseUrl: string) {
  const { pile, connectorNo } = await target(identity, input);
  const reservation = await activeReservationOf(identity, pile.id, connectorNo);
  if (!reservation) throw refused('siteRes.server.noReservation');
  const order = (await cancelReservation(identity, reservation.id, baseUrl)) as unknown as {
    id: string;
    status: number;
    cancelCommandId?: string;
  };
  return {
    reservationId: order.id,
    reservationStatus: order.status,
    commandId: order.cancelCommandId ?? '',
    command: 'cancelReservation',
    status: 'queued',
  };
}

export async function monitorDetail(identity: Identity, input: MonitorTarget) {
  const { pile, connectorNo } = await target(identity, input);
  const [row] = await withLive([present(chargePoints, pile)]);
  const live = row as Record<string, unknown> & { connectorStates?: { connectorNo: number }[] };
  const [session, reservation] = await Promise.all([
    activeSession(pile.id, connectorNo),
    activeReservationOf(identity, pile.id, connectorNo),
  ]);
  const connector = ((pile.connectors as Connector[] | undefined) ?? []).find(
    (c) => c.connectorNo === connectorNo,
  );
  return {
    chargePointId: pile.id,
    name: pile.name,
    stationId: pile.stationId,
    protocol: live.protocolConnected ?? pile.protocol,
    online: Boolean(live.online),
    firmwareVersion: live.firmwareVersion,
    lastMessageAt: live.lastMessageAt,
    connector: {
      ...(connector ?? { connectorNo }),
      ...(live.connectorStates ?? []).find((c) => c.connectorNo === connectorNo),
    },
    session: session ? sessionView(session) : null,
    reservation: reservation
      ? {
          id: reservation.id,
          idTag: reservation.idTag,
          expiryTime: reservation.expiryTime,
          status: reservation.status,
        }
      : null,
  };
}

/** A command a monitor action sent, in the caller's scope (others: not found). */
export async function monitorCommand(identity: Identity, commandId: string | undefined) {
  const record = commandId ? await getCommand(commandId) : undefined;
  const command = (record as { command?: string } | undefined)?.command;
  if (
    !record ||
    !inReach(identity, record) ||
    !(MONITOR_COMMANDS as readonly string[]).includes(String(command))
  )
    throw notFound();
  return {
    commandId: record.commandId,
    command,
    chargePointId: record.chargePointId,
    connectorNo: record.connectorNo,
    status: record.status,
    result: record.result,
    error: record.error,
    createdAt: record.createdAt,
    answeredAt: record.answeredAt,
  };
}
