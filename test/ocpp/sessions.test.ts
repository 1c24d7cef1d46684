/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Chargers of both OCPP versions against the real runtime: boot, connector states seen by the console,
 * authorisation against cards, sessions with meter samples that become exactly one order each (whatever is
 * repeated), faults raising alarms, presence and the offline alarm after the grace period.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import { handler as sweep } from '@functions/ocpp/offline-sweep.ts';
import { getSession } from '@functions/sessions/transactions.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { connectCharger, type OcppClient } from '../helpers/ocpp-client.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
let base: string;
let operator: string;
let admin: string;
const open: OcppClient[] = [];

const connect = async (id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') => {
  const client = await connectCharger(base, id, DEMO_CHARGER_PASSWORD, [protocol]);
  open.push(client);
  return client;
};
const payloadOf = (frame: unknown[]) => frame[2] as Record<string, any>;
const detail = async (id: string) => (await api(base, operator, `/biz/chargePoint/detail?id=${id}`)).data;

async function ordersOf(chargePointId: string) {
  const { Items = [] } = await dynamoDocument().send(
    new QueryCommand({
      TableName: config.tableName('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :o AND begins_with(gsi1sk, :t)',
      ExpressionAttributeValues: { ':o': 'ORDER', ':t': '/demo-operator/' },
    }),
  );
  return Items.filter((o) => o.chargePointId === chargePointId);
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  runtime = await startTestRuntime();
  base = runtime.url;
  operator = await login(base, 'operator', 'Operator12345');
  admin = await login(base, 'admin', 'Admin12345');
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await runtime?.cleanup();
});

