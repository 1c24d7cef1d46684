/**
 * The reservation entities read reservations and pointers as functions/orders/reservations.ts wrote them by
 * hand, and write the same items: same keys, same attributes, the expiry index entry gone when one ends.
 */
import { describe, expect, it } from 'vitest';
import {
  companyReservations,
  getReservation,
  heldReservations,
  openReservations,
  reservationCancelCommand,
  reservationCreate,
  reservationEnd,
  reservationLinked,
  reservationMove,
  reservationOrderId,
} from '@functions/data/reservations.ts';
import { send } from '@functions/data/table.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  tenant: '/RA/',
  agentId: 'RA',
  stationId: 'RS1',
  stationName: 'Station',
  chargePointId: 'RCP1',
  connectorNo: 1,
  idTag: 'TAG',
  minutes: 30,
  reserveFeeId: 'FEE',
  price: '0.10',
  currency: 'EUR',
  status: 1,
  createTime: '2026-03-01T10:00:00.000Z',
  expiryTime: '2999-01-01T00:00:00.000Z',
  createdBy: 'admin',
  history: [{ status: 1, at: '2026-03-01T10:00:00.000Z' }],
  ...extra,
});

/** The keys the old code wrote with a reservation. */
const keys = (r: { id: string; tenant: string; createTime: string; expiryTime: string }) => ({
  pk: `RESERVEORDER#${r.id}`,
  sk: 'RESERVEORDER',
  gsi1pk: 'RESERVEORDER',
  gsi1sk: `${r.tenant}${r.createTime}#${r.id}`,
  gsi2pk: 'RESERVEOPEN',
  gsi2sk: `${r.expiryTime}#${r.id}`,
});

const key = (id: string) => ({ pk: `RESERVEORDER#${id}`, sk: 'RESERVEORDER' });

describe('reservations', () => {
  it('reads a reservation and its pointer written the old way, through each access pattern', async () => {
    const old = record('R1', { status: 2, reservationId: 7, startTime: '2026-03-01T10:00:01.000Z' });
    await rawPut({ ...keys(old), ...old });
    await rawPut({ pk: 'RESERVEID#RCP1#7', sk: 'RESERVEID', orderId: 'R1' });
    expect(await getReservation('R1')).toEqual(old);
    expect(await reservationOrderId('RCP1', 7)).toBe('R1');
    expect(await reservationOrderId('RCP1', 8)).toBeUndefined();
    expect((await openReservations()).map((r) => r.id)).toContain('R1');
    const now = new Date().toISOString();
    expect((await heldReservations('RCP1', 1, 2, now)).map((r) => r.id)).toEqual(['R1']);
    expect(await heldReservations('RCP1', 2, 2, now)).toEqual([]);
    expect(await heldReservations('RCP1', 1, 3, now)).toEqual([]);
    const list = (filter: object) =>
      companyReservations('/RA/', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', filter, 100);
    expect((await list({ status: 2, idTag: 'TAG', chargePointId: 'RCP1' })).items.map((r) => r.id)).toEqual([
      'R1',
    ]);
    expect((await list({ status: 1 })).items).toEqual([]);
    expect((await list({ stations: ['RS1', 'RS2'] })).items.map((r) => r.id)).toEqual(['R1']);
    expect((await list({ stations: [] })).items).toEqual([]);
    expect(
      (await companyReservations('/RA/', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z', {}, 100))
        .items,
    ).toEqual([]);
  });

  it('writes a reservation, its moves and its end as the old code did', async () => {
    const created = record('R2');
    await reservationCreate(created);
    expect(await rawGet(key('R2'))).toEqual({ ...keys(created), ...created });
    await expect(reservationCreate(created)).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });

    // 1 → 2 with its timeline entry; refused from another status.
    const accepted = { status: 2, at: '2026-03-01T10:00:05.000Z' };
    expect(await reservationMove('R2', 1, { status: 2, startTime: accepted.at }, accepted)).toBe(true);
    expect(await reservationMove('R2', 1, { status: 2 }, accepted)).toBe(false);
    const moved = { ...created, status: 2, startTime: accepted.at, history: [...created.history, accepted] };
    expect(await rawGet(key('R2'))).toEqual({ ...keys(created), ...moved });

    // Linked to its command, with the pointer.
    await reservationLinked('R2', { commandId: 'CMD1', chargePointId: 'RCP1', reservationId: 9 });
    await reservationCancelCommand('R2', 'CMD2');
    expect(await rawGet({ pk: 'RESERVEID#RCP1#9', sk: 'RESERVEID' })).toEqual({
      pk: 'RESERVEID#RCP1#9',
      sk: 'RESERVEID',
      orderId: 'R2',
    });
    const linked = { ...moved, commandId: 'CMD1', reservationId: 9, cancelCommandId: 'CMD2' };
    expect(await rawGet(key('R2'))).toEqual({ ...keys(created), ...linked });
    await expect(reservationCancelCommand('R9', 'CMD3')).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await rawGet(key('R9'))).toBeUndefined();

    // Ended: its fields and timeline entry, off the expiry index; refused when the status read is stale.
    const ended = { status: 4, at: '2026-03-01T10:30:00.000Z', reason: 'cancelled' };
    const set = {
      status: 4,
      endFlag: 6,
      endReason: 'cancelled',
      endTime: ended.at,
      cancelTime: ended.at,
      fee: '3.00',
      durationSeconds: 1795,
      payFlag: 1,
      payType: 3,
      payTime: ended.at,
      cardId: 'C1',
      cardBalanceBefore: 10,
      cardBalanceAfter: 7,
    };
    await expect(send.transact([reservationEnd(created, 1, set, ended)])).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    await send.transact([reservationEnd(created, 2, set, ended)]);
    const { gsi2pk: _p, gsi2sk: _s, ...listed } = keys(created);
    expect(await rawGet(key('R2'))).toEqual({
      ...listed,
      ...linked,
      ...set,
      history: [...linked.history, ended],
    });
    expect((await openReservations()).map((r) => r.id)).not.toContain('R2');
  });
});
