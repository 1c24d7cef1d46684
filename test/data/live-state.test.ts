/**
 * The live state entity against the hand-written updates it replaces (functions/chargepoints/live.ts and
 * functions/ocpp/presence.ts before the data layer): each transition is run the old way on one charger and
 * through the module on another, from the same item, and both items must end the same (keys aside); the
 * conditions refuse what the old ones refused.
 */
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  getLiveItem,
  getLiveItems,
  liveConnected,
  liveDisconnected,
  liveGone,
  liveOutageAlarmed,
  offlinePending,
  resetConnectorFromBefore,
  setConnectorStatus,
  setLiveFacts,
  statusSignature,
} from '@functions/data/live-state.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { rawGet, rawPut, table, withDatabase } from './helpers.ts';

withDatabase();

const key = (id: string) => ({ pk: `CHARGEPOINT#${id}`, sk: 'LIVE' });
const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:05:00.000Z';
const T3 = '2026-03-01T10:10:00.000Z';

/** The old update, sent by hand: whether it applied. */
async function old(id: string, input: Omit<UpdateCommandInput, 'TableName' | 'Key'>) {
  try {
    await dynamoDocument().send(new UpdateCommand({ TableName: table(), Key: key(id), ...input }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const oldConnected = (id: string, connectionId: string, at: string) =>
  old(id, {
    UpdateExpression:
      'SET chargePointId = :id, #online = :on, #protocol = :p, connectionId = :c, connectedAt = :at, lastMessageAt = :at, connectors = if_not_exists(connectors, :empty) REMOVE gsi3pk, gsi3sk, offlineAlarmedSince',
    ExpressionAttributeNames: { '#online': 'online', '#protocol': 'protocol' },
    ExpressionAttributeValues: {
      ':id': id,
      ':on': true,
      ':p': 'ocpp1.6',
      ':c': connectionId,
      ':at': at,
      ':empty': {},
    },
  });
const oldDisconnected = (id: string, connectionId: string, at: string) =>
  old(id, {
    UpdateExpression:
      'SET #online = :off, disconnectedAt = :at, gsi3pk = :pending, gsi3sk = :at REMOVE connectionId',
    ConditionExpression: 'connectionId = :c',
    ExpressionAttributeNames: { '#online': 'online' },
    ExpressionAttributeValues: { ':off': false, ':at': at, ':pending': 'OFFLINEPENDING', ':c': connectionId },
  });
const oldGone = (id: string, at: string) =>
  old(id, {
    UpdateExpression:
      'SET #online = :off, disconnectedAt = :at, gsi3pk = :pending, gsi3sk = :at REMOVE connectionId',
    ConditionExpression: '#online = :on',
    ExpressionAttributeNames: { '#online': 'online' },
    ExpressionAttributeValues: { ':off': false, ':on': true, ':at': at, ':pending': 'OFFLINEPENDING' },
  });
const oldAlarmed = (id: string, since: string) =>
  old(id, {
    UpdateExpression: 'SET offlineAlarmedSince = :since REMOVE gsi3pk, gsi3sk',
    ConditionExpression: '#online = :off AND disconnectedAt = :since',
    ExpressionAttributeNames: { '#online': 'online' },
    ExpressionAttributeValues: { ':off': false, ':since': since },
  });

/** The two items, keys aside (each names its own charger). */
async function same(oldId: string, newId: string) {
  const [a, b] = [await rawGet(key(oldId)), await rawGet(key(newId))];
  const strip = (item: Record<string, unknown> | undefined, id: string) => {
    if (!item) return item;
    const { pk: _p, sk: _s, chargePointId, ...rest } = item;
    return { ...rest, chargePointId: chargePointId === id ? 'X' : chargePointId };
  };
  expect(strip(b, newId)).toEqual(strip(a, oldId));
  return b;
}

describe('live state', () => {
  it('reads a live item written the old way, one and many, without keys', async () => {
    const item = {
      ...key('R1'),
      chargePointId: 'R1',
      online: true,
      connectors: { 1: { state: 'idle', at: T1 } },
    };
    await rawPut(item);
    await rawPut({ ...key('R2'), chargePointId: 'R2', online: false, gsi3pk: 'OFFLINEPENDING', gsi3sk: T1 });
    const { pk: _p, sk: _s, ...fields } = item;
    expect(await getLiveItem('R1')).toEqual(fields);
    expect(await getLiveItem('R9')).toBeUndefined();
    const many = await getLiveItems(['R1', 'R2', 'R9']);
    expect(many.map((i) => i.chargePointId).sort()).toEqual(['R1', 'R2']);
    expect(many.find((i) => i.chargePointId === 'R2')).toEqual({ chargePointId: 'R2', online: false });
  });

  it('presence moves the item as the old updates did, and refuses what they refused', async () => {
    // Connected (no item yet), then a stale socket closing, then the real one.
    expect(await oldConnected('P1', 'c1', T1)).toBe(true);
    await liveConnected({ chargePointId: 'P2', connectionId: 'c1', protocol: 'ocpp1.6', at: T1 });
    await same('P1', 'P2');
    expect(await oldDisconnected('P1', 'stale', T2)).toBe(false);
    expect(await liveDisconnected('P2', 'stale', T2)).toBe(false);
    expect(await oldDisconnected('P1', 'c1', T1)).toBe(true);
    expect(await liveDisconnected('P2', 'c1', T1)).toBe(true);
    await same('P1', 'P2');
    expect((await offlinePending(T2)).filter((p) => p.chargePointId === 'P2')).toEqual([
      { chargePointId: 'P2', disconnectedAt: T1 },
    ]);
    expect((await offlinePending(T1)).filter((p) => p.chargePointId === 'P2')).toEqual([]);
    // Alarmed: only for the outage it names.
    expect(await oldAlarmed('P1', T2)).toBe(false);
    expect(await liveOutageAlarmed('P2', T2)).toBe(false);
    expect(await oldAlarmed('P1', T1)).toBe(true);
    expect(await liveOutageAlarmed('P2', T1)).toBe(true);
    await same('P1', 'P2');
    expect((await offlinePending(T2)).filter((p) => p.chargePointId === 'P2')).toEqual([]);
    // Back: the alarmed outage is answered, the item as the old update left it.
    await oldConnected('P1', 'c2', T2);
    expect(
      await liveConnected({ chargePointId: 'P2', connectionId: 'c2', protocol: 'ocpp1.6', at: T2 }),
    ).toEqual({
      alarmedSince: T1,
    });
    await same('P1', 'P2');
    // Gone (the local runtime's start-up): only when shown online.
    expect(await oldGone('P1', T2)).toBe(true);
    expect(await liveGone('P2', T2)).toBe(true);
    await same('P1', 'P2');
    expect(await oldGone('P1', T2)).toBe(false);
    expect(await liveGone('P2', T2)).toBe(false);
    expect(await oldGone('P9', T2)).toBe(false);
    expect(await liveGone('P8', T2)).toBe(false);
    expect(await rawGet(key('P8'))).toBeUndefined();
  });

  it('sets facts and connector statuses as the old updates did', async () => {
    await old('F1', {
      UpdateExpression:
        'SET chargePointId = :id, connectors = if_not_exists(connectors, :empty), #a0 = :v0, #a1 = :v1 REMOVE #r0',
      ExpressionAttributeNames: { '#a0': 'boot', '#a1': 'reservation_3', '#r0': 'operative' },
      ExpressionAttributeValues: {
        ':id': 'F1',
        ':empty': {},
        ':v0': { vendor: 'V', at: T1 },
        ':v1': 'Expired',
      },
    });
    await setLiveFacts(
      'F2',
      { boot: { vendor: 'V', at: T1 }, reservation_3: 'Expired', skipped: undefined },
      ['operative'],
    );
    await same('F1', 'F2');

    const status = (at: string) => ({ state: 'charging', status: 'Charging', at });
    expect(await setConnectorStatus('F2', 1, status(T2))).toEqual({ applied: true, previous: undefined });
    expect(await setConnectorStatus('F2', 1, status(T1))).toEqual({ applied: false });
    const next = { ...status(T2), status: 'Finishing' };
    expect(await setConnectorStatus('F2', 1, next)).toEqual({ applied: true, previous: status(T2) });
    // The same status again, however newer, writes nothing (decision 430).
    expect(await setConnectorStatus('F2', 1, { ...next, at: T3 })).toEqual({ applied: false });
    // Stored with its signature and the platform's time of the write, which readers never see.
    expect((await rawGet(key('F2')))?.connectors).toEqual({
      1: { ...next, sig: statusSignature(next), storedAt: expect.any(String) },
    });
    // An item without a connectors map: refused as before (the caller makes the map and tries again).
    await rawPut({ ...key('F3'), chargePointId: 'F3' });
    await expect(setConnectorStatus('F3', 1, status(T1))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('after a boot, the first report applies whatever its time; a session state not reported since is reset', async () => {
    const charging = (at: string) => ({ state: 'charging', status: 'Charging', at });
    await setLiveFacts('B1', {});
    // Charging "in the future" (the charger's clock ahead), on both connectors.
    expect((await setConnectorStatus('B1', 1, charging(T3))).applied).toBe(true);
    expect((await setConnectorStatus('B1', 2, charging(T3))).applied).toBe(true);
    // Without a boot, an older report changes nothing.
    const available = (at: string) => ({ state: 'available', status: 'Available', at });
    expect((await setConnectorStatus('B1', 1, available(T1))).applied).toBe(false);

    // A boot (the platform's time, after both reports were stored; docs/decisions/440).
    await new Promise((r) => setTimeout(r, 5));
    const bootAt = new Date().toISOString();
    await setLiveFacts('B1', { boot: { vendor: 'V', at: bootAt } });
    expect(await setConnectorStatus('B1', 1, available(T1))).toEqual({
      applied: true,
      previous: charging(T3),
    });
    // Then ordered by time again.
    expect((await setConnectorStatus('B1', 1, charging(T1.replace('10:00', '09:00')))).applied).toBe(false);

    // Connector 2 said nothing since the boot: no longer charging; a repeat changes nothing, nor does a reset
    // of connector 1, reported since the boot.
    expect(await resetConnectorFromBefore('B1', 2, bootAt)).toBe(true);
    expect(await resetConnectorFromBefore('B1', 2, bootAt)).toBe(false);
    expect(await resetConnectorFromBefore('B1', 1, bootAt)).toBe(false);
    const { connectors } = (await getLiveItem('B1')) as {
      connectors: Record<string, Record<string, unknown>>;
    };
    expect(connectors['2']).toMatchObject({ state: 'unknown', status: '', at: T3 });
    expect(connectors['1']).toMatchObject({ state: 'available', at: T1 });
    // Its next report applies whatever its time.
    expect((await setConnectorStatus('B1', 2, available(T1))).applied).toBe(true);
  });
});
