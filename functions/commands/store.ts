/**
 * Remote command records. A command is created `queued`, becomes `sent` when it reached the charger's
 * connection, then `answered` (CALLRESULT), `rejected` (CALLERROR), `offline` (no connection) or `timeout`
 * (no answer in time). Every transition is a conditional write, so replays change nothing.
 */
import type { Frame } from '@functions/ocpp-messages/frames.ts';
import {
  appendCommandProgress,
  commandIdsWaiting,
  endCommand,
  getCommand as readCommand,
  getCommandConsistent,
  getLatest,
  guardHolder,
  moveCommand,
  putCommand,
  putLatest,
  releaseGuard,
  setCommandUpload,
  type ProgressKind,
  type StatusQueue,
} from '@functions/data/commands.ts';
import { answerRefuses, type ExpireType } from '@shared/commands/expiry.ts';
import { emit } from '@functions/lib/events.ts';
import { publishMetric } from '@functions/lib/metrics.ts';

export type { ProgressKind };

declare module '@functions/lib/events.ts' {
  interface Events {
    /**
     * A command moved to an end (answered, rejected, offline, timeout, failed), once per command (the move
     * is conditional). Domains that sent a command for their own records hear how it ended (a
     * reservation's ReserveNow and CancelReservation, a failed remote start's order, a pile's
     * availability); their failure is logged where they subscribe and never undoes the command's end.
     */
    commandEnded: CommandRecord;
  }
}

export type CommandStatus = 'queued' | 'sent' | 'answered' | 'rejected' | 'offline' | 'timeout' | 'failed';

export interface CommandRecord {
  commandId: string;
  chargePointId: string;
  /** The connector the command is for (absent: the pile). */
  connectorNo?: number;
  agentId: string;
  action: string;
  payload: Record<string, unknown>;
  /** The console's parameters, as the command's schema read them. */
  params?: Record<string, unknown>;
  status: CommandStatus;
  createdAt: string;
  sentAt?: string;
  answeredAt?: string;
  result?: unknown;
  error?: { code: string; description: string };
  /** The owning company's tenant path (the charger's). */
  tenant?: string;
  /** The charger's station when it was sent (users bound to stations see their stations' commands). */
  stationId?: string;
  /** The log a charger uploaded for this command (GetDiagnostics, GetLog; functions/commands/files.ts). */
  upload?: CommandUpload;
  /** Firmware status or log upload notifications the charger sent after answering, in order. */
  progress?: { status: string; at: string }[];
  /**
   * normal, expired or invalid (docs/decisions/463-command-expiry-type-and-report-time.md): set when it is
   * stored and at its end; the list tells a command still waiting past its answer time as expired.
   */
  expireType?: ExpireType;
  /** When the charger reported the result: its answer, then its latest progress report. */
  reportTime?: string;
}

export interface CommandUpload {
  /** Object key in the exports bucket. */
  key: string;
  fileName: string;
  size: number;
  contentType: string;
  uploadedAt: string;
}

/** OCPP chargers answer within seconds; a minute covers slow links. */
export const commandAnswerTimeoutSeconds = () => Number(process.env.COMMAND_ANSWER_TIMEOUT_SECONDS ?? 60);

/**
 * A queued command stored without the console's send (no connector guard, on no company list: test
 * harnesses). Like every queued command it waits in the `queued` status queue until it leaves `queued`, so
 * one whose queue message was lost (a local restart: the queue lives in memory) is found and failed
 * (functions/commands/timeout-sweep.ts).
 */
export async function createCommand(c: Omit<CommandRecord, 'status' | 'createdAt'>): Promise<CommandRecord> {
  const record: CommandRecord = {
    ...c,
    status: 'queued',
    createdAt: new Date().toISOString(),
    expireType: 'normal',
  };
  await putCommand(record, true, false);
  return record;
}

export const getCommand = (commandId: string) => readCommand<CommandRecord>(commandId);

