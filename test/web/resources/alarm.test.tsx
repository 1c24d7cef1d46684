// @vitest-environment happy-dom
/**
 * The alarm screens: the alarm and offline lists (read only, filters the list call takes, level and status
 * labels, durations, the server's window refusal shown), and the statistics page (figures, rankings, the
 * default 30-day range, a longer range refused before any call).
 */
import { alarmListQuery } from '@shared/schemas/alarm.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alarmDecl } from '@web/resources/decls/alarm/alarm.tsx';
import { AlarmChartPage, defaultRange, rangeProblem } from '@web/screens/alarm/alarm-chart.tsx';
import { routesServedBy } from '@web/screens/all.ts';
import { loadScreen, screenOf } from '@web/screens/registry.ts';
import { alarmOfflineDecl } from '@web/resources/decls/alarm/offline.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fillDate, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const alarm = {
  id: 'a1',
  code: 'GroundFailure',
  vendorCode: 'E-12',
  info: 'RCD tripped',
  level: 1,
  status: 'open',
  offlineFlag: 0,
  recoverFlag: 0,
  chargePointId: 'DEMO-CP-001',
  chargePointName: 'Bay 1',
  stationName: 'Harbour Car Park',
  connectorId: 1,
  startTime: '2026-11-20T10:00:00.000Z',
};

describe('alarm screens', () => {
  it('are registered under their product routes', () => {
    expect(routesServedBy('src/screens/alarm/index.ts')).toEqual(['/alarm', '/alarmOffline']);
    // The statistics draw charts: a module of their own, so recharts comes only with them.
    expect(screenOf('/alarmChart')?.module.source).toBe('src/screens/alarm/alarm-chart.tsx');
  });

  it('filter only with fields the list calls take', () => {
    for (const decl of [alarmDecl, alarmOfflineDecl])
      for (const filter of decl.filters ?? [])
        expect(filter.name in alarmListQuery.shape, filter.name).toBe(true);
    expect(alarmDecl.fields).toBeUndefined();
    expect(alarmOfflineDecl.api.list).toBe('/biz/alarm/offlineList');
  });
});

describe('alarm list', () => {
  it('shows alarms read only, with level, status and duration, and sends the filters', async () => {
    grant('5100');
    const api = fakeApi({
      '/biz/alarm/list': () =>
        page([
          alarm,
          {
            ...alarm,
            id: 'a2',
            code: 'OverVoltage',
            level: 4,
            status: 'recovered',
            recoverFlag: 1,
            endTime: '2026-11-20T11:05:00.000Z',
            duration: 3900,
          },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={alarmDecl} />);

    // The code in words, the code as sent on hover (decision 453).
    const code = await screen.findByText('Ground fault');
    expect(code.getAttribute('title')).toBe('GroundFailure');
    expect(screen.queryByText('GroundFailure')).toBeNull();
    const open = code.closest('tr')!;
    expect(within(open).getByText('Urgent fault')).toBeTruthy();
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('Bay 1')).toBeTruthy();
    const recovered = screen.getByText('Overvoltage').closest('tr')!;
    expect(within(recovered).getByText('General alarm')).toBeTruthy();
    expect(within(recovered).getByText('Recovered')).toBeTruthy();
    expect(within(recovered).getByText('1 h 5 min')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();

    await user.type(screen.getByLabelText('Alarm code'), 'Ground');
    await user.selectOptions(screen.getByLabelText('Level'), 'Urgent fault');
    await user.selectOptions(screen.getByLabelText('Status'), 'Open');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/biz/alarm/list').at(-1)?.body).toMatchObject({
        code: 'Ground',
        level: '1',
        status: 'open',
        current: 1,
      }),
    );
  });

  it('shows the server refusing a window longer than 30 days', async () => {
    grant('5100');
    fakeApi({
      '/biz/alarm/list': () => ({ status: 400, code: 1, msg: 'The time range can be at most 30 days' }),
    });
    renderScreen(<ResourceListPage decl={alarmDecl} />);
    expect(await screen.findByText(/The time range can be at most 30 days/)).toBeTruthy();
  });
});

describe('offline list', () => {
  it('lists offline records from the offline call', async () => {
    grant('5200');
    const api = fakeApi({
      '/biz/alarm/offlineList': () =>
        page([
          {
            ...alarm,
            code: 'Offline',
            offlineFlag: 1,
            connectorId: 0,
            status: 'recovered',
            endTime: '2026-11-20T10:15:00.000Z',
            duration: 900,
          },
        ]),
    });
    renderScreen(<ResourceListPage decl={alarmOfflineDecl} />);
    const row = (await screen.findByText('DEMO-CP-001')).closest('tr')!;
    expect(within(row).getByText('15 min')).toBeTruthy();
    expect(within(row).getByText('Recovered')).toBeTruthy();
    expect(api.calls('/biz/alarm/list')).toHaveLength(0);
  });
});

