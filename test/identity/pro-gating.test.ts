/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * Pro features are gated on the server (docs/product.md section 2: Pro is AC and DC plus data export, smart
 * charging and fleets). Against the local runtime: a company on the Basic package is refused every export
 * call (each generic resource export a company may call, the order and the revenue export), the charging
 * profiles (list, info, add, update, delete) and the smart-charging commands (SetChargingProfile,
 * ClearChargingProfile, GetCompositeSchedule, GetChargingProfiles), with the Pro message in the caller's
 * language, and nothing is queued or stored; a Pro company is not refused any of them. Editing the Basic
 * subscription role to hold a Pro code grants nothing: the package decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDriver, createFleet } from '@functions/accounts/fleets.ts';
import { forgetIdentities } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { roles } from '@functions/data/roles.ts';
import { users } from '@functions/data/users.ts';
import { hashSecret } from '@functions/lib/password.ts';
import { authorizeToken } from '@functions/ocpp/authorize.ts';
import { topology } from '@shared/topology/index.ts';
import { menuById, SMART_CHARGING_COMMAND_CODES } from '@shared/permissions/menus.ts';
import { commandByKey } from '@shared/commands/catalogue.ts';
import { api, companyWithAdmin, encrypt, login } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';
import { stationBody } from '../helpers/sites.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
let basic: string;
let pro: string;
const agents: Record<string, string> = {};

const PRO_MESSAGE =
  "This is a Pro feature: your company's package does not include it (upgrade to Pro on the plan page)";

async function ok(token: string, path: string, body?: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data as any;
}

/** A subscribed company on the given package (0 Basic, 1 Pro); its signed-in administrator. */
async function company(name: string, featurePackageType: 0 | 1): Promise<string> {
  const { id, token } = await companyWithAdmin(rt.url, admin, name, { subStatus: 1, featurePackageType });
  agents[name] = id;
  return token;
}

const profile = {
  name: 'Night limit',
  chargingProfileId: 7,
  stackLevel: 1,
  purpose: 'TxDefaultProfile',
  kind: 'Absolute',
  chargingRateUnit: 'A',
  startSchedule: '2030-01-01T00:00:00Z',
  duration: 3600,
  periods: [{ startPeriod: 0, limit: 16 }],
};

/** Every export route a company administrator's codes reach (platform-only ones aside). */
const exportRoutes = topology.routes.filter(
  (r) => r.path.endsWith('/export') && !menuById.get(r.permission!)?.platformOnly,
);
const exportBody = (path: string) =>
  path === '/biz/revenue/export' ? { startDay: '2026-09-01', endDay: '2026-09-30', groupBy: 'day' } : {};

const basicCard = (cardSn: string) => ({
  cardSn,
  receiveStatus: 2,
  status: 0,
  blackFlag: 0,
  type: 1,
  balance: 0,
});

