/**
 * The session entity reads sessions as functions/sessions/transactions.ts writes them (by hand) and writes them
 * with the same keys: the company index, the charger's active index and the due queues.
 */
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  activeSessions,
  companySessions,
  dueSessions,
  dueSessionsPage,
  getSession,
  getSessionWithDue,
  hasActiveSession,
  sessionAuthorize,
  sessionBooted,
  sessionComplete,
  sessionCreate,
  sessionFigures,
  sessionHandedOff,
  sessionPut,
  sessionReusedBy,
} from '@functions/data/sessions.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { isConditionFailure } from '@functions/lib/conditional.ts';
import { sessionKey } from '@functions/sessions/transactions.ts';
import { rawGet, rawPut, sendPut, table, withDatabase } from './helpers.ts';

withDatabase();

const session = (cp: string, tx: string, connectorNo: number) => ({
  chargePointId: cp,
  transactionId: tx,
  tenant: '/A/',
  startTime: '2026-03-01T10:00:00.000Z',
  connectorNo,
  idTag: 'TAG',
  meterStartWh: 100,
});

/** The item as the session store writes it while the session is active (transactions.ts sessionItem). */
const oldItem = (s: ReturnType<typeof session>, due: string) => ({
  ...sessionKey(s.chargePointId, s.transactionId),
  ...s,
  gsi1pk: 'TX',
  gsi1sk: `${s.tenant}${s.startTime}#${s.chargePointId}#${s.transactionId}`,
  gsi2pk: `TXACTIVE#${s.chargePointId}`,
  gsi2sk: String(s.connectorNo).padStart(4, '0'),
  gsi3pk: 'TXOPEN',
  gsi3sk: `${due}#${s.chargePointId}#${s.transactionId}`,
});

