/**
 * Permissions and tenancy against the local stand-ins. Companies A (with sub-company A1) and B each get an
 * administrator; whatever id A's administrator sends, nothing of B is read, changed or deleted; A sees A1's
 * data, A1 does not see A's. Calls without the permission code answer 403; menus follow the roles; the
 * subscription role gates Pro-only codes. Bad input changes nothing; every change is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, encrypt, login, requestToken } from '../helpers/identity.ts';
import { startTestRuntime } from '../helpers/runtime.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let admin: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON, checked by the assertions
const ok = async <T = any>(token: string, path: string, body?: unknown) => {
  const res = await api<T>(rt.url, token, path, body);
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
};

async function company(name: string, parentId?: string, extra: Record<string, unknown> = {}) {
  const created = await ok(admin, '/admin/operator/add', {
    operatorName: name,
    currency: 'EUR',
    contactMail: `${name.toLowerCase()}@example.com`,
    parentId,
    subStatus: 2,
    ...extra,
  });
  return created.id as string;
}

async function user(
  token: string,
  username: string,
  agentId: string | undefined,
  role = 'role-operator-admin',
) {
  const created = await ok(token, '/admin/user/add', {
    username,
    password: await encrypt(rt.url, 'Secret12345'),
    role: [role],
    agentId,
  });
  return created.userId as string;
}

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime({ seed: 'none' });
  admin = await login(rt.url, 'admin', 'Admin12345');
  ids.A = await company('Alpha');
  ids.A1 = await company('AlphaOne', ids.A);
  ids.B = await company('Beta');
  ids.userA = await user(admin, 'alpha-admin', ids.A);
  ids.userA1 = await user(admin, 'alpha1-admin', ids.A1);
  ids.userB = await user(admin, 'beta-admin', ids.B);
  for (const name of ['alpha-admin', 'alpha1-admin', 'beta-admin'])
    tokens[name] = await login(rt.url, name, 'Secret12345');
  ids.roleB = (
    await ok(tokens['beta-admin']!, '/admin/role/add', {
      roleName: 'Beta ops',
      roleCode: 'BETA_OPS',
      roleFlag: 1,
      menuIds: ['1000', '1100'],
    })
  ).roleId;
  ids.staffB = await user(tokens['beta-admin']!, 'beta-staff', ids.B, ids.roleB);
  ids.limitB = (
    await ok(admin, '/admin/operatorLimit/add', {
      name: 'Beta limit',
      gunNum: 10,
      revenueTariff: '2.5',
      agentId: ids.B,
    })
  ).id;
});
afterAll(async () => {
  delete process.env.AUTH_CAPTCHA;
  await rt?.cleanup();
});

describe('tenancy', () => {
  it('lists only the caller company and its sub-companies', async () => {
    const a = tokens['alpha-admin']!;
    const users = await ok(a, '/admin/user/list', { current: 1, size: 50 });
    expect(users.records.map((u: { username: string }) => u.username).sort()).toEqual([
      'alpha-admin',
      'alpha1-admin',
    ]);
    const companies = await ok(a, '/admin/operator/list', { current: 1, size: 50 });
    expect(companies.records.map((o: { operatorName: string }) => o.operatorName).sort()).toEqual([
      'Alpha',
      'AlphaOne',
    ]);
    expect(await ok(a, '/admin/operator/tree')).toEqual([
      {
        id: ids.A,
        operatorName: 'Alpha',
        children: [{ id: ids.A1, operatorName: 'AlphaOne', parentId: ids.A, children: [] }],
      },
    ]);
    const a1 = await ok(tokens['alpha1-admin']!, '/admin/operator/list', {});
    expect(a1.records.map((o: { id: string }) => o.id)).toEqual([ids.A1]);
    const options = await ok(a, '/admin/operator/getOperatorListForUser');
    expect(options.map((o: { id: string }) => o.id).sort()).toEqual([ids.A, ids.A1].sort());
    const roles = await ok(a, '/admin/role/list', { current: 1, size: 50 });
    expect(roles.records.map((r: { roleCode: string }) => r.roleCode)).not.toContain('BETA_OPS');
  });

  it("gives nothing of company B to A's administrator, whatever id is sent", async () => {
    const a = tokens['alpha-admin']!;
    const denied = async (path: string, body?: unknown) => {
      const res = await api(rt.url, a, path, body);
      expect(res.code, path).not.toBe(0);
      expect(JSON.stringify(res.data ?? null), path).not.toMatch(/beta/i);
    };
    await denied(`/admin/user/info?userId=${ids.userB}`);
    await denied('/admin/user/update', { userId: ids.userB, phone: '123' });
    await denied(`/admin/user/del?userId=${ids.staffB}`);
    await denied(`/admin/user/getChildUserCount?userId=${ids.userB}`);
    await denied('/admin/user/resetPwd', {
      userId: ids.userB,
      password: await encrypt(rt.url, 'Hacked12345'),
    });
    await denied(`/biz/station/bindList?userId=${ids.userB}`, {});
    await denied('/biz/station/bind', { userId: ids.userB, stationIds: [] });
    await denied(`/admin/operator/info?id=${ids.B}`);
    await denied('/admin/operator/update', {
      id: ids.B,
      operatorName: 'Pwned',
      currency: 'EUR',
      contactMail: 'x@y.z',
    });
    await denied(`/admin/operator/del?id=${ids.B}`);
    await denied('/admin/operator/listByTree', { parentId: ids.B });
    await denied(`/admin/role/info?id=${ids.roleB}`);
    await denied('/admin/role/update', {
      roleId: ids.roleB,
      roleName: 'x',
      roleCode: 'BETA_OPS',
      roleFlag: 1,
      menuIds: [],
    });
    await denied(`/admin/role/del?id=${ids.roleB}`);
    await denied(`/admin/menu/tree?id=${ids.roleB}`);
    await denied('/admin/user/add', {
      username: 'sneaky',
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-operator-admin'],
      agentId: ids.B,
    });
    await denied('/admin/user/add', {
      username: 'sneaky2',
      password: await encrypt(rt.url, 'Secret12345'),
      role: [ids.roleB],
    });
    await denied('/admin/operator/add', {
      operatorName: 'Under Beta',
      currency: 'EUR',
      contactMail: 'u@b.c',
      parentId: ids.B,
    });

    // Nothing changed on B's side.
    const b = tokens['beta-admin']!;
    expect((await ok(b, `/admin/user/info?userId=${ids.userB}`)).phone).toBeUndefined();
    expect((await ok(b, `/admin/operator/info?id=${ids.B}`)).operatorName).toBe('Beta');
    expect((await ok(b, `/admin/role/info?id=${ids.roleB}`)).roleName).toBe('Beta ops');
    expect(await login(rt.url, 'beta-admin', 'Secret12345')).toBeTruthy();
    const logs = await ok(a, '/admin/log/list', { current: 1, size: 100 });
    expect(logs.records.every((l: { createBy: string }) => !l.createBy.startsWith('beta'))).toBe(true);
    // A company sees its own users' sign-ins.
    expect(
      logs.records.some(
        (l: { createBy: string; title: string }) => l.createBy === 'alpha-admin' && l.title === 'Login',
      ),
    ).toBe(true);
  });

  it('lets the platform see every company', async () => {
    const all = await ok(admin, '/admin/operator/list', { current: 1, size: 50 });
    expect(all.total).toBe(3);
  });
});

describe('permissions', () => {
  it('answers 403 without the code and shows only granted menus', async () => {
    const staff = await login(rt.url, 'beta-staff', 'Secret12345');
    const res = await api(rt.url, staff, '/admin/user/list', {});
    expect(res.status).toBe(403);
    expect(res.msg).toBe('You do not have permission for this action');
    const menus = JSON.stringify(await ok(staff, '/admin/menu/list'));
    expect(menus).toContain('"/home"');
    expect(menus).not.toContain('"/user"');

    const a = tokens['alpha-admin']!;
    for (const path of ['/admin/operatorLimit/list', '/admin/subRole/list']) {
      expect((await api(rt.url, a, path, {})).status, path).toBe(403);
    }
    const companyMenus = JSON.stringify(await ok(a, '/admin/menu/list'));
    expect(companyMenus).toContain('"/user"');
    expect(companyMenus).not.toContain('"/operatorLimit"');
    const platformMenus = JSON.stringify(await ok(admin, '/admin/menu/list'));
    expect(platformMenus).toContain('"/operatorLimit"');
  });

  it('gates Pro-only codes by the subscription role: Basic lacks them, Pro has them', async () => {
    const basic = await company('Gamma', undefined, { subStatus: 1 });
    await user(admin, 'gamma-admin', basic);
    const info = (
      await api(rt.url, await login(rt.url, 'gamma-admin', 'Secret12345'), '/admin/user/info', undefined, {
        method: 'GET',
      })
    ).data;
    expect(info.sysUser.subStatus).toBe(1);
    expect(info.permissions).toContain('2100');
    expect(info.permissions).not.toContain('2105');
    expect(info.permissions).not.toContain('9100');
    const pending = await company('Delta', undefined, { subStatus: 0 });
    await user(admin, 'delta-admin', pending);
    const pendingInfo = (
      await api(rt.url, await login(rt.url, 'delta-admin', 'Secret12345'), '/admin/user/info', undefined, {
        method: 'GET',
      })
    ).data;
    expect(pendingInfo.permissions).toContain('sys_planoper_edit');
    expect(pendingInfo.permissions).not.toContain('2100');
  });

  it('refuses a role holding codes the company cannot grant', async () => {
    const res = await api(rt.url, tokens['alpha-admin']!, '/admin/role/add', {
      roleName: 'Too much',
      roleCode: 'TOO_MUCH',
      roleFlag: 1,
      menuIds: ['6920'],
    });
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe('The role contains permissions you cannot grant');
  });
});

describe('rules and bad input', () => {
  it('validates on the server with field messages and writes nothing', async () => {
    const res = await api(
      rt.url,
      admin,
      '/admin/user/add',
      {
        username: 'x'.repeat(33),
        password: await encrypt(rt.url, 'short'),
        role: [],
        email: 'not-an-email',
        phone: 'abc',
      },
      { language: 'zh-cn' },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.data).sort()).toEqual(['email', 'password', 'phone', 'role', 'username']);
    const list = await ok(admin, '/admin/user/list', { username: 'xxxx' });
    expect(list.total).toBe(0);
    const bad = await api(rt.url, admin, '/admin/operatorLimit/add', {
      name: 'L',
      gunNum: 1.5,
      revenueTariff: '1.234',
    });
    expect(Object.keys(bad.data).sort()).toEqual(['gunNum', 'revenueTariff']);
    const json = await fetch(`${rt.url}/admin/user/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(json.status).toBe(400);
  });

  it('answers a list filter of the wrong type with 400 on every system list, and takes a number a select sends', async () => {
    for (const [path, field] of [
      ['/admin/user/list', 'username'],
      ['/admin/user/list', 'lockFlag'],
      ['/admin/role/list', 'roleName'],
      ['/admin/subRole/list', 'roleName'],
      ['/admin/operator/list', 'operatorName'],
      ['/admin/operatorLimit/list', 'name'],
      ['/admin/emsp/bindEntries', 'name'],
    ] as const) {
      const res = await api(rt.url, admin, path, { current: 1, size: 10, [field]: { $ne: 1 } });
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(Object.keys(res.data ?? {}), path).toEqual([field]);
    }
    const locked = await ok(admin, '/admin/user/list', { current: 1, size: 50, lockFlag: 0 });
    expect(locked.records.length).toBeGreaterThan(0);
  });

  it('keeps usernames unique, refuses stale updates, and deleting a user with sub-accounts', async () => {
    const dup = await api(rt.url, admin, '/admin/user/add', {
      username: 'ALPHA-ADMIN',
      password: await encrypt(rt.url, 'Secret12345'),
      role: ['role-platform-admin'],
    });
    expect(dup.msg).toBe('This username is already taken');

    const a = tokens['alpha-admin']!;
    const child = await user(a, 'alpha-child', ids.A);
    const current = await ok(a, `/admin/user/info?userId=${child}`);
    expect((await ok(a, `/admin/user/getChildUserCount?userId=${ids.userA}`)).count).toBe(1);
    await ok(a, '/admin/user/update', { userId: child, phone: '+49 30 1234', version: current.version });
    const stale = await api(rt.url, a, '/admin/user/update', {
      userId: child,
      phone: '+49 30 9999',
      version: current.version,
    });
    expect(stale.msg).toMatch(/changed this record/);

    const parentDelete = await api(rt.url, admin, `/admin/user/del?userId=${ids.userA}`);
    expect(parentDelete.msg).toMatch(/1 sub-account/);
    await ok(a, `/admin/user/del?userId=${child}`);
    expect((await ok(a, `/admin/user/getChildUserCount?userId=${ids.userA}`)).count).toBe(0);
    // Deleting disables sign-in; the username stays reserved.
    expect((await requestToken(rt.url, 'alpha-child', 'Secret12345')).body.msg).toBe(
      'The account has been deleted',
    );
  });

  it('sorts a whole list on the server, and clears an emptied optional field on update', async () => {
    const asc = await ok(admin, '/admin/user/list', {
      current: 1,
      size: 2,
      orderBy: 'username',
      order: 'asc',
    });
    const desc = await ok(admin, '/admin/user/list', {
      current: 1,
      size: 2,
      orderBy: 'username',
      order: 'desc',
    });
    expect(asc.records[0].username).toBe('admin');
    expect(desc.records[0].username > asc.records[0].username).toBe(true);
    const withUrl = await ok(admin, '/admin/operator/update', {
      id: ids.B,
      operatorName: 'Beta',
      currency: 'EUR',
      contactMail: 'beta@example.com',
      url: 'https://beta.example',
    });
    expect(withUrl.url).toBe('https://beta.example');
    const cleared = await ok(admin, '/admin/operator/update', {
      id: ids.B,
      operatorName: 'Beta',
      currency: 'EUR',
      contactMail: 'beta@example.com',
      url: '',
    });
    expect(cleared.url).toBeUndefined();
    expect(cleared.subStatus).toBe(2);
  });

  it('refuses deleting a company with sub-companies, and disables its users when deleted', async () => {
    expect((await api(rt.url, admin, `/admin/operator/del?id=${ids.A}`)).msg).toMatch(/sub-companies/);
    const e = await company('Epsilon');
    await user(admin, 'eps-admin', e);
    const token = await login(rt.url, 'eps-admin', 'Secret12345');
    await ok(admin, `/admin/operator/del?id=${e}`);
    expect((await api(rt.url, token, '/admin/menu/list')).status).toBe(401);
  });

  it('writes an audit entry per change, secrets masked, failures marked abnormal', async () => {
    const logs = await ok(admin, '/admin/log/list', { current: 1, size: 200 });
    const adds = logs.records.filter((l: { title: string }) => l.title === 'Add user');
    expect(adds.length).toBeGreaterThan(3);
    for (const entry of adds) {
      expect(entry.params).not.toMatch(/Secret12345/);
      expect(entry).toMatchObject({
        method: 'POST',
        requestUri: '/admin/user/add',
        remoteAddr: expect.any(String),
      });
      expect(typeof entry.time).toBe('number');
    }
    expect(adds.some((l: { type: string; exception?: string }) => l.type === '9' && l.exception)).toBe(true);
    const abnormal = await ok(admin, '/admin/log/list', { type: '9', current: 1, size: 200 });
    expect(abnormal.records.every((l: { type: string }) => l.type === '9')).toBe(true);
    const tooLong = await api(rt.url, admin, '/admin/log/list', {
      startTime: '2026-01-01T00:00:00.000Z',
      endTime: '2026-03-01T00:00:00.000Z',
    });
    expect(tooLong.msg).toMatch(/at most 30 days/);
  });
});
