/**
 * The live state of a charge point (functions/chargepoints/live.ts, functions/ocpp/presence.ts), one item beside
 * its record: `CHARGEPOINT#{chargePointId}` / `LIVE`. Access patterns:
 * - a charger's live item, and many at once (batch gets);
 * - top-level facts set (boot, firmware and log status, availability, reservations...; the connectors map made
 *   when missing);
 * - a connector's status set when newer than the stored one and different from it (the previous one returned);
 *   the same status again writes nothing (decision 430);
 * - presence: connected (back online, off the pending index; the old values returned), disconnected on the
 *   connection it is known on, shown gone when online, an outage alarmed once;
 * - chargers offline and not yet alarmed, by when they went away (gsi3 `OFFLINEPENDING`, `{disconnectedAt}`).
 *
 * Kept as requests written here (decision 422): setting top-level facts (their names are the caller's:
 * `reservation_{id}`, `{field}At`, which no entity declares) and a connector's status (a path into the
 * connectors map by connector number, with a condition on that path).
 */
import { applied, isConditionFailure } from '@functions/lib/conditional.ts';
import { defineEntity, model, PARAMS, send, withoutKeys } from './table.ts';

export const OFFLINE_PENDING = 'OFFLINEPENDING';

export const liveStates = defineEntity(
  {
    model: model('LIVE'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      online: { type: 'boolean' },
      protocol: { type: 'string' },
      connectionId: { type: 'string' },
      connectedAt: { type: 'string' },
      lastMessageAt: { type: 'string' },
      disconnectedAt: { type: 'string' },
      offlineAlarmedSince: { type: 'string' },
      connectors: { type: 'any' },
      /** Key-only: the pending queue the charger waits in (empty: none) and since when. */
      offlineQueue: { type: 'string' },
      offlineSince: { type: 'string' },
    },
    indexes: {
      byCharger: {
        pk: {
          field: 'pk',
          composite: ['chargePointId'],
          template: 'CHARGEPOINT#${chargePointId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: [], template: 'LIVE', casing: 'none' },
      },
      offlinePending: {
        index: 'gsi3',
        condition: (attributes) => !!attributes.offlineQueue,
        pk: { field: 'gsi3pk', composite: ['offlineQueue'], template: '${offlineQueue}', casing: 'none' },
        sk: { field: 'gsi3sk', composite: ['offlineSince'], template: '${offlineSince}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['offlineQueue', 'offlineSince'] },
);

const key = (chargePointId: string) =>
  liveStates.get({ chargePointId }).params().Key as { pk: string; sk: string };

/** A charger's live item without keys, undefined when it has none. */
export async function getLiveItem(chargePointId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await send.get(liveStates.get({ chargePointId }).params());
  return Item ? withoutKeys<Record<string, unknown>>(Item) : undefined;
}

/**
 * The live items of many chargers (100 to a batch, the batches at once, until every key is processed), without
 * keys; `consistent` reads what every write answered before the read has left.
 */
export async function getLiveItems(ids: string[], consistent = false): Promise<Record<string, unknown>[]> {
  const batches = [];
  for (let i = 0; i < ids.length; i += 100) batches.push(ids.slice(i, i + 100).map(key));
  const read = async (first: Record<string, unknown>[]) => {
    const out: Record<string, unknown>[] = [];
    let keys: Record<string, unknown>[] | undefined = first;
    while (keys && keys.length) {
      const res = await send.batchGet({
        RequestItems: { main: { Keys: keys, ...(consistent ? { ConsistentRead: true } : {}) } },
      });
      for (const items of Object.values(res.Responses ?? {}))
        out.push(...items.map((x) => withoutKeys<Record<string, unknown>>(x as Record<string, unknown>)));
      keys = Object.values(res.UnprocessedKeys ?? {})[0]?.Keys as Record<string, unknown>[] | undefined;
    }
    return out;
  };
  return (await Promise.all(batches.map(read))).flat();
}

/** Sets top-level live attributes (creating the item, with an empty connectors map, when needed). */
export async function setLiveFacts(
  chargePointId: string,
  values: Record<string, unknown>,
  remove: string[] = [],
): Promise<void> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = { ':id': chargePointId, ':empty': {} };
  const sets = ['chargePointId = :id', 'connectors = if_not_exists(connectors, :empty)'];
  entries.forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    vals[`:v${i}`] = v;
    sets.push(`#a${i} = :v${i}`);
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  await send.update({
    TableName: 'main',
    Key: key(chargePointId),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: vals,
  });
}

/** What a stored connector status holds besides what it says: its times and its signature. */
const UNSIGNED = new Set(['at', 'sig', 'storedAt']);

/**
 * What a connector's status says, without its time: the same status reported again has the same signature
 * (`sig`, stored in the connector's value and never read back).
 */
export const statusSignature = (status: object): string =>
  JSON.stringify(
    Object.entries(status)
      .filter(([k, v]) => !UNSIGNED.has(k) && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * Sets connector `connectorNo`'s status `status` (its `at` the charger's time) unless the stored one is newer or
 * says the same (then nothing is written: a charger repeating its state costs no write). A status stored before
 * the charger's last boot (`storedAt`, the platform's time of the write, before `boot.at`) gives way to the first
 * one after it whatever its time: a charger's clock may be set back at a boot (from the BootNotification's
 * answer), and what it said before the boot says nothing of now (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
 * Answers whether it applied and the previous status; a `ValidationException` means the item has no connectors
 * map (an item from before: the caller makes it and tries again).
 */
export async function setConnectorStatus(
  chargePointId: string,
  connectorNo: number,
  status: { at: string },
): Promise<{ applied: boolean; previous?: unknown }> {
  const c = String(connectorNo);
  const sig = statusSignature(status);
  try {
    const { Attributes } = await send.update({
      TableName: 'main',
      Key: key(chargePointId),
      UpdateExpression: 'SET connectors.#c = :c',
      ConditionExpression:
        'attribute_not_exists(connectors.#c) OR connectors.#c.#stored < #boot.#at OR ' +
        '(connectors.#c.#at <= :at AND (attribute_not_exists(connectors.#c.#sig) OR connectors.#c.#sig <> :sig))',
      ExpressionAttributeNames: {
        '#c': c,
        '#at': 'at',
        '#sig': 'sig',
        '#stored': 'storedAt',
        '#boot': 'boot',
      },
      ExpressionAttributeValues: {
        ':c': { ...status, storedAt: new Date().toISOString(), sig },
        ':at': status.at,
        ':sig': sig,
      },
      ReturnValues: 'UPDATED_OLD',
    });
    const previous = (Attributes?.connectors as Record<string, Record<string, unknown>> | undefined)?.[c];
    return { applied: true, previous: previous && withoutSignature(previous) };
  } catch (error) {
    if (isConditionFailure(error)) return { applied: false };
    throw error;
  }
}

/** The states of a session in progress: none goes on across a reboot. */
const IN_PROGRESS = ['charging', 'suspendedEV', 'suspendedEVSE'];

/**
 * After a boot at `bootAt` (the platform's time): connector `connectorNo` still showing a session in progress
 * that was stored before the boot, and not reported since, shows `unknown` until the charger reports it (its
 * `storedAt` stays, so that report applies whatever its time). Answers whether it was reset; a repeat, or a
 * connector reported since the boot, changes nothing.
 */
export async function resetConnectorFromBefore(
  chargePointId: string,
  connectorNo: number,
  bootAt: string,
): Promise<boolean> {
  const unknown = { state: 'unknown', status: '' };
  const names = { '#c': String(connectorNo), '#stored': 'storedAt', '#state': 'state', '#status': 'status' };
  return applied(
    send.update({
      TableName: 'main',
      Key: key(chargePointId),
      UpdateExpression:
        'SET connectors.#c.#state = :unknown, connectors.#c.#status = :none, connectors.#c.#sig = :sig',
      ConditionExpression:
        'connectors.#c.#state IN (:p0, :p1, :p2) AND ' +
        '(attribute_not_exists(connectors.#c.#stored) OR connectors.#c.#stored < :boot)',
      ExpressionAttributeNames: { ...names, '#sig': 'sig' },
      ExpressionAttributeValues: {
        ':unknown': unknown.state,
        ':none': unknown.status,
        ':sig': statusSignature(unknown),
        ':boot': bootAt,
        ...Object.fromEntries(IN_PROGRESS.map((state, i) => [`:p${i}`, state])),
      },
    }),
  );
}

/** A stored connector status as readers see it. */
export function withoutSignature<T extends Record<string, unknown>>(status: T): Omit<T, 'sig' | 'storedAt'> {
  const { sig: _sig, storedAt: _storedAt, ...rest } = status;
  return rest;
}

export interface Connected {
  chargePointId: string;
  connectionId: string;
  protocol: string;
  /** ISO. */
  at: string;
}

/**
 * A charger connected: online on its connection, its last message now, off the pending index, its alarmed
 * outage forgotten. Answers the outage that was alarmed, if any (its start).
 */
export async function liveConnected(c: Connected): Promise<{ alarmedSince?: string }> {
  const { Attributes } = await send.update(
    liveStates
      .update({ chargePointId: c.chargePointId })
      .ifNotExists({ connectors: {} })
      .set({
        online: true,
        protocol: c.protocol,
        connectionId: c.connectionId,
        connectedAt: c.at,
        lastMessageAt: c.at,
        offlineQueue: '',
        offlineSince: '',
      })
      .remove(['offlineAlarmedSince'])
      .params({ response: 'updated_old' }),
  );
  const since = Attributes?.offlineAlarmedSince;
  return { alarmedSince: since ? String(since) : undefined };
}

/** Offline since `at`, waiting for its alarm, when `stillOn` holds of the stored item; false when it did not. */
const goOffline = (chargePointId: string, at: string, stillOn: { connectionId: string } | { online: true }) =>
  applied(
    send.update(
      liveStates
        .update({ chargePointId })
        .set({ online: false, disconnectedAt: at, offlineQueue: OFFLINE_PENDING, offlineSince: at })
        .remove(['connectionId'])
        .where((a, op) =>
          'connectionId' in stillOn ? op.eq(a.connectionId, stillOn.connectionId) : op.eq(a.online, true),
        )
        .params(),
    ),
  );

/**
 * A charger's connection `connectionId` closed at `at`: offline, waiting for its alarm. Only the connection
 * it is known on counts (false otherwise: a stale socket closing after a reconnect changes nothing).
 */
export const liveDisconnected = (chargePointId: string, connectionId: string, at: string) =>
  goOffline(chargePointId, at, { connectionId });

/** Shows a charger offline since `at` when it is shown online (on whatever connection); false otherwise. */
export const liveGone = (chargePointId: string, at: string) => goOffline(chargePointId, at, { online: true });

/** Chargers offline since before `cutoff` (ISO) and not yet alarmed, at most 500, longest first. */
export async function offlinePending(
  cutoff: string,
): Promise<{ chargePointId: string; disconnectedAt: string }[]> {
  const { Items = [] } = await send.query(
    liveStates.query
      .offlinePending({ offlineQueue: OFFLINE_PENDING })
      .lt({ offlineSince: cutoff })
      .params({ ...PARAMS, limit: 500 }),
  );
  return Items.map((item) => ({
    chargePointId: String(item.chargePointId),
    disconnectedAt: String(item.disconnectedAt),
  }));
}

/**
 * The outage that began at `since` is alarmed: the charger leaves the pending index. False when it is no
 * longer that outage (it came back, or went away again).
 */
export async function liveOutageAlarmed(chargePointId: string, since: string) {
  return applied(
    send.update(
      liveStates
        .patch({ chargePointId })
        .set({ offlineAlarmedSince: since, offlineQueue: '', offlineSince: '' })
        .where((a, op) => `${op.eq(a.online, false)} AND ${op.eq(a.disconnectedAt, since)}`)
        .params(),
    ),
  );
}
