/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Energy boxes against the runtime with a simulated box on MQTT: its reports appear with the box (latest
 * state and the last hour), a load limit reaches the box and comes back in its next report, an upgrade goes
 * to linked boxes only (unlinked ones are flagged), and another company sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedEnergyBox } from '@infra/local/simulator/energy-box.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let box: SimulatedEnergyBox;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
}, 120_000);

afterAll(async () => {
  await box?.stop();
  await rt?.cleanup();
});

const detail = async (id: string) => (await api(rt.url, operator, `/biz/energyBox/detail?id=${id}`)).data;

describe('energy boxes', () => {
  it('registers boxes with unique codes and piles of the company', async () => {
    const added = await api(rt.url, operator, '/biz/energyBox/add', {
      code: 'EB-T-1',
      name: 'Berlin supply',
      ratedCurrent: 63,
      loadLimit: 80,
      phases: 3,
      chargePointIds: ['DEMO-CP-001', 'DEMO-CP-002'],
    });
    expect(added.code, added.msg).toBe(0);
    const again = await api(rt.url, operator, '/biz/energyBox/add', {
      code: 'EB-T-1',
      name: 'Copy',
      ratedCurrent: 63,
      loadLimit: 80,
      phases: 3,
    });
    expect(again.msg).toBe('An energy box with this code already exists');
    const foreignPile = await api(rt.url, operator, '/biz/energyBox/add', {
      code: 'EB-T-2',
      name: 'Spare',
      ratedCurrent: 32,
      loadLimit: 101,
      phases: 1,
      chargePointIds: ['NOT-MINE'],
    });
    expect(foreignPile.status).toBe(400);
    expect(
      (
        await api(rt.url, operator, '/biz/energyBox/add', {
          code: 'EB-T-2',
          name: 'Spare',
          ratedCurrent: 32,
          loadLimit: 100,
          phases: 1,
        })
      ).code,
    ).toBe(0);
  });

  it('shows what the box reports, with the last hour', async () => {
    box = new SimulatedEnergyBox({
      url: `mqtt://127.0.0.1:${rt.iot.mqttPort}`,
      code: 'EB-T-1',
      intervalMs: 200,
      upgradeMs: 300,
    });
    await box.start();
    const d = await waitFor(async () => {
      const got = await detail('EB-T-1');
      return got?.state && got.history.length >= 2 ? got : undefined;
    });
    expect(d.state).toMatchObject({
      ratedCurrent: 63,
      loadLimit: 80,
      l1Usable: 50,
      wifi: 'connected',
      firmwareVersion: '1.0.0',
    });
    expect(d.history[0]).toHaveProperty('l1Load');
    const list = await api(rt.url, operator, '/biz/energyBox/list', { current: 1, size: 10 });
    const rows = Object.fromEntries(list.data.records.map((r: any) => [r.id, r]));
    expect(rows['EB-T-1']).toMatchObject({ pileCount: 2, unlinked: false });
    expect(rows['EB-T-2']).toMatchObject({ pileCount: 0, unlinked: true, state: null });
  });

  it('sends a load limit the box applies and reports back', async () => {
    const res = await api(rt.url, operator, '/biz/energyBox/loadLimit', { id: 'EB-T-1', loadLimit: 50 });
    expect(res.data.loadLimit).toBe(50);
    await waitFor(async () => ((await detail('EB-T-1')).state.loadLimit === 50 ? true : undefined));
    expect(box.received.at(-1)).toMatchObject({ type: 'setLoadLimit', loadLimit: 50 });
  });

  it('upgrades linked boxes and flags the unlinked ones', async () => {
    const res = await api(rt.url, operator, '/biz/energyBox/upgrade', {
      ids: ['EB-T-1', 'EB-T-2'],
      firmwareVersion: '1.1.0',
      url: 'https://firmware.example.com/ebox-1.1.0.bin',
    });
    expect(res.data).toEqual({ sent: ['EB-T-1'], flagged: ['EB-T-2'] });
    await waitFor(async () =>
      (await detail('EB-T-1')).state.firmwareVersion === '1.1.0' ? true : undefined,
    );
  });

  it('keeps companies apart', async () => {
    const admin = await login(rt.url, 'admin', 'Admin12345');
    const company = await api(rt.url, admin, '/admin/operator/add', {
      operatorName: 'Grid Co',
      currency: 'EUR',
      contactMail: 'ops@grid.example',
      subStatus: 2,
    });
    await api(rt.url, admin, '/admin/user/add', {
      username: 'gridop',
      password: await encrypt(rt.url, 'Grid12345'),
      role: ['role-operator-admin'],
      agentId: company.data.id,
    });
    const other = await login(rt.url, 'gridop', 'Grid12345');
    expect((await api(rt.url, other, '/biz/energyBox/list', {})).data.total).toBe(0);
    expect((await api(rt.url, other, '/biz/energyBox/detail?id=EB-T-1')).code).not.toBe(0);
    expect(
      (await api(rt.url, other, '/biz/energyBox/loadLimit', { id: 'EB-T-1', loadLimit: 10 })).code,
    ).not.toBe(0);
  });
});
