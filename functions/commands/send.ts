/**
 * Sending a remote command from the console (docs/decisions/230): POST /biz/command/send and the results list.
 *
 * The command is checked completely before anything is stored: the caller holds its button code, the charge
 * point is theirs, a connector is chosen where the command needs one (and is one of the pile's), the
 * parameters fit the command, and the OCPP payload built for the charger's version fits the official
 * schema. A charger that is not connected gets "pile offline" at once (recorded as such). One command at a
 * time per connector: a guard item written with the command refuses a second one while the first is
 * pending; it is released when the command ends, and expires on its own after the answer time-out should a
 * release be lost. The stored command is then queued; the consumer sends it and the answer or the time-out
 * sweep ends it.
 */
import type { z } from 'zod';
import {
  COMMAND_QUERY_DAYS,
  commandByKey,
  variantFor,
  type sendCommandSchema,
  type CommandContext,
  type CommandDef,
} from '@shared/commands/catalogue.ts';
import type { CommandListQuery } from '@shared/schemas/command.ts';
import { factsLookup, monitoringSchema } from '@shared/commands/monitoring-limits.ts';
import { expireTypeOf } from '@shared/commands/expiry.ts';
import { SECRET_MASK } from '@shared/resources/define.ts';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { inReach, requireCode, type Identity } from '@functions/identity/access.ts';
import { tenantsInScope } from '@functions/identity/tenants.ts';
import { sendToQueue } from '@functions/lib/queue.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { paginate } from '@functions/lib/records.ts';
import { companyCommands, storeCommand } from '@functions/data/commands.ts';
import { parse } from '@functions/lib/validate.ts';
import { chargePoints, visibleChargePoint } from '@functions/chargepoints/sites.ts';
import { findConnection } from '@functions/chargepoints/connections.ts';
import { validateRequest } from '@functions/ocpp-messages/schemas.ts';
import { activeSession, stationTransactionIdOf } from '@functions/sessions/transactions.ts';
import { chargeChoiceOf, noteRemoteStartId, sentTokenOf } from './remote-start-marks.ts';
import { loadForCommand } from './load.ts';
import { reportedFacts } from './device-model.ts';
import {
  commandAnswerTimeoutSeconds,
  endIfSentOnLeftConnection,
  markFailed,
  releasePending,
  trackLatest,
} from './store.ts';

/** A 31-bit number unique enough for OCPP request, remote-start and reservation ids. */
const requestIdOf = (commandId: string) => parseInt(commandId.replace(/-/g, '').slice(0, 7), 16);

/** A command to send: the console's request (checked by the handler) or one the services build. */
export type SendCommandInput = z.infer<typeof sendCommandSchema>;

/**
 * `baseUrl`: the origin chargers reach the platform at, for the URLs of file transfers
 * (functions/commands/files.ts `publicBaseUrl`).
 */
export async function sendCommand(identity: Identity, input: SendCommandInput, baseUrl = 'http://localhost') {
  const def = commandByKey.get(input.command);
  if (!def) throw badRequest('server.validation', { command: 'commandRes.validation.unknownCommand' });
  requireCode(identity, def.code);
  const pile = await visibleChargePoint(identity, input.chargePointId);
  if (!pile) throw notFound();
  const connectors = (pile.connectors as Connector[]) ?? [];
  if (def.scope === 'connector' && !input.connectorNo)
    throw badRequest('server.validation', { connectorNo: 'commandRes.validation.connectorRequired' });
  if (input.connectorNo && !connectors.some((c) => c.connectorNo === input.connectorNo))
    throw badRequest('server.validation', { connectorNo: 'commandRes.validation.connectorRequired' });
  const params = parse(await paramsSchema(def, pile.id), input.params) as Record<string, unknown>;

  const commandId = crypto.randomUUID();
  // The record the command names (in the caller's scope) or its transfer URL.
  const loaded = await loadForCommand(def, params, identity, { commandId, baseUrl });
  return dispatch({
    def,
    pile,
    connectorNo: input.connectorNo,
    params,
    loaded,
    commandId,
    createdBy: identity.user.username,
  });
}

/**
 * The schema a command's parameters are read with: its own, and for a variable monitor the same rules with
 * the limits and values lists the charger reported (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md).
 */