describe('OCPP 1.6 charger', () => {
  it('boots, reports connector states the console sees live, and faults raise alarms', async () => {
    const cp = await connect('DEMO-CP-001', 'ocpp1.6');
    const boot = payloadOf(
      await cp.call('BootNotification', {
        chargePointVendor: 'Acme',
        chargePointModel: 'AC22',
        chargePointSerialNumber: 'SN-1',
        firmwareVersion: '1.2.3',
      }),
    );
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBeGreaterThan(0);
    expect(boot.interval).toBeLessThan(600);

    const at = new Date().toISOString();
    await cp.call('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: at,
    });
    await cp.call('StatusNotification', {
      connectorId: 2,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      vendorErrorCode: 'E42',
      timestamp: at,
    });

    const d = await detail('DEMO-CP-001');
    expect(d.online).toBe(true);
    expect(d.firmwareVersion).toBe('1.2.3');
    expect(d.boot).toMatchObject({ vendor: 'Acme', model: 'AC22', serialNumber: 'SN-1' });
    expect(d.connectorStates.map((c: any) => c.state)).toEqual(['available', 'faulted']);

    // A late report (older timestamp) does not roll the connector back.
    await cp.call('StatusNotification', {
      connectorId: 1,
      status: 'Unavailable',
      errorCode: 'NoError',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    expect((await detail('DEMO-CP-001')).connectorStates[0].state).toBe('available');

    const alarms = await waitFor(async () => {
      const list = await api(base, operator, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: 'DEMO-CP-001',
      });
      return list.data?.records?.length ? list.data.records : undefined;
    });
    expect(alarms[0]).toMatchObject({ code: 'GroundFailure', vendorCode: 'E42', connectorId: 2 });

    // Recovery closes the alarm.
    await cp.call('StatusNotification', {
      connectorId: 2,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: new Date().toISOString(),
    });
    const recovered = await waitFor(async () => {
      const list = await api(base, operator, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: 'DEMO-CP-001',
      });
      return list.data.records.find((a: any) => a.endTime) ?? undefined;
    });
    expect(recovered.code).toBe('GroundFailure');

    // The monitor counts it.
    const monitor = await api(base, operator, '/biz/monitor/overview', {});
    expect(monitor.data.counts.available).toBeGreaterThanOrEqual(2);
  });

  it('authorises against the company cards: unknown refused, known accepted, blacklisted blocked', async () => {
    // A local list of the company (read before any token of this company is authorised: lists are memoised).
    const list = await api(base, operator, '/biz/listVersion/add', {
      name: 'Depot list',
      listVersion: 1,
      type: 1,
      capacity: 10,
      entries: [
        { idTag: 'LIST-OK', idTagStatus: 'Accepted' },
        { idTag: 'LIST-BLOCKED', idTagStatus: 'Blocked' },
        { idTag: 'LIST-OLD', idTagStatus: 'Accepted', idTagExpiryDate: '2020-01-01T00:00:00Z' },
      ],
    });
    expect(list.code).toBe(0);
    const cp = await connect('DEMO-CP-002', 'ocpp1.6');
    expect(payloadOf(await cp.call('Authorize', { idTag: 'list-ok' })).idTagInfo.status).toBe('Accepted');
    expect(payloadOf(await cp.call('Authorize', { idTag: 'LIST-BLOCKED' })).idTagInfo.status).toBe('Blocked');
    expect(payloadOf(await cp.call('Authorize', { idTag: 'LIST-OLD' })).idTagInfo.status).toBe('Expired');
    expect(payloadOf(await cp.call('Authorize', { idTag: 'NOPE-1' })).idTagInfo.status).toBe('Invalid');

    // The company may choose to accept tokens it does not know.
    const company = (await api(base, admin, '/admin/operator/info?id=demo-operator')).data;
    const accept = async (flag: number, version: number) =>
      api(base, admin, '/admin/operator/update', { ...company, acceptUnknownIdTag: flag, version });
    expect((await accept(1, company.version)).code).toBe(0);
    expect(payloadOf(await cp.call('Authorize', { idTag: 'NOPE-1' })).idTagInfo.status).toBe('Accepted');
    expect((await accept(0, company.version + 1)).code).toBe(0);
    expect(payloadOf(await cp.call('Authorize', { idTag: 'NOPE-1' })).idTagInfo.status).toBe('Invalid');

    const card = await api(base, operator, '/biz/card/add', {
      cardSn: 'CARD-0001',
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      balance: 10,
    });
    expect(card.code).toBe(0);
    expect(payloadOf(await cp.call('Authorize', { idTag: 'CARD-0001' })).idTagInfo.status).toBe('Accepted');

    await api(base, operator, '/biz/card/add', {
      cardSn: 'CARD-BLACK',
      receiveStatus: 2,
      status: 0,
      blackFlag: 1,
      type: 1,
      balance: 0,
    });
    expect(payloadOf(await cp.call('Authorize', { idTag: 'CARD-BLACK' })).idTagInfo.status).toBe('Blocked');

    await api(base, operator, '/biz/card/add', {
      cardSn: 'CARD-OLD',
      receiveStatus: 2,
      status: 0,
      blackFlag: 0,
      type: 1,
      balance: 0,
      expireTime: '2020-01-01T00:00:00Z',
    });
    expect(payloadOf(await cp.call('Authorize', { idTag: 'CARD-OLD' })).idTagInfo.status).toBe('Expired');
  });

  it('records a session with its samples; a repeated start and stop make one session and one order', async () => {
    const cp = await connect('DEMO-CP-003', 'ocpp1.6');
    const start = {
      connectorId: 1,
      idTag: 'CARD-0001',
      meterStart: 1000,
      timestamp: '2026-11-20T23:30:00.000Z',
    };
    const first = payloadOf(await cp.call('StartTransaction', start));
    const again = payloadOf(await cp.call('StartTransaction', start));
    expect(first.idTagInfo.status).toBe('Accepted');
    expect(again.transactionId).toBe(first.transactionId);
    const tx = first.transactionId as number;
    // A pile that is charging cannot be deleted.
    const refused = await api(base, operator, '/biz/chargePoint/del?id=DEMO-CP-003');
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toMatch(/session in progress/);

    await cp.call('MeterValues', {
      connectorId: 1,
      transactionId: tx,
      meterValue: [
        {
          timestamp: '2026-11-21T00:30:00.000Z',
          sampledValue: [
            { value: '8.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '40', measurand: 'SoC', unit: 'Percent' },
          ],
        },
      ],
    });
    const stop = {
      transactionId: tx,
      meterStop: 15_000,
      timestamp: '2026-11-21T01:30:00.000Z',
      reason: 'EVDisconnected',
    };
    expect((await cp.call('StopTransaction', stop))[0]).toBe(3);
    expect((await cp.call('StopTransaction', stop))[0]).toBe(3);
    // An unknown transaction is acknowledged.
    expect((await cp.call('StopTransaction', { ...stop, transactionId: 987654 }))[0]).toBe(3);

    const session = await getSession('DEMO-CP-003', String(tx));
    expect(session).toMatchObject({
      status: 'completed',
      energyWh: 14_000,
      durationSeconds: 7200,
      startSoc: 40,
      endSoc: 40,
      stopReason: 'EVDisconnected',
    });
    const orders = await waitFor(async () =>
      (await ordersOf('DEMO-CP-003')).length ? ordersOf('DEMO-CP-003') : undefined,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      energyWh: 14_000,
      totalElectricity: 14,
      startMode: 2,
      finishFlag: 1,
      // The demo Berlin rule: 00:30 to 02:30 in Berlin is all night price, 14 kWh at 0.28; paid by the card.
      feeRuleId: 'demo-fee-berlin',
      elecFee: '3.92',
      actualFee: '3.92',
      payType: 4,
      payFlag: 1,
      cardBalanceAfter: 6.08,
      endFlag: 1,
    });
    // The session left the hand-off index: the sweep does not queue it again.
    await waitFor(async () => ((await getSession('DEMO-CP-003', String(tx))) as any)?.handedOffAt);
  });
});

