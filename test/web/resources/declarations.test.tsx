// @vitest-environment happy-dom
/**
 * The declarations: their labels exist in the catalogs, their fields and filters are what the shared schemas
 * and the API take, and the behaviour each adds to the generic screens (user delete refused while it has
 * sub-accounts, encrypted passwords, lock toggle, the role menu tree, the company page, the read-only log).
 */
import { en } from '@shared/i18n/en.ts';
import { CODE, detailRouteCodes, menuCatalogue } from '@shared/permissions/menus.ts';
import { logQuery } from '@shared/schemas/admin.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromLocalInput } from '@web/lib/format.ts';
import { logDecl } from '@web/resources/decls/identity/log.ts';
import { operatorDecl } from '@web/resources/decls/identity/operator.ts';
import { roleDecl, subRoleDecl } from '@web/resources/decls/identity/role.ts';
import { userDecl } from '@web/resources/decls/identity/user.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { OperatorDetailPage } from '@web/screens/identity/operator-pages.tsx';
import { resourceDecls, resourcePages } from '@web/screens/all.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { fieldsFor } from '@web/resources/values.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { serverKeyPair } from '../support/fake-api.ts';
import { forgetPublicKey } from '@web/auth/crypto.ts';
import { fakeApi, fillDate, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const decls = Object.values(resourceDecls);
/** One server key for the file: the console caches the public key it fetched. */
const serverKeys = serverKeyPair();

function keysOf(decl: ResourceDecl): string[] {
  const labelled = [...decl.columns, ...(decl.detail ?? [])];
  const fields = [...(decl.fields ?? []), ...(decl.filters ?? [])];
  const options = [...labelled, ...fields].flatMap((x) => x.options ?? []).filter((o) => !o.raw);
  return [
    decl.title,
    ...labelled.map((c) => c.label),
    ...fields.flatMap((f) => [f.label, ...(f.help ? [f.help] : [])]),
    ...options.map((o) => o.label),
    ...(decl.actions ?? []).flatMap((a) => [a.label({}), a.label({ lockFlag: 1 })]),
  ];
}

const inCatalog = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

const shapeOf = (schema: z.ZodType | undefined) => (schema as z.ZodObject | undefined)?.shape ?? {};
/** A key the schema needs a value for. */
const needed = (schema: z.ZodType) => !schema.safeParse(undefined).success;

describe('every declaration', () => {
  it('is registered under a product route, and every identity and resource screen is', () => {
    const specRoutes = new Set([
      ...menuCatalogue.flatMap((m) => (m.path ? [m.path] : [])),
      ...Object.keys(detailRouteCodes),
    ]);
    expect(Object.keys(resourcePages).filter((route) => !specRoutes.has(route))).toEqual([]);
    const screens = [
      ...['/user', '/role', '/subRole', '/operator', '/operatorDetail', '/operatorLimit', '/log'],
      ...['/parameter', '/pay', '/mail', '/emsp', '/emspBind', '/assetList', '/vendorList'],
      ...[
        '/brand',
        '/appVersion',
        '/feedback',
        '/fileExport',
        '/stopReasonList',
        '/alarmTemplate',
        '/alarmMail',
      ],
      ...['/firmware', '/confKey', '/display', '/network', '/listVersion', '/energyBox'],
    ];
    expect(screens.filter((route) => !(route in resourcePages))).toEqual([]);
  });

  for (const decl of decls) {
    describe(decl.id, () => {
      it('has every label in the catalogs', () => {
        expect(keysOf(decl).filter((key) => typeof inCatalog(key) !== 'string')).toEqual([]);
      });

      it('lists columns with distinct keys', () => {
        const keys = decl.columns.map((c) => c.key);
        expect(new Set(keys).size).toBe(keys.length);
      });

      it('has form fields its schemas take, and fields or defaults for what they require', () => {
        if (!decl.schemas) return expect(decl.fields).toBeUndefined();
        const create = shapeOf(decl.schemas.create);
        const update = shapeOf(decl.schemas.update);
        const createFields = fieldsFor(decl, 'create').map((f) => f.name);
        const editFields = fieldsFor(decl, 'edit').map((f) => f.name);
        expect(createFields.filter((name) => !(name in create))).toEqual([]);
        expect(editFields.filter((name) => !(name in update))).toEqual([]);
        const provided = new Set([...createFields, ...Object.keys(decl.defaults ?? {})]);
        expect(Object.keys(create).filter((key) => needed(create[key]!) && !provided.has(key))).toEqual([]);
        expect(decl.idField in update).toBe(true);
        expect('version' in update).toBe(true);
      });

      it('lists columns with distinct keys', () => {
        const keys = decl.columns.map((c) => c.key);
        expect(new Set(keys).size).toBe(keys.length);
      });
    });
  }

  it('filter with the fields the list calls take', () => {
    const filters = (decl: ResourceDecl) => (decl.filters ?? []).map((f) => f.name);
    expect(filters(userDecl)).toEqual(['username', 'agentId', 'lockFlag']);
    expect(filters(roleDecl)).toEqual(['roleName']);
    expect(filters(operatorDecl)).toEqual(['operatorName', 'subStatus']);
    expect(filters(logDecl).every((name) => name in logQuery.shape)).toBe(true);
  });

  it('guard their screens with the codes of the menu catalogue', () => {
    expect(userDecl.permissions).toMatchObject({
      view: CODE.users,
      add: CODE.userAdd,
      delete: CODE.userDelete,
    });
    expect(roleDecl.fields?.find((f) => f.kind === 'tree')?.permission).toBe(CODE.roleMenus);
    expect(subRoleDecl.permissions.edit).toBe(CODE.subRoleEdit);
    expect(logDecl.fields).toBeUndefined();
  });
});

const alice = {
  userId: 'u1',
  username: 'alice',
  role: ['r1'],
  roleNames: ['Ops'],
  agentName: 'Demo Co',
  lockFlag: 0,
  version: 4,
  createTime: '2025-01-01T00:00:00.000Z',
};

const userCodes = ['6200', '6201', '6202', '6203', '6204', '6205', '6206'];

async function openRowMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'More' }));
}

