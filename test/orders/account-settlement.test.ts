/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Fleet-account and app-balance settlement against the real runtime: a fleet driver's or vehicle's
 * session is paid from the fleet account with the balances before and after and its fund record; the
 * overdraft boundary (exactly −overdraft pays, one cent more stays unpaid until a top-up and a reset); a
 * disabled fleet is not charged; the app balance pays what is not frozen; the idTag's account precedence; a
 * replayed stop bills once; orders settled concurrently on one fleet all debit exactly.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { newId } from '@functions/lib/records.ts';
import { appUserLedger, appUsers, createAppUser } from '@functions/accounts/app-users.ts';
import {
  addDriver,
  addVehicle,
  createFleet,
  drivers,
  findFleetAccount,
  FLEET_STATUS,
  fleetFundRecords,
  fleets,
  topUpFleet,
} from '@functions/accounts/fleets.ts';
import { fromUnits, toUnits } from '@functions/accounts/fleet-balance.ts';
import { orderKey } from '@functions/data/orders.ts';
import { fleetAlertPage } from '@functions/data/fleet-alerts.ts';
import { fleetOrderPage } from '@functions/data/fleet-orders.ts';
import { fleetDaysBetween, memberDaysBetween } from '@functions/data/fleet-rollups.ts';
import { FLEET_ALERT_TYPE } from '@shared/resources/fleet/members.ts';
import { handOver, orderOf as orderOfSession } from '@functions/orders/session-consumer.ts';
import { payment, resettleOrder, settleSession } from '@functions/orders/settlement.ts';
import { pricingFor } from '@functions/fees/tariffs.ts';
import type { Session } from '@functions/sessions/transactions.ts';
import { DEMO_AGENT_ID, DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { DEMO_APP_USER, DEMO_FLEET } from '@infra/local/seed/demo-accounts.ts';
import { DEMO_APP_DRIVERS, demoAppSessions } from '@infra/local/seed/demo-history.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;
let stationId: string;
const TENANT = `/${DEMO_AGENT_ID}/`;
const CP = 'DEMO-CP-001';

const db = () => dynamoDocument();
const payloadOf = (frame: unknown[]) => frame[2] as Record<string, any>;

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

const getOrder = async (orderNo: string) =>
  (await db().send(new GetCommand({ TableName: config.tableName('main'), Key: orderKey(orderNo) }))).Item;

/** The demo charger's orders are numbered by day, charger and transaction (session-consumer.ts). */
const orderNoOf = (day: string, tx: number | string) => `${day.replace(/-/g, '')}-${CP}-${tx}`;

let day = 0;
/**
 * A 1.6 session of `wh` on DEMO-CP-001 (flat 0.50 per kWh: 20 Wh is one cent) with `idTag`, its stop sent
 * twice (replayed); answers its order once written.
 */
async function charge(idTag: string, wh: number) {
  day++;
  const date = `2026-10-${String(day).padStart(2, '0')}`;
  const started = payloadOf(
    await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: `${date}T10:00:00.000Z`,
    }),
  );
  const tx = started.transactionId;
  const stop = { transactionId: tx, meterStop: wh, timestamp: `${date}T11:00:00.000Z`, reason: 'Local' };
  await cp.call('StopTransaction', stop);
  await cp.call('StopTransaction', stop);
  const orderNo = orderNoOf(date, tx);
  const order = await waitFor(() => getOrder(orderNo), 15_000, `order ${orderNo}`);
  return { order: order as Record<string, any>, tx: String(tx), status: started.idTagInfo.status };
}

const balanceOf = async (fleetId: string) => (await fleets.getAny(fleetId))!.balance;
const consumptions = async (fleetId: string) =>
  (await fleetFundRecords(fleetId)).filter((r) => r.operType === 3);