describe('OCPP 2.0.1 charging station', () => {
  it('boots, reports status, and a TransactionEvent session becomes one order', async () => {
    const cs = await connect('DEMO-CP-004', 'ocpp2.0.1');
    const boot = payloadOf(
      await cs.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: {
          model: 'DC150',
          vendorName: 'Acme',
          firmwareVersion: '2.0.0',
          serialNumber: 'S-4',
        },
      }),
    );
    expect(boot.status).toBe('Accepted');
    const now = Date.now();
    const t = (s: number) => new Date(now + s * 1000).toISOString();
    await cs.call('StatusNotification', {
      timestamp: t(0),
      connectorStatus: 'Occupied',
      evseId: 1,
      connectorId: 1,
    });
    const event = (eventType: string, seqNo: number, extra: Record<string, unknown>) => ({
      eventType,
      timestamp: t(seqNo * 60),
      triggerReason:
        eventType === 'Started' ? 'Authorized' : eventType === 'Ended' ? 'EVDeparted' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: 'tx-201-a', ...(extra.info as object) },
      evse: { id: 1, connectorId: 1 },
      ...extra,
      info: undefined,
    });
    const sample = (s: number, wh: number, soc: number) => ({
      timestamp: t(s),
      sampledValue: [
        { value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
        { value: soc, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } },
      ],
    });
    const started = payloadOf(
      await cs.call(
        'TransactionEvent',
        JSON.parse(
          JSON.stringify(
            event('Started', 0, {
              idToken: { idToken: 'CARD-0001', type: 'ISO14443' },
              meterValue: [sample(0, 500, 20)],
              info: { chargingState: 'Charging' },
            }),
          ),
        ),
      ),
    );
    expect(started.idTokenInfo.status).toBe('Accepted');
    expect((await detail('DEMO-CP-004')).connectorStates[0].state).toBe('charging');
    const updated = JSON.parse(JSON.stringify(event('Updated', 1, { meterValue: [sample(60, 10_500, 60)] })));
    await cs.call('TransactionEvent', updated);
    await cs.call('TransactionEvent', updated); // duplicate: harmless
    const ended = JSON.parse(
      JSON.stringify(
        event('Ended', 2, {
          meterValue: [sample(120, 20_500, 80)],
          info: { stoppedReason: 'EVDisconnected' },
        }),
      ),
    );
    await cs.call('TransactionEvent', ended);
    await cs.call('TransactionEvent', ended);

    const session = await getSession('DEMO-CP-004', 'tx-201-a');
    expect(session).toMatchObject({
      status: 'completed',
      energyWh: 20_000,
      startSoc: 20,
      endSoc: 80,
      durationSeconds: 120,
    });
    const orders = await waitFor(async () =>
      (await ordersOf('DEMO-CP-004')).length ? ordersOf('DEMO-CP-004') : undefined,
    );
    expect(orders).toHaveLength(1);
  });

  it('a NotifyEvent problem raises an alarm', async () => {
    const cs = await connect('DEMO-CP-005', 'ocpp2.0.1');
    await cs.call('NotifyEvent', {
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: new Date().toISOString(),
          trigger: 'Delta',
          actualValue: 'true',
          techCode: 'OverTemp',
          techInfo: 'Cable temperature 95C',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    });
    const alarm = await waitFor(async () => {
      const list = await api(base, operator, '/biz/alarm/list', {
        current: 1,
        size: 10,
        chargePointId: 'DEMO-CP-005',
      });
      return list.data?.records?.[0];
    });
    expect(alarm).toMatchObject({ code: 'OverTemp', info: 'Cable temperature 95C' });
  });
});

