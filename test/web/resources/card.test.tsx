// @vitest-environment happy-dom
/**
 * The card screen (/card): columns and filters, the station scope only with the Pro code 2805 (kept
 * otherwise), the balance set on create and read-only on edit, activate and disable by status, the recharge
 * dialog (four decimals at most, checked before sending), binding to at least one pile, export and import
 * (2803).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardDecl } from '@web/resources/decls/device/card.tsx';
import { CardsPage } from '@web/screens/device/index.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, rowAction, rowActions } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const card = {
  id: 'c1',
  cardSn: 'CARD-0001',
  secretSn: 'S-1',
  receiveStatus: 1,
  status: 0,
  blackFlag: 2,
  type: 3,
  username: 'Dana',
  email: 'dana@example.com',
  useScopeList: ['s1', 's2'],
  pileIds: ['p1'],
  balance: 12.5,
  expireTime: '2027-01-01T00:00:00.000Z',
  version: 3,
  createTime: '2026-01-01T00:00:00.000Z',
};
const disabledCard = {
  ...card,
  id: 'c2',
  cardSn: 'CARD-0002',
  status: 4,
  useScopeList: [],
  pileIds: [],
  balance: 0,
};

const stations = page([
  { id: 's1', name: 'Harbour' },
  { id: 's2', name: 'Airport' },
]);
const piles = page([
  { id: 'p1', chargePointId: 'CP-1', name: 'Gate' },
  { id: 'p2', chargePointId: 'CP-2', name: 'Depot' },
]);

describe('the card screen', () => {
  it('is registered under /card', () => {
    expect(resourcePages['/card']).toBe(CardsPage);
  });

  it('lists cards with every column and filters by number, status, type and authorization', async () => {
    grant('2800', '9100'); // 9100: the Pro file export, which the Export button also needs
    const api = fakeApi({ '/biz/card/list': () => page([card, disabledCard]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    const row = (await screen.findByText('CARD-0001')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const label of [
      'Card number',
      'Type',
      'Status',
      'Authorization',
      'Receive status',
      'User name',
      'E-mail',
      'Balance',
      'Scope',
      'Bound piles',
      'Expires',
      'Created',
    ])
      expect(
        headers.some((h) => h.startsWith(label)),
        label,
      ).toBe(true);
    for (const text of ['Fleet', 'Normal', 'Whitelist', 'App user', 'Dana', '12.5000', 'Stations: 2', '1'])
      expect(within(row).getByText(text)).toBeTruthy();
    const other = screen.getByText('CARD-0002').closest('tr')!;
    for (const text of ['Disabled', '0.0000', 'All stations', 'Any'])
      expect(within(other).getByText(text)).toBeTruthy();
    // View only: no add, import, edit or card actions.
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(await rowActions(user, 'CARD-0001')).toEqual(['Details']);

    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Card number'), 'CARD');
    await user.selectOptions(within(search).getByLabelText('Status'), 'Disabled');
    await user.selectOptions(within(search).getByLabelText('Type'), 'Fleet');
    await user.selectOptions(within(search).getByLabelText('Authorization'), 'Blacklist');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/biz/card/list').at(-1)!.body).toMatchObject({
        cardSn: 'CARD',
        status: '4',
        type: '3',
        blackFlag: '1',
        current: 1,
      }),
    );
  });

  it('offers activate or disable by status, each after confirmation', async () => {
    grant('2800', '2802', '2804');
    const api = fakeApi({
      '/biz/card/list': () => page([card, disabledCard]),
      '/biz/card/activate': () => ({ data: { ...disabledCard, status: 0 } }),
      '/biz/card/disable': () => ({ data: { ...card, status: 4 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    const normal = await rowActions(user, 'CARD-0001');
    expect(normal).toContain('Disable');
    expect(normal).toContain('Recharge');
    expect(normal).not.toContain('Activate');
    const disabled = await rowActions(user, 'CARD-0002');
    expect(disabled).toContain('Activate');
    expect(disabled).not.toContain('Disable');
    expect(disabled).not.toContain('Recharge');

    await rowAction(user, 'CARD-0002', 'Activate');
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText('Activate card CARD-0002? It can charge again.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/card/activate')[0]?.query).toEqual({ id: 'c2' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await rowAction(user, 'CARD-0001', 'Disable');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/card/disable')[0]?.query).toEqual({ id: 'c1' }));
  });

  it('says which card action failed and why', async () => {
    grant('2800', '2802');
    fakeApi({
      '/biz/card/list': () => page([disabledCard]),
      '/biz/card/activate': () => ({ code: 500, msg: 'Card is locked' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await rowAction(user, 'CARD-0002', 'Activate');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Activation failed: Card is locked');
  });

  it('recharges with at most four decimals, refusing five before sending', async () => {
    grant('2800', '2804');
    const api = fakeApi({
      '/biz/card/list': () => page([card]),
      '/biz/card/recharge': ({ body }) => ({ data: { ...card, balance: 12.5 + Number(body?.amount) } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    const row = (await screen.findByText('CARD-0001')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Recharge' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Current balance: 12.5000')).toBeTruthy();
    const amount = within(dialog).getByLabelText(/^Amount/);
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(amount, '1.23456');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByText('At most four decimals')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    expect(await within(dialog).findByText('This value is out of range')).toBeTruthy();
    expect(api.calls('/biz/card/recharge')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1.2345');
    await user.click(within(dialog).getByRole('button', { name: 'Recharge' }));
    await waitFor(() => expect(api.calls('/biz/card/recharge')).toHaveLength(1));
    expect(api.calls('/biz/card/recharge')[0]!.body).toEqual({ id: 'c1', amount: 1.2345 });
    expect(await screen.findByText('Recharged; the balance is now 13.7345')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('binds to at least one of the caller’s piles, with the card’s version', async () => {
    grant('2800', '2802');
    const api = fakeApi({
      '/biz/card/list': () => page([card]),
      '/biz/card/info': () => ({ data: card }),
      '/biz/chargePoint/list': () => piles,
      '/biz/card/bind': () => ({ data: card }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await rowAction(user, 'CARD-0001', 'Bind to piles');
    const dialog = await screen.findByRole('dialog');
    const gate = await within(dialog).findByRole('checkbox', { name: 'Gate (CP-1)' });
    expect((gate as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByText('Gate (CP-1)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Select at least one pile to bind')).toBeTruthy();
    expect(api.calls('/biz/card/bind')).toHaveLength(0);

    await user.click(within(dialog).getByText('Depot (CP-2)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/card/bind')).toHaveLength(1));
    expect(api.calls('/biz/card/bind')[0]!.body).toEqual({ id: 'c1', version: 3, pileIds: ['p2'] });
    expect(api.calls('/biz/card/info')[0]!.query).toEqual({ id: 'c1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the station scope only with the Pro code, and keeps it without', async () => {
    grant('2800', '2801', '2802');
    const api = fakeApi({
      '/biz/card/list': () => page([card]),
      '/biz/card/info': () => ({ data: card }),
      '/biz/station/list': () => stations,
      '/biz/card/update': () => ({ data: card }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await screen.findByText('CARD-0001');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    let form = await screen.findByRole('dialog');
    expect(within(form).getByLabelText(/^Card number/)).toBeTruthy();
    expect(within(form).queryByText('Scope')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = screen.getByText('CARD-0001').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('dialog');
    const name = await within(form).findByLabelText(/^User name/);
    expect(within(form).queryByText('Scope')).toBeNull();
    await user.clear(name);
    await user.type(name, 'Dana K');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/card/update')).toHaveLength(1));
    expect(api.calls('/biz/card/update')[0]!.body).toMatchObject({
      id: 'c1',
      version: 3,
      username: 'Dana K',
      useScopeList: ['s1', 's2'],
      pileIds: ['p1'],
    });
    expect(api.calls('/biz/station/list')).toHaveLength(0);
  });

  it('with the Pro code, chooses stations; the balance is set on create and read-only on edit', async () => {
    grant('2800', '2801', '2802', '2805');
    const api = fakeApi({
      '/biz/card/list': () => page([card]),
      '/biz/card/info': () => ({ data: card }),
      '/biz/station/list': () => stations,
      '/biz/card/add': () => ({ data: card }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await screen.findByText('CARD-0001');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    let form = await screen.findByRole('dialog');
    expect(within(form).getByText('Scope')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Card number/), 'CARD-0003');
    await user.click(await within(form).findByText('Airport'));
    const balance = within(form).getByLabelText(/^Balance/);
    await user.clear(balance);
    await user.type(balance, '5.12345');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At most four decimals')).toBeTruthy();
    expect(api.calls('/biz/card/add')).toHaveLength(0);
    await user.clear(balance);
    await user.type(balance, '5.1234');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/card/add')).toHaveLength(1));
    expect(api.calls('/biz/card/add')[0]!.body).toEqual({
      cardSn: 'CARD-0003',
      type: 0,
      status: 0,
      blackFlag: 0,
      receiveStatus: 0,
      useScopeList: ['s2'],
      pileIds: [],
      balance: 5.1234,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = screen.getByText('CARD-0001').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('dialog');
    const shown = (await within(form).findByLabelText(/^Balance/)) as HTMLInputElement;
    expect(shown.value).toBe('12.5');
    expect(shown.readOnly).toBe(true);
    expect(within(form).getByText('Only recharges change the balance.')).toBeTruthy();
  });

  it('imports with its own code (2803), not the add code', async () => {
    grant('2800', '2801');
    fakeApi({ '/biz/card/list': () => page([card]) });
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await screen.findByText('CARD-0001');
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    cleanup();
    grant('2800', '2803');
    fakeApi({ '/biz/card/list': () => page([card]) });
    renderScreen(<ResourceListPage decl={cardDecl} />);
    await screen.findByText('CARD-0001');
    expect(screen.getByRole('button', { name: 'Import' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
