/**
 * A remote start that failed (docs/decisions/140): a RemoteStartTransaction (1.6) or RequestStartTransaction
 * (2.0.1) sent from the console that timed out becomes an order with end flag 3 (request timeout); one the
 * charger refused (status other than Accepted, or a CALLERROR) an order with end flag 4 (start failure).
 * Such an order is written like a refused session's (docs/decisions/044): no energy, priced at nothing,
 * settled as free and kept out of the revenue figures. Its number is derived from the command (`RS` and the
 * command id as its transaction), and settlement writes it with a condition, so each failed remote start is
 * exactly one order however often its end is heard. Commands that never reached the charger (offline,
 * delivery failed) make none: no start was requested of it.
 *
 * An accepted 1.6 one leaves its mark for the session it starts (functions/commands/remote-start-marks.ts).
 */
import { END_FLAG } from '@shared/schemas/order.ts';
import { chargeChoiceOf, leaveRemoteStartMark } from '@functions/commands/remote-start-marks.ts';
import type { CommandRecord } from '@functions/commands/store.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { START_MODE, type Session } from '@functions/sessions/transactions.ts';
import { orderOf } from '@functions/sessions/session-order.ts';
import { settleSession } from './settlement.ts';

export const REMOTE_START_ACTIONS = ['RemoteStartTransaction', 'RequestStartTransaction'] as const;

/** The end flag a remote start's end gives its order: 3 timed out, 4 refused, none otherwise. */
export function remoteStartEndFlag(command: Pick<CommandRecord, 'action' | 'status' | 'result'>) {
  if (!(REMOTE_START_ACTIONS as readonly string[]).includes(command.action)) return undefined;
  if (command.status === 'timeout') return END_FLAG.requestTimeout;
  if (command.status === 'rejected') return END_FLAG.startFailure;
  const status = (command.result as { status?: unknown } | undefined)?.status;
  if (command.status === 'answered' && status !== 'Accepted') return END_FLAG.startFailure;
  return undefined;
}

const idTagOf = (payload: Record<string, unknown>) => {
  const token = payload.idToken as { idToken?: unknown } | undefined;
  const value = payload.idTag ?? token?.idToken;
  return typeof value === 'string' ? value : undefined;
};

/**
 * A remote start's end: a failed one is written as its order ('created', or 'exists' when written before);
 * an accepted 1.6 one leaves its mark for the session to come ('none').
 */
export async function remoteStartEnded(command: CommandRecord): Promise<'created' | 'exists' | 'none'> {
  const endFlag = remoteStartEndFlag(command);
  if (endFlag === undefined) {
    const idTag = idTagOf(command.payload);
    const connectorNo = Number(command.connectorNo ?? command.payload.connectorId ?? 0);
    if (command.action === 'RemoteStartTransaction' && command.status === 'answered' && idTag)
      await leaveRemoteStartMark(command.chargePointId, connectorNo, {
        idTag,
        commandId: command.commandId,
        at: command.answeredAt ?? new Date().toISOString(),
        choice: chargeChoiceOf(command.params),
      });
    return 'none';
  }
  const pile = await chargePointById(command.chargePointId);
  if (!pile) return 'none';
  const at = command.answeredAt ?? new Date().toISOString();
  const session: Session = {
    chargePointId: command.chargePointId,
    transactionId: `RS${command.commandId}`,
    connectorNo: Number(command.connectorNo ?? command.payload.connectorId ?? command.payload.evseId ?? 0),
    protocol: command.action === 'RemoteStartTransaction' ? 'ocpp1.6' : 'ocpp2.0.1',
    tenant: String(command.tenant ?? pile.tenant),
    agentId: String(command.agentId || pile.agentId || ''),
    stationId: String(pile.stationId ?? ''),
    idTag: idTagOf(command.payload),
    startMode: START_MODE.app,
    ...chargeChoiceOf(command.params),
    // Not accepted by the charger: priced and settled as a refused session (docs/decisions/044).
    authStatus: endFlag === END_FLAG.requestTimeout ? 'Timeout' : 'Rejected',
    startTime: command.createdAt,
    endTime: at,
    meterStartWh: 0,
    meterStopWh: 0,
    energyWh: 0,
    durationSeconds: 0,
    status: 'completed',
    endFlag,
  };
  const base = Object.fromEntries(
    Object.entries({ ...orderOf(session), commandId: command.commandId }).filter(([, v]) => v !== undefined),
  );
  return settleSession(session, base);
}
