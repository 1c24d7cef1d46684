// @vitest-environment happy-dom
/**
 * The main layout (docs/product.md sections 2, 4, 8): the left menu from the server's tree, collapse widths,
 * the second-level tabs, kept pages, the account menu, the expiry warning, the subscription redirect, the 500
 * page, the menu retry and the 401 flow (exactly SESSION_KEYS cleared, then /login). fetch is the only thing
 * replaced, plus some routes' screens (stand-ins that count their mounts, met before any screen module is
 * loaded: web/src/screens/registry.ts).
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_KEYS } from '@web/auth/storage.ts';
import { forgetPublicKey } from '@web/auth/crypto.ts';
import { changeLanguage } from '@web/i18n.ts';
import { loadedScreens, screenOf } from '@web/screens/registry.ts';
import { useState, type ComponentType } from 'react';
import useSWR from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, serverKeyPair, type Handler } from './support/fake-api.ts';
import { clearMessages, renderConsole } from './support/render-console.tsx';

const mounts: Record<string, number> = {};

// A page with its own state, so a test can tell a kept instance from a new one.
const statefulPage = (name: string) =>
  function Page() {
    const [count, setCount] = useState(() => {
      mounts[name] = (mounts[name] ?? 0) + 1;
      return 0;
    });
    return (
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {`${name} clicked ${count}`}
      </button>
    );
  };
// A kept page that polls the API (as the monitor does), counting its requests.
let polls = 0;
function PollingPage() {
  const { data } = useSWR('kept-poll', () => ++polls, { refreshInterval: 40, dedupingInterval: 0 });
  return <p>{`polled ${data ?? 0}`}</p>;
}
// React's <Activity mode="hidden"> hides a page's DOM with `display: none` (decision 320).
const hiddenByActivity = (element: HTMLElement) => {
  for (let at: HTMLElement | null = element; at; at = at.parentElement)
    if (at.style.display === 'none') return true;
  return false;
};
const standIns: Record<string, ComponentType> = {
  '/equipment': statefulPage('sites'),
  '/device': PollingPage,
  '/firmware': statefulPage('firmware'),
  '/stationDetail': statefulPage('site details'),
  '/command': statefulPage('commands'),
  '/chargeOrder': statefulPage('charging orders'),
};
const registered = Object.fromEntries(Object.keys(standIns).map((path) => [path, loadedScreens[path]]));
beforeAll(() => void Object.assign(loadedScreens, standIns));
afterAll(() => void Object.assign(loadedScreens, registered));

const menu = (id: string, parentId: string, extra: Record<string, unknown> = {}) => ({
  id,
  parentId,
  name: `menu.m${id}`,
  type: '0',
  sort: Number(id) || 0,
  keepAlive: '0',
  children: [],
  ...extra,
});

/** Devices (sites, charge points, commands, firmware) and System (users), with a button that must not show. */
const tree = [
  menu('2000', '-1', {
    icon: 'devices',
    children: [
      menu('2100', '2000', {
        path: '/equipment',
        keepAlive: '1',
        children: [menu('2101', '2100', { type: '1' })],
      }),
      menu('2200', '2000', { path: '/device', keepAlive: '1' }),
      menu('2250', '2000', { path: '/command' }),
      menu('2300', '2000', { path: '/firmware' }),
    ],
  }),
  menu('6000', '-1', { icon: 'system', children: [menu('6200', '6000', { path: '/user' })] }),
];

const sysUser = {
  userId: 1,
  username: 'admin',
  phone: '',
  email: 'admin@demo.local',
  agentId: null,
  subStatus: null,
};

function userInfo(overrides: { sysUser?: object; permissions?: string[] } = {}): Handler {
  return () => ({
    body: {
      code: 0,
      msg: '',
      data: {
        sysUser: { ...sysUser, ...overrides.sysUser },
        // The home page, site details and the charging orders are the account's too (not in the tree above).
        permissions: overrides.permissions ?? ['1100', '2100', '2104', '2200', '4100'],
        roles: ['ADMIN'],
        googleMap: 'map-key',
        agentName: null,
      },
    },
  });
}

