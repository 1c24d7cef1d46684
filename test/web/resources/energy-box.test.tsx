// @vitest-environment happy-dom
/**
 * The energy box screens: /energyBox (the list with its "Not linked" flag, live report columns, filters, the
 * form with the caller's piles, the load-limit dialog refusing 0 and 101 before sending, the upgrade dialog
 * saying which boxes were sent and which were flagged) and /energyBoxDetail/{code} (facts, the latest report,
 * the last-hour chart, the load limit).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EnergyBoxesPage } from '@web/screens/device/index.ts';
import { EnergyBoxDetailPage } from '@web/screens/device/energy-box-detail.tsx';
import { energyBoxDecl, isOnline, loadLimitProblem } from '@web/resources/decls/device/energy-box.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const now = () => new Date().toISOString();
const report = (over: Record<string, unknown> = {}) => ({
  code: 'EB-1',
  ratedCurrent: 63,
  loadLimit: 80,
  l1Usable: 50,
  l2Usable: 50,
  l3Usable: 50,
  l1Load: 31,
  l2Load: 27,
  l3Load: 44,
  samplingFault: false,
  hardwareFault: false,
  wifi: 'connected',
  bluetooth: 'off',
  firmwareVersion: '1.0.0',
  upgrading: false,
  updatedAt: now(),
  ...over,
});

const linked = {
  id: 'EB-1',
  code: 'EB-1',
  name: 'Harbour box',
  ratedCurrent: 63,
  loadLimit: 80,
  phases: 3,
  chargePointIds: ['CP-1', 'CP-2'],
  version: 2,
  createTime: '2026-01-01T00:00:00.000Z',
  pileCount: 2,
  unlinked: false,
  state: report(),
};
const unlinked = {
  id: 'EB-2',
  code: 'EB-2',
  name: 'Depot box',
  ratedCurrent: 32,
  loadLimit: 100,
  phases: 1,
  chargePointIds: [],
  version: 1,
  createTime: '2026-01-02T00:00:00.000Z',
  pileCount: 0,
  unlinked: true,
  state: report({
    code: 'EB-2',
    hardwareFault: true,
    updatedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  }),
};
const silent = {
  ...linked,
  id: 'EB-3',
  code: 'EB-3',
  name: 'New box',
  chargePointIds: ['CP-3'],
  pileCount: 1,
  state: null,
};

type User = ReturnType<typeof userEvent.setup>;

async function rowAction(user: User, code: string, action: string) {
  const row = (await screen.findByText(code)).closest('tr')!;
  const inline = within(row).queryByRole('button', { name: action });
  if (inline) return user.click(inline);
  await user.click(within(row).getByRole('button', { name: 'More' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('the energy box screens', () => {
  it('are registered under /energyBox and /energyBoxDetail', () => {
    expect(resourcePages['/energyBox']).toBe(EnergyBoxesPage);
    expect(resourcePages['/energyBoxDetail']).toBe(EnergyBoxDetailPage);
  });

  it('count a box as online for a minute after its last report', () => {
    const at = Date.parse('2026-05-01T10:00:00.000Z');
    const last = { updatedAt: '2026-05-01T10:00:00.000Z' };
    expect(isOnline(last, at + 59_000)).toBe(true);
    expect(isOnline(last, at + 61_000)).toBe(false);
    expect(isOnline(null, at)).toBe(false);
  });

  it('list boxes with their report, flag the unlinked one, and filter by code and name', async () => {
    grant('2700');
    const api = fakeApi({ '/biz/energyBox/list': () => page([linked, unlinked, silent]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={energyBoxDecl} />);
    const row = (await screen.findByText('EB-1')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const label of [
      'Code',
      'Name',
      'Rated current (A)',
      'Load limit (%)',
      'Phases',
      'Linked piles',
      'Online / last report',
      'Load / usable (A)',
      'Firmware',
      'Faults',
    ])
      expect(
        headers.some((h) => h.startsWith(label)),
        label,
      ).toBe(true);
    for (const text of ['Harbour box', '63', '80', 'Three phase', '2', 'Online', '1.0.0', 'None'])
      expect(within(row).getByText(text), text).toBeTruthy();
    for (const text of ['L1: 31 / 50 A', 'L2: 27 / 50 A', 'L3: 44 / 50 A'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).queryByText('Not linked')).toBeNull();
    expect(within(row).getByRole('link', { name: 'EB-1' }).getAttribute('href')).toBe(
      '/energyBoxDetail/EB-1',
    );

    const other = screen.getByText('EB-2').closest('tr')!;
    for (const text of ['Not linked', 'Offline', 'Single phase', 'Hardware fault', 'L1: 31 / 50 A'])
      expect(within(other).getByText(text), text).toBeTruthy();
    expect(within(other).queryByText(/^L2/)).toBeNull();
    const quiet = screen.getByText('EB-3').closest('tr')!;
    expect(within(quiet).getByText('No report yet')).toBeTruthy();
    expect(within(quiet).queryByText('Not linked')).toBeNull();

    // View only: no add, load limit or upgrade.
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Set load limit' })).toBeNull();

    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Code'), 'EB');
    await user.type(within(search).getByLabelText('Name'), 'box');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/biz/energyBox/list').at(-1)!.body).toMatchObject({
        code: 'EB',
        name: 'box',
        current: 1,
      }),
    );
  });

  it('creates a box linked to the caller’s piles; the code is read-only on edit', async () => {
    grant('2700', '2701');
    const api = fakeApi({
      '/biz/energyBox/list': () => page([linked]),
      '/biz/energyBox/info': () => ({ data: { ...linked, state: undefined } }),
      '/biz/chargePoint/list': () =>
        page([
          { id: 'CP-1', chargePointId: 'CP-1', name: 'Gate' },
          { id: 'CP-2', chargePointId: 'CP-2', name: 'Depot' },
        ]),
      '/biz/energyBox/add': () => ({ data: linked }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={energyBoxDecl} />);
    await screen.findByText('EB-1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    let form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Code/), 'EB-9');
    await user.type(within(form).getByLabelText(/^Name/), 'Garage box');
    await user.type(within(form).getByLabelText(/^Rated current/), '40');
    await user.click(await within(form).findByText('Depot (CP-2)'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/energyBox/add')).toHaveLength(1));
    expect(api.calls('/biz/energyBox/add')[0]!.body).toEqual({
      code: 'EB-9',
      name: 'Garage box',
      ratedCurrent: 40,
      loadLimit: 100,
      phases: 3,
      chargePointIds: ['CP-2'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await rowAction(user, 'EB-1', 'Edit');
    form = await screen.findByRole('dialog');
    const code = (await within(form).findByLabelText(/^Code/)) as HTMLInputElement;
    expect(code.value).toBe('EB-1');
    expect(code.readOnly).toBe(true);
  });

  it('sets the load limit, refusing 0 and 101 before sending', async () => {
    grant('2700', '2701');
    const api = fakeApi({
      '/biz/energyBox/list': () => page([linked]),
      '/biz/energyBox/loadLimit': ({ body }) => ({ data: { ...linked, loadLimit: body?.loadLimit } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={energyBoxDecl} />);
    await rowAction(user, 'EB-1', 'Set load limit');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Now 80 % of 63 A per phase.')).toBeTruthy();
    const limit = within(dialog).getByLabelText(/^Load limit/) as HTMLInputElement;
    expect(limit.value).toBe('80');
    const send = within(dialog).getByRole('button', { name: 'Set and send' });
    for (const value of ['0', '101', '55.5']) {
      await user.clear(limit);
      await user.type(limit, value);
      await user.click(send);
      expect(await within(dialog).findByText('Enter a whole number from 1 to 100')).toBeTruthy();
    }
    await user.clear(limit);
    await user.click(send);
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.calls('/biz/energyBox/loadLimit')).toHaveLength(0);

    await user.type(limit, '60');
    await user.click(send);
    await waitFor(() => expect(api.calls('/biz/energyBox/loadLimit')).toHaveLength(1));
    expect(api.calls('/biz/energyBox/loadLimit')[0]!.body).toEqual({ id: 'EB-1', loadLimit: 60 });
    expect(await screen.findByText('Load limit set to 60 % and sent to the box')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks a load limit as the server does', () => {
    expect(loadLimitProblem('')).toBe('validation.required');
    expect(loadLimitProblem('0')).toBe('energyBoxRes.loadLimitAction.range');
    expect(loadLimitProblem('101')).toBe('energyBoxRes.loadLimitAction.range');
    expect(loadLimitProblem('1')).toBeNull();
    expect(loadLimitProblem('100')).toBeNull();
  });

  it('upgrades the chosen boxes and shows which were flagged as not linked to a pile', async () => {
    grant('2700', '2702');
    const api = fakeApi({
      '/biz/energyBox/list': () => page([linked, unlinked]),
      '/biz/energyBox/upgrade': ({ body }) => {
        const ids = body?.ids as string[];
        return {
          data: { sent: ids.filter((id) => id !== 'EB-2'), flagged: ids.filter((id) => id === 'EB-2') },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={energyBoxDecl} />);
    await screen.findByText('EB-1');
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    const boxes = within(dialog).getByRole('group', { name: 'Boxes' });
    const depot = await within(boxes).findByText('Depot box (EB-2)');
    expect(within(depot.closest('div')!.parentElement!).getByText('Not linked')).toBeTruthy();
    expect(within(dialog).getByText('Boxes not linked to a pile are flagged and not upgraded.')).toBeTruthy();

    // Nothing chosen, no version, a URL that is not http(s): refused before sending.
    await user.type(within(dialog).getByLabelText(/^Firmware URL/), 'ftp://files/eb.bin');
    await user.click(within(dialog).getByRole('button', { name: 'Send upgrade' }));
    expect(await within(dialog).findByText('Choose at least one box')).toBeTruthy();
    expect(within(dialog).getByText('Enter an http or https address')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.calls('/biz/energyBox/upgrade')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Firmware version/), '2.0.0');
    const url = within(dialog).getByLabelText(/^Firmware URL/);
    await user.clear(url);
    await user.type(url, 'https://files.example.com/eb-2.0.0.bin');
    await user.click(within(dialog).getByRole('button', { name: 'Choose all' }));
    expect(within(dialog).getByText('2 of 2 boxes chosen')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send upgrade' }));
    await waitFor(() => expect(api.calls('/biz/energyBox/upgrade')).toHaveLength(1));
    expect(api.calls('/biz/energyBox/upgrade')[0]!.body).toEqual({
      ids: ['EB-1', 'EB-2'],
      firmwareVersion: '2.0.0',
      url: 'https://files.example.com/eb-2.0.0.bin',
    });

    const result = await screen.findByRole('dialog', { name: 'Upgrade sent' });
    expect(within(result).getByText('Sent to 1 box(es)')).toBeTruthy();
    expect(within(result).getByText('Harbour box (EB-1)')).toBeTruthy();
    const flagged = within(result).getByRole('list', {
      name: 'Flagged, not upgraded (not linked to a pile): 1',
    });
    expect(within(flagged).getByText('Depot box (EB-2)')).toBeTruthy();
    await user.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts the upgrade with the ticked rows chosen', async () => {
    grant('2700', '2701', '2702');
    fakeApi({ '/biz/energyBox/list': () => page([linked, unlinked]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={energyBoxDecl} />);
    await screen.findByText('EB-1');
    await user.click(screen.getByRole('checkbox', { name: 'Select Depot box' }));
    await user.click(screen.getByRole('button', { name: 'Upgrade (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 of 2 boxes chosen')).toBeTruthy();
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Depot box (EB-2)' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe('the energy box detail page', () => {
  const history = [0, 1, 2].map((i) => ({
    at: new Date(Date.now() - (3 - i) * 10_000).toISOString(),
    l1Usable: 50,
    l2Usable: 50,
    l3Usable: 50,
    l1Load: 30 + i,
    l2Load: 25 + i,
    l3Load: 40 + i,
    loadLimit: 80,
  }));
  const detail = { ...linked, remark: 'Basement', history };

  function renderDetail() {
    return renderScreen(
      <Routes>
        <Route path="/energyBoxDetail/:str" element={<EnergyBoxDetailPage />} />
      </Routes>,
      '/energyBoxDetail/EB-1',
    );
  }

  it('shows the box, its latest report and the chart of the last hour', async () => {
    grant('2700');
    const api = fakeApi({ '/biz/energyBox/detail': () => ({ data: detail }) });
    renderDetail();
    const facts = await screen.findByRole('region', { name: 'Energy box' });
    expect(api.calls('/biz/energyBox/detail')[0]!.query).toEqual({ id: 'EB-1' });
    for (const text of ['EB-1', 'Harbour box', '63', '80', 'Three phase', 'CP-1', 'CP-2', 'Basement'])
      expect(within(facts).getByText(text), text).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'CP-2' }).getAttribute('href')).toBe(
      '/chargerDetail/CP-2',
    );
    expect(within(facts).queryByText('Not linked')).toBeNull();

    const latest = screen.getByRole('region', { name: 'Latest report' });
    for (const text of ['Online', '80 %', '1.0.0', 'None', 'Connected', 'Off'])
      expect(within(latest).getByText(text), text).toBeTruthy();
    const phases = within(latest).getByRole('table', { name: 'Load / usable (A)' });
    const l3 = within(phases).getByText('L3').closest('tr')!;
    expect([...l3.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['L3', '44', '50', '88 %']);
    expect(screen.getByText('Refreshes every 10 seconds')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set load limit' })).toBeNull();

    const chart = screen.getByRole('region', { name: 'Last hour' });
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull(), {
      timeout: 10_000,
    });
  });

  it('flags a box without piles and says when it has not reported', async () => {
    grant('2700');
    fakeApi({ '/biz/energyBox/detail': () => ({ data: { ...unlinked, state: null, history: [] } }) });
    renderDetail();
    const facts = await screen.findByRole('region', { name: 'Energy box' });
    expect(within(facts).getAllByText('Not linked').length).toBeGreaterThan(0);
    expect(screen.getByText('The box has not reported yet.')).toBeTruthy();
    expect(screen.getByText('No reports in the last hour.')).toBeTruthy();
  });

  it('sets the load limit from the page and reloads it', async () => {
    grant('2700', '2701');
    const api = fakeApi({
      '/biz/energyBox/detail': () => ({ data: detail }),
      '/biz/energyBox/loadLimit': () => ({ data: { ...linked, loadLimit: 70 } }),
    });
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'Energy box' });
    await user.click(screen.getByRole('button', { name: 'Set load limit' }));
    const dialog = await screen.findByRole('dialog');
    const limit = within(dialog).getByLabelText(/^Load limit/);
    await user.clear(limit);
    await user.type(limit, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Set and send' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 100')).toBeTruthy();
    expect(api.calls('/biz/energyBox/loadLimit')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Set and send' }));
    await waitFor(() =>
      expect(api.calls('/biz/energyBox/loadLimit')[0]?.body).toEqual({ id: 'EB-1', loadLimit: 70 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.calls('/biz/energyBox/detail').length).toBeGreaterThan(1));
  });
});
