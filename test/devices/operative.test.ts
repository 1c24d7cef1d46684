/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * The charge point's operative flag: stored from a ChangeAvailability of the pile the charger answered
 * Accepted or Scheduled (a refused one, or one for a connector, changes nothing) and from a StatusNotification
 * of connector 0 (Unavailable / Available); the list and the detail calls carry it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let cp: OcppClient;
const CP = 'DEMO-CP-002';

async function ok(path: string, body?: unknown) {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

const detail = async () => (await ok(`/biz/chargePoint/detail?id=${CP}`)).operative;
const listed = async () =>
  (await ok('/biz/chargePoint/list', { current: 1, size: 50 })).records.find((r: any) => r.id === CP)
    ?.operative;

/** The ChangeAvailability calls answered so far. */
const answered = new Set<string>();

/** A ChangeAvailability from the console, answered with `status`; waits for the command's end. */
async function changeAvailability(availType: number, status: string, connectorNo?: number) {
  const sent = await ok('/biz/command/send', {
    chargePointId: CP,
    command: 'changeAvailability',
    params: { availType },
    connectorNo,
  });
  const call = await cp.next(
    (f) => f[0] === 2 && f[2] === 'ChangeAvailability' && !answered.has(String(f[1])),
  );
  answered.add(String(call[1]));
  cp.send([3, call[1], { status }]);
  await waitFor(async () => {
    const list = await ok('/biz/command/list', { chargePointId: CP, current: 1, size: 50 });
    const row = list.records.find((r: any) => r.commandId === sent.commandId);
    return row && row.status === 'answered' ? row : undefined;
  });
  return call[3] as Record<string, unknown>;
}
/** The pile's flag once set: the command end's listener stores it after the command shows answered. */
const settled = (operative: boolean) =>
  waitFor(async () => (await detail()) === operative || undefined, 5_000, `operative ${operative}`);
const status = (connectorId: number, s: string) =>
  cp.call('StatusNotification', {
    connectorId,
    status: s,
    errorCode: 'NoError',
    timestamp: new Date().toISOString(),
  });

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  cp = await connectCharger(rt.url, CP, DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
}, 120_000);

afterAll(async () => {
  await cp?.close();
  await rt?.cleanup();
});

describe('the operative flag', () => {
  it('follows accepted availability changes of the pile, not refused ones or a connector', async () => {
    expect(await detail()).toBe(true);
    expect(await changeAvailability(0, 'Accepted')).toEqual({ connectorId: 0, type: 'Inoperative' });
    await settled(false);
    expect(await detail()).toBe(false);
    expect(await listed()).toBe(false);
    await changeAvailability(1, 'Rejected');
    expect(await detail()).toBe(false);
    await changeAvailability(1, 'Scheduled');
    await settled(true);
    expect(await detail()).toBe(true);
    expect(await listed()).toBe(true);
    // A connector's change is the connector's, not the pile's.
    expect(await changeAvailability(0, 'Accepted', 1)).toEqual({ connectorId: 1, type: 'Inoperative' });
    expect(await detail()).toBe(true);
  });

  it('follows the status of connector 0', async () => {
    await status(0, 'Unavailable');
    expect(await detail()).toBe(false);
    await status(1, 'Available');
    expect(await detail()).toBe(false);
    await status(0, 'Available');
    expect(await detail()).toBe(true);
  });
});