/** Lets the next command to this connector go (only the command holding the guard releases it). */
export async function releasePending(
  command: Pick<CommandRecord, 'chargePointId' | 'commandId' | 'connectorNo'>,
) {
  await releaseGuard(command, command.commandId);
}

/**
 * Moves a command from one status to another; false when it was not in `from` (already handled). A move
 * out of `queued` or `sent` to an end releases the connector's guard in the same write: whoever sees the
 * command ended (the list, the next send) finds the connector free.
 */
async function transition(
  commandId: string,
  from: Extract<CommandStatus, StatusQueue>,
  moved: {
    status: CommandStatus;
    sentAt?: string;
    connectionId?: string;
    answeredAt?: string;
    result?: unknown;
    error?: unknown;
  },
  queue: { name: StatusQueue; at: string } | null = null,
  known?: CommandRecord,
) {
  if (moved.status === 'sent') {
    const done = await moveCommand(commandId, from, moved, queue);
    if (done) publishMetric('commandsSent');
    return done;
  }
  const set = { ...moved, ...endFacts(moved) };
  // The connector never changes: a record read before the move names it (read consistently when not known:
  // a command stored a moment ago).
  const command = known ?? (await getCommandConsistent<CommandRecord>(commandId));
  if (!command || !(await endCommand(command, from, set))) return false;
  countEnd(from, set.status);
  await emit('commandEnded', { ...command, ...set } as CommandRecord);
  return true;
}

/**
 * The expiry type and report time a command ends with (docs/decisions/463-command-expiry-type-and-report-time.md):
 * expired when it timed out, invalid when the charger refused it (a CALLERROR or a refusing answer) or it
 * was never delivered, else normal; an answer's time is its report time.
 */
function endFacts(set: { status: CommandStatus; answeredAt?: string; result?: unknown }) {
  const expireType: ExpireType =
    set.status === 'timeout'
      ? 'expired'
      : set.status === 'answered' && !answerRefuses(set.result)
        ? 'normal'
        : 'invalid';
  return { expireType, ...(set.answeredAt ? { reportTime: set.answeredAt } : {}) };
}

/**
 * The figures of a command's end (shared/topology/metrics.ts), once: each transition is conditional. An
 * answer recorded while the command was still `queued` was sent too (its `sent` mark then finds it ended);
 * a charger not connected is a command that could not be sent.
 */
function countEnd(from: StatusQueue, status: CommandStatus) {
  if (from === 'queued' && (status === 'answered' || status === 'rejected')) publishMetric('commandsSent');
  if (status === 'rejected' || status === 'failed' || status === 'offline') publishMetric('commandsFailed');
  else if (status === 'timeout') publishMetric('commandsTimedOut');
}

export const markSent = (commandId: string, at = new Date().toISOString(), connectionId?: string) =>
  // Waits in the `sent` queue from now: the time-out sweep finds it there.
  transition(
    commandId,
    'queued',
    { status: 'sent', sentAt: at, ...(connectionId ? { connectionId } : {}) },
    { name: 'sent', at },
  );

/**
 * A sent command whose connection the charger has left: OCPP-J answers a CALL on the connection it came on,
 * so no answer can come any more. It ends now (failed, ConnectionClosed) instead of holding its connector
 * until the answer time-out (docs/decisions/472-commands-of-a-left-connection.md).
 */
export const markConnectionClosed = (commandId: string) =>
  transition(commandId, 'sent', {
    status: 'failed',
    error: { code: 'ConnectionClosed', description: '' },
  });

export const markOffline = (commandId: string) => transition(commandId, 'queued', { status: 'offline' });

export const markFailed = (commandId: string, reason: string) =>
  transition(commandId, 'queued', {
    status: 'failed',
    error: { code: 'DeliveryFailed', description: reason },
  });

/** A queued command whose delivery never happened (its queue message was lost or it waited too long). */
export const markUndelivered = (commandId: string) =>
  transition(commandId, 'queued', { status: 'failed', error: { code: 'DeliveryFailed', description: '' } });

