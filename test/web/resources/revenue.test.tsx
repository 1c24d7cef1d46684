// @vitest-environment happy-dom
/**
 * The revenue statistics and transaction insight screens: registered under their routes of docs/product.md
 * section 2; the table of rows and totals per currency, the group-by switch and the 60-day window (refused
 * before any call), the export button for holders of the Pro export code only; growth and utilization tables
 * of the insight.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InsightPage } from '@web/screens/revenue/insight.tsx';
import { HomePage } from '@web/screens/revenue/home.tsx';
import { defaultRange, StatRevenuePage } from '@web/screens/revenue/stat-revenue.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { loadScreen } from '@web/screens/registry.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fillDate, grant, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const figures = (currency: string, orders: number, pay: string) => ({
  currency,
  orders,
  energyKwh: '12.345',
  durationSeconds: 3600,
  pay,
  revenue: '4.33',
  discount: '0.34',
  profit: '0.00',
  coupon: '0.00',
  tariff: '0.23',
  elecFee: '3.40',
  occupancyFee: '1.50',
});

const stat = {
  startDay: '2026-11-01',
  endDay: '2026-11-02',
  groupBy: 'day',
  rows: [
    { key: '2026-11-01', day: '2026-11-01', ...figures('USD', 2, '4.56') },
    { key: '2026-11-02', day: '2026-11-02', ...figures('USD', 0, '0.00') },
  ],
  totals: [figures('USD', 2, '4.56')],
};

describe('revenue screens', () => {
  it('are registered under their product routes', () => {
    expect(resourcePages['/home']).toBe(HomePage);
    expect(resourcePages['/statRevenue']).toBe(StatRevenuePage);
    expect(resourcePages['/transcationInsight']).toBe(InsightPage);
  });
});

describe('revenue statistics', () => {
  it('asks for the last 30 days by day and shows the rows and totals', async () => {
    grant('4400');
    const api = fakeApi({ '/biz/revenue/stat': () => ({ data: stat }) });
    renderScreen(<StatRevenuePage />);
    const table = await screen.findByRole('table', { name: 'Revenue statistics' });
    expect(within(table).getByText('2026-11-01').closest('tr')!.textContent).toContain('4.56');
    const total = within(table).getByRole('row', { name: 'Total USD' });
    expect(total.textContent).toContain('12.345');
    expect(total.textContent).toContain('0.23');
    // The totals as tiles above the chart; figures below 1000 are shown exactly.
    const tiles = screen.getByRole('group', { name: 'Totals USD' });
    expect(within(tiles).getByLabelText('Paid (USD)').textContent).toBe('4.56');
    expect(within(tiles).getByLabelText('Energy (kWh)').textContent).toBe('12.345');
    const body = api.calls('/biz/revenue/stat')[0]!.body!;
    expect(body).toEqual({ ...defaultRange(), groupBy: 'day' });
    // Without the Pro export code there is no export.
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('switches the grouping and refuses more than 60 days before any call', async () => {
    grant('4400');
    const api = fakeApi({
      '/biz/revenue/stat': (sent) => ({
        data: {
          ...stat,
          groupBy: sent.body!.groupBy,
          rows:
            sent.body!.groupBy === 'station'
              ? [{ key: 's1', stationId: 's1', stationName: 'Harbour', ...figures('USD', 2, '4.56') }]
              : stat.rows,
        },
      }),
    });
    renderScreen(<StatRevenuePage />);
    await screen.findByRole('table', { name: 'Revenue statistics' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Station' }));
    // The table's cell (the chart labels its bars with the station too).
    expect(await screen.findByRole('cell', { name: 'Harbour' })).toBeTruthy();
    expect(api.calls('/biz/revenue/stat').at(-1)!.body!.groupBy).toBe('station');

    const before = api.calls('/biz/revenue/stat').length;
    await fillDate(userEvent.setup(), 'From', '2026-01-01');
    await fillDate(userEvent.setup(), 'To', '2026-03-02');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    // The search form's own alert (the date fields' screen-reader announcer is another).
    expect((await within(screen.getByRole('search')).findByRole('alert')).textContent).toBe(
      'Revenue statistics cover at most 60 days',
    );
    expect(api.calls('/biz/revenue/stat')).toHaveLength(before);

    await fillDate(userEvent.setup(), 'To', '2026-03-01');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.calls('/biz/revenue/stat').at(-1)!.body).toEqual({
        startDay: '2026-01-01',
        endDay: '2026-03-01',
        groupBy: 'station',
      }),
    );
  });

  it('queues an export of the shown statistics for holders of the export code', async () => {
    grant('4400', '9100');
    const api = fakeApi({
      '/biz/revenue/stat': () => ({ data: stat }),
      '/biz/revenue/export': () => ({ data: { taskId: 't1' } }),
    });
    renderScreen(<StatRevenuePage />);
    await screen.findByRole('table', { name: 'Revenue statistics' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.calls('/biz/revenue/export')).toHaveLength(1));
    expect(api.calls('/biz/revenue/export')[0]!.body).toEqual({ ...defaultRange(), groupBy: 'day' });
    expect(await screen.findByText('Export queued')).toBeTruthy();
  });

  it('says when there are no orders and when the statistics cannot be loaded', async () => {
    grant('4400');
    fakeApi({
      '/biz/revenue/stat': () => ({ data: { ...stat, rows: [], totals: [] } }),
    });
    renderScreen(<StatRevenuePage />);
    expect(await screen.findByText('No orders in this range')).toBeTruthy();
    cleanup();
    fakeApi({
      '/biz/revenue/stat': () => ({ status: 400, code: 1, msg: 'Revenue statistics cover at most 60 days' }),
    });
    renderScreen(<StatRevenuePage />);
    expect(await screen.findByText('The revenue statistics could not be loaded')).toBeTruthy();
  });
});

const insight = {
  days: 7,
  current: { startDay: '2026-11-14', endDay: '2026-11-20' },
  previous: { startDay: '2026-11-07', endDay: '2026-11-13' },
  chain: {
    energyKwh: { current: '1234567.891', previous: '823045.261', growth: 50 },
    orders: { current: 21, previous: 0, growth: 100 },
    revenue: [{ currency: 'USD', current: '40.00', previous: '50.00', growth: -20 }],
  },
  yearOnYear: {
    current: { startDay: '2026-11-14', endDay: '2026-11-20' },
    previous: { startDay: '2025-11-15', endDay: '2025-11-21' },
    energyKwh: { current: '150.000', previous: '0.000', growth: 100 },
    orders: { current: 21, previous: 0, growth: 100 },
    revenue: [{ currency: 'USD', current: '40.00', previous: '0.00', growth: 100 }],
  },
  series: [
    {
      day: '2026-11-20',
      energyKwh: '20.000',
      orders: 3,
      revenue: { USD: '5.00' },
      utilization: 5.67,
      utilizationPerConnector: 0.63,
      peakUtilization: 0.26,
    },
  ],
  utilization: 3.42,
  utilizationPerConnector: 0.38,
  peakUtilization: 0.21,
  ratedPowerKw: 326,
  connectors: 9,
  stations: [
    {
      stationId: 's1',
      stationName: 'Harbour',
      ratedPowerKw: 132,
      connectors: 6,
      energyKwh: '150.000',
      orders: 21,
      utilization: 4.08,
      utilizationPerConnector: 0.68,
      peakUtilization: 0.47,
    },
    {
      stationId: 's2',
      stationName: 'Depot',
      ratedPowerKw: 0,
      connectors: 0,
      energyKwh: '0.000',
      orders: 0,
      utilization: null,
      utilizationPerConnector: null,
      peakUtilization: null,
    },
  ],
};

describe('transaction insight', () => {
  it('shows chain and year-on-year growth and utilization per station, and asks for a product window', async () => {
    grant('4600');
    const api = fakeApi({ '/biz/transactionInsight/stat': () => ({ data: insight }) });
    renderScreen(<InsightPage />);
    const chain = await screen.findByRole('table', { name: 'Against the previous 7 days' });
    expect(within(chain).getByText('Energy (kWh)').closest('tr')!.textContent).toContain('+50.00 %');
    expect(within(chain).getByText('Revenue (USD)').closest('tr')!.textContent).toContain('-20.00 %');
    const yoy = screen.getByRole('table', { name: 'Last 7 days against the same week a year earlier' });
    expect(within(yoy).getByText('Sessions').closest('tr')!.textContent).toContain('+100.00 %');
    const stations = screen.getByRole('table', { name: 'Utilization by station' });
    // The utilization of docs/product.md section 9 and, beside it, the same per connector and the peak-power
    // variant (decision 181), each under its own heading.
    expect([...stations.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Station',
      'Rated power (kW)',
      'Connectors',
      'Energy (kWh)',
      'Sessions',
      'Utilization',
      'Utilization per connector',
      'Peak-power utilization',
    ]);
    const harbour = [...within(stations).getByText('Harbour').closest('tr')!.querySelectorAll('td')];
    expect(harbour.map((td) => td.textContent)).toEqual([
      'Harbour',
      '132',
      '6',
      '150.000',
      '21',
      '4.08 %',
      '0.68 %',
      '0.47 %',
    ]);
    expect(within(stations).getByText('Depot').closest('tr')!.textContent).toContain('n/a');
    expect(screen.getByLabelText('Utilization of all stations').textContent).toBe('3.42 %');
    expect(screen.getByLabelText('Utilization per connector of all stations').textContent).toBe('0.38 %');
    expect(screen.getByText(/^Utilization per connector: the utilization divided by/)).toBeTruthy();
    expect(screen.getByLabelText('Peak-power utilization of all stations').textContent).toBe('0.21 %');
    // A large figure is abbreviated on its tile, the exact value in its title; small ones stay as they are.
    const energy = screen.getByLabelText('Energy (kWh)');
    expect(energy.textContent).toBe('1.23M');
    expect(energy.getAttribute('title')).toBe('1234567.891');
    expect(screen.getByLabelText('Rated power (kW)').textContent).toBe('326');
    expect(screen.getByLabelText('Rated power (kW)').getAttribute('title')).toBeNull();
    expect(api.calls('/biz/transactionInsight/stat')[0]!.body!.days).toBe(30);

    const select = screen.getByLabelText('Window') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '24 hours',
      '7 days',
      '14 days',
      '28 days',
      '30 days',
      '60 days',
    ]);
    fireEvent.change(select, { target: { value: '7' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.calls('/biz/transactionInsight/stat').at(-1)!.body!.days).toBe(7));
  });

  it('loads through its route', async () => {
    grant('4600');
    fakeApi({ '/biz/transactionInsight/stat': () => ({ data: insight }) });
    const Route = (await loadScreen('/transcationInsight'))!;
    renderScreen(<Route />);
    expect(
      await screen.findByRole('table', { name: 'Utilization by station' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
