/**
 * The live monitor's tile actions (codes 1102-1107) against the runtime with simulated chargers:
 * live data and meter records of a connector's session, stop charging and unlock through the command
 * pipeline (read back by the monitor with their answers), stop reservation cancelling the connector's
 * reservation order, the tile's details; each refused 403 without its own code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_ID } from '@infra/local/seed/demo-chargers.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { MONITOR_ACTIONS, monitorActionPath } from '@shared/schemas/monitor.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { commandClient, startChargers } from '../commands/harness.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let watcher: string;
let stopper: string;
let chargers = new Map<string, SimulatedCharger>();
const { run } = commandClient(() => ({ url: rt.url, token: operator }));

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** A user of the demo company whose role holds only these codes. */
async function userWith(name: string, menuIds: string[]) {
  const role = await ok(operator, '/admin/role/add', {
    roleName: name,
    roleCode: name.toUpperCase().replace(/-/g, '_'),
    roleFlag: 1,
    menuIds,
  });
  await ok(operator, '/admin/user/add', {
    username: name,
    password: await encrypt(rt.url, 'Secret12345'),
    role: [role.roleId],
    agentId: DEMO_AGENT_ID,
  });
  return login(rt.url, name, 'Secret12345');
}

/** A monitor command read back until it ends. */
const ended = (token: string, commandId: string) =>
  waitFor(
    async () => {
      const r = await api(rt.url, token, `/biz/monitor/command?id=${commandId}`);
      return r.code === 0 && !['queued', 'sent'].includes(r.data.status) ? r.data : undefined;
    },
    15_000,
    `command ${commandId}`,
  );