async function fleetWithTag(balance: number, overdraftAmount: number, status: number = FLEET_STATUS.enabled) {
  const fleet = await createFleet(
    {
      name: `Fleet ${newId().slice(0, 6)}`,
      balance,
      overdraftAmount,
      warnBalance: overdraftAmount + 1,
      status,
    },
    TENANT,
  );
  const idTag = `FT-${newId().slice(0, 10)}`;
  await addDriver({ fleetId: fleet.id, name: 'Driver', idTag }, TENANT);
  return { fleet, idTag };
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seedHistory: true });
  operator = await login(rt.url, 'operator', 'Operator12345');
  const flat = (
    await ok(operator, '/biz/chargingFee/add', {
      name: 'Flat for accounts',
      feeType: 1,
      unitPrice: '0.5',
      timeSharing: 0,
      periods: [],
    })
  ).id;
  const current = await ok(operator, `/biz/chargePoint/info?id=${CP}`);
  const {
    passwordHashSet: _p,
    createTime: _c,
    updateTime: _u,
    id: _i,
    stationName: _s,
    agentId: _a,
    ...fields
  } = current;
  await ok(operator, '/biz/chargePoint/update', {
    ...fields,
    id: CP,
    version: current.version,
    feeRuleId: flat,
  });
  stationId = current.stationId;
  cp = await connectCharger(rt.url, CP, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  // A seeded history start replays two months of sessions: minutes on a busy machine (docs/testing.md).
}, 600_000);

afterAll(async () => {
  await cp?.close();
  await rt?.cleanup();
});

describe('the demo accounts', () => {
  it("are seeded: the demo app's drivers with two months of sessions, each an order paid from the balance", async () => {
    const sessions = demoAppSessions();
    for (const driver of DEMO_APP_DRIVERS) {
      const user = (await appUsers.getAny(driver.id))!;
      expect(user).toMatchObject({ cardNo: driver.tag, tenant: TENANT, frozenAmount: 0 });
      const own = sessions.filter((s) => s.idTag === driver.tag);
      const ledger = await appUserLedger(driver.id);
      const paid = ledger.filter((e) => e.type === 'consume');
      // Every session of the driver became an order paid from the balance, and the balance is what is left.
      expect(paid).toHaveLength(own.length);
      const spent = paid.reduce((sum, e) => sum - toUnits(e.changeBalance), 0n);
      expect(toUnits(user.accountBalance)).toBe(toUnits(400) - spent);
    }
    // Emil stopped charging three weeks ago; Fatma began ten days ago.
    const last = (tag: string) =>
      sessions
        .filter((s) => s.idTag === tag)
        .map((s) => s.start)
        .sort()
        .at(-1)!;
    expect(Date.now() - Date.parse(last('APP-TAG-006'))).toBeGreaterThan(20 * 86_400_000);
    const first = sessions
      .filter((s) => s.idTag === 'APP-TAG-007')
      .map((s) => s.start)
      .sort()[0]!;
    expect(Date.now() - Date.parse(first)).toBeLessThan(11 * 86_400_000);
    expect(sessions.length).toBeGreaterThan(60);
  });

  it('are seeded: a fleet with a driver and a vehicle tag, an app user with a tag', async () => {
    const seeded = (await fleets.getAny(DEMO_FLEET.id))!;
    expect(seeded).toMatchObject({
      tenant: TENANT,
      overdraftAmount: DEMO_FLEET.overdraftAmount,
      status: FLEET_STATUS.enabled,
    });
    // Its history came through the real pipeline: six paid orders, each a consumption record, whose sum
    // is what the opening balance lost; the fleet was told of each start and stop.
    const orders = await fleetOrderPage(DEMO_FLEET.id, 0, 50);
    expect(orders).toHaveLength(6);
    expect(orders.every((o) => o.payFlag === 1 && o.fleetBalanceAfter! < o.fleetBalanceBefore!)).toBe(true);
    const spent = (await consumptions(DEMO_FLEET.id)).reduce((sum, r) => sum - toUnits(r.changeBalance), 0n);
    expect(spent).toBeGreaterThan(0n);
    expect(toUnits(seeded.balance)).toBe(toUnits(DEMO_FLEET.balance) - spent);
    const told = (await fleetAlertPage(DEMO_FLEET.id, 0, 50)).map((a) => a.type);
    expect(told.filter((t) => t === FLEET_ALERT_TYPE.driverStarted)).toHaveLength(3);
    expect(told.filter((t) => t === FLEET_ALERT_TYPE.vehicleStopped)).toHaveLength(3);
    expect((await drivers.getAny('demo-fleet-driver'))?.status).toBe(0);
    // Tags are found case-insensitively, like card numbers.
    expect((await findFleetAccount(TENANT, DEMO_FLEET.driverTag.toLowerCase()))?.fleet.id).toBe(
      DEMO_FLEET.id,
    );
    expect(await findFleetAccount(TENANT, DEMO_FLEET.vehicleTag)).toMatchObject({
      vehicleId: 'demo-fleet-vehicle',
    });
    expect(await appUsers.getAny(DEMO_APP_USER.id)).toMatchObject({
      accountBalance: DEMO_APP_USER.accountBalance,
      frozenAmount: DEMO_APP_USER.frozenAmount,
      cardNo: DEMO_APP_USER.tag,
    });
    // Chargers accept the fleet's and the app user's tags as theirs (no card carries them); the accounts pay.
    const fleetSession = await charge(DEMO_FLEET.driverTag, 2000); // 1.00
    expect(fleetSession.status).toBe('Accepted');
    expect(fleetSession.order).toMatchObject({
      payType: 3,
      payFlag: 1,
      fleetId: DEMO_FLEET.id,
      fleetBalanceBefore: seeded.balance,
      fleetBalanceAfter: fromUnits(toUnits(seeded.balance) - 10_000n),
    });
    const appSession = await charge(DEMO_APP_USER.tag, 2000);
    expect(appSession.status).toBe('Accepted');
    expect(appSession.order).toMatchObject({
      payType: 1,
      payFlag: 1,
      appUserId: DEMO_APP_USER.id,
      appBalanceBefore: 80,
      appBalanceAfter: 79,
    });
  });
});

