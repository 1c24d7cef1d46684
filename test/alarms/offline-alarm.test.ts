/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A charger's outages in the alarm list, and its health (docs/decisions/460-offline-alarm-and-charger-health.md),
 * against the local runtime over OCPP:
 * - a hard reset from the console (the simulator reboots: its connection drops and comes back) is one offline
 *   alarm in the alarm list, at the level of the company's `Offline` alarm template, mailed to the
 *   consignees bound to it, recovered when the charger is back;
 * - exactly one record per outage while sweeps, follow-ups and the reconnect race; a new outage is a new one;
 * - a grace period, when operations set one, holds the alarm back for the sweep;
 * - the charger page's call tells online or offline since when, last message, uptime and the open alarm;
 * - a kind the list does not know is refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerContext } from '@functions/chargepoints/charger.ts';
import { changeReactions } from '@functions/chargepoints/follow-ups.ts';
import { getLive } from '@functions/chargepoints/live.ts';
import { alarmOutage } from '@functions/chargepoints/outages.ts';
import { handler as sweep } from '@functions/ocpp/offline-sweep.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { commandClient } from '../commands/harness.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let simulated: SimulatedCharger | undefined;
const open: OcppClient[] = [];
const { run } = commandClient(() => ({ url: rt.url, token: operator }));

const ok = async (route: string, body?: unknown) => {
  const res = await api(rt.url, operator, route, body);
  expect(res.code, `${route}: ${res.msg}`).toBe(0);
  return res.data;
};
/** The charger's offline records in the alarm list (the list the console's /alarm shows). */
const outages = async (chargePointId: string) =>
  (await ok('/biz/alarm/list', { chargePointId, offlineFlag: 1, current: 1, size: 50 })).records as any[];
const detail = (id: string) => ok(`/biz/chargePoint/detail?id=${id}`);
const mails = () =>
  readdirSync(rt.smtp.mailDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(rt.smtp.mailDir, f), 'utf8'));

async function booted(id: string) {
  const cp = await connectCharger(rt.url, id, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
  open.push(cp);
  await cp.call('BootNotification', { chargePointVendor: 'Acme', chargePointModel: 'AC' });
  return cp;
}

async function offline(id: string) {
  await waitFor(async () => ((await getLive(id)).online ? undefined : true), 45_000, `${id} offline`);
  return (await getLive(id)).disconnectedAt!;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  delete process.env.OFFLINE_GRACE_SECONDS;
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  // The company's template for the code offline records carry, and an alarm mail bound to it.
  const template = await ok('/biz/alarmTemplate/add', { name: 'Charger offline', code: 'Offline', level: 2 });
  await ok('/biz/alarmMail/add', {
    name: 'Outages',
    consignees: 'noc@demo.example',
    templateId: template.id,
  });
  // The project's simulated charger; a reboot takes it 2 s, as a real one takes seconds (a connection dropped
  // and replaced before its close is seen is no outage: presence never shows it offline).
  simulated = new SimulatedCharger({
    url: rt.url.replace(/^http/, 'ws'),
    id: 'DEMO-CP-003',
    password: DEMO_CHARGER_PASSWORD,
    ocpp: '1.6',
    connectors: 2,
    timeScale: 200,
    rebootS: 400,
    reconnect: { minMs: 200, maxMs: 1000 },
  });
  await simulated.start();
  await simulated.whenBooted();
}, 180_000);

afterAll(async () => {
  delete process.env.OFFLINE_GRACE_SECONDS;
  await simulated?.stop();
  await Promise.all(open.map((c) => c.close()));
  await rt?.cleanup();
});

