// @vitest-environment happy-dom
/**
 * The live monitor's tile actions (codes 1102-1107): the "Actions" button only with a code, only
 * the actions held offered, a command's status shown until the charger answers and then the answer, and
 * what a reading action read.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MonitorPage } from '@web/screens/site/monitor.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const overview = {
  at: '2026-05-01T10:00:00.000Z',
  counts: { available: 1, charging: 1 },
  sites: [
    {
      stationId: 's1',
      stationName: 'Harbour',
      counts: { available: 1, charging: 1 },
      chargePoints: [
        {
          chargePointId: 'CP-1',
          name: 'Bay 1',
          online: true,
          connectors: [
            { connectorNo: 1, state: 'available' },
            { connectorNo: 2, state: 'charging' },
          ],
        },
      ],
    },
  ],
};

const session = {
  orderNo: 'ORD-42',
  transactionId: '42',
  idTag: 'TAG-1',
  startTime: '2026-05-01T09:00:00.000Z',
  durationSeconds: 3600,
  energyWh: 12_345,
  powerW: 7_400,
  soc: 61,
};

describe('monitor tile actions', () => {
  it('shows no action button without one of the codes', async () => {
    grant('1101');
    fakeApi({ '/biz/monitor/overview': () => ({ data: overview }) });
    renderScreen(<MonitorPage />);
    await screen.findByRole('region', { name: 'Harbour' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('offers only the actions held; stop charging shows the status until answered, then the answer', async () => {
    grant('1101', '1102', '1103');
    let reads = 0;
    const api = fakeApi({
      '/biz/monitor/overview': () => ({ data: overview }),
      '/biz/monitor/stopCharging': () => ({
        data: { commandId: 'cmd-1', command: 'remoteStop', status: 'queued' },
      }),
      '/biz/monitor/command': () =>
        ++reads === 1
          ? { data: { commandId: 'cmd-1', command: 'remoteStop', status: 'sent' } }
          : {
              data: {
                commandId: 'cmd-1',
                command: 'remoteStop',
                status: 'answered',
                result: { status: 'Accepted' },
              },
            },
      '/biz/monitor/liveData': () => ({ data: { chargePointId: 'CP-1', connectorNo: 2, session } }),
    });
    renderScreen(<MonitorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Connector 2' }));
    const dialog = await screen.findByRole('dialog');
    const actions = within(dialog).getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Stop charging', 'Live data']);
    // The panel opens with the focus on Close, never on an action that sends (Enter would stop a session).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'));

    // Stop charging asks first, naming the connector and the charger; cancelling sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop charging' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Stop charging on Connector 2 of charger Bay 1 (CP-1)?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('/biz/monitor/stopCharging')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop charging' }));
    confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop charging' }));
    await waitFor(() => expect(api.calls('/biz/monitor/stopCharging')).toHaveLength(1));
    expect(api.calls('/biz/monitor/stopCharging')[0]!.body).toEqual({
      chargePointId: 'CP-1',
      connectorNo: 2,
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('monitor-command-status').textContent).toBe(
        'Sent, waiting for the answer',
      ),
    );
    expect(within(dialog).getByTestId('monitor-command-result').textContent).toBe('Waiting for the answer…');
    await waitFor(
      () => expect(within(dialog).getByTestId('monitor-command-status').textContent).toBe('Answered'),
      { timeout: 5_000 },
    );
    expect(within(dialog).getByTestId('monitor-command-result').textContent).toBe('Accepted');
    expect(api.calls('/biz/monitor/command')[0]!.query).toEqual({ id: 'cmd-1' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Live data' }));
    const figures = await within(dialog).findByLabelText('Live data', { selector: 'dl' });
    expect(figures.textContent).toContain('ORD-42');
    expect(figures.textContent).toContain('12.345');
    expect(figures.textContent).toContain('1:00:00');
  });

  it('shows the server refusal in the dialog', async () => {
    grant('1101', '1106');
    fakeApi({
      '/biz/monitor/overview': () => ({ data: overview }),
      '/biz/monitor/stopReservation': () => ({
        code: 1,
        msg: 'There is no active reservation on this connector',
      }),
    });
    renderScreen(<MonitorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Connector 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop reservation' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop reservation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'There is no active reservation on this connector',
    );
  });
});
