// @vitest-environment happy-dom
/**
 * /powerProfile: the list's columns, the editor's period rules (the shared schema refuses no periods,
 * overlapping periods and an end before its start before anything is sent; a valid profile is added with its
 * periods), sending a stored profile to two connectors with each answer shown, and the composite schedule in
 * its lazily loaded chart container.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compositeOf, ScheduleView, SendDialog } from '@web/resources/decls/device/charging-profile.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { ChargingProfilePage } from '@web/screens/device/charging-profile-page.tsx';
import { stepPoints } from '@web/screens/device/charging-profile-chart.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stored = {
  id: 'P1',
  version: 1,
  name: 'Evening cap',
  chargingProfileId: 77,
  stackLevel: 1,
  purpose: 'TxDefaultProfile',
  kind: 'Relative',
  chargingRateUnit: 'A',
  periods: [
    { startPeriod: 0, endPeriod: 3600, limit: 16 },
    { startPeriod: 3600, limit: 10 },
  ],
};

describe('/powerProfile', () => {
  it('is a device page', () => {
    expect(resourcePages['/powerProfile']).toBe(ChargingProfilePage);
  });

  it('lists profiles with their period count and validity', async () => {
    grant('2600');
    fakeApi({ '/biz/chargingProfile/list': () => page([stored]) });
    renderScreen(<ChargingProfilePage />);
    const row = (await screen.findByText('Evening cap')).closest('tr')!;
    for (const text of ['77', 'Transaction default', 'Relative', 'Amperes (A)', '2', 'Always'])
      expect(within(row).getByText(text), text).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New profile' })).toBeNull();
  });

  it('checks the periods with the shared rules before sending, then adds the profile', async () => {
    grant('2600', '2601');
    const api = fakeApi({
      '/biz/chargingProfile/list': () => page([]),
      '/biz/chargingProfile/add': (s) => ({ data: { id: 'P2', ...s.body } }),
    });
    const user = userEvent.setup();
    renderScreen(<ChargingProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Night');
    await user.type(within(dialog).getByLabelText(/^Profile ID/), '5');
    await user.selectOptions(within(dialog).getByLabelText(/^Kind/), 'Relative');

    // No periods.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('No periods yet: add at least one.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one period')).toBeTruthy();

    // Two periods, the first ending after the second starts; an end before its start.
    await user.click(within(dialog).getByRole('button', { name: 'Add period' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add period' }));
    const cell = (label: string) => within(dialog).getByLabelText(label);
    await user.clear(cell('Start (s) 2'));
    await user.type(cell('Start (s) 2'), '600');
    await user.type(cell('End (s) 1'), '900');
    await user.type(cell('Limit 1'), '16');
    await user.type(cell('Limit 2'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/must not overlap/)).toBeTruthy();
    await user.clear(cell('End (s) 1'));
    await user.type(cell('End (s) 1'), '600');
    await user.type(cell('End (s) 2'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end must be after the start')).toBeTruthy();
    expect(api.calls('/biz/chargingProfile/add')).toHaveLength(0);

    await user.clear(cell('End (s) 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/chargingProfile/add')).toHaveLength(1));
    expect(api.calls('/biz/chargingProfile/add')[0]!.body).toMatchObject({
      name: 'Night',
      chargingProfileId: 5,
      kind: 'Relative',
      periods: [
        { startPeriod: 0, endPeriod: 600, limit: 16 },
        { startPeriod: 600, limit: 8 },
      ],
    });
  });

  it('sends a stored profile to each chosen connector and shows each answer', async () => {
    grant('2600', '2224');
    let n = 0;
    const api = fakeApi({
      '/biz/chargePoint/list': () =>
        page([
          {
            chargePointId: 'CP-1',
            name: 'Gate',
            connectorStates: [
              { connectorNo: 1, state: 'idle' },
              { connectorNo: 2, state: 'idle' },
            ],
          },
        ]),
      '/biz/command/send': () => ({ data: { commandId: `C${++n}` } }),
      '/biz/command/list': () =>
        page([
          { commandId: 'C1', status: 'answered', result: { status: 'Accepted' } },
          { commandId: 'C2', status: 'answered', result: { status: 'Rejected' } },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<SendDialog row={stored} onClose={() => undefined} onDone={() => undefined} />);
    await user.selectOptions(await screen.findByLabelText('Pile'), 'CP-1');
    await user.click(screen.getByText('Connector 1'));
    await user.click(screen.getByText('Connector 2'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls('/biz/command/send')).toHaveLength(2));
    const bodies = api.calls('/biz/command/send').map((s) => s.body!);
    expect(bodies.map((b) => b.connectorNo).sort()).toEqual([1, 2]);
    expect(bodies[0]).toMatchObject({ chargePointId: 'CP-1', command: 'setChargingProfile' });
    expect(bodies[0]!.params).toMatchObject({ chargingProfileId: 77, periods: stored.periods });
    expect(bodies[0]!.params).not.toHaveProperty('name');
    expect(await screen.findByText(/^Connector 1: /)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^Connector 2: /).textContent).not.toMatch(/Waiting/i));
  });
});

describe('composite schedule', () => {
  it('reads both versions’ answers and steps to the end', () => {
    const periods = [
      { startPeriod: 0, limit: 16 },
      { startPeriod: 600, limit: 8 },
    ];
    expect(
      compositeOf(
        { status: 'Accepted', chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: periods } },
        3600,
      ),
    ).toEqual({ unit: 'A', duration: 3600, periods });
    expect(
      compositeOf(
        {
          status: 'Accepted',
          schedule: { duration: 900, chargingRateUnit: 'W', chargingSchedulePeriod: periods },
        },
        3600,
      )?.duration,
    ).toBe(900);
    expect(compositeOf({ status: 'Rejected' }, 3600)).toBeNull();
    expect(stepPoints(periods, 3600)).toEqual([...periods, { startPeriod: 3600, limit: 8 }]);
  });

  it('draws the chart in its labelled container', async () => {
    renderScreen(
      <ScheduleView schedule={{ unit: 'A', duration: 3600, periods: [{ startPeriod: 0, limit: 16 }] }} />,
    );
    const chart = await screen.findByRole('img', { name: 'Limit over time' }, { timeout: 10_000 });
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull(), {
      timeout: 10_000,
    });
  });
});

describe('composite schedule dialog', () => {
  it('asks a connector for its schedule, waits for the answer and draws it', async () => {
    grant('2600', '2226');
    const api = fakeApi({
      '/biz/chargingProfile/list': () => page([]),
      '/biz/chargePoint/list': () =>
        page([{ chargePointId: 'CP-1', connectorStates: [{ connectorNo: 1, state: 'idle' }] }]),
      '/biz/command/send': () => ({ data: { commandId: 'C9' } }),
      '/biz/command/list': () =>
        page([
          {
            commandId: 'C9',
            status: 'answered',
            result: {
              status: 'Accepted',
              chargingSchedule: {
                chargingRateUnit: 'A',
                chargingSchedulePeriod: [
                  { startPeriod: 0, limit: 16 },
                  { startPeriod: 600, limit: 8 },
                ],
              },
            },
          },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<ChargingProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Composite schedule' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Pile'), 'CP-1');
    await user.selectOptions(within(dialog).getByLabelText('Connectors'), '1');
    await user.clear(within(dialog).getByLabelText('Duration (s)'));
    await user.type(within(dialog).getByLabelText('Duration (s)'), '1800');
    await user.click(within(dialog).getByRole('button', { name: 'Ask the charger' }));
    await waitFor(() => expect(api.calls('/biz/command/send')).toHaveLength(1));
    expect(api.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-1',
      connectorNo: 1,
      command: 'getCompositeSchedule',
      params: { duration: 1800 },
    });
    const chart = await within(dialog).findByRole('img', { name: 'Limit over time' }, { timeout: 10_000 });
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull(), {
      timeout: 10_000,
    });
  });
});