describe('a fleet account', () => {
  it('pays a driver session with the balances before and after and one fund record, however replayed', async () => {
    const { fleet, idTag } = await fleetWithTag(10, 5);
    const { order, tx, status } = await charge(idTag, 4000); // 4 kWh × 0.50 = 2.00
    // The driver's tag is no card: the charger accepts it as the fleet's.
    expect(status).toBe('Accepted');
    expect(order).toMatchObject({
      actualFee: '2.00',
      payType: 3,
      payFlag: 1,
      fleetId: fleet.id,
      fleetName: fleet.name,
      fleetBalanceBefore: 10,
      fleetBalanceAfter: 8,
    });
    expect(order.fleetDriverId).toBeTruthy();
    expect(order.unpaidReason).toBeUndefined();
    // The order page's call carries who paid: the fleet, its driver and the balances around the debit.
    expect(await ok(operator, `/biz/chargeOrder/detail?id=${order.orderNo}`)).toMatchObject({
      payType: 3,
      fleetId: fleet.id,
      fleetName: fleet.name,
      fleetDriverId: order.fleetDriverId,
      fleetBalanceBefore: 10,
      fleetBalanceAfter: 8,
    });
    expect(await balanceOf(fleet.id)).toBe(8);
    const records = await fleetFundRecords(fleet.id);
    expect(records.map((r) => r.operType)).toEqual([2, 3]); // the opening top-up, the consumption
    expect(records[1]).toMatchObject({
      orderNo: order.orderNo,
      beforeBalance: 10,
      afterBalance: 8,
      changeBalance: -2,
    });

    // Replayed again: the hand-off, the reset: nothing is billed twice.
    expect(await handOver(CP, tx)).toBe('exists');
    expect(await resettleOrder(order.orderNo)).toBe('already');
    expect(await balanceOf(fleet.id)).toBe(8);
    expect(await consumptions(fleet.id)).toHaveLength(1);
  });

  it('pays a vehicle session', async () => {
    const fleet = await createFleet({ name: 'Vans', balance: 3, overdraftAmount: 0, warnBalance: 1 }, TENANT);
    const vehicle = await addVehicle(
      { fleetId: fleet.id, name: 'Van', vin: 'VIN1', idTag: 'VAN-TAG-9' },
      TENANT,
    );
    const { order } = await charge('van-tag-9', 1000);
    expect(order).toMatchObject({
      payType: 3,
      payFlag: 1,
      fleetVehicleId: vehicle.id,
      fleetBalanceBefore: 3,
      fleetBalanceAfter: 2.5,
    });
  });

  it('pays down to exactly −overdraft; one cent more stays unpaid until a top-up and a reset', async () => {
    const exact = await fleetWithTag(1, 2);
    const { order: paid } = await charge(exact.idTag, 6000); // 3.00: 1 − 3 = −2 = −overdraft
    expect(paid).toMatchObject({ payFlag: 1, payType: 3, fleetBalanceBefore: 1, fleetBalanceAfter: -2 });
    expect(await balanceOf(exact.fleet.id)).toBe(-2);

    const over = await fleetWithTag(1, 2);
    const { order: unpaid } = await charge(over.idTag, 6020); // 3.01: one cent past the overdraft
    expect(unpaid).toMatchObject({ actualFee: '3.01', payFlag: 0, payType: 3, unpaidReason: 'balance' });
    expect(unpaid.fleetBalanceBefore).toBeUndefined();
    expect(await ok(operator, `/biz/chargeOrder/detail?id=${unpaid.orderNo}`)).toMatchObject({
      payFlag: 0,
      unpaidReason: 'balance',
    });
    expect(await balanceOf(over.fleet.id)).toBe(1);
    expect(await consumptions(over.fleet.id)).toHaveLength(0);

    expect(await resettleOrder(unpaid.orderNo)).toBe('unpaid');
    await topUpFleet(over.fleet.id, 0.01);
    expect(await resettleOrder(unpaid.orderNo)).toBe('settled');
    expect(await resettleOrder(unpaid.orderNo)).toBe('already');
    expect(await getOrder(unpaid.orderNo)).toMatchObject({
      payFlag: 1,
      payType: 3,
      fleetId: over.fleet.id,
      fleetBalanceBefore: 1.01,
      fleetBalanceAfter: -2,
    });
    expect(await balanceOf(over.fleet.id)).toBe(-2);
    expect(await consumptions(over.fleet.id)).toHaveLength(1);
  });

  it('does not charge a disabled fleet', async () => {
    const { fleet, idTag } = await fleetWithTag(100, 10, FLEET_STATUS.disabled);
    const { order, status } = await charge(idTag, 2000);
    // The charger is told the tag is blocked; a session it records anyway is a start failure that bills
    // nothing (docs/decisions/044), now or after the fleet is enabled again.
    expect(status).toBe('Blocked');
    expect(order).toMatchObject({ endFlag: 4, energyWh: 0, actualFee: '0.00', payFlag: 1, payType: 0 });
    expect(order.fleetId).toBeUndefined();
    expect(await balanceOf(fleet.id)).toBe(100);
    expect(await consumptions(fleet.id)).toHaveLength(0);
  });

  it('debits orders settled concurrently exactly (no lost update), and a session settled twice once', async () => {
    const { fleet, idTag } = await fleetWithTag(100, 0);
    const pricing = await pricingFor(CP, 2);
    const session = (n: number, wh: number): Session => ({
      chargePointId: CP,
      transactionId: `conc-${newId()}-${n}`,
      connectorNo: 2,
      protocol: 'ocpp1.6',
      tenant: TENANT,
      agentId: DEMO_AGENT_ID,
      stationId,
      idTag,
      startMode: 2,
      startTime: '2026-09-01T10:00:00.000Z',
      endTime: '2026-09-01T11:00:00.000Z',
      meterStartWh: 0,
      meterStopWh: wh,
      energyWh: wh,
      durationSeconds: 3600,
      status: 'completed',
      stopReason: 'Local',
      pricing,
    });
    // 1.00, 2.00, 3.00 and 4.00 at the same moment, the last one twice.
    const sessions = [1, 2, 3, 4].map((n) => session(n, n * 2000));
    const settle = (s: Session) => {
      const base = Object.fromEntries(Object.entries(orderOfSession(s)).filter(([, v]) => v !== undefined));
      return settleSession(s, base);
    };
    const outcomes = await Promise.all([...sessions.map(settle), settle(sessions[3]!)]);
    expect(outcomes.sort()).toEqual(['created', 'created', 'created', 'created', 'exists']);

    expect(await balanceOf(fleet.id)).toBe(90);
    const records = await consumptions(fleet.id);
    expect(records).toHaveLength(4);
    // The debits chain: each one starts from the balance the previous one left.
    const chain = records
      .map((r) => [r.beforeBalance, r.afterBalance])
      .sort((a, b) => Number(b[0]) - Number(a[0]));
    for (let i = 1; i < chain.length; i++) expect(chain[i]![0]).toBe(chain[i - 1]![1]);
    expect(chain[0]![0]).toBe(100);
    expect(chain.at(-1)![1]).toBe(90);
    for (const s of sessions) {
      const order = await getOrder(orderOfSession(s).orderNo);
      expect(order).toMatchObject({ payFlag: 1, payType: 3 });
      expect(Number(order!.fleetBalanceBefore) - Number(order!.fleetBalanceAfter)).toBeCloseTo(
        Number(order!.actualFee),
        6,
      );
    }
  });
});

