/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Remote commands end to end against the project's simulator in both OCPP versions: sent from the API,
 * delivered over the charger's WebSocket, answered, the result in the results list; plus the rules: pile
 * offline at once, one pending command per connector, parameters checked, another company's charger unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSession } from '@functions/sessions/transactions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { commandClient, startChargers } from './harness.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let chargers = new Map<string, SimulatedCharger>();
const { send, run } = commandClient(() => ({ url: rt.url, token: operator }));

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  chargers = await startChargers(rt.url, [
    ['DEMO-CP-001', '1.6'],
    ['DEMO-CP-004', '2.0.1'],
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

describe.each(['DEMO-CP-001', 'DEMO-CP-004'])('commands to %s', (id) => {
  it('runs the pile and connector commands and records their answers', async () => {
    const version = id === 'DEMO-CP-001' ? 'ocpp1.6' : 'ocpp2.0.1';
    const expectations: [string, Record<string, unknown>, number | undefined][] = [
      ['changeAvailability', { availType: 1 }, 1],
      ['unlockConnector', {}, 2],
      ['clearCache', {}, undefined],
      ['getLocalListVersion', {}, undefined],
      ['triggerMessage', { requestedMessage: 'Heartbeat' }, undefined],
      ['dataTransfer', { vendorId: 'com.example', messageId: 'hello', data: 'x' }, undefined],
      [
        'changeConfiguration',
        {
          configKey: version === 'ocpp1.6' ? 'HeartbeatInterval' : 'OCPPCommCtrlr/HeartbeatInterval',
          configValue: '120',
        },
        undefined,
      ],
      [
        'getConfiguration',
        { configKeys: [version === 'ocpp1.6' ? 'HeartbeatInterval' : 'OCPPCommCtrlr/HeartbeatInterval'] },
        undefined,
      ],
      ['clearChargingProfile', {}, undefined],
      ['getCompositeSchedule', { duration: 3600 }, 1],
      ['reserveNow', { idTag: 'SIM-TAG-001', expiryDate: new Date(Date.now() + 3_600_000).toISOString() }, 2],
    ];
    for (const [command, params, connectorNo] of expectations) {
      const row = await run(id, command, params, connectorNo);
      expect(row.status, `${command}: ${JSON.stringify(row)}`).toBe('answered');
      expect(row.protocol).toBe(version);
      expect(row.result).toBeDefined();
    }
    const config = (
      await api(rt.url, operator, '/biz/command/list', { chargePointId: id, command: 'getConfiguration' })
    ).data.records[0];
    expect(JSON.stringify(config.result)).toContain('120');
  });

  it('starts a session remotely and stops it', async () => {
    const start = await run(id, 'remoteStart', { idTag: 'SIM-TAG-001' }, 1);
    expect(start.result.status).toBe('Accepted');
    await waitFor(async () => {
      const d = (await api(rt.url, operator, `/biz/chargePoint/detail?id=${id}`)).data;
      return d.connectorStates[0].state === 'charging' || undefined;
    });
    const stop = await run(id, 'remoteStop', {}, 1);
    expect(stop.result.status).toBe('Accepted');
    // The charger reports Finishing, then ends the session (StopTransaction / TransactionEvent Ended).
    await waitFor(async () => ((await activeSession(id, 1)) === undefined ? true : undefined));
    // No session left: a remote stop is refused before anything is sent.
    expect((await send({ chargePointId: id, command: 'remoteStop', connectorNo: 1 })).msg).toBe(
      'There is no charging session on this connector',
    );
  });

  it('resets the pile', async () => {
    const row = await run(id, 'reset', { resetType: 1 });
    expect(row.result.status).toMatch(/Accepted|Scheduled/);
  });
});

describe('command rules', () => {
  it('answers "pile offline" at once for a charger that is not connected, and records it', async () => {
    const sent = await send({ chargePointId: 'DEMO-CP-002', command: 'clearCache' });
    expect(sent.msg).toBe('Pile offline');
    const list = await api(rt.url, operator, '/biz/command/list', { chargePointId: 'DEMO-CP-002' });
    expect(list.data.records[0]).toMatchObject({ command: 'clearCache', status: 'offline' });
  });

  it('refuses a second command on a connector while the first is pending; the answer lets the next go', async () => {
    // A charger that reads commands but answers only when told to.
    const charger = await connectCharger(rt.url, 'DEMO-CP-002', DEMO_CHARGER_PASSWORD);
    try {
      const first = await send({ chargePointId: 'DEMO-CP-002', command: 'unlockConnector', connectorNo: 1 });
      expect(first.code).toBe(0);
      const call = await charger.next((f) => f[0] === 2 && f[2] === 'UnlockConnector');
      expect(call[3]).toEqual({ connectorId: 1 });
      const second = await send({ chargePointId: 'DEMO-CP-002', command: 'unlockConnector', connectorNo: 1 });
      expect(second.msg).toBe('Another command is still pending on this connector: wait for its result');
      // Another connector is free.
      expect(
        (await send({ chargePointId: 'DEMO-CP-002', command: 'unlockConnector', connectorNo: 2 })).code,
      ).toBe(0);
      charger.send([3, call[1], { status: 'Unlocked' }]);
      const answered = await waitFor(async () => {
        const list = await api(rt.url, operator, '/biz/command/list', { chargePointId: 'DEMO-CP-002' });
        const row = list.data.records.find((r: any) => r.commandId === first.data.commandId);
        return row?.status === 'answered' ? row : undefined;
      });
      expect(answered.result).toEqual({ status: 'Unlocked' });
      expect(
        (await send({ chargePointId: 'DEMO-CP-002', command: 'unlockConnector', connectorNo: 1 })).code,
      ).toBe(0);
    } finally {
      await charger.close();
    }
  });

  it('ends a command pending on a connection the charger has left, so the next goes on the new one', async () => {
    const PENDING = 'Another command is still pending on this connector: wait for its result';
    const unlock = () => send({ chargePointId: 'DEMO-CP-003', command: 'unlockConnector', connectorNo: 1 });
    const rowOf = async (commandId: string) =>
      (await api(rt.url, operator, '/biz/command/list', { chargePointId: 'DEMO-CP-003' })).data.records.find(
        (r: any) => r.commandId === commandId,
      );
    // Sent on the first connection, never answered there: the charger drops it and comes back.
    const gone = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD);
    const first = await unlock();
    expect(first.code).toBe(0);
    await gone.next((f) => f[0] === 2 && f[2] === 'UnlockConnector' && f[1] === first.data.commandId);
    await gone.close();
    const back = await connectCharger(rt.url, 'DEMO-CP-003', DEMO_CHARGER_PASSWORD);
    try {
      // The next command goes at once, on the new connection; the first ends, saying why.
      const second = await waitFor(async () => {
        const answer = await unlock();
        if (answer.code !== 0) expect(answer.msg).toBe(PENDING);
        return answer.code === 0 ? answer : undefined;
      });
      const call = await back.next(
        (f) => f[0] === 2 && f[2] === 'UnlockConnector' && f[1] === second.data.commandId,
      );
      const ended = await rowOf(first.data.commandId);
      expect(ended).toMatchObject({ status: 'failed', error: { code: 'ConnectionClosed' } });
      // One pending command per connector still holds on the connection the charger is on.
      expect((await unlock()).msg).toBe(PENDING);
      back.send([3, call[1], { status: 'Unlocked' }]);
      await waitFor(async () =>
        (await rowOf(second.data.commandId))?.status === 'answered' ? true : undefined,
      );
    } finally {
      await back.close();
    }
  });

  it('checks parameters, connectors, versions and ownership before anything is sent', async () => {
    const missing = await send({ chargePointId: 'DEMO-CP-004', command: 'unlockConnector' });
    expect(missing.data.connectorNo).toBe('Please select a connector of this charging pile first');
    const unknownConnector = await send({
      chargePointId: 'DEMO-CP-004',
      command: 'unlockConnector',
      connectorNo: 9,
    });
    expect(unknownConnector.status).toBe(400);
    const badParams = await send({
      chargePointId: 'DEMO-CP-004',
      command: 'reset',
      params: { resetType: 7 },
    });
    expect(badParams.status).toBe(400);
    const unknownCommand = await send({ chargePointId: 'DEMO-CP-004', command: 'selfDestruct' });
    expect(unknownCommand.data.command).toBe('Unknown command');
    const notIn16 = await send({ chargePointId: 'DEMO-CP-001', command: 'getBaseReport', params: {} });
    expect(notIn16.msg).toBe('This command does not exist in OCPP 1.6');
    const noKeys201 = await send({ chargePointId: 'DEMO-CP-004', command: 'getConfiguration', params: {} });
    expect(noKeys201.msg).toMatch(/^The command is not valid for this charger/);

    const admin = await login(rt.url, 'admin', 'Admin12345');
    const company = await api(rt.url, admin, '/admin/operator/add', {
      operatorName: 'Elsewhere',
      currency: 'EUR',
      contactMail: 'ops@elsewhere.example',
      subStatus: 2,
    });
    await api(rt.url, admin, '/admin/user/add', {
      username: 'elsewhere',
      password: await encrypt(rt.url, 'Else12345'),
      role: ['role-operator-admin'],
      agentId: company.data.id,
    });
    const other = await login(rt.url, 'elsewhere', 'Else12345');
    const foreign = await send({ chargePointId: 'DEMO-CP-004', command: 'clearCache' }, other);
    expect(foreign.code).not.toBe(0);
    expect(foreign.msg).not.toBe('Command issued successfully, please check the result');
    expect((await api(rt.url, other, '/biz/command/list', {})).data.total).toBe(0);
  });

  it('lists results over 7 days at most', async () => {
    const long = await api(rt.url, operator, '/biz/command/list', {
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-09T00:00:00Z',
    });
    expect(long.code).not.toBe(0);
  });

  it('answers a list filter of the wrong type with a 400 naming it', async () => {
    const list = (body: Record<string, unknown>) => api(rt.url, operator, '/biz/command/list', body);
    for (const [field, value] of [
      ['status', { $ne: 'x' }],
      ['chargePointId', ['DEMO-CP-001']],
      ['current', 'second'],
      ['startTime', 1_700_000_000_000],
      ['endTime', 'yesterday'],
    ] as const) {
      const answer = await list({ [field]: value });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.data ?? {}), field).toEqual([field]);
    }
    // What the list always took still works: numbers as text, a size above 100 read as 100, '' as no filter.
    const page = await list({ current: '1', size: '500', status: '', chargePointId: 'DEMO-CP-001' });
    expect(page.code).toBe(0);
    expect(page.data.size).toBe(100);
  });
});
