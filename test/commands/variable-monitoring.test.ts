/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Variable monitoring from what the charger reported (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md):
 * the simulator answers GetBaseReport with NotifyReport parts that carry variableCharacteristics (minLimit,
 * maxLimit, valuesList) and GetMonitoringReport with NotifyMonitoringReport; the platform keeps both per
 * charger and variable, POST /biz/command/variables gives them to the form, and a SetVariableMonitoring
 * whose value is outside them is refused by the server with the shared schema's message (nothing is sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdRange } from '@shared/commands/monitoring-limits.ts';
import { translate } from '@functions/lib/i18n.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { commandClient, startChargers } from './harness.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let chargers = new Map<string, SimulatedCharger>();
const V201 = 'DEMO-CP-004';

const client = commandClient(() => ({ url: rt.url, token: operator }));

const variables = async () => {
  const r = await api(rt.url, operator, `/biz/command/variables?chargePointId=${V201}`, {});
  expect(r.code, r.msg).toBe(0);
  return r.data.variables as any[];
};
/** A field's reason as the server says it (in the caller's language, English here). */
const said = (key: string) => translate('en', key);
const factOf = (list: any[], key: string) => list.find((v) => v.key === key);
const monitor = (variable: Record<string, unknown>, monitorValue: number, types = ['UpperThreshold']) =>
  client.send({
    chargePointId: V201,
    command: 'setVariableMonitoring',
    params: { variables: [variable], monitorTypes: types, monitorValue, severity: 5, transaction: false },
  });

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  chargers = await startChargers(rt.url, [[V201, '2.0.1']]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

describe('variable monitoring from the charger’s reports', () => {
  it('keeps the reported limits and values lists, and the server refuses a value outside them', async () => {
    const charger = chargers.get(V201)!;
    const power = charger.variable('EVSE', 'Power', 1)!;
    expect(power.maxLimit).toBeGreaterThan(0);
    // Nothing reported yet: no limits known.
    expect(await variables()).toEqual([]);

    const base = await client.run(V201, 'getBaseReport', { reportBase: 'FullInventory' });
    expect(base.status).toBe('answered');
    const reported = await waitFor(async () => {
      const list = await variables();
      return list.length === charger.deviceModel.size ? list : undefined;
    });
    expect(factOf(reported, 'EVSE@1/Power')).toMatchObject({
      component: 'EVSE',
      evse: 1,
      variable: 'Power',
      dataType: 'decimal',
      unit: 'W',
      minLimit: 0,
      maxLimit: power.maxLimit,
      mutability: 'ReadOnly',
    });
    expect(factOf(reported, 'ChargingStation/SupplyPhases')).toMatchObject({
      dataType: 'OptionList',
      valuesList: ['0', '1', '3'],
    });
    expect(factOf(reported, 'ClockCtrlr/TimeSource')).toMatchObject({
      dataType: 'SequenceList',
      valuesList: ['Heartbeat', 'NTP', 'RealTimeClock'],
    });
    // The form's limits are the report's.
    expect(thresholdRange([factOf(reported, 'EVSE@1/Power')])).toEqual({ min: 0, max: power.maxLimit });
    expect(thresholdRange([factOf(reported, 'ChargingStation/SupplyPhases')])).toEqual({
      values: ['0', '1', '3'],
    });

    // Above the reported maximum: refused with the field's reason, nothing reaches the charger.
    const evsePower = { component: 'EVSE', variable: 'Power', evseId: 1 };
    const tooHigh = await monitor(evsePower, power.maxLimit! + 1);
    expect(tooHigh.code).not.toBe(0);
    expect(tooHigh.data).toMatchObject({ monitorValue: said('commandRes.validation.aboveMaxLimit') });
    expect(charger.monitors.size).toBe(0);
    const negativeDelta = await monitor(evsePower, -1, ['Delta']);
    expect(negativeDelta.data).toMatchObject({ monitorValue: said('commandRes.validation.deltaNegative') });
    // Not one of the values list's numbers.
    const phases = { component: 'ChargingStation', variable: 'SupplyPhases' };
    const notListed = await monitor(phases, 2);
    expect(notListed.data).toMatchObject({ monitorValue: said('commandRes.validation.notInValuesList') });
    expect(charger.monitors.size).toBe(0);

    // Within them: sent and set.
    const set = await client.run(V201, 'setVariableMonitoring', {
      variables: [evsePower],
      monitorTypes: ['UpperThreshold'],
      monitorValue: power.maxLimit,
      severity: 5,
      transaction: false,
    });
    expect(set.result.setMonitoringResult[0].status).toBe('Accepted');
    expect(
      (
        await client.run(V201, 'setVariableMonitoring', {
          variables: [phases],
          monitorTypes: ['LowerThreshold'],
          monitorValue: 1,
          severity: 3,
          transaction: false,
        })
      ).result.setMonitoringResult[0].status,
    ).toBe('Accepted');

    // The monitors the charger reports are kept with their variables.
    await client.run(V201, 'getMonitoringReport', {});
    const monitored = await waitFor(async () => {
      const list = await variables();
      return factOf(list, 'EVSE@1/Power')?.monitors && factOf(list, 'ChargingStation/SupplyPhases')?.monitors
        ? list
        : undefined;
    });
    expect(factOf(monitored, 'EVSE@1/Power').monitors).toEqual([
      expect.objectContaining({ type: 'UpperThreshold', value: power.maxLimit, severity: 5 }),
    ]);
    expect(factOf(monitored, 'ChargingStation/SupplyPhases').monitors).toEqual([
      expect.objectContaining({ type: 'LowerThreshold', value: 1, severity: 3 }),
    ]);
  }, 180_000);

  it('gives nothing of a charger that is not the caller’s', async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const other = await api(rt.url, operator, '/biz/command/variables?chargePointId=NOPE-404', {});
    expect(other.code).not.toBe(0);
    expect(other.data?.variables).toBeUndefined();
    expect((await api(rt.url, admin, '/biz/command/variables', {})).code).not.toBe(0);
  });

  it('keeps one entry per variable when a report part names it twice (the last one)', async () => {
    const cs = await connectCharger(rt.url, 'DEMO-CP-005', DEMO_CHARGER_PASSWORD, ['ocpp2.0.1']);
    try {
      const entry = (maxLimit: number) => ({
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        variableAttribute: [{ type: 'Actual', value: '1000', mutability: 'ReadOnly' }],
        variableCharacteristics: {
          dataType: 'decimal',
          unit: 'W',
          minLimit: 0,
          maxLimit,
          supportsMonitoring: true,
        },
      });
      const report = { requestId: 9, generatedAt: new Date().toISOString(), seqNo: 0 };
      const answer = await cs.call('NotifyReport', { ...report, reportData: [entry(1000), entry(2000)] });
      expect(answer[0]).toBe(3);
      const monitor = (value: number) => ({
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        variableMonitoring: [{ id: 4, transaction: false, value, type: 'UpperThreshold', severity: 2 }],
      });
      const monitors = await cs.call('NotifyMonitoringReport', {
        ...report,
        monitor: [monitor(10), monitor(20)],
      });
      expect(monitors[0]).toBe(3);
      const r = await api(rt.url, operator, '/biz/command/variables?chargePointId=DEMO-CP-005', {});
      expect(r.data.variables).toEqual([
        expect.objectContaining({
          key: 'EVSE@1/Power',
          maxLimit: 2000,
          monitors: [expect.objectContaining({ id: 4, value: 20 })],
        }),
      ]);
    } finally {
      await cs.close();
    }
  });
});