describe("a fleet's alerts and its members' status", () => {
  const alerts = async (fleetId: string) =>
    (await fleetAlertPage(fleetId, 0, 50)).map((a) => [a.type, a.readFlag]).reverse();

  it('marks a driver charging at the start and parked after its order, and tells the fleet each step', async () => {
    // Balance 2.00, warning at 1.50 (overdraft 0.50): one 1.00 session crosses the warning, the next zero.
    const fleet = await createFleet(
      { name: `Alerting ${newId().slice(0, 6)}`, balance: 2, overdraftAmount: 0.5, warnBalance: 1.5 },
      TENANT,
    );
    const idTag = `AL-${newId().slice(0, 10)}`;
    const driver = await addDriver(
      { fleetId: fleet.id, name: 'Alert driver', email: 'al@x.example', idTag },
      TENANT,
    );
    day++;
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    const started = payloadOf(
      await cp.call('StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: 0,
        timestamp: `${date}T10:00:00Z`,
      }),
    );
    // Charging, and told so (the status is set first, then the alert), before the stop.
    await waitFor(
      async () =>
        (await drivers.getAny(driver.id))?.status === 1 && (await alerts(fleet.id)).length === 1
          ? true
          : undefined,
      10_000,
      'charging',
    );
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 2000,
      timestamp: `${date}T11:00:00Z`,
      reason: 'Local',
    });
    // Parked again, and the fleet told what the payment did (the alerts follow the status).
    await waitFor(
      async () =>
        (await drivers.getAny(driver.id))?.status === 0 && (await alerts(fleet.id)).length === 3
          ? true
          : undefined,
      15_000,
      'parked',
    );
    const T = FLEET_ALERT_TYPE;
    expect(await alerts(fleet.id)).toEqual([
      [T.driverStarted, 0],
      [T.driverStopped, 0],
      [T.balanceWarning, 0],
    ]);
    await charge(idTag, 2000); // 1.00 → 0.00: not below zero yet
    const third = await charge(idTag, 2000); // 0.00 → −1.00 is past the overdraft: unpaid
    expect(third.order.payFlag).toBe(0);
    await topUpFleet(fleet.id, 0.2);
    await charge(idTag, 600); // 0.20 → −0.10: into the overdraft
    // Each of the four sessions started and stopped, and two payments told something: 11 alerts once written.
    await waitFor(async () => ((await alerts(fleet.id)).length === 11 ? true : undefined), 15_000, 'alerts');
    const types = (await alerts(fleet.id)).map(([type]) => type);
    expect(types.filter((t) => t === T.orderStopped)).toHaveLength(1);
    expect(types.filter((t) => t === T.balanceLow)).toHaveLength(1);
    expect(types.filter((t) => t === T.balanceWarning)).toHaveLength(1);
    expect((await drivers.getAny(driver.id))?.status).toBe(0);

    // The fleet's orders, newest first, say what each order says; paying the unpaid one later updates it.
    const orderNos = async () =>
      (await fleetOrderPage(fleet.id, 0, 10)).map((o) => [
        o.payFlag,
        o.fleetBalanceBefore,
        o.fleetBalanceAfter,
      ]);
    expect(await orderNos()).toEqual([
      [1, 0.2, -0.1],
      [0, undefined, undefined],
      [1, 1, 0],
      [1, 2, 1],
    ]);
    await topUpFleet(fleet.id, 5);
    expect(await resettleOrder(String(third.order.orderNo))).toBe('settled');
    expect((await orderNos())[1]).toEqual([1, 4.9, 3.9]);

    // The fleet's rollups hold each order once, paid or not: 4 sessions, 6.6 kWh, 3.30 in ten-thousandths.
    const month = ['2026-09-01', '2026-12-31'] as const;
    const sums = (days: { energyWh: number; costUnits: number; sessions: number }[]) =>
      days.reduce((t, d) => [t[0]! + d.sessions, t[1]! + d.energyWh, t[2]! + d.costUnits], [0, 0, 0]);
    expect(sums(await fleetDaysBetween(fleet.id, ...month))).toEqual([4, 6600, 33_000]);
    expect(sums(await memberDaysBetween(driver.id, ...month))).toEqual([4, 6600, 33_000]);
  });
});