describe('presence', () => {
  it('a closed connection shows offline at once and raises its offline alarm once, ended when it is back', async () => {
    const cp = await connect('DEMO-CP-002', 'ocpp1.6');
    await cp.call('Heartbeat', {});
    expect((await detail('DEMO-CP-002')).online).toBe(true);
    await cp.close();
    await waitFor(async () => (await detail('DEMO-CP-002')).online === false || undefined, 15_000, 'offline');
    expect((await detail('DEMO-CP-002')).connectorStates.every((c: any) => c.state === 'offline')).toBe(true);

    // Its going raises the outage's offline alarm after the answer, in the alarm list, with no sweep and no
    // grace period (docs/decisions/460-offline-alarm-and-charger-health.md).
    const offlineRecords = async () =>
      (
        await api(base, operator, '/biz/alarm/list', {
          current: 1,
          size: 10,
          chargePointId: 'DEMO-CP-002',
          offlineFlag: 1,
        })
      ).data.records;
    const open = await waitFor(async () => (await offlineRecords())[0], 45_000, 'the offline alarm');
    expect(open).toMatchObject({ code: 'Offline', offlineFlag: 1, status: 'open', level: 4 });
    expect(open.startTime).toBe((await detail('DEMO-CP-002')).disconnectedAt);

    // However often the sweep runs, and at once: one record for the outage.
    await Promise.all([sweep(), sweep(), sweep()]);
    expect(await offlineRecords()).toHaveLength(1);

    // Back: the record gets its end.
    const again = await connect('DEMO-CP-002', 'ocpp1.6');
    await again.call('Heartbeat', {});
    const closed = await waitFor(async () => {
      const [record] = await offlineRecords();
      return record?.endTime ? record : undefined;
    });
    expect(closed).toMatchObject({ id: open.id, status: 'recovered', recoverFlag: 1 });
    expect(await offlineRecords()).toHaveLength(1);
  });

  it('another company sees none of the demo company chargers, whatever id it sends', async () => {
    const company = await api(base, admin, '/admin/operator/add', {
      operatorName: 'Other Co',
      currency: 'USD',
      contactMail: 'other@example.com',
      subStatus: 2,
    });
    expect(company.code).toBe(0);
    const user = await api(base, admin, '/admin/user/add', {
      username: 'otherop',
      password: await encrypt(base, 'Secret12345'),
      role: ['role-operator-admin'],
      agentId: company.data.id,
    });
    expect(user.code).toBe(0);
    const other = await login(base, 'otherop', 'Secret12345');
    expect((await api(base, other, '/biz/chargePoint/detail?id=DEMO-CP-001')).code).not.toBe(0);
    const list = await api(base, other, '/biz/chargePoint/list', { current: 1, size: 50 });
    expect(list.msg).toBe('success');
    expect(list.data.total).toBe(0);
    expect((await api(base, other, '/biz/monitor/overview', {})).data.sites).toHaveLength(0);
    expect((await api(base, other, '/biz/alarm/list', { current: 1, size: 50 })).data.total).toBe(0);
    const moved = await api(base, other, '/biz/chargePoint/messages', { id: 'DEMO-CP-001' });
    expect(moved.code).not.toBe(0);
    // The platform administrator sees them.
    expect((await api(base, admin, '/biz/chargePoint/detail?id=DEMO-CP-001')).data.id).toBe('DEMO-CP-001');
  });
});