describe('sessions', () => {
  it('reads a session written the old way through each access pattern', async () => {
    const s = session('CP1', '11', 1);
    await rawPut(oldItem(s, '2026-03-01T10:00:01.000Z'));
    expect(await getSession('CP1', '11')).toEqual(s);
    expect((await companySessions('/A/')).map((x) => x.transactionId)).toEqual(['11']);
    expect(await companySessions('/B/')).toEqual([]);
    expect((await activeSessions('CP1')).map((x) => x.transactionId)).toEqual(['11']);
    expect((await activeSessions('CP1', 1)).length).toBe(1);
    expect((await activeSessions('CP1', 2)).length).toBe(0);
    expect((await dueSessions('TXOPEN', '2026-03-01T10:00:01.000Z')).length).toBe(1);
    expect((await dueSessions('TXOPEN', '2026-03-01T10:00:00.999Z')).length).toBe(0);
  });

  it('writes a session with the keys the old code writes, and off the indexes it has left', async () => {
    const s = session('CP2', '12', 3);
    const due = '2026-03-01T10:00:02.000Z';
    await sendPut(sessionCreate(s, { active: true, due: { queue: 'TXOPEN', at: due } }));
    expect(await rawGet(sessionKey('CP2', '12'))).toEqual(oldItem(s, due));
    await expect(sendPut(sessionCreate(s, { active: true }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });

    // Ended and waiting for hand-off: off the active index, on the hand-off queue.
    const ended = { ...s, endTime: '2026-03-01T11:00:00.000Z' };
    await sendPut(sessionPut(ended, { active: false, due: { queue: 'TXHANDOFF', at: ended.endTime } }));
    const { gsi2pk: _p, gsi2sk: _s, ...rest } = oldItem(s, due);
    expect(await rawGet(sessionKey('CP2', '12'))).toEqual({
      ...rest,
      ...ended,
      gsi3pk: 'TXHANDOFF',
      gsi3sk: `${ended.endTime}#CP2#12`,
    });
    expect(await activeSessions('CP2')).toEqual([]);
    expect((await dueSessions('TXHANDOFF', ended.endTime)).map((x) => x.transactionId)).toEqual(['12']);
  });
});

/** An update of a session the old way (functions/sessions/transactions.ts before the data layer): whether it applied. */
async function old(cp: string, tx: string, input: Omit<UpdateCommandInput, 'TableName' | 'Key'>) {
  try {
    await dynamoDocument().send(new UpdateCommand({ TableName: table(), Key: sessionKey(cp, tx), ...input }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Both sessions' items, keys and ids aside (each is its own session): equal. */
async function same(a: [string, string], b: [string, string]) {
  const strip = (item: Record<string, unknown> | undefined, [cp, tx]: [string, string]) =>
    item &&
    JSON.parse(
      JSON.stringify(item)
        .replaceAll(`${cp}#${tx}`, 'ID')
        .replaceAll(`"${cp}"`, '"CP"')
        .replaceAll(`"${tx}"`, '"TX"')
        .replaceAll(`#${cp}`, '#CP')
        .replaceAll(`#${tx}`, '#TX'),
    );
  expect(strip(await rawGet(sessionKey(...b)), b)).toEqual(strip(await rawGet(sessionKey(...a)), a));
}

describe('session transitions', () => {
  const due = '2026-03-01T10:00:01.000Z';
  const pair = async (n: number) => {
    const a: [string, string] = [`OLD${n}`, '1'];
    const b: [string, string] = [`NEW${n}`, '1'];
    for (const [cp, tx] of [a, b])
      await rawPut({
        ...oldItem(session(cp, tx, 2), due),
        status: 'active',
        gsi3sk: `${due}#${cp}#${tx}`,
      });
    return [a, b] as const;
  };

  it('reads the due entry, the active flag and a page of a queue', async () => {
    const [a] = await pair(0);
    expect(await getSessionWithDue(...a)).toEqual({
      session: { ...session(...a, 2), status: 'active' },
      due: { queue: 'TXOPEN', position: `${due}#${a[0]}#${a[1]}` },
    });
    expect(await hasActiveSession(a[0])).toBe(true);
    expect(await hasActiveSession('NONE')).toBe(false);
    expect((await dueSessionsPage('TXOPEN', '2026-03-01T10:00:02.000Z', 1)).length).toBe(1);
    expect(await dueSessionsPage('TXOPEN', due, 10)).toEqual([]);
  });

  it('authorises a session as the old update did, once', async () => {
    const [a, b] = await pair(1);
    const at = '2026-03-01T10:30:00.000Z';
    expect(
      await old(...a, {
        UpdateExpression:
          'SET authStatus = :a, idTag = if_not_exists(idTag, :t), gsi3pk = :refused, gsi3sk = :due',
        ConditionExpression: '#status = :active AND attribute_not_exists(authStatus)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':a': 'Blocked',
          ':active': 'active',
          ':t': 'OTHER',
          ':refused': 'TXREFUSED',
          ':due': `${at}#${a[0]}#${a[1]}`,
        },
      }),
    ).toBe(true);
    const ref = { chargePointId: b[0], transactionId: b[1] };
    expect(await sessionAuthorize(ref, { authStatus: 'Blocked', idTag: 'OTHER' }, at)).toBe(true);
    await same(a, b);
    expect(await sessionAuthorize(ref, { authStatus: 'Accepted' })).toBe(false);
  });

  it('moves figures, boots, completes and hands off as the old updates did', async () => {
    const [a, b] = await pair(2);
    const ref = { chargePointId: b[0], transactionId: b[1] };
    const now = '2026-03-01T10:40:00.000Z';
    const figures = (cp: string, tx: string, at: string, withDue: boolean) =>
      old(cp, tx, {
        UpdateExpression: `SET lastSampleAt = :at, lastMeterWh = :e, startSoc = if_not_exists(startSoc, :s0)${withDue ? ', gsi3pk = :open, gsi3sk = :due' : ''}`,
        ConditionExpression: `#status = :active AND (attribute_not_exists(lastSampleAt) OR lastSampleAt <= :at)${withDue ? ' AND (attribute_not_exists(gsi3pk) OR gsi3pk = :open)' : ''}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': at,
          ':active': 'active',
          ':e': 500,
          ':s0': 20,
          ...(withDue ? { ':open': 'TXOPEN', ':due': `${now}#${cp}#${tx}` } : {}),
        },
      });
    const sample = { lastSampleAt: '2026-03-01T10:10:00.000Z', lastMeterWh: 500, startSoc: 20 };
    expect(await figures(...a, sample.lastSampleAt, true)).toBe(true);
    expect(await sessionFigures(ref, sample, now)).toBe(true);
    await same(a, b);
    // An older sample moves nothing.
    const older = { ...sample, lastSampleAt: '2026-03-01T10:05:00.000Z' };
    expect(await figures(...a, older.lastSampleAt, true)).toBe(false);
    expect(await sessionFigures(ref, older, now)).toBe(false);

    // A boot: due on the boot queue; then a sample leaves it there (and with the open queue asked, refuses).
    const boot = '2026-03-01T10:50:00.000Z';
    expect(
      await old(...a, {
        UpdateExpression: 'SET bootAt = :at, gsi3pk = :boot, gsi3sk = :due',
        ConditionExpression: '#status = :active AND attribute_not_exists(bootAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': boot,
          ':boot': 'TXBOOT',
          ':due': `${boot}#${a[0]}#${a[1]}`,
          ':active': 'active',
        },
      }),
    ).toBe(true);
    expect(await sessionBooted(ref, boot)).toBe(true);
    expect(await sessionBooted(ref, boot)).toBe(false);
    await same(a, b);
    const later = { ...sample, lastSampleAt: '2026-03-01T10:20:00.000Z' };
    expect(await sessionFigures(ref, later, now)).toBe(false);
    expect(await figures(...a, later.lastSampleAt, false)).toBe(true);
    expect(await sessionFigures(ref, later)).toBe(true);
    await same(a, b);

    // Completion: once, off the active index, on the hand-off queue.
    const end = '2026-03-01T11:00:00.000Z';
    const set = {
      status: 'completed',
      endTime: end,
      meterStopWh: 600,
      energyWh: 500,
      durationSeconds: 3600,
      stopReason: 'Local',
      gsi3pk: 'TXHANDOFF',
    };
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':active': 'active' };
    const sets = Object.entries({ ...set, gsi3sk: `${end}#${a[0]}#${a[1]}` }).map(([k, v]) => {
      names[`#${k}`] = k;
      values[`:${k}`] = v;
      return `#${k} = :${k}`;
    });
    expect(
      await old(...a, {
        UpdateExpression: `SET ${sets.join(', ')} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ).toBe(true);
    const ending = {
      endTime: end,
      meterStopWh: 600,
      energyWh: 500,
      durationSeconds: 3600,
      stopReason: 'Local',
    };
    expect(await sessionComplete({ ...ref, connectorNo: 2 }, ending)).toBe(true);
    expect(await sessionComplete({ ...ref, connectorNo: 2 }, ending)).toBe(false);
    await same(a, b);
    expect(await activeSessions(b[0])).toEqual([]);

    // Handed off: off every queue, when noted once.
    for (const at of ['2026-03-01T12:00:00.000Z', '2026-03-01T13:00:00.000Z']) {
      await old(...a, {
        UpdateExpression: 'REMOVE gsi3pk, gsi3sk SET handedOffAt = if_not_exists(handedOffAt, :now)',
        ExpressionAttributeValues: { ':now': at },
      });
      await sessionHandedOff(ref, at);
      await same(a, b);
    }
    expect((await rawGet(sessionKey(...b)))?.handedOffAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('notes the newest session that reused a transaction id on the first, never an older one (decision 441)', async () => {
    const [a] = await pair(9);
    const first = { chargePointId: a[0], transactionId: a[1] };
    const later = { transactionId: '1~20260301120000000', startTime: '2026-03-01T12:00:00.000Z' };
    const earlier = { transactionId: '1~20260301110000000', startTime: '2026-03-01T11:00:00.000Z' };
    expect(await sessionReusedBy(first, later)).toBe(true);
    // A retry of the same reuse is applied again (the same values); an older one is refused.
    expect(await sessionReusedBy(first, later)).toBe(true);
    expect(await sessionReusedBy(first, earlier)).toBe(false);
    expect(await getSession(...a)).toMatchObject({
      reusedBy: later.transactionId,
      reusedAt: later.startTime,
    });
    // No first session: nothing is written.
    expect(await sessionReusedBy({ chargePointId: 'NONE', transactionId: '1' }, later)).toBe(false);
    expect(await getSession('NONE', '1')).toBeUndefined();
  });
});