describe("a fleet member's session the charger suspends or loses power on", () => {
  it('raises "order paused" once per suspension and "order stopped: power lost" at the end', async () => {
    const fleet = await createFleet(
      { name: `Power ${newId().slice(0, 6)}`, balance: 50, overdraftAmount: 0, warnBalance: 1 },
      TENANT,
    );
    const idTag = `PW-${newId().slice(0, 10)}`;
    await addVehicle(
      {
        fleetId: fleet.id,
        name: 'Van 7',
        vin: `WVWZZZ1JZ${newId()
          .replace(/[^0-9]/g, '0')
          .slice(0, 8)}`,
        idTag,
      },
      TENANT,
    );
    day++;
    const date = `2026-10-${String(day).padStart(2, '0')}`;
    const started = payloadOf(
      await cp.call('StartTransaction', {
        connectorId: 1,
        idTag,
        meterStart: 0,
        timestamp: `${date}T10:00:00Z`,
      }),
    );
    const typesOf = async () => (await fleetAlertPage(fleet.id, 0, 50)).map((a) => a).reverse();
    await waitFor(async () => ((await typesOf()).length === 1 ? true : undefined), 10_000, 'started');
    const status = (status: string, minute: number) =>
      cp.call('StatusNotification', {
        connectorId: 1,
        status,
        errorCode: 'NoError',
        timestamp: `${date}T10:${String(minute).padStart(2, '0')}:00Z`,
      });
    // Suspended, reported twice, resumed, suspended again: two pauses told.
    await status('SuspendedEVSE', 10);
    await status('SuspendedEVSE', 11);
    await status('Charging', 20);
    await status('SuspendedEVSE', 30);
    await status('SuspendedEV', 31); // the car pausing is not the charger's want of power
    await cp.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 1000,
      timestamp: `${date}T11:00:00Z`,
      reason: 'PowerLoss',
    });
    const T = FLEET_ALERT_TYPE;
    await waitFor(async () => ((await typesOf()).length === 5 ? true : undefined), 15_000, 'the alerts');
    const all = await typesOf();
    expect(all.map((a) => a.type)).toEqual([
      T.vehicleStarted,
      T.orderPaused,
      T.orderPaused,
      T.vehicleStopped,
      T.orderStopped,
    ]);
    expect(all[1]!.values).toEqual({ name: 'Van 7', chargePointId: CP });
    expect(all[4]!.values).toMatchObject({ cause: 'power' });
    // Paid all the same: the power loss is not the fleet's money.
    const order = await waitFor(() => getOrder(orderNoOf(date, started.transactionId)), 10_000, 'the order');
    expect(order!.payFlag).toBe(1);
  });
});

