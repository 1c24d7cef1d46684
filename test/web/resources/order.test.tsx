// @vitest-environment happy-dom
/**
 * The charging-order screens: the list (read only, the filters the list call takes, pay status, end flag,
 * money with its currency, the link to the order page, reset for holders of 4102 with confirmation, the
 * real-time view for holders of 4103) and the order page (facts, the price breakdown of `priceDetail`, "-"
 * for an order not priced yet, the meter curve's data).
 */
import { orderListQuery } from '@shared/schemas/order.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chargeOrderDecl } from '@web/resources/decls/order/charge-order.tsx';
import { routesServedBy } from '@web/screens/all.ts';
import { chartRows } from '@web/screens/order/meter-chart.tsx';
import { OrderDetailPage } from '@web/screens/order/order-detail.tsx';
import { profitOrderDecl } from '@web/resources/decls/order/profit-order.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fillDate, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const order = {
  id: '20261120-DEMO-CP-002-17',
  orderNo: '20261120-DEMO-CP-002-17',
  stationId: 'st-1',
  stationName: 'Harbour Car Park',
  chargePointId: 'DEMO-CP-002',
  chargePointName: 'Bay 2',
  connectorNo: 1,
  transactionId: '17',
  protocol: 'ocpp1.6',
  idTag: 'TAG-A',
  orderType: 1,
  startMode: 2,
  startTime: '2026-11-20T10:00:00.000Z',
  endTime: '2026-11-20T11:05:00.000Z',
  totalTime: 3900,
  meterStart: 1000,
  meterEnd: 13345,
  energyWh: 12345,
  totalElectricity: 12.345,
  payFlag: 0,
};

const priced = {
  ...order,
  payFlag: 1,
  endFlag: 2,
  currency: 'EUR',
  feeRuleName: 'Day and night',
  feeType: 1,
  elecFee: '4.32',
  discountFee: '0.43',
  actualFee: '3.89',
  payType: 3,
  priceDetail: {
    lines: [
      {
        kind: 'energy',
        from: '2026-11-20T10:00:00.000Z',
        to: '2026-11-20T10:30:00.000Z',
        quantity: '6.000',
        unit: 'kWh',
        price: '0.40',
        amount: '2.40',
      },
      { kind: 'energy', quantity: '6.345', unit: 'kWh', price: '0.30', amount: '1.92' },
      { kind: 'occupancy', quantity: '0', unit: 'min', price: '0.10', amount: '0.00' },
    ],
    discount: { id: 'd1', name: 'Night owls', rate: '10%' },
    revenueTariff: '2.5%',
  },
};

describe('charging order screens', () => {
  it('are registered under their product routes', () => {
    expect(routesServedBy('src/screens/order/index.ts')).toEqual([
      '/chargeOrder',
      '/orderDetail',
      '/profitOrder',
    ]);
  });

  it('filter only with fields the list call takes, and are read only', () => {
    for (const filter of chargeOrderDecl.filters ?? [])
      expect(filter.name in orderListQuery.shape, filter.name).toBe(true);
    expect(chargeOrderDecl.fields).toBeUndefined();
    expect(chargeOrderDecl.permissions.delete).toBeUndefined();
  });
});

