// @vitest-environment happy-dom
/**
 * Live figures where operators look: the monitor tile of a connector in a session shows its power, energy
 * charged, state of charge and elapsed time (the overview's `figures`); the meter records name the samples'
 * cumulative register a meter reading; the station page tells the newest last message of its chargers; the
 * home dashboard's sessions in progress open the order list filtered to the orders in progress.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chargeOrderDecl } from '@web/resources/decls/order/charge-order.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { HomePage } from '@web/screens/revenue/home.tsx';
import { MonitorPage } from '@web/screens/site/monitor.tsx';
import { StationDetailPage } from '@web/screens/site/station-detail.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const overview = {
  at: '2026-05-01T10:00:00.000Z',
  counts: { available: 1, charging: 2 },
  sites: [
    {
      stationId: 's1',
      stationName: 'Harbour',
      counts: { available: 1, charging: 2 },
      chargePoints: [
        {
          chargePointId: 'CP-1',
          name: 'Bay 1',
          online: true,
          connectors: [
            { connectorNo: 1, state: 'available' },
            {
              connectorNo: 2,
              state: 'charging',
              figures: {
                startTime: '2026-05-01T09:17:50.000Z',
                durationSeconds: 2530,
                energyWh: 12_345,
                powerW: 7_400,
                soc: 61,
              },
            },
            // A charger that reports no state of charge (and no power yet).
            {
              connectorNo: 3,
              state: 'charging',
              figures: { startTime: '2026-05-01T09:59:00.000Z', durationSeconds: 60, energyWh: 0 },
            },
          ],
        },
      ],
    },
  ],
};

describe('the live monitor', () => {
  it('shows kW, kWh, SoC and elapsed time on the tile of a charging connector', async () => {
    grant('1101');
    fakeApi({ '/biz/monitor/overview': () => ({ data: overview }) });
    renderScreen(<MonitorPage />);
    const figures = await screen.findByRole('list', { name: 'Live figures of Connector 2' });
    const items = within(figures)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label'));
    expect(items).toEqual(['Power: 7.40 kW', 'Charged: 12.345 kWh', 'SoC: 61 %', 'Elapsed: 0:42:10']);
    const noSoc = screen.getByRole('list', { name: 'Live figures of Connector 3' });
    expect(
      within(noSoc)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Power: -', 'Charged: 0.000 kWh', 'Elapsed: 0:01:00']);
    // A connector without a session has no figures; the tile still names its state.
    expect(screen.queryByRole('list', { name: 'Live figures of Connector 1' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Connector 2: Charging' })).toBeTruthy();
  });

  it('names the samples’ cumulative register a meter reading in the meter records', async () => {
    grant('1101', '1104');
    fakeApi({
      '/biz/monitor/overview': () => ({ data: overview }),
      '/biz/monitor/meterRecords': () => ({
        data: {
          chargePointId: 'CP-1',
          connectorNo: 2,
          session: {
            orderNo: 'ORD-42',
            transactionId: '42',
            startTime: '2026-05-01T09:17:50.000Z',
            durationSeconds: 2530,
            energyWh: 12_345,
          },
          records: [{ at: '2026-05-01T09:59:00.000Z', energyWh: 1_012_345, powerW: 7_400 }],
        },
      }),
    });
    renderScreen(<MonitorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Connector 2' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Meter records' }));
    const table = await within(dialog).findByRole('table', { name: 'Meter records' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Meter reading (kWh)');
    expect(headers).not.toContain('Energy (kWh)');
    expect(within(table).getByText('1012.345')).toBeTruthy();
  });
});

describe('the station page', () => {
  it('tells the newest last message of its chargers', async () => {
    grant('2100', '2104');
    fakeApi({
      '/biz/station/detail': () => ({
        data: {
          id: 's1',
          name: 'Harbour',
          lastMessageAt: '2026-05-01T22:07:58.000Z',
          counts: {},
          chargePoints: [
            { id: 'CP-1', name: 'Bay 1', online: true, lastMessageAt: '2026-05-01T22:07:58.000Z' },
            { id: 'CP-2', name: 'Bay 2', online: true, lastMessageAt: '2026-05-01T21:14:29.000Z' },
          ],
        },
      }),
    });
    renderScreen(
      <Routes>
        <Route path="/stationDetail/:id" element={<StationDetailPage />} />
      </Routes>,
      '/stationDetail/s1',
    );
    const value = await screen.findByTestId('station-last-message');
    expect(value.textContent).toMatch(/^2026-05-0[12] \d\d:07:58$/);
    expect(screen.getByText('Last message from its chargers')).toBeTruthy();
  });
});

describe('orders in progress', () => {
  it('are what the home dashboard’s sessions in progress link to', async () => {
    grant('1000', '4100');
    const growth = { current: '0', previous: '0', growth: null };
    fakeApi({
      '/biz/home/dashboard': () => ({
        data: {
          days: 7,
          current: { startDay: '2026-04-25', endDay: '2026-05-01' },
          previous: { startDay: '2026-04-18', endDay: '2026-04-24' },
          kpis: {
            energyKwh: growth,
            orders: { current: 0, previous: 0, growth: null },
            revenue: [],
            utilization: { current: null, previous: null, growth: null },
          },
          live: {
            chargers: { total: 3, online: 2, offline: 1, faulted: 0 },
            activeSessions: 2,
            openAlarms: 0,
          },
          series: [],
          energy30: [],
          hours: [],
          topStations: [],
          topChargers: [],
          at: '2026-05-01T10:00:00.000Z',
        },
      }),
    });
    renderScreen(<HomePage />);
    const link = await screen.findByRole('link', { name: 'Open the orders in progress' });
    expect(link.getAttribute('href')).toBe('/chargeOrder?progress=1');
  });

  it('opens the order list filtered to the orders in progress from a link', async () => {
    grant('4100', '4101', '4102');
    const row = {
      id: 'ORD-7',
      orderNo: 'ORD-7',
      stationName: 'Harbour',
      chargePointId: 'CP-1',
      connectorNo: 2,
      idTag: 'TAG-1',
      startTime: '2026-05-01T09:17:50.000Z',
      totalTime: 2530,
      energyWh: 12_345,
      progress: 1,
    };
    const api = fakeApi({ '/biz/chargeOrder/list': () => page([row]) });
    renderScreen(<ResourceListPage decl={chargeOrderDecl} />, '/chargeOrder?progress=1');
    const line = (await screen.findByText('ORD-7')).closest('tr')!;
    // The first call is already filtered; the filter bar shows it.
    expect(api.calls('/biz/chargeOrder/list')[0]!.body).toMatchObject({ progress: '1' });
    expect((screen.getByLabelText(/^Progress/) as HTMLSelectElement).value).toBe('1');
    expect(within(line).getByText('In progress')).toBeTruthy();
    // No page of its own yet, nothing to settle again.
    expect(within(line).queryByRole('link', { name: 'ORD-7' })).toBeNull();
    expect(within(line).queryByRole('button', { name: 'Detail' })).toBeNull();
    expect(within(line).queryByRole('button', { name: 'Reset' })).toBeNull();
    // Reset goes back to the ended orders.
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.calls('/biz/chargeOrder/list').length).toBeGreaterThan(1));
    expect(api.calls('/biz/chargeOrder/list').at(-1)!.body!.progress).toBeUndefined();
  });
});
