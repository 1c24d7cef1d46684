// @vitest-environment happy-dom
/**
 * The registry's screens inside the real console: the router finds them by route (detail routes by their
 * base), the layout titles them, and they use the signed-in user's permissions from user info.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { changeLanguage } from '@web/i18n.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler } from '../support/fake-api.ts';
import { clearMessages, renderConsole } from '../support/render-console.tsx';

const ok =
  (data: unknown): Handler =>
  () => ({ body: { code: 0, msg: '', data } });
const menu = (id: string, parentId: string, path?: string, children: object[] = []) => ({
  id,
  parentId,
  name: `menu.m${id}`,
  type: '0',
  sort: Number(id),
  keepAlive: '0',
  ...(path ? { path } : {}),
  children,
});

function signedInConsole(permissions: string[], more: Record<string, Handler> = {}) {
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
  return fakeApi({
    'GET /admin/user/info': ok({
      sysUser: { userId: 1, username: 'admin', agentId: null, subStatus: null },
      permissions,
      roles: ['ADMIN'],
      googleMap: null,
      agentName: null,
    }),
    'POST /admin/user/check': ok({ valid: true }),
    'POST /admin/menu/list': ok([
      menu('6000', '-1', undefined, [menu('6200', '6000', '/user'), menu('6500', '6000', '/operator')]),
    ]),
    ...more,
  });
}

const alice = { userId: 'u1', username: 'alice', roleNames: ['Ops'], lockFlag: 0, version: 1 };

beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearMessages();
  vi.unstubAllGlobals();
});

describe('registry screens in the console', () => {
  it('shows the user list at /user, with the buttons the user info grants', async () => {
    signedInConsole(['6000', '6200', '6202'], {
      'POST /admin/user/list': ok({ records: [alice], total: 1, current: 1, size: 10 }),
    });
    renderConsole('/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByText('alice').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('serves /operatorDetail/{id} with the company page', async () => {
    const api = signedInConsole(['6000', '6500', '6504'], {
      'POST /admin/operator/info': ok({
        id: 'o7',
        operatorName: 'Harbour Charging',
        currency: 'EUR',
        subStatus: 1,
      }),
      'POST /admin/operator/listByTree': ok([]),
    });
    renderConsole('/operatorDetail/o7');
    expect(await screen.findByRole('heading', { name: 'Harbour Charging' })).toBeTruthy();
    expect(api.to('/admin/operator/info')[0]?.query.get('id')).toBe('o7');
  });
});
