// @vitest-environment happy-dom
/**
 * The route table of docs/product.md section 2: every route registered, kept routes marked, the public pages
 * (privacy in a frame, /logincommon with its copyright link, /status), and every page route has its screen.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '@web/i18n.ts';
import { PrivacyPage, privacyFile } from '@web/pages/privacy-page.tsx';
import { UiProvider } from '@web/components/ui/provider.tsx';
import { renderToString } from 'react-dom/server';
import { pageRoutes, routes } from '@web/routes.tsx';
import { matchRoutes, MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './support/fake-api.ts';
import { clearMessages, renderConsole } from './support/render-console.tsx';

beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  clearMessages();
  vi.unstubAllGlobals();
});

/** docs/product.md section 2, as written there (ids filled in). */
const specRoutes = [
  '/home', '/user',
  '/equipment', '/stationDetail/1', '/device', '/chargerDetail/1', '/command', '/firmware', '/display', '/network',
  '/confKey', '/powerProfile', '/energyBox', '/energyBoxDetail/EB-1', '/card', '/listVersion',
  '/fee', '/chargingFee', '/reserveFee', '/discount',
  '/chargeOrder', '/orderDetail/1', '/reserveOrder', '/reserveOrderDetail/1', '/waitOrder', '/profitOrder',
  '/statRevenue', '/transcationInsight',
  '/alarm', '/alarmOffline', '/alarmChart', '/alarmTemplate', '/alarmMail', '/stopReasonList',
  '/monitor',
  '/role', '/subRole', '/emsp', '/emspBind', '/parameter', '/pay', '/mail', '/operator', '/operatorDetail/1',
  '/planDetail/1/Basic', '/operatorLimit', '/log', '/plan', '/assetList', '/vendorList',
  '/appUser', '/appUserDetail/1', '/opsUser', '/appVersion', '/feedback', '/appInsight', '/fileExport',
  '/renewable', '/brand',
  '/driver', '/vehicle', '/fleets', '/fleetsDetail/1', '/alerts', '/analysis', '/fundHistory',
  '/order/chargeOrder',
]; // prettier-ignore

const kept = [
  '/equipment',
  '/device',
  '/energyBox',
  '/chargeOrder',
  '/reserveOrder',
  '/profitOrder',
  '/operator',
  '/appUser',
  '/fleets',
];

describe('route table', () => {
  it('registers every product route in the main layout', () => {
    for (const path of specRoutes) {
      const matched = matchRoutes(routes, path)?.at(-1)?.route.path;
      expect(matched, path).toBeDefined();
      expect(matched, path).not.toBe('*');
    }
  });

  it('registers the public and special routes', () => {
    for (const path of [
      '/login',
      '/logincommon',
      '/privacy/',
      '/privacy/de-de',
      '/status',
      '/vehicle/dashbord',
      '/subsplan',
    ]) {
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).not.toBe('*');
    }
  });

  it('keeps exactly the product kept routes (and /order/chargeOrder with /chargeOrder)', () => {
    const keptPaths = pageRoutes.filter((route) => route.kept).map((route) => route.path);
    expect(keptPaths.sort()).toEqual([...kept, '/order/chargeOrder'].sort());
  });
});

describe('public pages', () => {
  it('picks the privacy file from a 5-character last segment', () => {
    expect(privacyFile('/privacy/')).toBe('/charge/privacy/privacy.html');
    expect(privacyFile('/privacy/en-us')).toBe('/charge/privacy/privacy-en-us.html');
    expect(privacyFile('/privacy/zh-CN')).toBe('/charge/privacy/privacy-zh-cn.html');
    expect(privacyFile('/privacy/de-de')).toBe('/charge/privacy/privacy-de-de.html');
    expect(privacyFile('/privacy/english')).toBe('/charge/privacy/privacy.html');
    expect(privacyFile('/privacy/xx-yy')).toBe('/charge/privacy/privacy.html'); // no such file
  });

  it('shows the privacy notice in a frame', () => {
    // Rendered to markup: happy-dom would try to load the framed document from a server.
    const html = renderToString(
      <UiProvider>
        <MemoryRouter initialEntries={['/privacy/th-th']}>
          <PrivacyPage />
        </MemoryRouter>
      </UiProvider>,
    );
    expect(html).toMatch(/<iframe title="Privacy policy" src="\/charge\/privacy\/privacy-th-th.html"/);
  });

  it('shows the copyright link under the simple login', async () => {
    const api = fakeApi({
      'POST /admin/parameter/getCopyRight': () => ({
        body: {
          code: 0,
          msg: '',
          data: { settingValue: 'https://example.com/about', settingDesc: '© Demo Charging' },
        },
      }),
    });
    renderConsole('/logincommon');
    const link = await screen.findByRole('link', { name: '© Demo Charging' });
    expect(link.getAttribute('href')).toBe('https://example.com/about');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull(); // staff login only
    expect(api.to('/admin/parameter/getCopyRight')[0]?.headers.authorization).toBeUndefined();
  });

  it('shows no link for a copyright target that is not a web address', async () => {
    const api = fakeApi({
      'POST /admin/parameter/getCopyRight': () => ({
        body: { code: 0, msg: '', data: { settingValue: 'javascript:alert(1)', settingDesc: 'click me' } },
      }),
    });
    renderConsole('/logincommon');
    await waitFor(() => expect(api.to('/admin/parameter/getCopyRight')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'click me' })).toBeNull();
  });

  it('sends an authenticated visitor of /logincommon to the console', async () => {
    localStorage.setItem('access_token', 'access-1');
    fakeApi({});
    const view = renderConsole('/logincommon');
    await waitFor(() => expect(view.pathname()).toBe('/home'));
  });

  it('shows the platform status without a login', async () => {
    fakeApi({ 'GET /health': () => ({ body: { status: 'ok', services: [] } }) });
    renderConsole('/status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform status' })).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('sends the fleet dashboard to /login without a token, and opens the console on a fleet token alone', async () => {
    fakeApi({});
    const view = renderConsole('/vehicle/dashbord');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    cleanup();
    localStorage.setItem('vehicle_access_token', 'fleet-1');
    // The guard lets the fleet token in (the layout then loads the fleet account's user info and menus).
    expect(renderConsole('/vehicle/dashbord').pathname()).toBe('/vehicle/dashbord');
  });

  it('lets only a company without a subscription into the wizard', async () => {
    fakeApi({});
    localStorage.setItem('access_token', 'access-1');
    localStorage.setItem('user', JSON.stringify({ userId: 1, username: 'op', agentId: null, subStatus: 0 }));
    const view = renderConsole('/subsplan');
    await waitFor(() => expect(view.pathname()).not.toBe('/subsplan'));
    cleanup();
    localStorage.removeItem('user');
    const again = renderConsole('/subsplan');
    await waitFor(() => expect(again.pathname()).toBe('/login'));
  });
});