export const markTimedOut = (commandId: string) => transition(commandId, 'sent', { status: 'timeout' });

/**
 * Ends the command holding a connector's guard when it was sent on a connection other than the charger's
 * `current` one (markConnectionClosed). True when the guard may be taken again: that command has ended, or
 * the guard is gone.
 */
export async function endIfSentOnLeftConnection(
  c: { chargePointId: string; connectorNo?: number },
  current: string,
): Promise<boolean> {
  const holder = await guardHolder(c);
  if (!holder) return true;
  const command = await getCommandConsistent<CommandRecord & { connectionId?: string }>(holder);
  if (command?.status !== 'sent' || !command.connectionId || command.connectionId === current) return false;
  return markConnectionClosed(holder);
}

/**
 * A CALLRESULT / CALLERROR from a charger: only the charger the command went to can answer it. A quick
 * charger can answer before the consumer has marked its command sent (PostToConnection returns first): the
 * answer is recorded from `queued` too (delivered at the answer's time), and the late mark then finds it ended.
 * `known`: the command when the caller has already read it.
 */
export async function recordCommandAnswer(
  chargePointId: string,
  frame: Exclude<Frame, { type: 2 }>,
  known?: CommandRecord,
) {
  const command = known?.commandId === frame.id ? known : await getCommand(frame.id);
  if (!command || command.chargePointId !== chargePointId) return false;
  const answeredAt = new Date().toISOString();
  const outcome =
    frame.type === 3
      ? { status: 'answered' as const, result: frame.payload, answeredAt }
      : {
          status: 'rejected' as const,
          error: { code: frame.code, description: frame.description },
          answeredAt,
        };
  if (
    command.status === 'queued' &&
    (await transition(frame.id, 'queued', { ...outcome, sentAt: answeredAt }, null, command))
  )
    return true;
  return transition(frame.id, 'sent', outcome, null, command);
}

/** Commands sent before `cutoff` (ISO time) that still wait for their answer. */
export const commandsAwaitingSince = (cutoff: string) => commandIdsWaiting('sent', cutoff);

/** Commands queued before `cutoff` (ISO time) and not sent yet. */
export const commandsQueuedSince = (cutoff: string) => commandIdsWaiting('queued', cutoff);

/** Records the file a charger uploaded for a command (the latest upload wins); refused without a command. */
export async function attachUpload(commandId: string, upload: CommandUpload) {
  await setCommandUpload(commandId, { ...upload });
}

// ---- Progress of firmware updates and log uploads ----------------------------------------------------------

/**
 * Makes `commandId` the charger's latest firmware update or log request, the one its status notifications
 * belong to.
 */
export async function trackLatest(chargePointId: string, kind: ProgressKind, commandId: string) {
  await putLatest(chargePointId, kind, commandId);
}

/** The live-item field of each status notification (functions/ocpp/action-kit.ts) and its kind. */
const PROGRESS_FIELDS: Record<string, ProgressKind> = {
  firmwareStatus: 'firmware',
  diagnosticsStatus: 'log',
  logStatus: 'log',
};

/**
 * A firmware status or log upload notification, appended to the `progress` of the charger's latest such
 * command. A notification naming another request (2.0.1 and the 1.6 security extension carry requestId)
 * is not that command's.
 */
export async function recordProgress(chargePointId: string, field: string, payload: Record<string, unknown>) {
  const kind = PROGRESS_FIELDS[field];
  if (!kind || typeof payload.status !== 'string') return;
  const latest = await getLatest(chargePointId, kind);
  if (!latest?.commandId) return;
  const commandId = String(latest.commandId);
  if (typeof payload.requestId === 'number') {
    const command = await getCommand(commandId);
    const requestId = command?.payload?.requestId;
    if (typeof requestId === 'number' && requestId !== payload.requestId) return;
  }
  // A command gone meanwhile takes no entry.
  await appendCommandProgress(commandId, { status: payload.status, at: new Date().toISOString() });
}
