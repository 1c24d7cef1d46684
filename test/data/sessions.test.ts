/**
 * The session entity reads sessions as functions/ocpp/transactions.ts writes them (by hand) and writes them
 * with the same keys: the company index, the charger's active index and the due queues.
 */
import { describe, expect, it } from 'vitest';
import {
  activeSessions,
  companySessions,
  dueSessions,
  getSession,
  sessionCreate,
  sessionPut,
} from '@functions/data/sessions.ts';
import { sessionKey } from '@functions/ocpp/transactions.ts';
import { rawGet, rawPut, sendPut, withDatabase } from './helpers.ts';

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