async function paramsSchema(def: CommandDef, chargePointId: string): Promise<z.ZodType> {
  if (def.key !== 'setVariableMonitoring') return def.params;
  return monitoringSchema(factsLookup(await reportedFacts(chargePointId)));
}

/** Who the platform's own commands are recorded as sent by. */
export const PLATFORM_SENDER = 'platform';

/**
 * A command the platform sends on its own (no caller: the remote stop of a session whose charge value is
 * reached), through the same pipeline: checked, stored, queued, answered or timed out, listed with the
 * console's. `transactionId` names the session a remote stop is for (else the connector's newest).
 */
export async function sendPlatformCommand(input: {
  chargePointId: string;
  connectorNo?: number;
  command: string;
  params?: Record<string, unknown>;
  transactionId?: string;
  /** Who the results list names as sender (a driver app user: `app:{email}`); else the platform. */
  createdBy?: string;
  /** The command's id, when the caller recorded something under it before sending (an OCPI command). */
  commandId?: string;
}) {
  const def = commandByKey.get(input.command);
  if (!def) throw badRequest('server.validation', { command: 'commandRes.validation.unknownCommand' });
  const pile = await chargePoints.repo.getAny(input.chargePointId);
  if (!pile) throw notFound();
  const params = parse(def.params, input.params ?? {}) as Record<string, unknown>;
  return dispatch({
    def,
    pile,
    connectorNo: input.connectorNo,
    params,
    loaded: {},
    commandId: input.commandId ?? crypto.randomUUID(),
    createdBy: input.createdBy ?? PLATFORM_SENDER,
    transactionId: input.transactionId,
  });
}

/** A checked command stored and queued (or recorded as offline). */
async function dispatch(input: {
  def: CommandDef;
  pile: { id: string; tenant: string; agentId?: unknown; stationId?: unknown };
  connectorNo?: number;
  params: Record<string, unknown>;
  loaded: Partial<CommandContext>;
  commandId: string;
  createdBy: string;
  transactionId?: string;
}) {
  const { def, pile, params, loaded, commandId } = input;
  const now = new Date();
  const base = {
    commandId,
    chargePointId: pile.id,
    agentId: String(pile.agentId ?? ''),
    tenant: pile.tenant,
    ...(typeof pile.stationId === 'string' ? { stationId: pile.stationId } : {}),
    command: def.key,
    connectorNo: input.connectorNo,
    params,
    createdBy: input.createdBy,
  };

  const connection = await findConnection(pile.id);
  if (!connection) {
    // Recorded, so the results list shows the attempt and its answer.
    await store(
      {
        ...base,
        action: '',
        payload: {},
        status: 'offline',
        createdAt: now.toISOString(),
        expireType: 'invalid',
      },
      false,
    );
    publishMetric('commandsFailed'); // not sent: the charger is not connected (shared/topology/metrics.ts)
    throw refused('commandRes.server.pileOffline');
  }
  const variant = variantFor(def, connection.protocol);
  if (!variant) throw refused('commandRes.server.notInVersion', { version: connection.protocol.slice(4) });
  // A session's own command (a TxProfile) names it; a remote stop finds the connector's when not named.
  let transactionId = input.transactionId;
  if (def.needsSession) {
    transactionId =
      input.transactionId ?? (await activeSession(pile.id, input.connectorNo ?? 0))?.transactionId;
    if (transactionId === undefined) throw refused('commandRes.server.noSession');
  }
  const payload = variant.payload(params, {
    connectorNo: input.connectorNo,
    // A session that reuses a station's transaction id has one of its own; the station knows its own (441).
    transactionId:
      transactionId === undefined ? undefined : await stationTransactionIdOf(pile.id, transactionId),
    requestId: requestIdOf(commandId),
    ...loaded,
  });
  const valid = validateRequest(connection.protocol, variant.action, payload);
  if (!valid.ok) throw refused('commandRes.server.invalidForCharger', { reason: valid.description });
  // 2.0.1: the session the station starts names this request by its remoteStartId (docs/decisions/170): its
  // charge choice, a roaming partner's start its partner (decision 432), and the token sent, which a station
  // may leave out of its events (decision 441).
  if (def.key === 'remoteStart' && typeof payload.remoteStartId === 'number')
    await noteRemoteStartId(
      pile.id,
      payload.remoteStartId,
      commandId,
      chargeChoiceOf(params),
      sentTokenOf(payload),
    );

  const record = {
    ...base,
    action: variant.action,
    payload,
    protocol: connection.protocol,
    status: 'queued' as const,
    expireType: 'normal' as const,
  };
  await store({ ...record, createdAt: now.toISOString() }, true, connection.connectionId);
  // Firmware status and log upload notifications are recorded on this command from now on.
  if (def.progress) await trackLatest(pile.id, def.progress, commandId);
  try {
    await sendToQueue('commands', { commandId });
  } catch (error) {
    await markFailed(commandId, 'The command could not be queued');
    await releasePending(record);
    throw error;
  }
  return { commandId, status: 'queued' };
}