describe('charging order list', () => {
  it('shows orders with energy, money, pay status and end flag, links them, and sends the filters', async () => {
    grant('4100', '4101');
    const api = fakeApi({
      '/biz/chargeOrder/list': () =>
        page([
          { ...priced, chargeType: 1, chargeValue: '2.500' },
          { ...order, orderNo: 'O-2', id: 'O-2' },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />);

    const link = await screen.findByRole('link', { name: priced.orderNo });
    expect(link.getAttribute('href')).toBe(`/orderDetail/${priced.orderNo}`);
    const paidRow = link.closest('tr')!;
    expect(within(paidRow).getByText('Harbour Car Park')).toBeTruthy();
    expect(within(paidRow).getByText('Bay 2 / 1')).toBeTruthy();
    expect(within(paidRow).getByText('12.345')).toBeTruthy();
    expect(within(paidRow).getByText('3.89 EUR')).toBeTruthy();
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    expect(within(paidRow).getByText('Ended automatically')).toBeTruthy();
    expect(within(paidRow).getByText('1 h 5 min')).toBeTruthy();
    expect(within(paidRow).getByText('By energy 2.500 kWh')).toBeTruthy(); // the charge type and value
    const unpaidRow = screen.getByRole('link', { name: 'O-2' }).closest('tr')!;
    expect(within(unpaidRow).getByText('Unpaid')).toBeTruthy();
    // Neither reset (4102) nor the real-time view (4103) without their codes.
    expect(within(unpaidRow).queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Real-time' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();

    await user.type(screen.getByLabelText('Order number'), 'O-2');
    await user.type(screen.getByLabelText('ID tag'), 'TAG-A');
    // A select filter's empty choice is "All" (every order), not "None".
    expect((screen.getByLabelText('Payment') as HTMLSelectElement).options[0]!.textContent).toBe('All');
    await user.selectOptions(screen.getByLabelText('Payment'), 'Unpaid');
    await fillDate(user, 'Started from', '2026-11-01 00:00:00');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/biz/chargeOrder/list').at(-1)?.body).toMatchObject({
        orderNo: 'O-2',
        idTag: 'TAG-A',
        payFlag: '0',
        startTimeFrom: new Date('2026-11-01T00:00:00').toISOString(),
        current: 1,
      }),
    );
  });

  it('says when the total is only a lower bound', async () => {
    grant('4100');
    fakeApi({
      '/biz/chargeOrder/list': () => ({ data: { ...page([order], 1000).data, totalCapped: true } }),
    });
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />);
    expect(await screen.findByText(/At least 1000 records match/)).toBeTruthy();
  });

  it('shows the server refusing a window longer than 2 years', async () => {
    grant('4100');
    fakeApi({
      '/biz/chargeOrder/list': () => ({
        status: 400,
        code: 1,
        msg: 'The time range of an order query can be at most 2 years',
      }),
    });
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />);
    expect(await screen.findByText(/at most 2 years/)).toBeTruthy();
  });

  it('resets an unpaid order after confirmation, for holders of 4102', async () => {
    grant('4100', '4102');
    const api = fakeApi({
      '/biz/chargeOrder/list': () => page([order, { ...priced, orderNo: 'PAID-1', id: 'PAID-1' }]),
      '/biz/chargeOrder/reset': () => ({ data: { orderNo: order.orderNo, result: 'settled' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />);
    const row = (await screen.findByText(order.orderNo)).closest('tr')!;
    expect(
      within(screen.getByText('PAID-1').closest('tr')!).queryByRole('button', { name: 'Reset' }),
    ).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`Run settlement of order ${order.orderNo} again?`)).toBeTruthy();
    expect(api.calls('/biz/chargeOrder/reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls('/biz/chargeOrder/reset')).toHaveLength(1));
    expect(api.calls('/biz/chargeOrder/reset')[0]!.query).toEqual({ id: order.orderNo });
  });

  it('opens the real-time view for holders of 4103', async () => {
    grant('4100', '4103');
    const api = fakeApi({
      '/biz/chargeOrder/list': () => page([]),
      '/biz/chargeOrder/realtime': () => ({
        data: {
          records: [
            {
              orderNo: 'X',
              chargePointId: 'DEMO-CP-001',
              chargePointName: 'Bay 1',
              stationId: 'st-1',
              stationName: 'Harbour Car Park',
              connectorNo: 2,
              transactionId: '9',
              idTag: 'SIM-TAG-001',
              startTime: '2026-11-20T10:00:00.000Z',
              energyWh: 4567,
              powerW: 11000,
              soc: 64,
              durationSeconds: 1500,
              state: 'charging',
              online: true,
            },
            {
              orderNo: 'Y',
              chargePointId: 'DEMO-CP-002',
              stationId: 'st-1',
              connectorNo: 1,
              transactionId: '10',
              idTag: 'TAG-BLOCKED',
              startTime: '2026-11-20T09:00:00.000Z',
              energyWh: 0,
              durationSeconds: 5100,
              state: 'charging',
              online: true,
              refused: true,
            },
          ],
          total: 1,
          at: '2026-11-20T10:25:00.000Z',
        },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Real-time' }));
    const table = await screen.findByRole('table', { name: 'Sessions in progress' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      'Harbour Car Park',
      'Bay 1 (DEMO-CP-001) / 2',
      'SIM-TAG-001',
      '4.567',
      '11.00',
      '64',
      '25 min',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('Charging')).toBeTruthy();
    expect(within(row).queryByText('Refused')).toBeNull();
    // A session whose token was refused says so.
    const refused = within(table).getAllByRole('row')[2]!;
    expect(within(refused).getByText('TAG-BLOCKED')).toBeTruthy();
    expect(within(refused).getByText('Refused')).toBeTruthy();
    expect(screen.getByText('Refreshes every 5 seconds')).toBeTruthy();
    expect(api.calls('/biz/chargeOrder/realtime')).toHaveLength(1);
  });
});

describe('order page', () => {
  const show = (data: unknown) => {
    const api = fakeApi({ '/biz/chargeOrder/detail': () => ({ data }) });
    renderScreen(
      <Routes>
        <Route path="/orderDetail/:id" element={<OrderDetailPage />} />
      </Routes>,
      `/orderDetail/${order.orderNo}`,
    );
    return api;
  };

  it('shows the facts, the price and its breakdown', async () => {
    grant('4100', '4101');
    const api = show({ ...priced, curve: [] });
    const breakdown = await screen.findByRole('table', { name: 'Price breakdown' });
    expect(api.calls('/biz/chargeOrder/detail')[0]!.query).toEqual({ id: order.orderNo });
    const rows = within(breakdown).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Energy')).toBeTruthy();
    expect(within(rows[0]!).getByText('6.000 kWh')).toBeTruthy();
    expect(within(rows[0]!).getByText('0.40 EUR')).toBeTruthy();
    expect(within(rows[0]!).getByText('2.40 EUR')).toBeTruthy();
    expect(within(rows[0]!).getByText(/ – /)).toBeTruthy();
    expect(within(rows[1]!).getByText('-')).toBeTruthy();
    expect(within(rows[2]!).getByText('Occupancy')).toBeTruthy();
    expect(within(rows[2]!).getByText('0 min')).toBeTruthy();
    expect(screen.getByText('Discount Night owls (10%)')).toBeTruthy();
    expect(screen.getByText('2.5%')).toBeTruthy();

    const price = screen.getByRole('region', { name: 'Price' });
    for (const text of ['Day and night', 'By energy', '4.32 EUR', '0.43 EUR', '3.89 EUR', 'Fleet account'])
      expect(within(price).getByText(text)).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Order' });
    expect(within(facts).getByRole('link', { name: 'Harbour Car Park' }).getAttribute('href')).toBe(
      '/stationDetail/st-1',
    );
    expect(within(facts).getByText('Card swipe')).toBeTruthy();
    expect(within(facts).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('No meter samples were recorded for this session.')).toBeTruthy();
    // A paid order is not reset.
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it('says why the platform ended a session its charger never ended, and a refused one is a start failure', async () => {
    grant('4100', '4101');
    show({
      ...priced,
      endFlag: 4,
      closedBy: 'nextSession',
      stopReason: 'Other',
      actualFee: '0.00',
      curve: [],
    });
    const facts = await screen.findByRole('region', { name: 'Order' });
    expect(within(facts).getByText('Ended by the platform')).toBeTruthy();
    expect(within(facts).getByText('The next session on its connector started')).toBeTruthy();
    expect(within(facts).getByText('Start failed')).toBeTruthy();
  });

  it('shows the charge type and value with its unit, and when the platform stopped it at that value', async () => {
    grant('4100', '4101');
    show({
      ...priced,
      chargeType: 3,
      chargeValue: '5.00',
      targetStopAt: '2026-11-20T11:04:00.000Z',
      curve: [],
    });
    const facts = await screen.findByRole('region', { name: 'Order' });
    expect(within(facts).getByText('By amount 5.00 EUR')).toBeTruthy();
    expect(within(facts).getByText('Charge value reached, stop sent at')).toBeTruthy();
  });

  it('reads a dash for the charge type of an order recorded before it was kept', async () => {
    grant('4100', '4101');
    show({ ...priced, curve: [] });
    const facts = await screen.findByRole('region', { name: 'Order' });
    const label = within(facts).getByText('Charge type');
    expect(label.parentElement?.textContent).toBe('Charge type-');
  });

  it('shows who paid: the fleet with its balances before and after, and the profit shares', async () => {
    grant('4100', '4101');
    show({
      ...priced,
      fleetId: 'fl-1',
      fleetName: 'Harbour Taxis',
      fleetDriverId: 'drv-7',
      fleetBalanceBefore: 50,
      fleetBalanceAfter: 46.11,
      profits: [{ party: 'Landlord', percent: '30.00', amount: '1.11' }],
      curve: [],
    });
    const payer = await screen.findByRole('region', { name: 'Who paid' });
    // An order whose driver is gone since: the driver by its id, the fleet by its name.
    for (const text of ['Fleet account', 'Harbour Taxis', 'drv-7', '50 EUR', '46.11 EUR'])
      expect(within(payer).getByText(text)).toBeTruthy();
    expect(within(payer).queryByText(/fl-1/)).toBeNull();
    expect(within(payer).getByText('Balance before')).toBeTruthy();
    expect(within(payer).queryByText('Why unpaid')).toBeNull();
    const shares = within(payer).getByRole('table', { name: 'Profit shares' });
    const row = within(shares).getAllByRole('row')[1]!;
    expect(within(row).getByText('Landlord')).toBeTruthy();
    expect(within(row).getByText('30.00 %')).toBeTruthy();
    expect(within(row).getByText('1.11 EUR')).toBeTruthy();
  });

  it('shows the app user or card that paid, and why an order is unpaid', async () => {
    grant('4100', '4101');
    show({
      ...priced,
      payType: 4,
      cardId: 'card-9',
      cardBalanceBefore: 10,
      cardBalanceAfter: 6.11,
      curve: [],
    });
    let payer = await screen.findByRole('region', { name: 'Who paid' });
    // The card by its number (the order's tag), never its record id (decision 452).
    for (const text of ['Card balance', 'TAG-A', '10 EUR', '6.11 EUR'])
      expect(within(payer).getByText(text)).toBeTruthy();
    expect(within(payer).queryByText('card-9')).toBeNull();
    expect(within(payer).getByText('No profit shares were taken from this order.')).toBeTruthy();
    cleanup();

    show({
      ...priced,
      payType: 1,
      appUserId: 'u-3',
      appBalanceBefore: 20,
      appBalanceAfter: 16.11,
      curve: [],
    });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    for (const text of ['App user balance', 'u-3', '20 EUR', '16.11 EUR'])
      expect(within(payer).getByText(text)).toBeTruthy();
    cleanup();

    show({ ...priced, payFlag: 0, payType: 3, fleetId: 'fl-1', unpaidReason: 'balance', curve: [] });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    expect(within(payer).getByText('Why unpaid')).toBeTruthy();
    expect(within(payer).getByText('The balance does not cover the amount')).toBeTruthy();
    cleanup();

    show({ ...order, unpaidReason: 'noAccount', curve: [] });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    expect(within(payer).getByText('No account')).toBeTruthy();
    expect(within(payer).getByText('No account pays for this tag')).toBeTruthy();
  });

  it('names the paying driver, vehicle and app user, linked to their pages when the caller may open them', async () => {
    grant('4100', '4101', '11101', '11200', '11300', '7101');
    show({
      ...priced,
      fleetId: 'fl-1',
      fleetName: 'Harbour Taxis',
      fleetDriverId: 'drv-7',
      fleetDriverName: 'Ada Lovelace',
      fleetVehicleId: 'veh-2',
      fleetVehicleName: 'Van 7',
      payerVisible: true,
      curve: [],
    });
    let payer = await screen.findByRole('region', { name: 'Who paid' });
    const href = (name: string) => within(payer).getByRole('link', { name }).getAttribute('href');
    expect(href('Harbour Taxis')).toBe('/fleetsDetail/fl-1');
    expect(href('Ada Lovelace')).toBe('/driver?name=Ada%20Lovelace');
    expect(href('Van 7')).toBe('/vehicle?name=Van%207');
    for (const id of ['fl-1', 'drv-7', 'veh-2']) expect(within(payer).queryByText(new RegExp(id))).toBeNull();
    cleanup();

    show({
      ...priced,
      payType: 1,
      appUserId: 'u-3',
      appUserName: 'Grace Hopper',
      payerVisible: true,
      appBalanceBefore: 20,
      appBalanceAfter: 16.11,
      curve: [],
    });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    expect(href('Grace Hopper')).toBe('/appUserDetail/u-3');
    expect(within(payer).queryByText('u-3')).toBeNull();
    cleanup();

    // Another company's (or the platform's) app user: named, not linked; nor without the page's code.
    show({ ...priced, payType: 1, appUserId: 'u-4', appUserName: 'Linus', payerVisible: false, curve: [] });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    expect(within(payer).getByText('Linus')).toBeTruthy();
    expect(within(payer).queryByRole('link')).toBeNull();
    cleanup();

    grant('4100', '4101');
    show({
      ...priced,
      fleetId: 'fl-1',
      fleetName: 'Harbour Taxis',
      fleetDriverId: 'drv-7',
      fleetDriverName: 'Ada',
      payerVisible: true,
      curve: [],
    });
    payer = await screen.findByRole('region', { name: 'Who paid' });
    expect(within(payer).getByText('Ada')).toBeTruthy();
    expect(within(payer).queryByRole('link')).toBeNull();
  });

  it('shows no platform end for an order its charger ended', async () => {
    grant('4100', '4101');
    show({ ...priced, curve: [] });
    await screen.findByRole('region', { name: 'Order' });
    expect(screen.queryByText('Ended by the platform')).toBeNull();
  });

  it('says when an order is not priced yet and reads "-" for its money', async () => {
    grant('4100', '4101');
    show({ ...order, curve: [] });
    const price = await screen.findByRole('region', { name: 'Price' });
    expect(within(price).getByText('This order has not been priced yet.')).toBeTruthy();
    expect(within(price).getAllByText('-').length).toBeGreaterThanOrEqual(8);
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).toBeNull();
  });

  it('draws the meter curve as energy delivered and power', () => {
    expect(
      chartRows(
        [
          { at: '2026-11-20T10:20:00.000Z', energyWh: 5000, powerW: 7200, soc: 50 },
          { at: '2026-11-20T10:40:00.000Z', energyWh: 9000, powerW: 7250 },
        ],
        1000,
      ).map(({ energy, power, soc }) => ({ energy, power, soc })),
    ).toEqual([
      { energy: 4, power: 7.2, soc: 50 },
      { energy: 8, power: 7.25, soc: undefined },
    ]);
  });
});

describe('the profit orders', () => {
  it('lists the shared orders through the profit call, each share with its party and amount', async () => {
    grant('4300', '4101');
    const shared = {
      ...priced,
      tariffFee: '0.19',
      profitFee: '1.11',
      agentFee: '2.59',
      profits: [{ party: 'Landlord', percent: '30.00', amount: '1.11' }],
    };
    const api = fakeApi({ '/biz/profitOrder/list': () => page([shared]) });
    renderScreen(<ResourceListPage decl={profitOrderDecl} />);
    const row = (await screen.findByText('Landlord 30.00 %: 1.11 EUR')).closest('tr')!;
    expect(within(row).getByText('2.59 EUR')).toBeTruthy();
    expect(within(row).getByText('0.19 EUR')).toBeTruthy();
    expect(api.calls('/biz/profitOrder/list')[0]!.body).toMatchObject({ current: 1 });
  });
});
