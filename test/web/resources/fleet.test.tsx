// @vitest-environment happy-dom
/**
 * The fleet screen (/fleets): the list with balances in four decimals and status, the wizard
 * (fleet, settings refusing a warning balance not above the overdraft, the administrator's account) with its
 * "Fleet activation failure", enable and disable by status, the top-up
 * dialog (four decimals, above 0, checked before sending) and the reset that asks first. No delete. The
 * fleet's page shows its money and its latest fund records.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FleetDetailPage } from '@web/screens/fleet/fleet-detail.tsx';
import { fleetDecl } from '@web/resources/decls/fleet/fleet.tsx';
import { Route, Routes } from 'react-router-dom';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, rowAction, rowActions } from './harness.tsx';
import { serverKeyPair } from '../support/fake-api.ts';
import { forgetPublicKey } from '@web/auth/crypto.ts';

afterEach(() => {
  cleanup();
  forgetPublicKey();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fleet = {
  id: 'f1',
  name: 'Demo Logistics',
  admin: 'fleet@demo.local',
  manager: 'Dana',
  balance: 500,
  warnBalance: 100,
  overdraftAmount: 50,
  status: 0,
  version: 3,
  createTime: '2026-11-20T08:00:00.000Z',
};

describe('fleet screen', () => {
  it('is the /fleets page and lists fleets with their money in four decimals, without delete', async () => {
    expect(resourcePages['/fleets']).toBeDefined();
    grant('11100');
    fakeApi({ '/biz/fleet/list': () => page([fleet, { ...fleet, id: 'f2', name: 'Vans', status: 1 }]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={fleetDecl} />);
    const row = (await screen.findByText('Demo Logistics')).closest('tr')!;
    for (const text of ['500.0000', '100.0000', '50.0000', 'Enabled'])
      expect(within(row).getByText(text)).toBeTruthy();
    const enabled = await rowActions(user, 'Demo Logistics');
    expect(enabled).toEqual(expect.arrayContaining(['Disable', 'Top up', 'Reset balance']));
    expect(enabled).not.toContain('Enable');
    expect(enabled.some((label) => /Delete/.test(label))).toBe(false);
    expect(await rowActions(user, 'Vans')).toContain('Enable');
  });

  it('adds through the wizard: fleet, settings (warning above overdraft), account; the password encrypted', async () => {
    grant('11100');
    // The console caches the server's key: this test's key pair is a new one.
    forgetPublicKey();
    const keys = await serverKeyPair();
    const api = fakeApi({
      '/biz/fleet/list': () => page([]),
      '/auth/publicKey': () => ({ data: { publicKey: keys.pem } }),
      '/biz/fleet/activate': () => ({ code: 1, msg: 'This username is already taken', data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={fleetDecl} />);
    await screen.findByText('No data');
    expect(screen.queryByRole('button', { name: /^Add$/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New fleet' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Fleet name/), 'Vans');
    await user.type(within(dialog).getByLabelText(/^Administrator e-mail/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('E-mail format is wrong')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Administrator e-mail/));
    await user.type(within(dialog).getByLabelText(/^Administrator e-mail/), 'vans@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.type(await within(dialog).findByLabelText(/^Warning balance/), '20');
    await user.clear(within(dialog).getByLabelText(/^Overdraft amount/));
    await user.type(within(dialog).getByLabelText(/^Overdraft amount/), '20');
    await user.clear(within(dialog).getByLabelText(/^Opening balance/));
    await user.type(within(dialog).getByLabelText(/^Opening balance/), '120.5');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText('The warning balance must be higher than the overdraft amount'),
    ).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Warning balance/));
    await user.type(within(dialog).getByLabelText(/^Warning balance/), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText(/signs in on the fleet tab as vans@example.com/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Password/), 'Fleet12345');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Fleet12346');
    await user.click(within(dialog).getByRole('button', { name: 'Create fleet' }));
    expect(await within(dialog).findByText('The passwords do not match')).toBeTruthy();
    expect(api.calls('/biz/fleet/activate')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^Confirm password/));
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Fleet12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create fleet' }));

    // A refusal reads "Fleet activation failure" with the reason; the dialog stays.
    expect(
      await within(dialog).findByText('Fleet activation failure: This username is already taken'),
    ).toBeTruthy();
    const body = api.calls('/biz/fleet/activate')[0]!.body!;
    expect(body).toMatchObject({
      name: 'Vans',
      admin: 'vans@example.com',
      warnBalance: 25,
      overdraftAmount: 20,
      balance: 120.5,
      status: 0,
    });
    expect(body).not.toHaveProperty('confirm');
    expect(await keys.decrypt(String(body.password))).toBe('Fleet12345');
  });

  it('tops up with at most four decimals, refusing five before sending', async () => {
    grant('11100');
    const api = fakeApi({
      '/biz/fleet/list': () => page([fleet]),
      '/biz/fleet/topUp': ({ body }) => ({ data: { ...fleet, balance: 500 + Number(body?.amount) } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={fleetDecl} />);
    await rowAction(user, 'Demo Logistics', 'Top up');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Current balance: 500.0000')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/^Amount/);
    await user.type(amount, '1.23456');
    await user.click(within(dialog).getByRole('button', { name: 'Top up' }));
    expect(await within(dialog).findByText('At most four decimals')).toBeTruthy();
    expect(api.calls('/biz/fleet/topUp')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '10.0001');
    await user.click(within(dialog).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(api.calls('/biz/fleet/topUp')).toHaveLength(1));
    expect(api.calls('/biz/fleet/topUp')[0]!.body).toEqual({ id: 'f1', amount: 10.0001 });
    expect(await screen.findByText('Topped up; the balance is now 510.0001')).toBeTruthy();
  });

  it('resets the balance only after asking, and disables a fleet', async () => {
    grant('11100');
    const api = fakeApi({
      '/biz/fleet/list': () => page([fleet]),
      '/biz/fleet/reset': () => ({ data: { ...fleet, balance: 0 } }),
      '/biz/fleet/disable': () => ({ data: { ...fleet, status: 1 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={fleetDecl} />);
    await rowAction(user, 'Demo Logistics', 'Reset balance');
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Reset the balance of Demo Logistics (500.0000) to zero?')).toBeTruthy();
    expect(api.calls('/biz/fleet/reset')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/fleet/reset')).toHaveLength(1));
    expect(api.calls('/biz/fleet/reset')[0]!.query).toMatchObject({ id: 'f1' });
    expect(await screen.findByText('The balance is reset to zero')).toBeTruthy();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await rowAction(user, 'Demo Logistics', 'Disable');
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(/Disable fleet Demo Logistics\?/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/fleet/disable')).toHaveLength(1));
  });

  it("shows a fleet's page with its money, its drivers (to who holds them) and its fund records", async () => {
    expect(resourcePages['/fleetsDetail']).toBe(FleetDetailPage);
    grant('11100', '11101', '11200');
    const api = fakeApi({
      '/biz/fleet/info': () => ({ data: fleet }),
      '/biz/driver/list': () =>
        page([{ id: 'd1', name: 'Mia', idTag: 'TAG-MIA', email: 'mia@x.example', status: 1 }], 3),
      '/biz/fleet/funds': () => ({
        data: [
          {
            operType: 3,
            beforeBalance: 510,
            afterBalance: 500,
            changeBalance: -10,
            createTime: '2026-11-21T10:00:00Z',
          },
          {
            operType: 2,
            beforeBalance: 0,
            afterBalance: 510,
            changeBalance: 510,
            createTime: '2026-11-20T08:00:00Z',
          },
        ],
      }),
    });
    renderScreen(
      <Routes>
        <Route path="/fleetsDetail/:id" element={<FleetDetailPage />} />
      </Routes>,
      '/fleetsDetail/f1',
    );
    expect(await screen.findByRole('heading', { name: 'Demo Logistics' })).toBeTruthy();
    expect(screen.getByText('fleet@demo.local')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Fund records' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent))).toEqual([
      ['Consumption', '510.0000', '-10.0000', '500.0000'],
      ['Top-up', '0.0000', '510.0000', '510.0000'],
    ]);
    expect(api.calls('/biz/fleet/funds')[0]!.query).toMatchObject({ id: 'f1' });

    // The fleet's drivers, charging now; the vehicles not asked for without their screen's code.
    const drivers = await screen.findByRole('table', { name: 'Drivers' });
    expect(
      [...within(drivers).getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent),
    ).toEqual(['Mia', 'TAG-MIA', 'mia@x.example', 'Charging']);
    expect(screen.getByText(/1 of 3 shown/)).toBeTruthy();
    expect(api.calls('/biz/driver/list')[0]!.body).toMatchObject({ fleetId: 'f1' });
    expect(api.calls('/biz/vehicle/list')).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Vehicles' })).toBeNull();
  });
});