describe('a hard reset from the console', () => {
  it(
    'is one offline alarm in the alarm list, at the template level, mailed, recovered when the charger is back',
    { timeout: 240_000 },
    async () => {
      const id = 'DEMO-CP-003';
      expect(await outages(id)).toHaveLength(0);
      const bootBefore = (await detail(id)).boot.at;
      const reset = await run(id, 'reset', { resetType: 0 });
      expect(reset.result.status).toBe('Accepted');

      // The simulator reboots: its connection drops and is back within moments. Its outage is in the alarm
      // list all the same, and ends when it is back.
      const [record] = await waitFor(
        async () => {
          const found = await outages(id);
          return found[0]?.status === 'recovered' ? found : undefined;
        },
        90_000,
        'the recovered offline alarm',
      );
      expect(record).toMatchObject({
        code: 'Offline',
        offlineFlag: 1,
        recoverFlag: 1,
        level: 2,
        templateName: 'Charger offline',
        chargePointId: id,
        connectorId: 0,
      });
      // The 2 s its reboot took.
      expect(record.duration).toBeGreaterThanOrEqual(1);
      expect(record.duration).toBe(
        Math.round((Date.parse(record.endTime) - Date.parse(record.startTime)) / 1000),
      );
      // However often the sweep runs afterwards: still one.
      await Promise.all([sweep(), sweep()]);
      expect(await outages(id)).toHaveLength(1);

      // Mailed once to the consignees of the template's alarm mail.
      const mail = await waitFor(
        () => mails().find((m) => m.includes(`Charger offline on charger`) && m.includes(id)),
        45_000,
        'the offline alarm mail',
      );
      expect(mail).toMatch(/X-Envelope-To: .*noc@demo\.example/);
      expect(mail).toContain('Level: 2 (general fault)');

      // Back online after its boot: its health says so, its uptime counted from the new boot.
      const back = await waitFor(async () => {
        const d = await detail(id);
        return d.online && d.boot?.at > bootBefore ? d : undefined;
      });
      expect(back.health).toMatchObject({ online: true, neverConnected: false, upSince: back.boot.at });
      expect(back.health.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(back.health.offlineAlarm).toBeUndefined();
    },
  );
});

describe('one record per outage', () => {
  it(
    'whatever runs at once: sweeps, follow-ups, a reconnect; a new outage is a new record',
    { timeout: 180_000 },
    async () => {
      const id = 'DEMO-CP-002';
      const charger = (await chargerContext(id))!;
      let cp = await booted(id);
      await cp.close();
      const since = await offline(id);

      // Sweeps, the outage raised again and again, and the charger reconnecting, all at once.
      const [again] = await Promise.all([
        booted(id),
        sweep(),
        sweep(),
        ...[1, 2, 3].map(() => alarmOutage(id, charger, since)),
      ]);
      cp = again;
      const [first] = await waitFor(
        async () => {
          const found = await outages(id);
          return found.length && found.every((r) => r.status === 'recovered') ? found : undefined;
        },
        45_000,
        'the outage recovered',
      );
      expect(await outages(id)).toHaveLength(1);
      expect(first.startTime).toBe(since);
      expect(first.endTime >= since).toBe(true);

      // It goes again: a new outage, a new open record; the first stays as it was.
      await cp.close();
      const since2 = await offline(id);
      expect(since2 > since).toBe(true);
      await Promise.all([sweep(), alarmOutage(id, charger, since2), alarmOutage(id, charger, since2)]);
      const two = await waitFor(async () => {
        const found = await outages(id);
        return found.length === 2 ? found : undefined;
      });
      expect(two.map((r) => [r.startTime, r.status])).toEqual([
        [since2, 'open'],
        [since, 'recovered'],
      ]);
      expect(two[1]).toMatchObject({ id: first.id, endTime: first.endTime, version: first.version });

      // The charger page's call tells the outage and its alarm (decision 460).
      const d = await detail(id);
      expect(d.online).toBe(false);
      expect(d.health).toMatchObject({
        online: false,
        neverConnected: false,
        offlineSince: since2,
        offlineAlarm: { id: two[0].id, code: 'Offline', level: 2, startTime: since2 },
      });
      expect(d.health.offlineSeconds).toBeGreaterThanOrEqual(0);
      expect(d.health.uptimeSeconds).toBeUndefined();
      // Its last message is when its connection ended.
      expect(d.lastMessageAt).toBe(since2);
      expect(d.health.lastMessageAt).toBe(since2);

      await booted(id);
      await waitFor(async () =>
        (await outages(id)).every((r) => r.status === 'recovered') ? true : undefined,
      );
      expect(await outages(id)).toHaveLength(2);
    },
  );
});

describe('a grace period', () => {
  it('holds the alarm back when operations set one; the sweep raises it once the outage has lasted it', async () => {
    const id = 'DEMO-CP-001';
    const charger = (await chargerContext(id))!;
    process.env.OFFLINE_GRACE_SECONDS = '600';
    try {
      const cp = await booted(id);
      await cp.close();
      const since = await offline(id);
      // The going's reaction and the sweep within the grace period: no record.
      await changeReactions({ charger, at: new Date().toISOString(), wentSince: since });
      await sweep();
      expect(await outages(id)).toHaveLength(0);
      // Past it (here: the grace set to none), the sweep raises it.
      process.env.OFFLINE_GRACE_SECONDS = '0';
      await sweep();
      expect(await outages(id)).toMatchObject([{ startTime: since, status: 'open' }]);
    } finally {
      delete process.env.OFFLINE_GRACE_SECONDS;
    }
  });
});

describe('health and bad input', () => {
  it('tells a charger never connected, and raises no alarm for it', async () => {
    const d = await detail('DEMO-CP-005');
    expect(d.online).toBe(false);
    expect(d.health).toMatchObject({ online: false, neverConnected: true });
    expect(d.health.offlineAlarm).toBeUndefined();
    await sweep();
    expect(await outages('DEMO-CP-005')).toHaveLength(0);
  });

  it('lists both kinds without a kind, one with it, and refuses a kind it does not know', async () => {
    const all = await ok('/biz/alarm/list', { current: 1, size: 50 });
    const faults = await ok('/biz/alarm/list', { offlineFlag: 0, current: 1, size: 50 });
    const offlineOnes = await ok('/biz/alarm/list', { offlineFlag: '1', current: 1, size: 50 });
    expect(all.total).toBe(faults.total + offlineOnes.total);
    expect(offlineOnes.total).toBeGreaterThanOrEqual(4);
    expect(offlineOnes.records.every((r: any) => r.offlineFlag === 1)).toBe(true);
    expect((await ok('/biz/alarm/offlineList', { current: 1, size: 50 })).total).toBe(offlineOnes.total);
    for (const offlineFlag of [2, -1, 'x', 0.5]) {
      const res = await api(rt.url, operator, '/biz/alarm/list', { offlineFlag, current: 1, size: 10 });
      expect(res.status, String(offlineFlag)).toBe(400);
    }
    expect((await ok('/biz/alarm/list', { current: 1, size: 50 })).total).toBe(all.total);
  });
});
