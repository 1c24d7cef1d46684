// @vitest-environment happy-dom
/**
 * The fee screens: registration under /chargingFee, /fee (occupancy fees), /reserveFee and /discount; the
 * charging fee form (per-minute and per-use offered only with the Pro code 3104; the time-of-use periods
 * editor: rows added and removed, a new row starting where the last one ends, each row's errors from the
 * shared rule before sending and from a 400 of the server, canonical money sent as strings); the discount
 * row actions by state (enable, disable, abandon after confirmation, re-enable), each with the row's version.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chargingFeeDecl } from '@web/resources/decls/fee/charging-fee.tsx';
import { discountDecl } from '@web/resources/decls/fee/discount.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages, routesServedBy } from '@web/screens/all.ts';
import { OccupancyFeesPage } from '@web/screens/fee/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, rowAction, rowActions } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

describe('fee screens', () => {
  it('are registered under their product routes, /fee being the occupancy fees', () => {
    expect(routesServedBy('src/screens/fee/index.ts')).toEqual([
      '/chargingFee',
      '/discount',
      '/fee',
      '/reserveFee',
    ]);
    expect(resourcePages['/fee']).toBe(OccupancyFeesPage);
  });
});

async function openAdd(user: User) {
  await screen.findByText('No data');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  return screen.findByRole('dialog');
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the charging fee form', () => {
  it('offers per-minute and per-use fees only with the Pro code', async () => {
    grant('3100', '3101');
    fakeApi({ '/biz/chargingFee/list': () => page([]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const form = await openAdd(user);
    expect(optionsOf(within(form).getByLabelText(/^Fee type/))).toEqual(['By energy (per kWh)']);
    cleanup();

    grant('3100', '3101', '3104');
    fakeApi({ '/biz/chargingFee/list': () => page([]) });
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const pro = await openAdd(user);
    expect(optionsOf(within(pro).getByLabelText(/^Fee type/))).toEqual([
      'By energy (per kWh)',
      'By time (per minute)',
      'Per use (per session)',
    ]);
  });

  it('edits time-of-use periods row by row, with each row’s errors, and sends them as decimal strings', async () => {
    grant('3100', '3101');
    const api = fakeApi({
      '/biz/chargingFee/list': () => page([]),
      '/biz/occupancyFee/list': () => page([]),
      '/biz/chargingFee/add': ({ body }) =>
        Array.isArray(body?.periods) && body.periods.length === 2
          ? {
              status: 400,
              code: 1,
              msg: 'Please check the highlighted fields',
              data: { 'periods.1.price': 'At most four decimals' },
            }
          : { data: { id: 'f1' } },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const form = await openAdd(user);
    await user.type(within(form).getByLabelText(/^Name/), 'Peak and off-peak');
    await user.type(within(form).getByLabelText(/^Unit price/), '0.3');
    // No periods editor until time sharing is on.
    expect(within(form).queryByRole('button', { name: 'Add period' })).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'Time sharing' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Add at least one period')).toBeTruthy();
    expect(api.calls('/biz/chargingFee/add')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Add period' }));
    expect((within(form).getByLabelText('Start of period 1') as HTMLInputElement).value).toBe('00:00');
    expect((within(form).getByLabelText('End of period 1') as HTMLInputElement).value).toBe('24:00');
    await user.clear(within(form).getByLabelText('End of period 1'));
    await user.type(within(form).getByLabelText('End of period 1'), '08:00');
    await user.type(within(form).getByLabelText('Price of period 1'), '0.2');
    await user.click(within(form).getByRole('button', { name: 'Add period' }));
    // A new row starts where the last one ends, with its price.
    expect((within(form).getByLabelText('Start of period 2') as HTMLInputElement).value).toBe('08:00');
    expect((within(form).getByLabelText('Price of period 2') as HTMLInputElement).value).toBe('0.2');
    await user.clear(within(form).getByLabelText('Start of period 2'));
    await user.type(within(form).getByLabelText('Start of period 2'), '09:00');
    await user.click(within(form).getByRole('button', { name: 'Add period' }));
    await user.clear(within(form).getByLabelText('Start of period 3'));
    await user.type(within(form).getByLabelText('Start of period 3'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // Each problem on its row: a gap before row 2, a malformed time in row 3, the last not ending at 24:00.
    expect(await within(form).findByText('Starts after the previous period ends: leave no gap')).toBeTruthy();
    expect(within(form).getByText('Enter a time as HH:mm')).toBeTruthy();
    expect(within(form).getByLabelText('Start of period 2').closest('td')!.textContent).toContain(
      'leave no gap',
    );
    expect(within(form).getByLabelText('Start of period 3').closest('td')!.textContent).toContain('HH:mm');
    expect(api.calls('/biz/chargingFee/add')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Remove period 3' }));
    expect(within(form).queryByLabelText('Start of period 3')).toBeNull();
    await user.clear(within(form).getByLabelText('Start of period 2'));
    await user.type(within(form).getByLabelText('Start of period 2'), '08:00');
    await user.clear(within(form).getByLabelText('Price of period 2'));
    await user.type(within(form).getByLabelText('Price of period 2'), '0.45');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The server's message on a period lands on that row too.
    await waitFor(() => expect(api.calls('/biz/chargingFee/add')).toHaveLength(1));
    expect(api.calls('/biz/chargingFee/add')[0]!.body).toEqual({
      name: 'Peak and off-peak',
      feeType: 1,
      unitPrice: '0.3000',
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '08:00', price: '0.2000' },
        { startTime: '08:00', endTime: '24:00', price: '0.4500' },
      ],
    });
    expect(await within(form).findByText('At most four decimals')).toBeTruthy();
    expect(within(form).getByLabelText('Price of period 2').closest('td')!.textContent).toContain(
      'four decimals',
    );
  });

  it('drops hidden periods when time sharing is switched off', async () => {
    grant('3100', '3101');
    const api = fakeApi({
      '/biz/chargingFee/list': () => page([]),
      '/biz/occupancyFee/list': () => page([]),
      '/biz/chargingFee/add': () => ({ data: { id: 'f1' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const form = await openAdd(user);
    await user.type(within(form).getByLabelText(/^Name/), 'Flat');
    await user.type(within(form).getByLabelText(/^Unit price/), '1');
    await user.click(within(form).getByRole('checkbox', { name: 'Time sharing' }));
    await user.click(within(form).getByRole('button', { name: 'Add period' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Time sharing' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/chargingFee/add')).toHaveLength(1));
    expect(api.calls('/biz/chargingFee/add')[0]!.body).toMatchObject({
      timeSharing: 0,
      periods: [],
      unitPrice: '1.0000',
    });
  });
});

describe('editing a charging fee', () => {
  it('shows the currency read-only, never sends it, and keeps the periods and the occupancy fee', async () => {
    grant('3100', '3102');
    const stored = {
      id: 'f1',
      name: 'Two rates',
      currency: 'EUR',
      feeType: 1,
      unitPrice: '0.3000',
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '08:00', price: '0.2000' },
        { startTime: '08:00', endTime: '24:00', price: '0.4500' },
      ],
      occupancyFeeId: 'o1',
      occupancyFeeName: 'Blocking',
      occupancyInterval: 15,
      version: 4,
      createTime: '2026-01-01T00:00:00.000Z',
    };
    const api = fakeApi({
      '/biz/chargingFee/list': () => page([stored]),
      '/biz/chargingFee/info': () => ({ data: stored }),
      '/biz/occupancyFee/list': () => page([{ id: 'o1', name: 'Blocking' }]),
      '/biz/chargingFee/update': ({ body }) => ({ data: { ...stored, ...body, version: 5 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const row = (await screen.findByText('Two rates')).closest('tr')!;
    for (const text of ['EUR', '0.3000', 'On', '2', 'Blocking', '15'])
      expect(within(row).getByText(text)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const currency = (await within(form).findByLabelText(/^Currency/)) as HTMLInputElement;
    expect(currency.value).toBe('EUR');
    expect(currency.readOnly).toBe(true);
    expect((within(form).getByLabelText('End of period 1') as HTMLInputElement).value).toBe('08:00');
    await user.clear(within(form).getByLabelText('Price of period 2'));
    await user.type(within(form).getByLabelText('Price of period 2'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/chargingFee/update')).toHaveLength(1));
    expect(api.calls('/biz/chargingFee/update')[0]!.body).toEqual({
      id: 'f1',
      version: 4,
      name: 'Two rates',
      feeType: 1,
      unitPrice: '0.3000',
      timeSharing: 1,
      periods: [
        { startTime: '00:00', endTime: '08:00', price: '0.2000' },
        { startTime: '08:00', endTime: '24:00', price: '0.5000' },
      ],
      occupancyFeeId: 'o1',
      occupancyInterval: 15,
    });
  });
});

const base = { name: 'Summer', discountElec: '10.00', type: 1, stationIds: [], userIds: [], version: 3 };
const active = { ...base, id: 'd1', name: 'Active one', status: 0, abandonedFlag: 0 };
const paused = { ...base, id: 'd2', name: 'Paused one', status: 1, abandonedFlag: 0, version: 5 };
const dropped = { ...base, id: 'd3', name: 'Dropped one', status: 1, abandonedFlag: 1, version: 7 };

describe('the discount actions', () => {
  it('offer what each state allows, and only with the edit code', async () => {
    grant('3200');
    fakeApi({ '/biz/discount/list': () => page([active, paused, dropped]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={discountDecl} />);
    for (const name of ['Active one', 'Dropped one'])
      for (const label of ['Enable', 'Disable', 'Abandon', 'Re-enable'])
        expect(await rowActions(user, name)).not.toContain(label);
    cleanup();

    grant('3200', '3202');
    fakeApi({ '/biz/discount/list': () => page([active, paused, dropped]) });
    renderScreen(<ResourceListPage decl={discountDecl} />);
    const a = await rowActions(user, 'Active one');
    expect(a).toEqual(expect.arrayContaining(['Disable', 'Abandon']));
    expect(a).not.toContain('Enable');
    expect(a).not.toContain('Re-enable');
    const p = await rowActions(user, 'Paused one');
    expect(p).toEqual(expect.arrayContaining(['Enable', 'Abandon']));
    expect(p).not.toContain('Disable');
    const d = await rowActions(user, 'Dropped one');
    expect(d).toContain('Re-enable');
    for (const label of ['Enable', 'Disable', 'Abandon']) expect(d).not.toContain(label);
    // States in the list.
    const row = screen.getByText('Dropped one').closest('tr')!;
    expect(within(row).getByText('Abandoned')).toBeTruthy();
    expect(within(row).getByText('Disabled')).toBeTruthy();
  });

  it('abandons after confirmation and re-enables, each with the row’s version', async () => {
    grant('3200', '3202');
    const api = fakeApi({
      '/biz/discount/list': () => page([active, dropped]),
      '/biz/discount/abandon': () => ({ data: { ...active, status: 1, abandonedFlag: 1 } }),
      '/biz/discount/enable': () => ({ data: { ...dropped, status: 0, abandonedFlag: 0 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={discountDecl} />);
    await rowAction(user, 'Active one', 'Abandon');
    const ask = await screen.findByRole('alertdialog');
    expect(
      within(ask).getByText('Abandon discount Active one? It stops applying until it is re-enabled.'),
    ).toBeTruthy();
    // Cancelled: nothing sent.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('/biz/discount/abandon')).toHaveLength(0);

    await rowAction(user, 'Active one', 'Abandon');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/discount/abandon')).toHaveLength(1));
    expect(api.calls('/biz/discount/abandon')[0]!.body).toEqual({ id: 'd1', version: 3 });
    expect(await screen.findByText('Discount abandoned')).toBeTruthy();

    await rowAction(user, 'Dropped one', 'Re-enable');
    const again = await screen.findByRole('alertdialog');
    expect(within(again).getByText('Re-enable the abandoned discount Dropped one?')).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/discount/enable')).toHaveLength(1));
    expect(api.calls('/biz/discount/enable')[0]!.body).toEqual({ id: 'd3', version: 7 });
  });

  it('says why an action was refused (a concurrent change)', async () => {
    grant('3200', '3202');
    fakeApi({
      '/biz/discount/list': () => page([paused]),
      '/biz/discount/enable': () => ({ code: 1, msg: 'Someone else changed this record' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={discountDecl} />);
    await rowAction(user, 'Paused one', 'Enable');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The action failed: Someone else changed this record',
    );
  });

  it('sends VIP cards typed as text as a list', async () => {
    grant('3200', '3201');
    const api = fakeApi({
      '/biz/discount/list': () => page([]),
      '/biz/station/list': () => page([{ id: 's1', name: 'Harbour' }]),
      '/biz/discount/add': () => ({ data: { id: 'd9' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={discountDecl} />);
    const form = await openAdd(user);
    await user.type(within(form).getByLabelText(/^Name/), 'Fleet VIP');
    await user.type(within(form).getByLabelText(/^Discount \(%\)/), '15');
    expect(within(form).queryByLabelText(/^Cards \/ idTags/)).toBeNull();
    await user.selectOptions(within(form).getByLabelText(/^Type/), 'VIP');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A VIP discount needs at least one card or idTag')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Cards \/ idTags/), 'TAG-1, TAG-2{Enter}TAG-3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/discount/add')).toHaveLength(1));
    expect(api.calls('/biz/discount/add')[0]!.body).toMatchObject({
      name: 'Fleet VIP',
      discountElec: '15.00',
      type: 2,
      userIds: ['TAG-1', 'TAG-2', 'TAG-3'],
      stationIds: [],
      status: 0,
    });
  });
});
