/** The order entity reads orders the order code writes by hand, and writes them with the same keys. */
import { describe, expect, it } from 'vitest';
import {
  companyOrders,
  getOrder,
  idTagOrders,
  orderCreate,
  orderPut,
  stationOrders,
} from '@functions/data/orders.ts';
import { orderKeys } from '@functions/data/orders.ts';
import { rawGet, rawPut, sendPut, withDatabase } from './helpers.ts';

withDatabase();

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  orderNo: `O${n}`,
  tenant: '/A/',
  startTime: `2026-03-0${n}T10:00:00.000Z`,
  stationId: 'ST1',
  chargePointId: 'CP1',
  payMinor: 1234,
  ...extra,
});

describe('orders', () => {
  it('reads an order written the old way, through each access pattern', async () => {
    const old = order(1, { idTag: 'TAG1' });
    await rawPut({ ...orderKeys(old), ...old });
    expect(await getOrder('O1')).toEqual(old);
    const window = { from: '2026-03-01', to: '2026-03-31' };
    expect((await companyOrders('/A/', window)).map((o) => o.orderNo)).toEqual(['O1']);
    expect(await companyOrders('/B/', window)).toEqual([]);
    expect((await stationOrders('ST1', window)).map((o) => o.orderNo)).toEqual(['O1']);
    expect((await stationOrders('ST1', { from: '2026-04-01', to: '2026-04-30' })).length).toBe(0);
    expect((await idTagOrders('TAG1')).map((o) => o.orderNo)).toEqual(['O1']);
  });

  it('writes an order with the keys the old code writes, and nothing else', async () => {
    const tagged = order(2, { idTag: 'TAG2', lines: [{ minor: 5 }] });
    await sendPut(orderCreate(tagged));
    expect(await rawGet({ pk: 'ORDER#O2', sk: 'ORDER' })).toEqual({ ...orderKeys(tagged), ...tagged });
    await expect(sendPut(orderCreate(tagged))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });

    const untagged = order(3);
    await sendPut(orderPut(untagged));
    expect(await rawGet({ pk: 'ORDER#O3', sk: 'ORDER' })).toEqual({ ...orderKeys(untagged), ...untagged });
    const window = { from: '2026-03-01', to: '2026-03-31' };
    expect((await companyOrders('/A/', window)).map((o) => o.orderNo)).toEqual(['O3', 'O2', 'O1']);
  });
});