const stat = {
  startDay: '2026-10-22',
  endDay: '2026-11-20',
  total: 9,
  offline: 2,
  days: [
    { day: '2026-11-19', total: 4, offline: 1, levels: { '1': 1, '2': 0, '3': 0, '4': 3 } },
    { day: '2026-11-20', total: 5, offline: 1, levels: { '1': 2, '2': 1, '3': 0, '4': 2 } },
  ],
  levels: [
    { level: 1, count: 3 },
    { level: 2, count: 1 },
    { level: 3, count: 0 },
    { level: 4, count: 5 },
  ],
  codes: [
    { code: 'GroundFailure', count: 3 },
    { code: 'Offline', count: 2 },
  ],
  chargers: [{ chargePointId: 'DEMO-CP-001', chargePointName: 'Bay 1', stationName: 'Harbour', count: 9 }],
};

describe('alarm statistics', () => {
  it('keeps ranges within 30 whole days', () => {
    const { startTime, endTime } = defaultRange(Date.parse('2026-11-20T12:00:00Z'));
    expect([startTime, endTime]).toEqual(['2026-10-22', '2026-11-20']);
    expect(rangeProblem(startTime, endTime)).toBeNull();
    expect(rangeProblem('2026-10-21', '2026-11-20')).toBe('alarmRes.chart.tooLong');
    expect(rangeProblem('2026-11-21', '2026-11-20')).toBe('alarmRes.chart.reversed');
  });

  it('shows the figures and rankings of the last 30 days, and refuses a longer range without a call', async () => {
    grant('5300');
    const api = fakeApi({ '/biz/alarm/stat': () => ({ data: stat }) });
    renderScreen(<AlarmChartPage />);

    expect(await screen.findByLabelText('Alarms')).toBeTruthy();
    expect(screen.getByLabelText('Alarms').textContent).toBe('9');
    expect(screen.getByLabelText('Fault alarms').textContent).toBe('7');
    expect(screen.getByLabelText('Offline records').textContent).toBe('2');
    const codes = screen.getByRole('table', { name: 'Most frequent alarm codes' });
    expect(within(codes).getByText('Ground fault').closest('tr')!.textContent).toContain('3');
    expect(within(codes).getByText('Charger offline').closest('tr')!.textContent).toContain('2');
    const chargers = screen.getByRole('table', { name: 'Charge points with the most alarms' });
    expect(within(chargers).getByText('Bay 1 · Harbour')).toBeTruthy();
    const levels = screen.getByRole('table', { name: 'Alarms by level' });
    expect(within(levels).getByText('General alarm').closest('tr')!.textContent).toContain('5');

    const first = api.calls('/biz/alarm/stat')[0]!.body as { startTime: string; endTime: string };
    expect((Date.parse(first.endTime) - Date.parse(first.startTime)) / 86_400_000).toBe(29);

    await fillDate(userEvent.setup(), 'From', '2026-01-01');
    await fillDate(userEvent.setup(), 'To', '2026-02-15');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    // The search form's own alert (the date fields' screen-reader announcer is another).
    const search = screen.getByRole('search');
    expect((await within(search).findByRole('alert')).textContent).toBe(
      'The time range can be at most 30 days',
    );
    expect(api.calls('/biz/alarm/stat')).toHaveLength(1);

    await fillDate(userEvent.setup(), 'To', '2026-01-30');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.calls('/biz/alarm/stat').at(-1)?.body).toEqual({
        startTime: '2026-01-01',
        endTime: '2026-01-30',
      }),
    );
  });

  it('says when there are no alarms and when the statistics cannot be loaded', async () => {
    grant('5300');
    fakeApi({
      '/biz/alarm/stat': () => ({ data: { ...stat, total: 0, offline: 0, codes: [], chargers: [] } }),
    });
    renderScreen(<AlarmChartPage />);
    expect(await screen.findByText('No alarms in this period')).toBeTruthy();
    cleanup();
    fakeApi({
      '/biz/alarm/stat': () => ({ status: 400, code: 1, msg: 'The time range can be at most 30 days' }),
    });
    renderScreen(<AlarmChartPage />);
    expect(await screen.findByText('Could not load the statistics')).toBeTruthy();
  });
});

describe('the statistics route', () => {
  it('loads the chart page when first shown', async () => {
    grant('5300');
    fakeApi({ '/biz/alarm/stat': () => ({ data: stat }) });
    const Route = (await loadScreen('/alarmChart'))!;
    renderScreen(<Route />);
    expect(
      await screen.findByRole('table', { name: 'Most frequent alarm codes' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
