/**
 * Remote commands (functions/commands): `COMMAND#{commandId}` / `COMMAND` (the id is also the OCPP message
 * id of the CALL). Access patterns:
 * - a command by its id;
 * - commands in a status by time (gsi1): `COMMANDSTATUS#queued` by creation, `COMMANDSTATUS#sent` by when
 *   sent; a command leaves it when it ends (the sweeps fail stuck ones);
 * - a company's commands by creation (gsi2 `CMD|{tenant}`, `{createdAt}#{commandId}`).
 * With them: the guard that lets one command at a time be pending on a connector
 * (`CMDPENDING#{chargePointId}#{connectorNo}`, 0 for the pile) and the charger's latest command of a kind
 * (`CMDLATEST#{chargePointId}#{kind}`), which its status notifications belong to.
 *
 * Writes: a new command (refused when its id exists), alone or in one transaction with its connector's guard
 * (refused while another command's guard has not expired); a status transition (conditional on the status it
 * leaves), to an end in one transaction with the guard's release; the uploaded file and an appended progress
 * entry (both only on an existing command); the guard's release (only by the command holding it); the latest
 * command of a kind (overwritten).
 */
import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { applied, cancellationCodes, retryPause } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, putRecord, queryAll, request, send, withoutKeys } from './table.ts';

export type StatusQueue = 'queued' | 'sent';