describe('an app balance', () => {
  it('pays what is not frozen, once, and leaves the order unpaid when that does not cover the fee', async () => {
    const user = await createAppUser(
      { userName: 'Rider', cardNo: 'APP-RIDER-1', accountBalance: 10, frozenAmount: 7 },
      TENANT,
    );
    const { order } = await charge('APP-RIDER-1', 6000); // 3.00 = 10 − 7 available
    expect(order).toMatchObject({
      payType: 1,
      payFlag: 1,
      appUserId: user.id,
      appBalanceBefore: 10,
      appBalanceAfter: 7,
    });
    expect(await ok(operator, `/biz/chargeOrder/detail?id=${order.orderNo}`)).toMatchObject({
      appUserId: user.id,
      appBalanceBefore: 10,
      appBalanceAfter: 7,
    });
    expect(await resettleOrder(order.orderNo)).toBe('already');
    expect((await appUsers.getAny(user.id))!.accountBalance).toBe(7);
    const ledger = await appUserLedger(user.id);
    expect(ledger.map((e) => e.type)).toEqual(['recharge', 'consume']);
    expect(ledger[1]).toMatchObject({
      orderNo: order.orderNo,
      beforeBalance: 10,
      afterBalance: 7,
      changeBalance: -3,
    });

    const { order: unpaid } = await charge('APP-RIDER-1', 20); // 0.01, nothing left beyond the frozen 7
    expect(unpaid).toMatchObject({ payType: 1, payFlag: 0, unpaidReason: 'balance', appUserId: user.id });
    expect((await appUsers.getAny(user.id))!.accountBalance).toBe(7);
    expect(await appUserLedger(user.id)).toHaveLength(2);
  });
});