/** Stores a command (with the connector's pending guard when it is to be sent), in one transaction. */
async function store(
  record: Record<string, unknown> & {
    commandId: string;
    chargePointId: string;
    tenant: string;
    createdAt: string;
    connectorNo?: number;
  },
  guard: boolean,
  connectionId?: string,
) {
  const item = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as typeof record;
  const attempt = () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    return storeCommand(
      item,
      guard ? { expiresAt: nowSeconds + commandAnswerTimeoutSeconds() + 60, nowSeconds } : undefined,
    );
  };
  const held = (error: unknown) => (error as Error).name === 'TransactionCanceledException';
  try {
    await attempt();
  } catch (error) {
    if (!held(error)) throw error;
    // The connector's pending command went on a connection the charger has since left: no answer can come,
    // so it ends and this one goes (docs/decisions/472-commands-of-a-left-connection.md).
    if (!connectionId || !(await endIfSentOnLeftConnection(item, connectionId)))
      throw refused('commandRes.server.pending');
    await attempt().catch((again: unknown) => {
      throw held(again) ? refused('commandRes.server.pending') : again;
    });
  }
}

/** A network profile's passwords, key and SIM PIN are not shown again (they are write-only where stored). */
function maskSecrets(payload: unknown) {
  const data = (payload as { connectionData?: Record<string, Record<string, unknown> | undefined> })
    ?.connectionData;
  if (!data) return payload;
  const mask = (group: Record<string, unknown> | undefined, fields: string[]) =>
    group &&
    Object.fromEntries(
      Object.entries(group).map(([k, v]) => [k, fields.includes(k) && v !== '' ? SECRET_MASK : v]),
    );
  return {
    ...(payload as Record<string, unknown>),
    connectionData: {
      ...data,
      ...(data.vpn ? { vpn: mask(data.vpn, ['password', 'key']) } : {}),
      ...(data.apn ? { apn: mask(data.apn, ['apnPassword', 'simPin']) } : {}),
    },
  };
}

/**
 * POST /biz/command/list: the commands of the caller's companies, newest first, within 7 days; filters
 * chargePointId, command, status, startTime, endTime (read by the handler with `commandListQuery`).
 */
export async function listCommands(identity: Identity, input: CommandListQuery) {
  const nowMs = Date.now();
  const to = input.endTime ? Date.parse(input.endTime) : Date.now();
  const from = input.startTime ? Date.parse(input.startTime) : to - COMMAND_QUERY_DAYS * 86_400_000;
  if (from > to) throw refused('server.rangeReversed');
  if (to - from > COMMAND_QUERY_DAYS * 86_400_000)
    throw refused('server.rangeTooLong', { days: COMMAND_QUERY_DAYS });
  const lower = new Date(from).toISOString();
  const upper = new Date(to).toISOString();
  const records: Record<string, unknown>[] = [];
  for (const tenant of await tenantsInScope(identity.scope))
    records.push(...(await companyCommands(tenant, lower, upper)));
  const wanted = (field: 'chargePointId' | 'command' | 'status', value: unknown) =>
    input[field] === undefined || input[field] === String(value);
  const matching = records
    .filter(
      (r) =>
        inReach(identity, r) &&
        wanted('chargePointId', r.chargePointId) &&
        wanted('command', r.command) &&
        wanted('status', r.status),
    )
    .map(
      ({ tenant: _t, ...rest }) =>
        ({
          ...rest,
          payload: maskSecrets(rest.payload),
          // As it stands now: a command still waiting past its answer time has expired (decision 463).
          expireType: expireTypeOf(rest, nowMs, commandAnswerTimeoutSeconds() * 1000),
        }) as Record<string, unknown>,
    );
  matching.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  return paginate(matching, { current: input.current, size: input.size });
}
