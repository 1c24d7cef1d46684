/**
 * The order page's call names who paid (docs/decisions/452-no-raw-values-in-the-console.md): the paying fleet
 * driver, vehicle and app user by their current names beside their ids (additive: the ids stay), and whether
 * the paying account is in the caller's scope (the console links to its pages only then); an app user of the
 * platform's app paying at a company's charger is named but not the company's to open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@functions/lib/records.ts';
import { createAppUser, appUsers } from '@functions/accounts/app-users.ts';
import { addDriver, addVehicle, createFleet, drivers } from '@functions/accounts/fleets.ts';
import { chargerContext, type ChargerContext } from '@functions/chargepoints/charger.ts';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { recordSession } from '../helpers/orders.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let charger: ChargerContext;
const TENANT = `/${DEMO_AGENT_ID}/`;
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const ok = async (route: string) => {
  const res = await api(rt.url, operator, route);
  expect(res.code, `${route}: ${res.msg}`).toBe(0);
  return res.data;
};

let n = 0;
/** A half-hour session of 5 kWh with the tag on the demo charger (its station's tariff prices it). */
const charge = (idTag: string) =>
  recordSession(charger, {
    tx: `PAYER-${++n}-${newId().slice(0, 6)}`,
    connectorNo: 1,
    idTag,
    start: ago(2 + n),
    minutes: 30,
    wh: 5000,
  });

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'demo' });
  operator = await login(rt.url, 'operator', 'Operator12345');
  charger = (await chargerContext('DEMO-CP-002'))!;
}, 600_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe("the order detail's payer", () => {
  it('names the fleet driver and the vehicle by their current names, the fleet in scope', async () => {
    const fleet = await createFleet(
      { name: `Payer fleet ${newId().slice(0, 4)}`, balance: 100, overdraftAmount: 0, warnBalance: 1 },
      TENANT,
    );
    const driver = await addDriver(
      { fleetId: fleet.id, name: 'Ada Driver', idTag: `PD-${newId().slice(0, 8)}` },
      TENANT,
    );
    const vehicle = await addVehicle(
      { fleetId: fleet.id, name: 'Van 7', idTag: `PV-${newId().slice(0, 8)}` },
      TENANT,
    );
    const byDriver = await ok(`/biz/chargeOrder/detail?id=${await charge(driver.idTag)}`);
    expect(byDriver).toMatchObject({
      fleetId: fleet.id,
      fleetDriverId: driver.id,
      fleetDriverName: 'Ada Driver',
      payerVisible: true,
    });
    expect(byDriver.appUserName).toBeUndefined();
    const byVehicle = await ok(`/biz/chargeOrder/detail?id=${await charge(vehicle.idTag)}`);
    expect(byVehicle).toMatchObject({ fleetVehicleId: vehicle.id, fleetVehicleName: 'Van 7' });

    // The name is read now: a renamed driver reads by the new name on the same order.
    const stored = (await drivers.getAny(driver.id))!;
    await drivers.update(stored, { ...stored, name: 'Ada Lovelace' });
    expect(await ok(`/biz/chargeOrder/detail?id=${byDriver.orderNo}`)).toMatchObject({
      fleetDriverId: driver.id,
      fleetDriverName: 'Ada Lovelace',
    });
  });

  it("names the paying app user; one of the platform's app is named but not in the company's scope", async () => {
    const own = await createAppUser(
      { userName: 'Grace App', cardNo: `PA-${newId().slice(0, 8)}`, accountBalance: 100 },
      TENANT,
    );
    const order = await ok(`/biz/chargeOrder/detail?id=${await charge(own.cardNo!)}`);
    expect(order).toMatchObject({ appUserId: own.id, appUserName: 'Grace App', payerVisible: true });
    expect(order.fleetDriverName).toBeUndefined();

    const platform = await createAppUser(
      { userName: 'Platform App', cardNo: `PP-${newId().slice(0, 8)}`, accountBalance: 100 },
      '/',
    );
    expect(await appUsers.get(TENANT, platform.id)).toBeUndefined();
    const elsewhere = await ok(`/biz/chargeOrder/detail?id=${await charge(platform.cardNo!)}`);
    expect(elsewhere).toMatchObject({
      appUserId: platform.id,
      appUserName: 'Platform App',
      payerVisible: false,
    });
  });

  it('leaves an order no account paid as it was', async () => {
    const order = await ok(`/biz/chargeOrder/detail?id=${await charge(`NOBODY-${newId().slice(0, 6)}`)}`);
    expect(order.appUserName).toBeUndefined();
    expect(order.fleetDriverName).toBeUndefined();
    expect(order.payerVisible).toBeUndefined();
    expect(order.curve.length).toBeGreaterThan(0);
  });
});