function api(handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /admin/user/info': userInfo(),
    'POST /admin/user/check': () => ({ body: { code: 0, msg: '', data: { valid: true } } }),
    'POST /admin/menu/list': () => ({ body: { code: 0, msg: '', data: tree } }),
    ...handlers,
  });
}

function signedIn() {
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

/**
 * Picks an item of an open menu. Press and release are apart: under happy-dom the menu applies the press
 * (which highlights the item) a tick late, and a click in the same tick would close it without a choice.
 */
async function chooseMenuItem(user: ReturnType<typeof userEvent.setup>, name: string) {
  const item = await screen.findByRole('menuitem', { name });
  await user.pointer({ keys: '[MouseLeft>]', target: item });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await user.pointer({ keys: '[/MouseLeft]', target: item });
}

beforeEach(async () => {
  localStorage.clear();
  for (const key of Object.keys(mounts)) delete mounts[key];
  forgetPublicKey();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearMessages();
  vi.unstubAllGlobals();
});

describe('main layout', () => {
  it('builds the menu from the server tree, titles the page and shows the group tabs', async () => {
    signedIn();
    const calls = api();
    renderConsole('/equipment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Charging sites' })).toBeTruthy();
    const nav = mainMenu();
    const devices = within(nav).getByRole('button', { name: 'Devices' });
    expect(devices.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Charging sites' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Charge points' })).toBeTruthy();
    expect(within(nav).queryByText('Add site')).toBeNull(); // buttons are permissions, not menu entries
    expect(within(nav).getByRole('button', { name: 'System' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();

    const tabs = screen.getByRole('tablist', { name: 'Pages of this section' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Charging sites', 'Charge points', 'Remote commands', 'Firmware']);
    expect(within(tabs).getByRole('tab', { name: 'Charging sites' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    // what user info gave is kept (docs/product.md section 3)
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('admin');
    expect(JSON.parse(localStorage.getItem('permissions') ?? '[]')).toEqual([
      '1100',
      '2100',
      '2104',
      '2200',
      '4100',
    ]);
    expect(localStorage.getItem('mapKey')).toBe('map-key');
    expect(localStorage.getItem('activeKey')).toBe('2100');
    expect(calls.to('/admin/user/info')[0]?.headers.authorization).toBe('Bearer access-1');
    expect(calls.to('/admin/user/check')).toHaveLength(1);
  });

  it('opens a group from the menu and remembers it under openKeys', async () => {
    signedIn();
    api();
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    const system = await within(await screen.findByRole('navigation', { name: 'Main menu' })).findByRole(
      'button',
      {
        name: 'System',
      },
    );
    await user.click(system);
    expect(system.getAttribute('aria-expanded')).toBe('true');
    expect(JSON.parse(localStorage.getItem('openKeys') ?? '[]')).toEqual(['6000']);
    await user.click(within(mainMenu()).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(view.pathname()).toBe('/user'));
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  });

  it('collapses the menu from 240 to 100 pixels and back', async () => {
    signedIn();
    api();
    const user = userEvent.setup();
    renderConsole('/equipment');
    await screen.findByRole('heading', { level: 1, name: 'Charging sites' });
    expect(mainMenu().style.width).toBe('240px');
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(mainMenu().style.width).toBe('100px');
    // collapsed, a group opens its first page
    await user.click(within(mainMenu()).getByRole('button', { name: 'System' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(mainMenu().style.width).toBe('240px');
  });

  it('hides the tabs on detail pages and on the command page', async () => {
    signedIn();
    api();
    const view = renderConsole('/stationDetail/17');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site details' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('button', { name: 'site details clicked 0' })).toBeTruthy();
    await act(() => view.router.navigate('/command'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Remote commands' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    await act(() => view.router.navigate('/firmware'));
    expect(await screen.findByRole('tablist')).toBeTruthy();
  });

  it('keeps a kept page mounted across navigation, and remounts the others', async () => {
    signedIn();
    api();
    const user = userEvent.setup();
    renderConsole('/equipment');
    await user.click(await screen.findByRole('button', { name: 'sites clicked 0' }));
    await user.click(screen.getByRole('button', { name: 'sites clicked 1' }));

    await user.click(screen.getByRole('tab', { name: 'Firmware' }));
    await user.click(await screen.findByRole('button', { name: 'firmware clicked 0' }));
    expect(screen.queryByRole('button', { name: /sites clicked/ })).toBeNull(); // hidden, not shown

    await user.click(screen.getByRole('tab', { name: 'Charging sites' }));
    expect(await screen.findByRole('button', { name: 'sites clicked 2' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Firmware' }));
    expect(await screen.findByRole('button', { name: 'firmware clicked 0' })).toBeTruthy();
    expect(mounts).toEqual({ sites: 1, firmware: 2 });
  });

  it('pauses the requests of a hidden kept page, and resumes them when it shows again', async () => {
    signedIn();
    api();
    const user = userEvent.setup();
    renderConsole('/device');
    await waitFor(() => expect(polls).toBeGreaterThan(2), { timeout: 10_000 }); // polling while shown
    await user.click(screen.getByRole('tab', { name: 'Firmware' }));
    await screen.findByRole('button', { name: /firmware clicked/ });
    const hiddenAt = polls;
    await new Promise((resolve) => setTimeout(resolve, 400)); // ten intervals
    expect(polls - hiddenAt).toBeLessThanOrEqual(1); // at most one that was already under way
    expect(hiddenByActivity(screen.getByText(/polled/))).toBe(true); // hidden, still mounted

    const before = polls;
    await user.click(screen.getByRole('tab', { name: 'Charge points' }));
    await waitFor(() => expect(polls).toBeGreaterThan(before + 2), { timeout: 10_000 });
    expect(hiddenByActivity(screen.getByText(/polled/))).toBe(false);
  });

  it('redirects / to /home and /order to /order/chargeOrder', async () => {
    signedIn();
    api();
    const view = renderConsole('/');
    await waitFor(() => expect(view.pathname()).toBe('/home'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Operation data' })).toBeTruthy();
    await act(() => view.router.navigate('/order'));
    await waitFor(() => expect(view.pathname()).toBe('/order/chargeOrder'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charging orders' })).toBeTruthy();
  });

  it('on a 401 shows the message, then clears exactly SESSION_KEYS and goes to /login', async () => {
    signedIn();
    const kept = { language: 'en', vehicle_access_token: 'fleet-1', unrelated: 'x' };
    for (const key of SESSION_KEYS) localStorage.setItem(key, localStorage.getItem(key) ?? `"${key}"`);
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    api({
      'GET /admin/user/info': () => ({ status: 401, body: { code: 401, msg: 'Unauthorized' } }),
      'POST /admin/menu/list': () => ({ status: 401, body: { code: 401, msg: 'Unauthorized' } }),
    });
    const view = renderConsole('/equipment');

    expect(await screen.findByText('Login failed, please login again')).toBeTruthy();
    expect(screen.getAllByText('Login failed, please login again')).toHaveLength(1); // one message for both calls
    expect(localStorage.getItem('access_token')).toBe('access-1'); // not before the message closes
    await waitFor(() => expect(view.pathname()).toBe('/login'), { timeout: 5000 });
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    for (const [key, value] of Object.entries(kept)) expect(localStorage.getItem(key), key).toBe(value);
  });

  it('shows the 500 page with Login and Reload when user info and menus both fail', async () => {
    signedIn();
    api({
      'GET /admin/user/info': () => ({ status: 500, body: { code: 500, msg: 'boom' } }),
      'POST /admin/menu/list': () => ({ status: 500, body: { code: 500, msg: 'boom' } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your workspace could not be loaded' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('says the menu failed to load and retries it', async () => {
    signedIn();
    let menuCalls = 0;
    api({
      'POST /admin/menu/list': () =>
        ++menuCalls === 1
          ? { status: 500, body: { code: 500, msg: 'menu store unavailable' } }
          : { body: { code: 0, msg: '', data: tree } },
    });
    const user = userEvent.setup();
    renderConsole('/equipment');
    expect(await screen.findByText('Failed to load the user menu')).toBeTruthy();
    expect(screen.getByText('menu store unavailable')).toBeTruthy();
    await user.click(within(mainMenu()).getByRole('button', { name: 'Retry' }));
    expect(await within(mainMenu()).findByRole('link', { name: 'Charging sites' })).toBeTruthy();
  });

  it('sends the user back to login when user info is refused', async () => {
    signedIn();
    api({ 'GET /admin/user/info': () => ({ status: 400, body: { code: 1, msg: 'no such user' } }) });
    const view = renderConsole('/equipment');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends the user back to login when the account check fails', async () => {
    signedIn();
    api({
      'POST /admin/user/check': () => ({ body: { code: 1, msg: 'Account locked', data: { valid: false } } }),
    });
    const view = renderConsole('/equipment');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(await screen.findByText('Account locked')).toBeTruthy();
  });

  it('sends a company without a subscription to the subscription wizard', async () => {
    signedIn();
    api({ 'GET /admin/user/info': userInfo({ sysUser: { agentId: 'op-1', subStatus: 0 } }) });
    const view = renderConsole('/equipment');
    await waitFor(() => expect(view.pathname()).toBe('/subsplan'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeTruthy();
  });

  it('warns of an expiring subscription until acknowledged', async () => {
    signedIn();
    api({
      'GET /admin/user/info': userInfo({ sysUser: { agentId: 'op-1', subStatus: 1, expireRemindDays: 5 } }),
    });
    const user = userEvent.setup();
    renderConsole('/equipment');
    const warning = (await screen.findByText('Your company subscription expires in 5 days.')).closest(
      '[role=alert]',
    ) as HTMLElement;
    expect(within(warning).getByText('Subscription expiring soon')).toBeTruthy();
    expect(within(warning).queryByRole('link', { name: 'Update now' })).toBeNull();
    await user.click(within(warning).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByText('Subscription expiring soon')).toBeNull();
    expect(localStorage.getItem('access')).not.toBeNull();
  });

  it('offers "Update now" to holders of sys_planoper_edit', async () => {
    signedIn();
    api({
      'GET /admin/user/info': userInfo({
        sysUser: { agentId: 'op-1', subStatus: 1, expireRemindDays: 3 },
        permissions: ['sys_planoper_edit'],
      }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    await user.click(await screen.findByRole('link', { name: 'Update now' }));
    await waitFor(() => expect(view.pathname()).toBe('/plan'));
    expect(screen.queryByText('Subscription expiring soon')).toBeNull();
  });

  it('shows "update info" only with sys_user_edit, and logs out', async () => {
    signedIn();
    localStorage.setItem('language', 'en');
    const calls = api({ 'GET /auth/token/logout': () => ({ body: { code: 0, msg: '', data: null } }) });
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    await user.click(await screen.findByRole('button', { name: 'admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Update info' })).toBeNull();
    await chooseMenuItem(user, 'Log out');

    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(calls.to('/auth/token/logout')[0]?.headers.authorization).toBe('Bearer access-1');
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('updates the phone and e-mail of a user holding sys_user_edit', async () => {
    signedIn();
    const calls = api({
      'GET /admin/user/info': userInfo({ permissions: ['sys_user_edit'] }),
      'POST /admin/user/updateInfo': () => ({ body: { code: 0, msg: '', data: null } }),
    });
    const user = userEvent.setup();
    renderConsole('/equipment');
    await user.click(await screen.findByRole('button', { name: 'admin' }));
    await chooseMenuItem(user, 'Update info');
    const dialog = await screen.findByRole('dialog', { name: 'Update info' });
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).readOnly).toBe(true);
    await user.type(within(dialog).getByLabelText('Phone'), '+49 30 1234');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('E-mail format is wrong')).toBeTruthy();
    expect(calls.to('/admin/user/updateInfo')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'ops@demo.local');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update success')).toBeTruthy();
    expect(calls.to('/admin/user/updateInfo')[0]?.body).toEqual({
      phone: '+49 30 1234',
      email: 'ops@demo.local',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('ops@demo.local');
  });
});

describe('change password', () => {
  let key: Awaited<ReturnType<typeof serverKeyPair>>;
  beforeAll(async () => {
    key = await serverKeyPair();
  });

  it('checks the rules, sends both passwords encrypted, then asks for a new login', async () => {
    signedIn();
    const calls = api({
      'GET /auth/publicKey': () => ({ body: { code: 0, msg: '', data: { publicKey: key.pem } } }),
      'POST /admin/user/updatePwd': ({ body }) =>
        (body as { oldPwd: string }).oldPwd
          ? { body: { code: 0, msg: '', data: null } }
          : { status: 400, body: { code: 1, msg: 'bad' } },
      'GET /auth/token/logout': () => ({ body: { code: 0, msg: '', data: null } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    await user.click(await screen.findByRole('button', { name: 'admin' }));
    await chooseMenuItem(user, 'Change password');
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });

    await user.type(within(dialog).getByLabelText(/^Current password/), 'Admin12345');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Newpass123');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Newpass124');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeTruthy();
    expect(calls.to('/admin/user/updatePwd')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Confirm new password/));
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Newpass123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(view.pathname()).toBe('/login'));
    const sent = calls.to('/admin/user/updatePwd')[0]?.body as { id: string; oldPwd: string; newPwd: string };
    expect(sent.id).toBe('1'); // the caller's own account
    await expect(key.decrypt(sent.oldPwd)).resolves.toBe('Admin12345');
    await expect(key.decrypt(sent.newPwd)).resolves.toBe('Newpass123');
    expect(screen.getByText('Update success')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('shows the update error with the server message', async () => {
    signedIn();
    api({
      'GET /auth/publicKey': () => ({ body: { code: 0, msg: '', data: { publicKey: key.pem } } }),
      'POST /admin/user/updatePwd': () => ({ status: 400, body: { code: 1, msg: 'Old password is wrong' } }),
    });
    const user = userEvent.setup();
    const view = renderConsole('/equipment');
    await user.click(await screen.findByRole('button', { name: 'admin' }));
    await chooseMenuItem(user, 'Change password');
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'Wrong12345');
    await user.type(within(dialog).getByLabelText(/^New password/), 'Newpass123');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Newpass123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Old password is wrong')).toBeTruthy();
    expect(view.pathname()).toBe('/equipment');
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });
});

describe('routes outside the account', () => {
  it('show the no-access page inside the layout, call nothing of the page, in German too', async () => {
    signedIn();
    const calls = api();
    const view = renderConsole('/alarm');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have no access to this page' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(mainMenu()).toBeTruthy();
    expect(calls.to('/biz/alarm/list')).toHaveLength(0);
    expect(screen.queryByRole('tablist', { name: 'Pages of this section' })).toBeNull();
    // A page of its menus opens as before.
    await act(() => view.router.navigate('/equipment'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charging sites' })).toBeTruthy();
    await changeLanguage('de');
    await act(() => view.router.navigate('/alarm'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff auf diese Seite' }),
    ).toBeTruthy();
  });
});

describe('unknown routes', () => {
  it('show the not-found page inside the layout, with one heading', async () => {
    signedIn();
    api();
    renderConsole('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(mainMenu()).toBeTruthy();
  });
});

describe('screens loaded on demand', () => {
  const users = () => screenOf('/user')!.module;

  it('shows the loading state while the screen loads, then the screen', async () => {
    signedIn();
    api();
    const saved = loadedScreens['/user'];
    delete loadedScreens['/user'];
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.spyOn(users(), 'load').mockImplementation(async () => {
      await gate;
      return { [screenOf('/user')!.name]: () => <p>the users screen</p> };
    });
    try {
      renderConsole('/user');
      expect(await screen.findByText('Loading the page…')).toBeTruthy();
      release();
      expect(await screen.findByText('the users screen')).toBeTruthy();
      expect(screen.queryByText('Loading the page…')).toBeNull();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      load.mockRestore();
      loadedScreens['/user'] = saved;
    }
  });

  it('shows the route error page when the screen fails to load, and loads it again on the next visit', async () => {
    signedIn();
    api();
    const saved = loadedScreens['/user'];
    delete loadedScreens['/user'];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .spyOn(users(), 'load')
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    try {
      const view = renderConsole('/user');
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
      load.mockRestore();
      const again = vi.spyOn(users(), 'load');
      await act(() => view.router.navigate('/equipment'));
      await act(() => view.router.navigate('/user'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
      await waitFor(() => expect(loadedScreens['/user']).toBeDefined());
      expect(again).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
      again.mockRestore();
    } finally {
      load.mockRestore();
      logged.mockRestore();
      loadedScreens['/user'] ??= saved;
    }
  });
});