describe('the account an idTag charges', () => {
  it('is the fleet before the app balance before the card (a tag older data holds twice); no account leaves the order unpaid', async () => {
    await ok(operator, '/biz/card/add', {
      cardSn: 'SHARED-TAG-1',
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      balance: 50,
    });
    const order = { orderNo: 'probe-3', currency: 'USD', actualMinor: 100n };
    const at = new Date().toISOString();
    expect((await payment(TENANT, 'SHARED-TAG-1', order, at)).payType).toBe(4);
    // One payer per tag (decision 432): no new app user or driver may take the card's number...
    await expect(
      createAppUser({ userName: 'Card holder', cardNo: 'SHARED-TAG-1', accountBalance: 5 }, TENANT),
    ).rejects.toThrow('server.tagHeld');
    const fleet = await createFleet(
      { name: 'Shared', balance: 5, overdraftAmount: 0, warnBalance: 1 },
      TENANT,
    );
    await expect(
      addDriver({ fleetId: fleet.id, name: 'Holder', idTag: 'SHARED-TAG-1' }, TENANT),
    ).rejects.toThrow('server.tagHeld');
    // ...but data written before the rule may hold a tag twice (bulk loads take no guard's condition): the
    // precedence decides, as it does between the payers of a company and of one above it.
    await appUsers.bulkLoad(
      [
        {
          id: 'shared-app-user',
          tenant: TENANT,
          userName: 'Card holder',
          cardNo: 'SHARED-TAG-1',
          accountBalance: 5,
          frozenAmount: 0,
          lockFlag: 0,
        },
      ],
      TENANT,
    );
    expect((await payment(TENANT, 'SHARED-TAG-1', order, at)).payType).toBe(1);
    await drivers.bulkLoad(
      [
        {
          id: 'shared-driver',
          tenant: TENANT,
          fleetId: fleet.id,
          name: 'Holder',
          idTag: 'SHARED-TAG-1',
          status: 0,
        },
      ],
      TENANT,
    );
    expect((await payment(TENANT, 'SHARED-TAG-1', order, at)).payType).toBe(3);
    // A disabled fleet leaves the order unpaid: the driver's own app balance or card is not charged instead.
    await fleets.update(fleet, { ...fleet, status: FLEET_STATUS.disabled });
    expect(await payment(TENANT, 'SHARED-TAG-1', order, at)).toMatchObject({
      payType: 3,
      payFlag: 0,
      unpaidReason: 'disabled',
      writes: [],
    });
    expect(await payment(TENANT, 'NOBODY-TAG', order, at)).toMatchObject({
      payFlag: 0,
      unpaidReason: 'noAccount',
    });
  });
});
