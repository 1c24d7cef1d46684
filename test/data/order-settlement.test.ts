/**
 * The order entity's settlement writes and list reads (functions/data/orders.ts) against orders written the
 * old way: a reset pays an unpaid order once (the old `SET … REMOVE unpaidReason IF payFlag = 0`), notes why
 * an order stays unpaid, and the list's ranges and filters find what the hand-written queries found.
 */
import { describe, expect, it } from 'vitest';
import {
  orderPaidUpdate,
  orderUnpaidNoted,
  readOrderRange,
  siteNames,
  wholeOrderRange,
} from '@functions/data/orders.ts';
import { send } from '@functions/data/table.ts';
import { orderKeys } from '@functions/data/orders.ts';
import { rawGet, rawPut, withDatabase } from './helpers.ts';

withDatabase();

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  orderNo: `SO${n}`,
  tenant: '/SA/',
  startTime: `2026-04-0${n}T10:00:00.000Z`,
  stationId: 'SST1',
  chargePointId: 'SCP1',
  payFlag: 0,
  version: 1,
  ...extra,
});

describe('order settlement writes', () => {
  it('notes an unpaid order, then pays it once', async () => {
    const unpaid = order(1, { idTag: 'STAG', unpaidReason: 'balance' });
    await rawPut({ ...orderKeys(unpaid), ...unpaid });
    const at = '2026-04-02T00:00:00.000Z';
    expect(await orderUnpaidNoted('SO1', 'noAccount', at)).toBe(true);
    expect(await rawGet({ pk: 'ORDER#SO1', sk: 'ORDER' })).toEqual({
      ...orderKeys(unpaid),
      ...unpaid,
      unpaidReason: 'noAccount',
      lastSettleTime: at,
    });
    const paid = {
      payType: 3,
      payFlag: 1,
      payTime: at,
      version: 2,
      cardId: 'C1',
      cardBalanceBefore: 9,
      cardBalanceAfter: 4,
    };
    await send.transact([orderPaidUpdate('SO1', { ...paid, fleetId: undefined })]);
    const rest = order(1, { idTag: 'STAG' });
    expect(await rawGet({ pk: 'ORDER#SO1', sk: 'ORDER' })).toEqual({
      ...orderKeys(unpaid),
      ...rest,
      lastSettleTime: at,
      ...paid,
    });
    // Paid once: a second reset is refused, and a paid order's reason is not noted.
    await expect(send.transact([orderPaidUpdate('SO1', paid)])).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(await orderUnpaidNoted('SO1', 'balance', at)).toBe(false);
  });
});

describe('order list reads', () => {
  it('reads the ranges of orders written the old way with the list filters', async () => {
    const orders = [
      order(2, { idTag: 'LTAG', payFlag: 1, profits: [{ minor: 1 }] }),
      order(3, { tenant: '/SA/SB/', chargePointId: 'SCP2' }),
      order(4, { idTag: 'LTAG' }),
    ];
    for (const o of orders) await rawPut({ ...orderKeys(o), ...o });
    const window = { from: '2026-04-02T00:00:00.000Z', to: '2026-04-04T23:59:59.999Z~' };
    const nos = (items: Record<string, unknown>[]) => items.map((i) => i.orderNo);
    const station = { by: 'station' as const, stationId: 'SST1', ...window };
    expect(nos((await readOrderRange(station, [], 10, 1000)).items)).toEqual(['SO4', 'SO3', 'SO2']);
    expect(nos(await wholeOrderRange(station, [['tenant', 'begins_with', '/SA/SB/']]))).toEqual(['SO3']);
    expect(
      nos(
        await wholeOrderRange(station, [
          ['chargePointId', '=', 'SCP1'],
          ['payFlag', '=', 1],
        ]),
      ),
    ).toEqual(['SO2']);
    expect(nos(await wholeOrderRange(station, [['profits', 'nonEmpty']]))).toEqual(['SO2']);
    const company = { by: 'company' as const, tenant: '/SA/', ...window };
    expect(nos(await wholeOrderRange(company, [['tenant', '=', '/SA/']]))).toEqual(['SO4', 'SO2']);
    expect(nos(await wholeOrderRange({ by: 'idTag', idTag: 'LTAG', ...window }, []))).toEqual(['SO4', 'SO2']);
    // A page: the first of three, more to read.
    const first = await readOrderRange(station, [], 1, 1000);
    expect(nos(first.items)).toEqual(['SO4']);
    expect(first.more).toBe(true);
  });

  it('names stations and charge points from their records', async () => {
    await rawPut({ pk: 'STATION#NS1', sk: 'STATION', id: 'NS1', name: 'North' });
    await rawPut({ pk: 'CHARGEPOINT#NCP1', sk: 'CHARGEPOINT', id: 'NCP1', name: 'Pile 1' });
    const names = await siteNames(['NS1', 'NS2'], ['NCP1']);
    expect(names.station('NS1')).toBe('North');
    expect(names.station('NS2')).toBeUndefined();
    expect(names.chargePoint('NCP1')).toBe('Pile 1');
  });
});
