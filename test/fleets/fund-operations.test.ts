/**
 * A fleet's balance operations (docs/product.md section 4): the opening balance, top-ups and resets each
 * change the balance and write the fund record (operType 2 top-up, 1 reset) in one transaction. Concurrent
 * operations on one fleet never lose an update: the records add up to the balance.
 */
import { describe, expect, it } from 'vitest';
import {
  createFleet,
  FLEET_OPER_TYPE,
  fleetFundRecords,
  fleets,
  resetFleet,
  topUpFleet,
} from '@functions/accounts/fleets.ts';
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { newId } from '@functions/lib/records.ts';
import { withDatabase } from '../data/helpers.ts';

withDatabase();

const TENANT = '/fleet-co/';
type Row = Record<string, unknown>;
const units = (n: unknown) => Math.round(Number(n) * 10_000);

interface FundRecord {
  operType: number;
  beforeBalance: number;
  afterBalance: number;
  changeBalance: number;
}
const recordsOf = async (fleetId: string) => (await fleetFundRecords(fleetId)) as unknown as FundRecord[];

/**
 * What the records add up to from a balance of 0, each checked on its own (after = before + change; a reset
 * takes exactly what was there). An update lost between two operations would leave the balance apart from it.
 */
function summed(records: FundRecord[]): number {
  let total = 0;
  for (const r of records) {
    expect(units(r.afterBalance) - units(r.beforeBalance)).toBe(units(r.changeBalance));
    if (r.operType === FLEET_OPER_TYPE.clear) expect(units(r.afterBalance)).toBe(0);
    total += units(r.changeBalance);
  }
  return total;
}

const fleetInput = { name: 'Vans', overdraftAmount: 50, warnBalance: 100 };

describe('fleet fund operations', () => {
  it('opens a fleet with its balance and the top-up record together, or with neither', async () => {
    const opened = await createFleet({ ...fleetInput, balance: 250.5 }, TENANT);
    expect(opened.balance).toBe(250.5);
    const records = await recordsOf(opened.id);
    expect(records).toMatchObject([
      { operType: FLEET_OPER_TYPE.topUp, beforeBalance: 0, afterBalance: 250.5, changeBalance: 250.5 },
    ]);

    const empty = await createFleet(fleetInput, TENANT);
    expect(empty.balance).toBe(0);
    expect(await recordsOf(empty.id)).toEqual([]);
  });

  it('refuses a warning balance not above the overdraft, or a bad amount, and writes nothing', async () => {
    const id = newId();
    await expect(createFleet({ ...fleetInput, id, warnBalance: 50 }, TENANT)).rejects.toMatchObject({
      fields: { warnBalance: 'server.fleetWarnBalance' },
    });
    await expect(createFleet({ ...fleetInput, id, balance: 1.00001 }, TENANT)).rejects.toThrow(
      'server.fleetAmount',
    );
    expect(await fleets.getAny(id)).toBeUndefined();
    expect(await recordsOf(id)).toEqual([]);

    const fleet = await createFleet({ ...fleetInput, balance: 10 }, TENANT);
    for (const amount of [0, -5, 0.00001, Number.NaN])
      await expect(topUpFleet(fleet.id, amount, TENANT)).rejects.toThrow('server.fleetAmount');
    expect((await fleets.getAny(fleet.id))!.balance).toBe(10);
    expect(await recordsOf(fleet.id)).toHaveLength(1);
  });

  it('resets a balance in credit or in overdraft to zero with a record of the change', async () => {
    const fleet = await createFleet({ ...fleetInput, balance: 80 }, TENANT);
    expect((await resetFleet(fleet.id, TENANT)).balance).toBe(0);
    // In overdraft (as settlement leaves it): the reset brings it up to 0.
    const stored = (await fleets.getAny(fleet.id))!;
    await fleets.update(stored, { ...stored, balance: -12.3456 });
    expect((await resetFleet(fleet.id, TENANT)).balance).toBe(0);
    const records = await recordsOf(fleet.id);
    expect(records.map((r) => [r.operType, r.changeBalance])).toEqual([
      [FLEET_OPER_TYPE.topUp, 80],
      [FLEET_OPER_TYPE.clear, -80],
      [FLEET_OPER_TYPE.clear, 12.3456],
    ]);
  });

  it("refuses another company's fleet and changes nothing", async () => {
    const fleet = await createFleet({ ...fleetInput, balance: 5 }, TENANT);
    await expect(topUpFleet(fleet.id, 1, '/other-co/')).rejects.toThrow('server.notFound');
    await expect(resetFleet(fleet.id, '/other-co/')).rejects.toThrow('server.notFound');
    expect((await fleets.getAny(fleet.id))!.balance).toBe(5);
    expect(await recordsOf(fleet.id)).toHaveLength(1);
  });

  it('loses no update when top-ups and resets on one fleet run at once', async () => {
    const fleet = await createFleet({ ...fleetInput, balance: 1 }, TENANT);
    const operations = Array.from({ length: 20 }, (_, i) =>
      i % 5 === 4 ? resetFleet(fleet.id, TENANT) : topUpFleet(fleet.id, 1.0001 * (i + 1), TENANT),
    );
    const results = await Promise.allSettled(operations);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const records = await recordsOf(fleet.id);
    expect(records).toHaveLength(21);
    expect(records.filter((r) => r.operType === FLEET_OPER_TYPE.clear)).toHaveLength(4);
    const stored = (await fleets.getAny(fleet.id))!;
    expect(summed(records)).toBe(units(stored.balance));
    expect(stored.version).toBe(21);
    // The latest records, newest first, as many as asked.
    const latest = await fleetLedger.page(fleet.id, 0, 5);
    expect(latest).toHaveLength(5);
    const times = latest.map((r) => String(r.createTime));
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0]).toBe(
      records
        .map((r) => String((r as unknown as Row).createTime))
        .sort()
        .at(-1),
    );
  });
});
