// @vitest-environment happy-dom
/**
 * The app user screens: /appUser lists users with their level, balance in four decimals, frozen
 * amount and lock, offers lock or unlock and balance adjustment by the codes held, checks an adjustment
 * before sending, and no add or delete; /appUserDetail/{id} shows the user's fields, statistics, ledger,
 * card and orders (the order list's call for the user's tag), and locks with a cause.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppInsightPage } from '@web/screens/crm/app-insight.tsx';
import { AppUserDetailPage } from '@web/screens/crm/app-user-detail.tsx';
import { opsUserDecl } from '@web/resources/decls/crm/ops-user.tsx';
import { appUserDecl } from '@web/resources/decls/crm/app-user.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, rowAction, rowActions } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = {
  id: 'u1',
  userName: 'Mia Driver',
  email: 'mia@x.example',
  phone: '+49 30 1',
  cardNo: 'APP-TAG-9',
  userLevel: 1,
  accountBalance: 80,
  frozenAmount: 5,
  lockFlag: 0,
  regSource: 1,
  lastLoginTime: '2026-11-24T08:00:00.000Z',
  lastLoginSource: 2,
  lastIp: '203.0.113.7',
  version: 4,
  createTime: '2026-11-01T08:00:00.000Z',
};

describe('app user list', () => {
  it('is the /appUser page: money in four decimals, lock and adjust by code, no add or delete', async () => {
    expect(resourcePages['/appUser']).toBeDefined();
    grant('7100', '7101', '7102', '7103');
    const api = fakeApi({
      '/biz/appUser/list': () => page([user, { ...user, id: 'u2', userName: 'Locked Lou', lockFlag: 1 }]),
      '/biz/appUser/adjust': () => ({ data: { ...user, accountBalance: 90.5 } }),
    });
    const ui = userEvent.setup();
    renderScreen(<ResourceListPage decl={appUserDecl} />);
    const row = (await screen.findByText('Mia Driver')).closest('tr')!;
    for (const text of ['80.0000', '5.0000', 'VIP', 'Normal'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    const actions = await rowActions(ui, 'Mia Driver');
    expect(actions).toEqual(expect.arrayContaining(['Details', 'Lock', 'Adjust balance']));
    expect(actions).not.toContain('Unlock');
    expect(actions.some((label) => /Delete/.test(label))).toBe(false);
    expect(await rowActions(ui, 'Locked Lou')).toContain('Unlock');

    // Five decimals are refused before anything is sent; a signed amount with a cause goes out.
    await rowAction(ui, 'Mia Driver', 'Adjust balance');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Balance 80.0000, of which 5.0000 frozen/)).toBeTruthy();
    await ui.type(within(dialog).getByLabelText(/Amount/), '1.00001');
    await ui.type(within(dialog).getByLabelText(/Cause/), 'Goodwill');
    await ui.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    expect(await within(dialog).findByText('At most four decimals')).toBeTruthy();
    expect(api.calls('/biz/appUser/adjust')).toHaveLength(0);
    await ui.clear(within(dialog).getByLabelText(/Amount/));
    await ui.type(within(dialog).getByLabelText(/Amount/), '-10.5');
    await ui.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(api.calls('/biz/appUser/adjust')).toHaveLength(1));
    expect(api.calls('/biz/appUser/adjust')[0]!.body).toEqual({ id: 'u1', amount: -10.5, cause: 'Goodwill' });
    expect(await screen.findByText('The balance is now 90.5000')).toBeTruthy();
  });

  it('offers only viewing without the edit and balance codes', async () => {
    grant('7100');
    fakeApi({ '/biz/appUser/list': () => page([user]) });
    renderScreen(<ResourceListPage decl={appUserDecl} />);
    await screen.findByText('Mia Driver');
    // Nothing to do on a row: no action buttons at all.
    const row = screen.getByText('Mia Driver').closest('tr')!;
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });
});

describe("an app user's page", () => {
  it('shows the fields, statistics, ledger, card and orders, and locks with a cause', async () => {
    expect(resourcePages['/appUserDetail']).toBe(AppUserDetailPage);
    grant('7100', '7101', '7102', '4100');
    const api = fakeApi({
      '/biz/appUser/detail': () => ({
        data: {
          user,
          stats: {
            count: 3,
            elec: '42.500',
            actualFee: [{ currency: 'EUR', amount: '15.30' }],
            duration: 5400,
          },
          ledger: [
            {
              type: 'consume',
              orderNo: 'O-2',
              beforeBalance: 85,
              changeBalance: -5,
              afterBalance: 80,
              createTime: '2026-11-24T09:00:00Z',
            },
            {
              type: 'recharge',
              beforeBalance: 0,
              changeBalance: 85,
              afterBalance: 85,
              createTime: '2026-11-01T08:00:00Z',
            },
          ],
          cards: [{ id: 'c1', cardSn: 'APP-TAG-9', status: 0, blackFlag: 0, balance: 0 }],
        },
      }),
      '/biz/chargeOrder/list': () =>
        page([
          {
            orderNo: 'O-2',
            startTime: '2026-11-24T08:00:00Z',
            chargePointName: 'Bay 1',
            totalElectricity: 12.5,
            actualFee: '5.00',
            currency: 'EUR',
            payFlag: 1,
          },
        ]),
      '/biz/appUser/lock': () => ({ data: { ...user, lockFlag: 1, cause: 'Fraud' } }),
      // The personal piles (test/web/resources/app-user-piles.test.tsx).
      '/biz/appUser/piles': () => ({ data: [] }),
    });
    const ui = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/appUserDetail/:id" element={<AppUserDetailPage />} />
      </Routes>,
      '/appUserDetail/u1',
    );
    expect(await screen.findByRole('heading', { name: 'Mia Driver' })).toBeTruthy();
    for (const text of [
      'mia@x.example',
      '203.0.113.7',
      'Android app',
      'iOS app',
      '5.0000',
      '42.500',
      '15.30 EUR',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
    const ledger = screen.getByRole('table', { name: 'Balance ledger' });
    expect(
      within(ledger)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].slice(1, 5).map((c) => c.textContent)),
    ).toEqual([
      ['Session paid', '85.0000', '-5.0000', '80.0000'],
      ['Top-up', '0.0000', '85.0000', '85.0000'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Card' })).getByText('APP-TAG-9')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(within(orders).getByText('Bay 1')).toBeTruthy();
    expect(api.calls('/biz/chargeOrder/list')[0]!.body).toMatchObject({ idTag: 'APP-TAG-9' });
    // No balance code: no adjust button.
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();

    await ui.click(screen.getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(api.calls('/biz/appUser/lock')).toHaveLength(0);
    await ui.type(within(dialog).getByLabelText(/Cause/), 'Fraud');
    await ui.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(api.calls('/biz/appUser/lock')).toHaveLength(1));
    expect(api.calls('/biz/appUser/lock')[0]!.body).toEqual({ id: 'u1', cause: 'Fraud' });
    expect(await screen.findByText('The user is locked')).toBeTruthy();
  });
});

describe('the ops view', () => {
  it('is the /opsUser page: why each user needs attention, filtered by reason', async () => {
    expect(resourcePages['/opsUser']).toBeDefined();
    grant('7200', '7101', '7102');
    const api = fakeApi({
      '/biz/opsUser/list': () =>
        page([
          {
            ...user,
            reasons: ['locked', 'unpaid'],
            lockFlag: 1,
            cause: 'Stolen card',
            unpaidOrders: 2,
            unpaidAmount: '9.40 EUR',
          },
        ]),
    });
    const ui = userEvent.setup();
    renderScreen(<ResourceListPage decl={opsUserDecl} />);
    const row = (await screen.findByText('Mia Driver')).closest('tr')!;
    for (const text of ['Locked', 'Unpaid orders', 'Stolen card', '9.40 EUR'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(await rowActions(ui, 'Mia Driver')).toEqual(expect.arrayContaining(['Details', 'Unlock']));
    expect(api.calls('/biz/opsUser/list')[0]!.body).toMatchObject({ current: 1 });
  });
});

describe('the insight page', () => {
  const insight = {
    endDay: '2026-11-25',
    totalUsers: 120,
    lockedUsers: 3,
    days: 30,
    windows: [
      {
        days: 7,
        against: 14,
        activeUsers: 40,
        previousActive: 50,
        churned: 15,
        retained: 35,
        churnRate: '30.00',
        retention: '70.00',
        newUsers: 6,
        sessions: 90,
        sessionsPerUser: '2.25',
      },
      {
        days: 14,
        against: 28,
        activeUsers: 60,
        previousActive: 0,
        churned: 0,
        retained: 0,
        churnRate: null,
        retention: null,
        newUsers: 9,
        sessions: 150,
        sessionsPerUser: '2.50',
      },
      {
        days: 30,
        against: 60,
        activeUsers: 80,
        previousActive: 70,
        churned: 10,
        retained: 60,
        churnRate: '14.29',
        retention: '85.71',
        newUsers: 20,
        sessions: 300,
        sessionsPerUser: '3.75',
      },
    ],
    series: [{ day: '2026-11-25', newUsers: 1, activeUsers: 10, sessions: 12 }],
  };

  it('shows the churn windows with their rates, switches the chart window, and exports with the export code', async () => {
    expect(resourcePages['/appInsight']).toBeDefined();
    grant('7500', '9100');
    const api = fakeApi({ '/biz/appInsight/stat': () => ({ data: insight }) });
    const ui = userEvent.setup();
    renderScreen(<AppInsightPage />);
    const table = await screen.findByRole('table', { name: 'Churn windows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect([...rows[0]!.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'Inactive 7 days, against the 14 before',
      '50',
      '40',
      '15',
      '30.00 %',
      '70.00 %',
      '6',
      '90',
      '2.25',
    ]);
    expect(within(rows[1]!).getAllByText('n/a')).toHaveLength(2);
    expect(screen.getByLabelText('Retention (7 days)').textContent).toBe('70.00 %');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeTruthy();
    await ui.selectOptions(screen.getByLabelText('Chart window'), '7');
    await waitFor(() => expect(api.calls('/biz/appInsight/stat').at(-1)!.body).toEqual({ days: 7 }));
  });

  it('offers no export without the export code', async () => {
    grant('7500');
    fakeApi({ '/biz/appInsight/stat': () => ({ data: insight }) });
    renderScreen(<AppInsightPage />);
    await screen.findByRole('table', { name: 'Churn windows' });
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });
});