/** Turns reservations on at every station with a reservation fee and a fee rule. */
async function enableReservations() {
  const fee = await ok(operator, '/biz/reserveFee/add', { name: 'Monitor hold', price: '0.60' });
  const flat = await ok(operator, '/biz/chargingFee/add', {
    name: 'Monitor flat',
    feeType: 1,
    unitPrice: '0.5',
    timeSharing: 0,
    periods: [],
  });
  for (const s of (await ok(operator, '/biz/station/list', { current: 1, size: 50 })).records) {
    const current = await ok(operator, `/biz/station/info?id=${s.id}`);
    const { createTime: _c, updateTime: _u, id: _i, agentId: _a, ...fields } = current;
    const body: Record<string, unknown> = {
      ...fields,
      id: s.id,
      reserveFlag: true,
      reserveFeeId: fee.id,
      feeSetMode: 1,
      feeRuleId: flat.id,
    };
    for (const k of Object.keys(body))
      if (k.endsWith('Set') || k === 'tenant' || k === 'version') delete body[k];
    await ok(operator, '/biz/station/update', { ...body, version: current.version });
  }
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  watcher = await userWith('monitor-watcher', ['1000', '1101']);
  stopper = await userWith('monitor-stopper', ['1000', '1100', '1101', '1102']);
  await enableReservations();
  chargers = await startChargers(rt.url, [
    ['DEMO-CP-001', '1.6'],
    ['DEMO-CP-004', '2.0.1'],
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
  delete process.env.AUTH_CAPTCHA;
});

describe('monitor actions', () => {
  it('refuses each action 403 without its own code, in the caller language, and sends nothing', async () => {
    for (const action of MONITOR_ACTIONS) {
      const res = await api(
        rt.url,
        watcher,
        monitorActionPath(action),
        { chargePointId: 'DEMO-CP-001', connectorNo: 1 },
        { language: 'de-de' },
      );
      expect(res.status, action).toBe(403);
      expect(res.msg).toBe('Für diese Aktion fehlt Ihnen die Berechtigung');
    }
    const sent = await ok(operator, '/biz/command/list', { chargePointId: 'DEMO-CP-001' });
    expect(sent.records).toHaveLength(0);
    // The overview itself stays open to the monitor's code.
    expect((await api(rt.url, watcher, '/biz/monitor/overview', {})).code).toBe(0);
  });

  it('refuses a connector the pile does not have and a charger of no one in scope', async () => {
    const bad = await api(rt.url, operator, '/biz/monitor/liveData', {
      chargePointId: 'DEMO-CP-001',
      connectorNo: 9,
    });
    expect(bad.code).not.toBe(0);
    expect(bad.data).toMatchObject({ connectorNo: expect.any(String) });
    const none = await api(rt.url, operator, '/biz/monitor/detail', {
      chargePointId: 'NO-SUCH-CP',
      connectorNo: 1,
    });
    expect(none.code).not.toBe(0);
  });

  it.each(['DEMO-CP-001', 'DEMO-CP-004'])(
    '%s: live data and meter records of the session, then stop charging with its answer',
    async (id) => {
      const idle = await ok(operator, '/biz/monitor/liveData', { chargePointId: id, connectorNo: 1 });
      expect(idle.session).toBeNull();
      const start = await run(id, 'remoteStart', { idTag: 'SIM-TAG-001' }, 1);
      expect(start.result.status).toBe('Accepted');
      const live = await waitFor(
        async () => {
          const d = await ok(operator, '/biz/monitor/liveData', { chargePointId: id, connectorNo: 1 });
          return d.session && d.session.energyWh > 0 ? d : undefined;
        },
        20_000,
        'live figures',
      );
      expect(live.session).toMatchObject({
        transactionId: expect.any(String),
        orderNo: expect.any(String),
        idTag: 'SIM-TAG-001',
      });
      const meter = await waitFor(
        async () => {
          const d = await ok(operator, '/biz/monitor/meterRecords', { chargePointId: id, connectorNo: 1 });
          return d.records.length > 0 ? d : undefined;
        },
        20_000,
        'meter records',
      );
      expect(meter.session.transactionId).toBe(live.session.transactionId);
      expect(meter.records[0]).toMatchObject({ at: expect.any(String), energyWh: expect.any(Number) });

      const detail = await ok(operator, '/biz/monitor/detail', { chargePointId: id, connectorNo: 1 });
      expect(detail).toMatchObject({ chargePointId: id, online: true, connector: { connectorNo: 1 } });
      expect(detail.session.transactionId).toBe(live.session.transactionId);

      // A user holding 1102 (and not the command screen's codes) stops it and reads the answer.
      const sent = await ok(stopper, '/biz/monitor/stopCharging', { chargePointId: id, connectorNo: 1 });
      expect(sent).toMatchObject({ command: 'remoteStop', status: 'queued' });
      const answer = await ended(stopper, sent.commandId);
      expect(answer).toMatchObject({ status: 'answered', result: { status: 'Accepted' } });
      await waitFor(
        async () => {
          const d = await ok(operator, '/biz/monitor/liveData', { chargePointId: id, connectorNo: 1 });
          return d.session === null || undefined;
        },
        20_000,
        'session stopped',
      );
      // Nothing charging: stop is refused with the command pipeline's text.
      const again = await api(rt.url, stopper, '/biz/monitor/stopCharging', {
        chargePointId: id,
        connectorNo: 1,
      });
      expect(again.code).not.toBe(0);
      expect(again.msg).toMatch(/session/i);
    },
    60_000,
  );

  it('unlocks a connector through the command pipeline', async () => {
    const sent = await ok(operator, '/biz/monitor/unlock', { chargePointId: 'DEMO-CP-001', connectorNo: 2 });
    expect(sent.command).toBe('unlockConnector');
    const answer = await ended(operator, sent.commandId);
    expect(answer.status).toBe('answered');
    expect(answer.result.status).toBeDefined();
    // A monitor user cannot read a command the monitor did not send.
    const other = await run('DEMO-CP-001', 'clearCache', {});
    expect((await api(rt.url, operator, `/biz/monitor/command?id=${other.commandId}`)).code).not.toBe(0);
  });

  it('stops the connector reservation: the order is cancelled through CancelReservation', async () => {
    const none = await api(rt.url, operator, '/biz/monitor/stopReservation', {
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
    });
    expect(none.code).not.toBe(0);
    expect(none.msg).toBe('There is no active reservation on this connector');

    const added = await ok(operator, '/biz/reserveOrder/add', {
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
      idTag: 'SIM-TAG-001',
      minutes: 30,
    });
    await waitFor(
      async () => (await ok(operator, `/biz/reserveOrder/detail?id=${added.id}`)).status === 2 || undefined,
      15_000,
      'reservation accepted',
    );
    const detail = await ok(operator, '/biz/monitor/detail', {
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
    });
    expect(detail.reservation).toMatchObject({ id: added.id, idTag: 'SIM-TAG-001' });

    const sent = await ok(operator, '/biz/monitor/stopReservation', {
      chargePointId: 'DEMO-CP-004',
      connectorNo: 2,
    });
    expect(sent).toMatchObject({ reservationId: added.id, command: 'cancelReservation' });
    const answer = await ended(operator, sent.commandId);
    expect(answer).toMatchObject({ status: 'answered', result: { status: 'Accepted' } });
    const order = await waitFor(
      async () => {
        const o = await ok(operator, `/biz/reserveOrder/detail?id=${added.id}`);
        return o.status === 4 ? o : undefined;
      },
      15_000,
      'reservation ended',
    );
    expect(order.endFlag).toBe(6);
  });
});
