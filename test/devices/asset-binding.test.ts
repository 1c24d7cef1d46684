/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Binding a charge point to an asset (docs/decisions/150-asset-binding-by-key.md) through the API
 * against the local runtime: a company, which may not list the platform's assets, binds by the asset's code
 * and secret key; an unknown code and a wrong key get the same answer in the caller's language; a used asset
 * is refused; of two concurrent binds of one asset exactly one succeeds; the import cannot bind an asset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '@functions/lib/excel.ts';
import { api, encrypt, login } from '../helpers/identity.ts';
import { connectCharger } from '../helpers/ocpp-client.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { stationBody } from '../helpers/sites.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** A company (no subscription needed: no connector limit) with its administrator and a priced station. */
async function company(name: string) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase()}@example.com`,
    subStatus: 2,
  });
  await ok(admin, '/admin/user/add', {
    username: `${name.toLowerCase()}-admin`,
    password: await encrypt(rt.url, 'Secret12345'),
    role: ['role-operator-admin'],
    agentId: created.id,
  });
  const token = await login(rt.url, `${name.toLowerCase()}-admin`, 'Secret12345');
  const fee = { name: `${name} energy`, feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
  const feeRuleId = (await ok(token, '/biz/chargingFee/add', fee)).id;
  const station = await ok(token, '/biz/station/add', stationBody('Yard', { feeRuleId }));
  return { token, stationId: station.id as string };
}

const pile = (stationId: string, id: string, assetCode?: string, extra: Record<string, unknown> = {}) => ({
  chargePointId: id,
  name: id,
  stationId,
  protocol: 'ocpp1.6',
  maxPower: 22,
  powerType: 'AC_3_PHASE',
  connectorStandard: 'IEC_62196_T2',
  format: 'SOCKET',
  connectors: [{ connectorNo: 1 }],
  ...(assetCode ? { bindMode: 'asset', assetCode } : {}),
  ...extra,
});

const asset = (code: string) =>
  ok(admin, '/admin/asset/add', {
    code,
    originalSecretKey: `${code}-key-9f3a`,
    power: 22,
    protocolType: 'OCPP1.6',
  });

const assetRow = async (code: string) =>
  (await ok(admin, '/admin/asset/list', { current: 1, size: 10, code })).records.find(
    (a: any) => a.code === code,
  );

const piles = async (token: string) =>
  (await ok(token, '/biz/chargePoint/list', { current: 1, size: 100 })).total as number;

let alpha: Awaited<ReturnType<typeof company>>;
let beta: Awaited<ReturnType<typeof company>>;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  admin = await login(rt.url, 'admin', 'Admin12345');
  [alpha, beta] = [await company('Alpha'), await company('Beta')];
}, 120_000);

afterAll(async () => {
  await rt?.cleanup();
});

describe('asset binding by code and secret key', () => {
  it('a company may not list the assets', async () => {
    const list = await api(rt.url, alpha.token, '/admin/asset/list', { current: 1, size: 10 });
    expect(list.code).not.toBe(0);
  });

  it('binds with the right pair: the key is the OCPP password, the asset is used', async () => {
    await asset('AST-100');
    const added = await ok(
      alpha.token,
      '/biz/chargePoint/add',
      pile(alpha.stationId, 'AST-100', 'AST-100', { assetSecretKey: 'AST-100-key-9f3a' }),
    );
    expect(added).toMatchObject({ chargePointId: 'AST-100', bindMode: 'asset', assetCode: 'AST-100' });
    expect(added.ocppPassword).toBe('AST-100-key-9f3a');
    expect(added.assetSecretKey).toBeUndefined();
    expect((await assetRow('AST-100')).useFlag).toBe(1);
    // The key really opens the OCPP endpoint; the stored pile holds no key.
    const charger = await connectCharger(rt.url, 'AST-100', 'AST-100-key-9f3a');
    await charger.close();
    const info = await ok(alpha.token, '/biz/chargePoint/info?id=AST-100');
    expect(JSON.stringify(info)).not.toContain('9f3a');
  });

  it('refuses an unknown code and a wrong key with the same answer, in the caller language, writing nothing', async () => {
    await asset('AST-200');
    const before = await piles(alpha.token);
    const wrongKey = await api(
      rt.url,
      alpha.token,
      '/biz/chargePoint/add',
      pile(alpha.stationId, 'CP-200', 'AST-200', { assetSecretKey: 'guess' }),
    );
    const unknown = await api(
      rt.url,
      alpha.token,
      '/biz/chargePoint/add',
      pile(alpha.stationId, 'CP-201', 'AST-NONE', { assetSecretKey: 'AST-200-key-9f3a' }),
    );
    expect(wrongKey.code).not.toBe(0);
    expect(wrongKey.msg).toBe('No asset matches this code and secret key');
    expect(unknown.msg).toBe(wrongKey.msg);
    const de = await api(
      rt.url,
      alpha.token,
      '/biz/chargePoint/add',
      pile(alpha.stationId, 'CP-200', 'AST-200', { assetSecretKey: 'guess' }),
      { language: 'de' },
    );
    expect(de.msg).toBe('Kein Asset passt zu diesem Code und Schlüssel');
    // A company gives the key: without it the field is required.
    const noKey = await api(
      rt.url,
      alpha.token,
      '/biz/chargePoint/add',
      pile(alpha.stationId, 'CP-202', 'AST-200'),
    );
    expect(noKey.status).toBe(400);
    expect(Object.keys(noKey.data)).toContain('assetSecretKey');
    expect(await piles(alpha.token)).toBe(before);
    expect((await assetRow('AST-200')).useFlag).toBe(0);
  });

  it('refuses an asset already used, whoever asks', async () => {
    const again = await api(
      rt.url,
      beta.token,
      '/biz/chargePoint/add',
      pile(beta.stationId, 'CP-300', 'AST-100', { assetSecretKey: 'AST-100-key-9f3a' }),
    );
    expect(again.msg).toBe('This asset is already bound to a pile');
    expect(await piles(beta.token)).toBe(0);
  });

  it('of two concurrent binds of one asset by two companies, exactly one succeeds', async () => {
    await asset('AST-400');
    const answers = await Promise.all([
      api(rt.url, alpha.token, '/biz/chargePoint/add', {
        ...pile(alpha.stationId, 'CP-400-A', 'AST-400'),
        assetSecretKey: 'AST-400-key-9f3a',
      }),
      api(rt.url, beta.token, '/biz/chargePoint/add', {
        ...pile(beta.stationId, 'CP-400-B', 'AST-400'),
        assetSecretKey: 'AST-400-key-9f3a',
      }),
    ]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const loser = answers.find((a) => a.code !== 0)!;
    expect(loser.msg).toBe('This asset is already bound to a pile');
    const winners = answers.map((a) => a.code === 0);
    // Only the winner's pile exists.
    const aPiles = (await ok(alpha.token, '/biz/chargePoint/list', { current: 1, size: 100 })).records;
    const bPiles = (await ok(beta.token, '/biz/chargePoint/list', { current: 1, size: 100 })).records;
    expect(aPiles.some((p: any) => p.id === 'CP-400-A')).toBe(winners[0]);
    expect(bPiles.some((p: any) => p.id === 'CP-400-B')).toBe(winners[1]);
    expect((await assetRow('AST-400')).useFlag).toBe(1);
  });

  it('the platform still binds by code alone; the generic add paths cannot bind an asset', async () => {
    await asset('AST-500');
    const platform = await ok(admin, '/biz/chargePoint/add', pile(alpha.stationId, 'AST-500', 'AST-500'));
    expect(platform.ocppPassword).toBe('AST-500-key-9f3a');
    await asset('AST-600');
    const columns = ['chargePointId', 'name', 'stationId', 'protocol', 'maxPower', 'powerType'];
    const file = await writeSheet(
      'chargePoint',
      [...columns, 'connectorStandard', 'format', 'bindMode', 'assetCode', 'connectors'],
      [{ ...pile(alpha.stationId, 'AST-600', 'AST-600'), connectors: 1 }],
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'piles.xlsx');
    const res = await fetch(`${rt.url}/biz/chargePoint/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alpha.token}` },
      body: form,
    });
    const report = (await res.json()) as any;
    expect(report.data.success).toBe(0);
    expect(report.data.failed[0].msg).toMatch(/bound to an asset in the pile wizard only/);
    expect((await assetRow('AST-600')).useFlag).toBe(0);
  });
});