describe('users', () => {
  it('refuses to delete a user with sub-accounts, and says why', async () => {
    grant(...userCodes);
    const api = fakeApi({
      '/admin/user/list': () => page([alice]),
      '/admin/user/getChildUserCount': () => ({ data: { count: 2 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await openRowMenu(user, 'alice');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('it has 2 sub-account(s)');
    expect(api.calls('/admin/user/getChildUserCount')[0]?.query).toEqual({ userId: 'u1' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('/admin/user/del')).toHaveLength(0);
  });

  it('deletes a user without sub-accounts after confirmation', async () => {
    grant(...userCodes);
    const api = fakeApi({
      '/admin/user/list': () => page([alice]),
      '/admin/user/getChildUserCount': () => ({ data: { count: 0 } }),
      '/admin/user/del': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await openRowMenu(user, 'alice');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('/admin/user/del')[0]?.query).toEqual({ userId: 'u1' }));
  });

  it('disables a user after confirmation, sending lockFlag and version', async () => {
    grant(...userCodes);
    const api = fakeApi({
      '/admin/user/list': () => page([alice]),
      '/admin/user/update': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await openRowMenu(user, 'alice');
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(/can no longer sign in/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.calls('/admin/user/update')[0]?.body).toEqual({ userId: 'u1', lockFlag: 1, version: 4 }),
    );
  });

  it('adds a user with the password encrypted and the chosen roles', async () => {
    grant(...userCodes);
    forgetPublicKey(); // the console caches the key another file's server may have given
    const keys = await serverKeys;
    const api = fakeApi({
      '/admin/user/list': () => page([]),
      '/auth/publicKey': () => ({ data: { publicKey: keys.pem } }),
      '/admin/role/options': () => ({
        data: [
          { roleId: 'r1', roleName: 'Ops' },
          { roleId: 'r2', roleName: 'Finance' },
        ],
      }),
      '/admin/user/add': () => ({ data: { userId: 'u2' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/Username/), 'bob');
    await user.type(within(form).getByLabelText(/^Password/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose at least one role')).toBeTruthy();
    expect(
      within(form).getAllByText('At least 8 characters, with at least 1 letter and 1 digit').length,
    ).toBe(2);
    await user.clear(within(form).getByLabelText(/^Password/));
    await user.type(within(form).getByLabelText(/^Password/), 'Secret123');
    await user.click(await within(form).findByText('Finance'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/user/add')).toHaveLength(1));
    const body = api.calls('/admin/user/add')[0]!.body!;
    expect(body).toMatchObject({ username: 'bob', role: ['r2'] });
    expect(body.password).not.toBe('Secret123');
    expect(await keys.decrypt(String(body.password))).toBe('Secret123');
  });

  it('resets a password: both entries must match, and it travels encrypted', async () => {
    grant(...userCodes);
    forgetPublicKey(); // the console caches the key another file's server may have given
    const keys = await serverKeys;
    const api = fakeApi({
      '/admin/user/list': () => page([alice]),
      '/auth/publicKey': () => ({ data: { publicKey: keys.pem } }),
      '/admin/user/resetPwd': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await openRowMenu(user, 'alice');
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Another123');
    await user.type(within(dialog).getByLabelText(/Confirm new password/), 'Another124');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Confirm new password/));
    await user.type(within(dialog).getByLabelText(/Confirm new password/), 'Another123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/user/resetPwd')).toHaveLength(1));
    const body = api.calls('/admin/user/resetPwd')[0]!.body!;
    expect(body.userId).toBe('u1');
    expect(await keys.decrypt(String(body.password))).toBe('Another123');
  });

  it('binds stations: starts from the bound ones and sends the whole chosen set', async () => {
    grant(...userCodes);
    const api = fakeApi({
      '/admin/user/list': () => page([alice]),
      '/biz/station/bindList': () =>
        page([
          { stationId: 's1', stationName: 'North', bound: true },
          { stationId: 's2', stationName: 'South', bound: false },
        ]),
      '/biz/station/bind': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={userDecl} />);
    await openRowMenu(user, 'alice');
    await user.click(await screen.findByRole('menuitem', { name: 'Stations' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 of 2 stations chosen')).toBeTruthy();
    expect(api.calls('/biz/station/bindList')[0]?.query).toEqual({ userId: 'u1' });
    await user.click(within(dialog).getByText('South'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('/biz/station/bind')[0]?.body).toEqual({ userId: 'u1', stationIds: ['s1', 's2'] }),
    );
  });
});

const menuTree = {
  menus: [
    {
      id: '6000',
      name: 'menu.m6000',
      children: [
        {
          id: '6200',
          name: 'menu.m6200',
          children: [
            { id: '6201', name: 'menu.m6201', children: [] },
            { id: '6202', name: 'menu.m6202', children: [] },
          ],
        },
        { id: '6700', name: 'menu.m6700', children: [] },
      ],
    },
  ],
  checked: ['6000', '6200', '6201'],
};

describe('roles', () => {
  const role = {
    roleId: 'r1',
    roleName: 'Ops',
    roleCode: 'OPS',
    roleFlag: 1,
    roleType: 0,
    menuIds: ['6000', '6200', '6201'],
    version: 2,
  };

  it('edits the menus of a role in the tree and sends the checked ids', async () => {
    grant('6100', '6101', '6102', '6103', '6104');
    const api = fakeApi({
      '/admin/role/list': () => page([role]),
      '/admin/role/info': () => ({ data: role }),
      '/admin/menu/tree': () => ({ data: menuTree }),
      '/admin/role/update': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={roleDecl} />);
    const row = (await screen.findByText('OPS')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const tree = await within(form).findByRole('tree');
    expect(api.calls('/admin/menu/tree')[0]?.query).toEqual({ id: 'r1' });
    // Pages show under their group; buttons open under their page.
    expect(within(tree).queryByText('Edit user')).toBeNull();
    await user.click(within(tree).getByRole('button', { name: /Users$/ }));
    await user.click(within(tree).getByText('Edit user'));
    await user.click(within(tree).getByText('Logs'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/role/update')).toHaveLength(1));
    const body = api.calls('/admin/role/update')[0]!.body!;
    expect((body.menuIds as string[]).sort()).toEqual(['6000', '6200', '6201', '6202', '6700']);
    expect(body).toMatchObject({ roleId: 'r1', roleName: 'Ops', roleCode: 'OPS', roleFlag: 1, version: 2 });
  });

  it('takes a page and its buttons away together, and keeps the menus of a role it may not show', async () => {
    grant('6100', '6102', '6104');
    const api = fakeApi({
      '/admin/role/list': () => page([role]),
      '/admin/role/info': () => ({ data: role }),
      '/admin/menu/tree': () => ({ data: menuTree }),
      '/admin/role/update': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={roleDecl} />);
    await user.click(
      within((await screen.findByText('OPS')).closest('tr')!).getByRole('button', { name: 'Edit' }),
    );
    const form = await screen.findByRole('dialog');
    const tree = await within(form).findByRole('tree');
    // Partly granted: the first click grants all of it, the second takes the page and its buttons away.
    await user.click(within(tree).getByText('Users'));
    await user.click(within(tree).getByText('Users'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/role/update')).toHaveLength(1));
    expect(api.calls('/admin/role/update')[0]!.body!.menuIds).toEqual(['6000']);

    cleanup();
    grant('6100', '6102'); // no 6104: no tree, the role keeps its menus
    const again = fakeApi({
      '/admin/role/list': () => page([role]),
      '/admin/role/info': () => ({ data: role }),
      '/admin/role/update': () => ({ data: null }),
    });
    renderScreen(<ResourceListPage decl={roleDecl} />);
    await user.click(
      within((await screen.findByText('OPS')).closest('tr')!).getByRole('button', { name: 'Edit' }),
    );
    const plain = await screen.findByRole('dialog');
    await within(plain).findByLabelText(/Role name/);
    expect(within(plain).queryByRole('tree')).toBeNull();
    await user.click(within(plain).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(again.calls('/admin/role/update')).toHaveLength(1));
    expect(again.calls('/admin/role/update')[0]!.body!.menuIds).toEqual(role.menuIds);
    expect(again.calls('/admin/menu/tree')).toHaveLength(0);
  });

  it('hides edit and delete of roles the company may not change', async () => {
    grant('6100', '6101', '6102', '6103');
    fakeApi({ '/admin/role/list': () => page([{ ...role, editable: false }]) });
    renderScreen(<ResourceListPage decl={roleDecl} />);
    const row = (await screen.findByText('OPS')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('asks a subscription role for its type (1 to 4)', async () => {
    grant('6900', '6901');
    const api = fakeApi({
      '/admin/subRole/list': () => page([]),
      '/admin/menu/tree': () => ({ data: menuTree }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={subRoleDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/Role name/), 'Pro');
    await user.type(within(form).getByLabelText(/Role code/), 'PRO');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const type = within(form).getByLabelText(/Subscription type/);
    expect(type.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('/admin/subRole/add')).toHaveLength(0);
    expect(api.calls('/admin/menu/tree')[0]?.query).toEqual({});
  });
});

describe('company page', () => {
  it('shows the company, its sub-companies and its users', async () => {
    grant('6500', '6502', '6504', '6200');
    const api = fakeApi({
      '/admin/operator/info': () => ({
        data: {
          id: 'o1',
          operatorName: 'Demo Co',
          currency: 'EUR',
          subStatus: 1,
          contactMail: 'ops@demo.test',
          version: 1,
        },
      }),
      '/admin/operator/listByTree': () => ({
        data: [{ id: 'o2', operatorName: 'Demo North', subStatus: 2 }],
      }),
      '/admin/user/list': () => page([alice]),
    });
    const user = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/operatorDetail/:id" element={<OperatorDetailPage />} />
      </Routes>,
      '/operatorDetail/o1',
    );
    expect(await screen.findByRole('heading', { name: 'Demo Co' })).toBeTruthy();
    expect(screen.getByText('ops@demo.test')).toBeTruthy();
    expect(screen.getByText('Subscribed')).toBeTruthy();
    expect(api.calls('/admin/operator/info')[0]?.query).toEqual({ id: 'o1' });
    await user.click(screen.getByRole('tab', { name: 'Sub-companies' }));
    const link = await screen.findByRole('link', { name: 'Demo North' });
    expect(link.getAttribute('href')).toBe('/operatorDetail/o2');
    expect(api.calls('/admin/operator/listByTree')[0]?.body).toEqual({ parentId: 'o1' });
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(api.calls('/admin/user/list')[0]?.body).toEqual({ agentId: 'o1', current: 1, size: 10 });
  });
});

describe('log', () => {
  it('is read only, filters by type and time window, and shows the whole entry in its detail', async () => {
    grant('6700');
    const entry = {
      id: 'l1',
      title: 'Delete user',
      type: '9',
      createBy: 'admin',
      createTime: '2025-05-01T10:00:00.000Z',
      remoteAddr: '10.0.0.1',
      method: 'POST',
      requestUri: '/admin/user/del',
      time: 12,
      params: '{"userId":"u9"}',
      exception: 'Refused: sub-accounts',
    };
    const api = fakeApi({ '/admin/log/list': () => page([entry]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={logDecl} />);
    const row = (await screen.findByText('Delete user')).closest('tr')!;
    expect(within(row).getByText('Abnormal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    const search = screen.getByRole('search');
    await user.selectOptions(within(search).getByLabelText('Type'), '9');
    await fillDate(user, 'From', '2025-05-01 08:00:00', search);
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/admin/log/list').at(-1)?.body).toEqual({
        type: '9',
        startTime: fromLocalInput('2025-05-01T08:00:00'),
        current: 1,
        size: 10,
      }),
    );
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('Refused: sub-accounts')).toBeTruthy();
    expect(within(detail).getByText('{"userId":"u9"}')).toBeTruthy();
  });
});