const smartCommands = [...commandByKey.values()].filter((c) => SMART_CHARGING_COMMAND_CODES.includes(c.code));

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  basic = await company('Basicco', 0);
  pro = await company('Proco', 1);
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('Pro features on the server', () => {
  it('knows the exports of every kind and the four smart-charging commands', () => {
    const paths = exportRoutes.map((r) => r.path);
    for (const path of ['/biz/card/export', '/biz/chargingProfile/export', '/biz/chargeOrder/export'])
      expect(paths).toContain(path);
    expect(paths).toContain('/biz/revenue/export');
    expect(smartCommands.map((c) => c.key).sort()).toEqual([
      'clearChargingProfile',
      'getChargingProfiles',
      'getCompositeSchedule',
      'setChargingProfile',
    ]);
  });

  it('refuses a Basic company every export with the Pro message, queueing nothing', async () => {
    for (const route of exportRoutes) {
      const answer = await api(rt.url, basic, route.path, exportBody(route.path));
      expect(answer.status, route.path).toBe(403);
      expect(answer.msg, route.path).toBe(PRO_MESSAGE);
    }
    const german = await api(rt.url, basic, '/biz/card/export', {}, { language: 'de' });
    expect(german.msg).toMatch(/^Dies ist eine Pro-Funktion/);
    // Nothing was queued: a Pro company's own list aside, the platform sees no task of Basicco.
    const tasks = await ok(admin, '/biz/fileExport/list', { current: 1, size: 100 });
    expect(tasks.total).toBe(0);
  });

  it('lets a Pro company export: each call queues its file', async () => {
    for (const route of exportRoutes) {
      const answer = await api(rt.url, pro, route.path, exportBody(route.path));
      expect(answer.status, route.path).toBe(200);
      expect(answer.code, `${route.path}: ${answer.msg}`).toBe(0);
    }
    const tasks = await ok(pro, '/biz/fileExport/list', { current: 1, size: 100 });
    expect(tasks.total).toBe(exportRoutes.length);
  });

  it('refuses a Basic company the charging profiles and the smart-charging commands', async () => {
    const stored = await ok(pro, '/biz/chargingProfile/add', profile);
    const calls: [string, unknown][] = [
      ['/biz/chargingProfile/list', {}],
      [`/biz/chargingProfile/info?id=${stored.id}`, undefined],
      ['/biz/chargingProfile/add', profile],
      ['/biz/chargingProfile/update', { ...profile, id: stored.id }],
      [`/biz/chargingProfile/del?id=${stored.id}`, undefined],
    ];
    for (const [path, body] of calls) {
      const answer = await api(rt.url, basic, path, body);
      expect(answer.status, path).toBe(403);
      expect(answer.msg, path).toBe(PRO_MESSAGE);
    }
    for (const command of smartCommands) {
      const answer = await api(rt.url, basic, '/biz/command/send', {
        command: command.key,
        chargePointId: 'NO-SUCH-CP',
        connectorNo: 1,
        params: {},
      });
      expect(answer.status, command.key).toBe(403);
      expect(answer.msg, command.key).toBe(PRO_MESSAGE);
    }
    // A command outside smart charging is still the Basic company's (its charger just does not exist).
    const reset = await api(rt.url, basic, '/biz/command/send', {
      command: 'reset',
      chargePointId: 'NO-SUCH-CP',
      params: { type: 'Soft' },
    });
    expect(reset.status).toBe(200);
    expect(reset.msg).toBe('The record does not exist or you cannot access it');
    // Basic has no profiles of its own, and the Pro company's is untouched.
    expect((await ok(pro, '/biz/chargingProfile/list', {})).total).toBe(1);
  });

  it("refuses a Basic company's change to a Pro field by name, and saves what it may change", async () => {
    const fee = { name: 'Basic energy', feeType: 1, unitPrice: '0.39', timeSharing: 0, periods: [] };
    const feeRuleId = (await ok(basic, '/biz/chargingFee/add', fee)).id as string;
    // The reservation switch is Pro: refused with the field named, nothing stored.
    const reserving = await api(rt.url, basic, '/biz/station/add', {
      ...stationBody('Basic reserving', { feeRuleId }),
      reserveFlag: true,
    });
    expect(reserving.code).not.toBe(0);
    expect(reserving.data).toEqual({ reserveFlag: PRO_MESSAGE });
    expect((await ok(basic, '/biz/station/list', { current: 1, size: 10 })).total).toBe(0);
    // Left as it is (off, no pictures), the station saves.
    const station = await ok(basic, '/biz/station/add', {
      ...stationBody('Basic plain', { feeRuleId }),
      reserveFlag: false,
      images: [],
    });
    // A card's station scope is Pro too; without one the card saves.
    const scoped = await api(rt.url, basic, '/biz/card/add', {
      ...basicCard('BASIC-SCOPED'),
      useScopeList: [station.id],
    });
    expect(scoped.code).not.toBe(0);
    expect(scoped.data).toEqual({ useScopeList: PRO_MESSAGE });
    await ok(basic, '/biz/card/add', { ...basicCard('BASIC-PLAIN'), useScopeList: [] });
    // The Pro company sets both.
    const proFee = (await ok(pro, '/biz/chargingFee/add', fee)).id as string;
    const proStation = await ok(pro, '/biz/station/add', stationBody('Pro plain', { feeRuleId: proFee }));
    await ok(pro, '/biz/card/add', { ...basicCard('PRO-SCOPED'), useScopeList: [proStation.id] });
  });

  it('lets a Pro company keep profiles and send the smart-charging commands', async () => {
    const list = await ok(pro, '/biz/chargingProfile/list', {});
    const id = list.records[0].id as string;
    const info = await ok(pro, `/biz/chargingProfile/info?id=${id}`);
    expect(info.name).toBe('Night limit');
    await ok(pro, '/biz/chargingProfile/update', { ...profile, id, version: info.version, name: 'Night 2' });
    await ok(pro, `/biz/chargingProfile/del?id=${id}`);
    for (const command of smartCommands) {
      const answer = await api(rt.url, pro, '/biz/command/send', {
        command: command.key,
        chargePointId: 'NO-SUCH-CP',
        connectorNo: 1,
        params: {},
      });
      // Past the gate: refused only for naming no charger of its own (or its parameters).
      expect(answer.status, command.key).not.toBe(403);
    }
  });

  it('shows the package in the codes: Basic holds no Pro code even when its role is edited to', async () => {
    const codesOf = async (token: string) => {
      forgetIdentities();
      return (await api(rt.url, token, '/admin/user/info', undefined, { method: 'GET' })).data
        .permissions as string[];
    };
    const proCodes = ['2600', '2601', '2224', '2225', '2226', '2243', '9100', '11100'];
    const basicCodes = await codesOf(basic);
    expect(basicCodes).toContain('2200');
    for (const code of proCodes) expect(basicCodes, code).not.toContain(code);
    // The console's menus follow: no smart-charging screen, no file export, no fleets for Basic.
    const basicMenus = JSON.stringify(await ok(basic, '/admin/menu/list'));
    expect(basicMenus).toContain('"/device"');
    for (const path of ['/powerProfile', '/fileExport', '/fleets'])
      expect(basicMenus).not.toContain(`"${path}"`);
    const proMenus = JSON.stringify(await ok(pro, '/admin/menu/list'));
    for (const path of ['/powerProfile', '/fileExport', '/fleets']) expect(proMenus).toContain(`"${path}"`);
    const proHeld = await codesOf(pro);
    for (const code of proCodes) expect(proHeld, code).toContain(code);

    // Through the console the platform is told a Basic role cannot hold Pro codes, and nothing changes.
    const role = (await roles.getAny('role-sub-basic'))!;
    const edit = await api(rt.url, admin, '/admin/subRole/update', {
      roleId: role.roleId,
      roleName: role.roleName,
      roleCode: role.roleCode,
      roleFlag: role.roleFlag,
      roleType: role.roleType,
      menuIds: [...role.menuIds, '9000', '9100'],
      version: role.version,
    });
    expect(edit.code).not.toBe(0);
    expect(edit.msg).toMatch(/cannot hold Pro features/);
    expect((await roles.getAny('role-sub-basic'))!.menuIds).toEqual(role.menuIds);
    // Stored some other way, the package still decides.

    await roles.update(role, { ...role, menuIds: [...role.menuIds, '9000', '9100', '2600'] });
    try {
      expect(await codesOf(basic)).not.toContain('9100');
      const answer = await api(rt.url, basic, '/biz/card/export', {});
      expect(answer.status).toBe(403);
      expect((await api(rt.url, basic, '/biz/chargingProfile/list', {})).status).toBe(403);
    } finally {
      const edited = (await roles.getAny('role-sub-basic'))!;
      await roles.update(edited, { ...edited, menuIds: role.menuIds });
    }
  });

  it("refuses the fleet login of a Basic company with the Pro message; a Pro company's fleet admin signs in", async () => {
    const fleetLogin = async (name: string) =>
      (
        await fetch(`${rt.url}/fleets/fleetsAdmin/pwdLogin?code=&randomStr=`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name,
            password: await encrypt(rt.url, 'Fleet12345'),
            code: '',
            randomStr: '',
          }),
        })
      ).json();
    for (const company of ['Basicco', 'Proco']) {
      const operator = (await operators.getAny(agents[company]!))!;
      // As the seed makes the demo fleet administrator (fleet accounts have no screen of their own yet).
      await users.create(
        {
          userId: `fleet-${company}`,
          username: `fleet@${company.toLowerCase()}.example`,
          passwordHash: await hashSecret('Fleet12345'),
          role: ['role-fleet-admin'],
          agentId: operator.id,
          lockFlag: 0,
          kind: 'fleet',
        },
        operator.path,
      );
    }
    const refused = await fleetLogin('fleet@basicco.example');
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(PRO_MESSAGE);
    expect(refused.data?.token).toBeUndefined();
    const signedIn = await fleetLogin('fleet@proco.example');
    expect(signedIn.code, signedIn.msg).toBe(0);
    const menus = JSON.stringify((await api(rt.url, signedIn.data.token, '/admin/menu/list')).data);
    expect(menus).toContain('"/vehicle/dashbord"');
  });

  it("lets only a Pro company's fleet tags authorise and pay at its chargers (a downgraded company keeps its fleets unused)", async () => {
    const outcome = async (company: string) => {
      const operator = (await operators.getAny(agents[company]!))!;
      const fleet = await createFleet(
        {
          name: `${company} vans`,
          admin: `vans@${company.toLowerCase()}.example`,
          balance: 100,
          overdraftAmount: 0,
          warnBalance: 1,
        },
        operator.path,
      );
      const tag = `${company.toUpperCase()}-DRIVER`;
      await addDriver({ fleetId: fleet.id, driverId: 'D1', name: 'Driver', idTag: tag }, operator.path);
      const charger = {
        chargePointId: `${company}-CP`,
        name: 'CP',
        tenant: operator.path,
        agentId: operator.id,
        stationId: 'st',
        connectors: [],
        protocol: 'ocpp1.6',
      };
      return authorizeToken(charger, tag);
    };
    expect(await outcome('Proco')).toMatchObject({ source: 'fleet', status: 'Accepted' });
    const basicAnswer = await outcome('Basicco');
    expect(basicAnswer.source).not.toBe('fleet');
    expect(basicAnswer.status).not.toBe('Accepted');
  });
});
