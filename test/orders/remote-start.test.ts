/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * A failed remote start is one order (docs/decisions/140): a RemoteStartTransaction (1.6) the charger refuses
 * and a RequestStartTransaction (2.0.1) answered with a CALLERROR are orders with end flag 4 (start failure);
 * one that times out an order with end flag 3 (request timeout); each with no energy, billed nothing, started
 * remotely (start mode app), and exactly one however often its end is heard. An accepted one makes none; the
 * 1.6 session it starts records start mode app (a session started with a card, card).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCommand, markTimedOut } from '@functions/commands/store.ts';
import { remoteStartEnded } from '@functions/orders/remote-start.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
const open: OcppClient[] = [];

async function ok(path: string, body?: unknown) {
  const answer = await api(rt.url, operator, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** The orders of a remote start's command, through the console's list call. */
async function ordersOf(chargePointId: string, commandId: string) {
  const list = await ok('/biz/chargeOrder/list', { current: 1, size: 100, chargePointId });
  return list.records.filter((r: any) => r.transactionId === `RS${commandId}`);
}

/** Sends a remote start from the console and answers nothing yet: the charger's frame and the command id. */
async function remoteStart(charger: OcppClient, chargePointId: string, action: string, idTag: string) {
  const sent = await ok('/biz/command/send', {
    chargePointId,
    command: 'remoteStart',
    params: { idTag },
    connectorNo: 1,
  });
  const call = await charger.next(
    (f) => f[0] === 2 && f[2] === action && JSON.stringify(f[3]).includes(idTag),
  );
  return { call, commandId: String(sent.commandId) };
}

const ended = (commandId: string) =>
  waitFor(
    async () => {
      const c = await getCommand(commandId);
      return c && !['queued', 'sent'].includes(c.status) ? c : undefined;
    },
    15_000,
    `command ${commandId}`,
  );

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  for (const c of open) await c.close();
  await rt?.cleanup();
});

describe('a failed remote start', () => {
  it('refused by a 1.6 charger is one start-failure order, billed nothing; accepted it is none', async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(cp);
    const refused = await remoteStart(cp, 'DEMO-CP-002', 'RemoteStartTransaction', 'RS-TAG-1');
    cp.send([3, refused.call[1], { status: 'Rejected' }]);
    const [order] = await waitFor(async () => {
      const rows = await ordersOf('DEMO-CP-002', refused.commandId);
      return rows.length ? rows : undefined;
    });
    expect(order).toMatchObject({
      endFlag: 4,
      energyWh: 0,
      actualFee: expect.stringMatching(/^0\.0+$/),
      payFlag: 1,
      payType: 0,
      startMode: 1,
      idTag: 'RS-TAG-1',
      connectorNo: 1,
      protocol: 'ocpp1.6',
    });
    // Heard again, the same end writes nothing more.
    expect(await remoteStartEnded((await getCommand(refused.commandId))!)).toBe('exists');
    expect(await ordersOf('DEMO-CP-002', refused.commandId)).toHaveLength(1);

    const accepted = await remoteStart(cp, 'DEMO-CP-002', 'RemoteStartTransaction', 'RS-TAG-2');
    cp.send([3, accepted.call[1], { status: 'Accepted' }]);
    const command = await ended(accepted.commandId);
    expect(await remoteStartEnded(command)).toBe('none');
    expect(await ordersOf('DEMO-CP-002', accepted.commandId)).toHaveLength(0);
  });

  it('that times out is one request-timeout order', async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(cp);
    const silent = await remoteStart(cp, 'DEMO-CP-003', 'RemoteStartTransaction', 'RS-TAG-3');
    // The answer time-out's sweep moves it (functions/commands/timeout-sweep.ts); once only.
    await waitFor(async () => (await getCommand(silent.commandId))?.status === 'sent' || undefined);
    expect(await markTimedOut(silent.commandId)).toBe(true);
    expect(await markTimedOut(silent.commandId)).toBe(false);
    const rows = await ordersOf('DEMO-CP-003', silent.commandId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endFlag: 3, energyWh: 0, payFlag: 1, payType: 0, idTag: 'RS-TAG-3' });
  });

  it('refused by a 2.0.1 charger with an error is one start-failure order', async () => {
    const cs = await connectCharger(rt.url, 'DEMO-CP-004', DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
    open.push(cs);
    const refused = await remoteStart(cs, 'DEMO-CP-004', 'RequestStartTransaction', 'RS-TAG-4');
    cs.send([4, refused.call[1], 'InternalError', 'busy', {}]);
    const [order] = await waitFor(async () => {
      const rows = await ordersOf('DEMO-CP-004', refused.commandId);
      return rows.length ? rows : undefined;
    });
    expect(order).toMatchObject({ endFlag: 4, energyWh: 0, protocol: 'ocpp2.0.1', idTag: 'RS-TAG-4' });
    const detail = await ok(`/biz/chargeOrder/detail?id=${order.orderNo}`);
    expect(detail).toMatchObject({ endFlag: 4, payType: 0, curve: [] });
  });

  it('accepted by a 1.6 charger names the session it starts: start mode app, once', async () => {
    const cp = await connectCharger(rt.url, 'DEMO-CP-001', DEMO_CHARGER_PASSWORD, ['ocpp1.6']);
    open.push(cp);
    const accepted = await remoteStart(cp, 'DEMO-CP-001', 'RemoteStartTransaction', 'SIM-TAG-002');
    cp.send([3, accepted.call[1], { status: 'Accepted' }]);
    await ended(accepted.commandId);
    const session = async () => {
      const started = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: 'SIM-TAG-002',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as any[];
      const tx = started[2].transactionId;
      await cp.call('StopTransaction', {
        transactionId: tx,
        meterStop: 10,
        timestamp: new Date().toISOString(),
      });
      return waitFor(async () => {
        const list = await ok('/biz/chargeOrder/list', {
          current: 1,
          size: 100,
          chargePointId: 'DEMO-CP-001',
        });
        return list.records.find((r: any) => r.transactionId === String(tx));
      });
    };
    expect((await session()).startMode).toBe(1); // app: the remote start asked for it
    expect((await session()).startMode).toBe(2); // card: the mark names one session only
  });
});