export const commands = defineEntity(
  {
    model: model('COMMAND'),
    attributes: {
      commandId: { type: 'string', required: true },
      status: { type: 'string' },
      tenant: { type: 'string' },
      createdAt: { type: 'string', required: true },
      // The record's fields a transition sets (ElectroDB writes declared attributes only).
      chargePointId: { type: 'string' },
      connectorNo: { type: 'number' },
      agentId: { type: 'string' },
      stationId: { type: 'string' },
      action: { type: 'string' },
      payload: { type: 'any' },
      params: { type: 'any' },
      sentAt: { type: 'string' },
      /** The connection the command was sent on: its answer can come only on that one. */
      connectionId: { type: 'string' },
      answeredAt: { type: 'string' },
      result: { type: 'any' },
      error: { type: 'any' },
      upload: { type: 'any' },
      progress: { type: 'any' },
      expireType: { type: 'string' },
      reportTime: { type: 'string' },
      /** Key-only: the status queue the command waits in, and since when (empty: none). */
      statusQueue: { type: 'string' },
      statusAt: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['commandId'], template: 'COMMAND#${commandId}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'COMMAND', casing: 'none' },
      },
      byStatus: {
        index: 'gsi1',
        condition: (attributes) => !!attributes.statusQueue,
        pk: {
          field: 'gsi1pk',
          composite: ['statusQueue'],
          template: 'COMMANDSTATUS#${statusQueue}',
          casing: 'none',
        },
        sk: { field: 'gsi1sk', composite: ['statusAt'], template: '${statusAt}', casing: 'none' },
      },
      byCompany: {
        index: 'gsi2',
        condition: (attributes) => !!attributes.tenant,
        pk: { field: 'gsi2pk', composite: ['tenant'], template: 'CMD|${tenant}', casing: 'none' },
        sk: {
          field: 'gsi2sk',
          composite: ['createdAt', 'commandId'],
          template: '${createdAt}#${commandId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['statusQueue', 'statusAt'] },
);

export interface CommandFacts {
  commandId: string;
  createdAt: string;
  tenant?: string;
  status?: string;
}

/**
 * The put of a new command (refused when the id exists): queued by its creation when `queued` (a command
 * under the connector's guard), listed for its company when it has a tenant and `listed` (a command stored
 * without the console's send, as test harnesses do, is on no company list).
 */
export function commandCreate<T extends CommandFacts>(
  command: T,
  queued: boolean,
  listed = true,
): PutCommandInput {
  const put = putRecord(
    commands
      .create({
        commandId: command.commandId,
        createdAt: command.createdAt,
        tenant: listed ? (command.tenant ?? '') : '',
        ...(command.status ? { status: command.status } : {}),
        statusQueue: queued ? 'queued' : '',
        statusAt: queued ? command.createdAt : '',
      })
      .params(),
    command,
  );
  if (command.tenant === undefined) delete put.Item.tenant;
  else put.Item.tenant = command.tenant;
  return put;
}

/** Stores a new command that no guard covers (refused when the id exists): see `commandCreate`. */
export const putCommand = <T extends CommandFacts>(command: T, queued: boolean, listed = true) =>
  send.put(commandCreate(command, queued, listed));

/**
 * Stores a new command, and with `guard` the connector's guard for it, in one transaction: a
 * TransactionCanceledException when the guard is another command's (or the id exists). Guarded commands are
 * queued; unguarded ones (recorded as they ended, offline) are not.
 */
export const storeCommand = <T extends CommandFacts & Connector>(
  command: T,
  guard: { expiresAt: number; nowSeconds: number } | undefined,
) =>
  send.transact([
    ...(guard ? [{ Put: pendingTake(command, command.commandId, guard.expiresAt, guard.nowSeconds) }] : []),
    { Put: commandCreate(command, !!guard) },
  ]);

/** A command's table key (tests that write or read its item by hand). */
export const commandKey = (commandId: string) =>
  commands.get({ commandId }).params().Key as { pk: string; sk: string };

export const getCommand = <T>(commandId: string) => getRecord<T>(commands.get({ commandId }).params());

/** A command as stored, read consistently (a command read right after it was sent: a reservation's). */
export const getCommandConsistent = <T>(commandId: string) =>
  getRecord<T>(commands.get({ commandId }).params({ consistent: true }));

/** The commands of a status queue waiting since before `cutoff`, oldest first. */
export const commandsWaiting = (queue: StatusQueue, cutoff: string) =>
  queryAll(commands.query.byStatus({ statusQueue: queue }).lt({ statusAt: cutoff }).params());

/** The ids of the commands of a status queue waiting since before `cutoff`, oldest first. */
export const commandIdsWaiting = async (queue: StatusQueue, cutoff: string) =>
  (await commandsWaiting(queue, cutoff)).map((item) => String(item.commandId));

/**
 * A company's commands created in the window (ISO instants, both included), newest first, as stored
 * without keys (the tenant included).
 */
export const companyCommands = async (tenant: string, from: string, to: string) =>
  (
    await queryAll(
      commands.query
        .byCompany({ tenant })
        .between({ createdAt: from }, { createdAt: `${to}~` })
        .params({ order: 'desc' }),
    )
  ).map((item) => withoutKeys<Record<string, unknown>>(item));

/**
 * Moves a command from status `from` (condition) to `set`, into status queue `queue` (the time it waits
 * from) or out of every queue (null).
 */
export function commandTransition(
  commandId: string,
  from: string,
  set: {
    status: string;
    sentAt?: string;
    connectionId?: string;
    answeredAt?: string;
    result?: unknown;
    error?: unknown;
    expireType?: string;
    reportTime?: string;
  },
  queue: { name: StatusQueue; at: string } | null,
): UpdateCommandInput {
  const update = commands.patch({ commandId }).set({
    ...set,
    statusQueue: queue?.name ?? '',
    statusAt: queue?.at ?? '',
  });
  return request(update.where((a, op) => op.eq(a.status, from)).params()) as UpdateCommandInput;
}

/** Runs `commandTransition`: false when the command was not in `from` (already moved on, or none). */
export const moveCommand = (...args: Parameters<typeof commandTransition>) =>
  applied(send.update(commandTransition(...args)));

/**
 * Ends a command: moves it from `from` to `set` (off every status queue) and releases its connector's guard
 * in one transaction, so whoever reads the command ended can send the next one to that connector. False when
 * the command was not in `from` (already handled: nothing changes). A guard another command holds (this
 * one's expired and was taken) stays, and the command still ends.
 */
export async function endCommand(
  command: Connector & { commandId: string },
  from: StatusQueue,
  set: Parameters<typeof commandTransition>[2],
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send.transact([
        { Update: commandTransition(command.commandId, from, set, null) },
        { Delete: pendingRelease(command, command.commandId, { orNone: true }) },
      ]);
      return true;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return false;
      if (codes[1] === 'ConditionalCheckFailed') return moveCommand(command.commandId, from, set, null);
      // A collision with another write of the guard (a new command taking it): this end is still due.
      if (attempt >= END_ATTEMPTS) throw error;
      await retryPause(attempt);
    }
  }
}

const END_ATTEMPTS = 5;

/** The update that records a command's uploaded file (the latest wins), refused when there is no command. */
export const commandUploadSet = (commandId: string, upload: Record<string, unknown>) =>
  request(commands.patch({ commandId }).set({ upload }).params()) as UpdateCommandInput;

export const setCommandUpload = (commandId: string, upload: Record<string, unknown>) =>
  send.update(commandUploadSet(commandId, upload));

/**
 * The update that appends an entry to a command's `progress` list (started when absent), its time the
 * command's report time (the charger's latest report of it), refused when there is no command.
 */
export const commandProgressAppend = (commandId: string, entry: { status: string; at: string }) =>
  request(
    commands
      .patch({ commandId })
      .append({ progress: [entry] })
      .set({ reportTime: entry.at })
      .params(),
  ) as UpdateCommandInput;

/** Runs `commandProgressAppend`: false when there is no such command. */
export const appendCommandProgress = (commandId: string, entry: { status: string; at: string }) =>
  applied(send.update(commandProgressAppend(commandId, entry)));

export const pendingGuards = defineEntity(
  {
    model: model('CMDPENDING'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      connectorNo: { type: 'number', required: true },
      commandId: { type: 'string', required: true },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byConnector: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'connectorNo'],
          template: 'CMDPENDING#${chargePointId}#${connectorNo}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'CMDPENDING', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'connectorNo'] },
);

type Connector = { chargePointId: string; connectorNo?: number };
const connector = (c: Connector) => ({ chargePointId: c.chargePointId, connectorNo: c.connectorNo ?? 0 });

/** The put that takes a connector's guard for a command, refused while another's has not expired. */
export const pendingTake = (c: Connector, commandId: string, expiresAt: number, nowSeconds: number) =>
  request(
    pendingGuards
      .put({ ...connector(c), commandId, expiresAt })
      // Every guard names its command: no command id is no guard.
      .where((a, op) => `${op.notExists(a.commandId)} OR ${op.lt(a.expiresAt, nowSeconds)}`)
      .params(),
  ) as PutCommandInput;

/**
 * The delete that releases a connector's guard, refused (condition) unless the command holds it; with
 * `orNone`, a connector without a guard passes too (a command's end, in one transaction with its move).
 */
export const pendingRelease = (c: Connector, commandId: string, { orNone = false } = {}) =>
  request(
    pendingGuards
      .delete(connector(c))
      .where((a, op) =>
        orNone
          ? `${op.notExists(a.commandId)} OR ${op.eq(a.commandId, commandId)}`
          : op.eq(a.commandId, commandId),
      )
      .params(),
  ) as DeleteCommandInput;

/** The command holding a connector's guard, if any (read consistently: a guard taken a moment ago). */
export async function guardHolder(c: Connector): Promise<string | undefined> {
  const answer = await send.get({ ...pendingGuards.get(connector(c)).params(), ConsistentRead: true });
  return typeof answer.Item?.commandId === 'string' ? answer.Item.commandId : undefined;
}

/** Runs `pendingRelease`: false when the guard is not the command's (another's, or gone). */
export const releaseGuard = (c: Connector, commandId: string) =>
  applied(send.delete(pendingRelease(c, commandId)));

export type ProgressKind = 'firmware' | 'log';

export const latestCommands = defineEntity(
  {
    model: model('CMDLATEST'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      kind: { type: 'string', required: true },
      commandId: { type: 'string', required: true },
    },
    indexes: {
      byKind: {
        pk: {
          field: 'pk',
          composite: ['chargePointId', 'kind'],
          template: 'CMDLATEST#${chargePointId}#${kind}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'CMDLATEST', casing: 'none' },
      },
    },
  },
  { keyOnly: ['chargePointId', 'kind'] },
);

export const latestPut = (chargePointId: string, kind: ProgressKind, commandId: string) =>
  request(latestCommands.put({ chargePointId, kind, commandId }).params()) as PutCommandInput;

/** Makes `commandId` the charger's latest command of a kind. */
export const putLatest = (chargePointId: string, kind: ProgressKind, commandId: string) =>
  send.put(latestPut(chargePointId, kind, commandId));

export const getLatest = (chargePointId: string, kind: ProgressKind) =>
  getRecord<{ commandId: string }>(latestCommands.get({ chargePointId, kind }).params());
