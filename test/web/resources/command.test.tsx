// @vitest-environment happy-dom
/**
 * The charger control screen: the parameter form is built from the command's schema and checks it
 * before sending, the commands offered follow the user's button codes and the pile's protocol, a pile (and
 * for connector commands a connector) must be chosen first, the server's answer is shown (success message,
 * refusals, field errors on the fields), and the results list reads statuses and results as text, expands a
 * command's payload and raw answer, refuses a range over 7 days and refreshes while a command is pending.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommandPage } from '@web/screens/command/command-page.tsx';
import { describeParams } from '@web/screens/command/param-form.tsx';
import { resultText } from '@web/screens/command/result-text.ts';
import i18n from '@web/i18n.ts';
import type { Translate } from '@web/resources/i18n.ts';
import { commandByKey } from '@shared/commands/catalogue.ts';
import { ChargerDetailPage } from '@web/screens/site/charger-detail.tsx';
import { resourcePages } from '@web/screens/all.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dateText, fakeApi, fillDate, grant, page, renderScreen, type Handler } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const connectors = [
  { connectorNo: 1, state: 'available' },
  { connectorNo: 2, state: 'charging' },
];
const pile16 = {
  id: 'CP-16',
  chargePointId: 'CP-16',
  name: 'Bay 16',
  protocol: 'ocpp1.6',
  online: true,
  connectorStates: connectors,
};
const pile201 = { ...pile16, id: 'CP-201', chargePointId: 'CP-201', name: 'Bay 201', protocol: 'ocpp2.0.1' };
const ISSUED = 'Command issued successfully, please check the result';

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/biz/chargePoint/list': ({ body }) =>
      page(
        [pile16, pile201].filter(
          (p) => !body?.chargePointId || p.chargePointId.includes(String(body.chargePointId)),
        ),
      ),
    '/biz/command/list': () => page([]),
    '/biz/command/send': () => ({ code: 0, msg: ISSUED, data: { commandId: 'c1', status: 'queued' } }),
    ...extra,
  });
}

/** The command form of the open tab ("Charge point control" or "Connector control"). */
const form = () => screen.getByRole('form', { name: /control$/ });
const commandSelect = () =>
  within(form()).getByLabelText(/^Command/, { selector: 'select' }) as HTMLSelectElement;
const offered = () =>
  within(commandSelect())
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((t) => t !== 'Choose a command');

async function pickPile(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${id}`) }));
  await waitFor(() => expect(screen.getByTestId('selected-pile').textContent).toContain(id));
}

describe('the /command route', () => {
  it('is the charger control screen', () => {
    expect(resourcePages['/command']).toBe(CommandPage);
  });
});

describe('the parameter form from a command schema', () => {
  it('reads kinds, required and defaults from the schema', () => {
    const specs = describeParams(
      z
        .object({
          name: z.string().min(1),
          note: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
          count: z.coerce.number().int().min(0).max(1000),
          mode: z.coerce.number().int().min(0).max(1),
          unit: z.enum(['A', 'W']).optional(),
          on: z.boolean(),
          keys: z.array(z.string()).default([]),
          at: z.iso.datetime({ offset: true }),
          rows: z.array(z.object({ idTag: z.string() })),
          kinds: z.array(z.enum(['x', 'y'])).min(1),
          blob: z.record(z.string(), z.unknown()).optional(),
        })
        .strict(),
    );
    expect(specs.map((s) => [s.name, s.kind, s.required])).toEqual([
      ['name', 'text', true],
      ['note', 'text', false],
      ['count', 'number', true],
      ['mode', 'select', true],
      ['unit', 'select', false],
      ['on', 'switch', true],
      ['keys', 'tags', false],
      ['at', 'datetime', true],
      ['rows', 'list', true],
      ['kinds', 'checks', true],
      ['blob', 'json', false],
    ]);
    expect(specs.find((s) => s.name === 'mode')?.options).toEqual([0, 1]);
    expect(specs.find((s) => s.name === 'rows')?.fields?.map((f) => f.name)).toEqual(['idTag']);
    // The catalogue's own: a reset type is a choice of two; a configuration read takes a list of keys.
    expect(describeParams(commandByKey.get('reset')!.params)[0]).toMatchObject({
      kind: 'select',
      required: true,
    });
    expect(describeParams(commandByKey.get('getConfiguration')!.params)[0]).toMatchObject({
      kind: 'tags',
      required: false,
    });
  });

  it('refuses a required field before sending, then sends the parsed parameters', async () => {
    grant('2250', '2257', '2214', '2210');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-16');
    await user.selectOptions(commandSelect(), 'changeConfiguration');
    const key = await screen.findByLabelText(/^Configuration key/);
    const value = screen.getByLabelText(/^Value/);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(calls.calls('/biz/command/send')).toHaveLength(0);

    await user.type(key, 'HeartbeatInterval');
    await user.type(value, '120');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(1));
    expect(calls.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-16',
      command: 'changeConfiguration',
      params: { configKey: 'HeartbeatInterval', configValue: '120' },
    });
    expect(await screen.findByText(ISSUED)).toBeTruthy();
  });

  it('offers a bounded choice as a select with its option labels', async () => {
    grant('2250', '2257', '2210');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-16');
    await user.selectOptions(commandSelect(), 'reset');
    const type = (await screen.findByLabelText(/^Reset type/)) as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual([
      'Please choose',
      'Immediate hard reset',
      'Soft reset when idle',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.selectOptions(type, '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // A reset asks first, naming the charger and the reset type; cancelling sends nothing.
    let confirm = await screen.findByRole('alertdialog', { name: 'Send Reset?' });
    expect(confirm.textContent).toContain(
      'Send "Reset" to charger Bay 16 (CP-16)? Reset type: Soft reset when idle. The charger acts at once.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.calls('/biz/command/send')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Send Reset?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(1));
    expect(calls.calls('/biz/command/send')[0]!.body).toMatchObject({
      command: 'reset',
      params: { resetType: 1 },
    });
  });

  it('remote start: a charge type select, and a value with its unit unless full (never sent for full)', async () => {
    grant('2250', '2258', '2216');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-16');
    await user.selectOptions(commandSelect(), 'remoteStart');
    const type = (await screen.findByLabelText(/^Charge type/)) as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual([
      'By energy',
      'By time',
      'By amount',
      'Until full',
    ]);
    expect(type.value).toBe('4'); // full by default: no value to give
    expect(screen.queryByLabelText(/^Charge value/)).toBeNull();

    await user.selectOptions(type, '1');
    const value = await screen.findByLabelText(/^Charge value/);
    expect(screen.getByText(/^Energy in kWh \(up to 3 decimals\)/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^ID tag/), 'TAG-1');
    await user.selectOptions(
      screen.getByLabelText(/^Connector/, { selector: 'select' }) as HTMLSelectElement,
      '1',
    );
    await user.type(value, '1.2345');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('At most three decimal places')).toBeTruthy();
    expect(calls.calls('/biz/command/send')).toHaveLength(0);

    await user.selectOptions(type, '2');
    expect(screen.getByText(/^Time in whole minutes/)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Charge value/));
    await user.type(screen.getByLabelText(/^Charge value/), '45');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(1));
    expect(calls.calls('/biz/command/send')[0]!.body).toMatchObject({
      command: 'remoteStart',
      connectorNo: 1,
      params: { idTag: 'TAG-1', chargeType: 2, chargeValue: '45' },
    });

    // Back to full: the value typed before is hidden and not sent.
    await user.selectOptions(type, '4');
    expect(screen.queryByLabelText(/^Charge value/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(2));
    expect(calls.calls('/biz/command/send')[1]!.body).toMatchObject({
      params: { idTag: 'TAG-1', chargeType: 4 },
    });
    expect(calls.calls('/biz/command/send')[1]!.body?.params).not.toHaveProperty('chargeValue');
  });

  it('builds rows, checkboxes and choices from a nested schema', async () => {
    grant('2250', '2257', '2229');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-201');
    await user.selectOptions(commandSelect(), 'setVariableMonitoring');
    const f = form();
    // One row to start with (at least one pair is required); nothing filled is refused before sending.
    expect(await within(f).findByText('Row 1')).toBeTruthy();
    await user.click(within(f).getByRole('button', { name: 'Send' }));
    expect((await within(f).findAllByText('This field is required')).length).toBeGreaterThanOrEqual(3);
    expect(calls.calls('/biz/command/send')).toHaveLength(0);

    await user.type(within(f).getByRole('textbox', { name: /^Component\b(?! variables)/ }), 'EVSE');
    await user.type(within(f).getByLabelText(/^Variable/), 'Power');
    await user.click(within(f).getByRole('button', { name: 'Add a row' }));
    expect(within(f).getByText('Row 2')).toBeTruthy();
    await user.click(within(f).getByRole('button', { name: 'Remove row 2' }));
    expect(within(f).queryByText('Row 2')).toBeNull();
    await user.click(within(f).getByText('Above threshold'));
    await user.type(within(f).getByLabelText(/^Monitor value/), '22');
    await user.selectOptions(within(f).getByLabelText(/^Severity/), '5');
    await user.click(within(f).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(1));
    expect(calls.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-201',
      command: 'setVariableMonitoring',
      params: {
        variables: [{ component: 'EVSE', variable: 'Power' }],
        monitorTypes: ['UpperThreshold'],
        monitorValue: 22,
        severity: 5,
        transaction: false,
      },
    });
  });

  it('shows the server field errors on the fields and its refusals', async () => {
    grant('2250', '2257', '2214');
    let answer = 0;
    api({
      '/biz/command/send': () =>
        answer++ === 0
          ? {
              status: 400,
              code: 1,
              msg: 'Validation failed: A key such as HeartbeatInterval',
              data: { configKey: 'A key such as HeartbeatInterval (OCPP 2.0.1: Component/Variable)' },
            }
          : { code: 1, msg: 'Pile offline' },
    });
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-16');
    await user.selectOptions(commandSelect(), 'changeConfiguration');
    await user.type(await screen.findByLabelText(/^Configuration key/), 'Heartbeat');
    await user.type(screen.getByLabelText(/^Value/), '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('A key such as HeartbeatInterval (OCPP 2.0.1: Component/Variable)'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Validation failed');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Pile offline'));
  });
});

describe('the commands offered', () => {
  it('are those the user holds the code for and the pile protocol has', async () => {
    // reset 2210, clear cache 2215 (not held), base report 2239 (OCPP 2.0.1 only), unlock 2211 (a connector's).
    grant('2250', '2257', '2258', '2210', '2239', '2211');
    api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await screen.findByRole('option', { name: /^CP-16/ });
    // No pile yet: every permitted pile command.
    expect(offered()).toEqual(['Reset', 'Get base report']);
    await pickPile(user, 'CP-16');
    expect(offered()).toEqual(['Reset']);
    await pickPile(user, 'CP-201');
    expect(offered()).toEqual(['Reset', 'Get base report']);

    await user.click(screen.getByRole('tab', { name: 'Connector control' }));
    await waitFor(() => expect(offered()).toEqual(['Unlock connector']));
  });

  it('shows only the tabs the user holds', async () => {
    grant('2250', '2258', '2211');
    api();
    renderScreen(<CommandPage />, '/command');
    expect(await screen.findByRole('tab', { name: 'Connector control' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Charge point control' })).toBeNull();
  });
});

describe('choosing first', () => {
  it('asks for a pile first', async () => {
    grant('2250', '2257', '2215');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await screen.findByRole('option', { name: /^CP-16/ });
    await user.selectOptions(commandSelect(), 'clearCache');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a charging pile first!');
    expect(calls.calls('/biz/command/send')).toHaveLength(0);
  });

  it('asks for a connector first, then sends to it with the success message', async () => {
    grant('2250', '2258', '2211', '2256');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await pickPile(user, 'CP-16');
    await user.selectOptions(commandSelect(), 'unlockConnector');
    expect(await screen.findByText('This command has no parameters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a connector first!');
    expect(calls.calls('/biz/command/send')).toHaveLength(0);

    const connector = screen.getByLabelText(/^Connector/, { selector: 'select' }) as HTMLSelectElement;
    expect([...connector.options].map((o) => o.textContent)).toEqual([
      'Choose a connector',
      'Connector 1 · Available',
      'Connector 2 · Charging',
    ]);
    await user.selectOptions(connector, '2');
    const before = calls.calls('/biz/command/list').length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send Unlock connector?' });
    expect(confirm.textContent).toContain(
      'Send "Unlock connector" to connector 2 of charger Bay 16 (CP-16)? The charger acts at once.',
    );
    expect(calls.calls('/biz/command/send')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ISSUED)).toBeTruthy();
    expect(calls.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-16',
      connectorNo: 2,
      command: 'unlockConnector',
      params: {},
    });
    // The results list is asked again so the new command shows.
    await waitFor(() => expect(calls.calls('/biz/command/list').length).toBeGreaterThan(before));
  });

  it('preselects the pile named in the address (the charger page links here)', async () => {
    grant('2250', '2257', '2204', '2210');
    api({
      '/biz/chargePoint/detail': () => ({ data: { ...pile201, connectorStates: connectors } }),
    });
    const user = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/chargerDetail/:id" element={<ChargerDetailPage />} />
        <Route path="/command" element={<CommandPage />} />
      </Routes>,
      '/chargerDetail/CP-201',
    );
    await user.click(await screen.findByRole('link', { name: 'Commands' }));
    await waitFor(() => expect(screen.getByTestId('selected-pile').textContent).toContain('CP-201'));
    expect(screen.getByTestId('selected-pile').textContent).toContain('OCPP 2.0.1');
  });
});

describe('the results list', () => {
  const base = {
    chargePointId: 'CP-16',
    protocol: 'ocpp1.6',
    createdAt: new Date().toISOString(),
    createdBy: 'operator',
  };
  const records = [
    {
      ...base,
      commandId: 'a',
      command: 'unlockConnector',
      action: 'UnlockConnector',
      connectorNo: 1,
      params: {},
      payload: { connectorId: 1 },
      status: 'answered',
      result: { status: 'Unlocked' },
    },
    {
      ...base,
      commandId: 'b',
      command: 'getBaseReport',
      action: 'GetBaseReport',
      params: {},
      payload: {},
      status: 'rejected',
      error: { code: 'NotImplemented', description: '' },
    },
    {
      ...base,
      commandId: 'c',
      command: 'reset',
      action: '',
      params: { resetType: 0 },
      payload: {},
      status: 'offline',
    },
    {
      ...base,
      commandId: 'd',
      command: 'clearCache',
      action: 'ClearCache',
      params: {},
      payload: {},
      status: 'queued',
    },
  ];

  it('reads statuses and results as text, expands a command, and refreshes while one is pending', async () => {
    grant('2250', '2256');
    const calls = api({ '/biz/command/list': () => page(records) });
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    const table = await screen.findByRole('table', { name: 'Command results' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual([
      'answered',
      'rejected',
      'offline',
      'queued',
    ]);
    expect(within(rows[0]!).getByText('Unlock connector')).toBeTruthy();
    expect(within(rows[0]!).getByText('Answered')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('command-result').textContent).toBe('Unlocked');
    expect(within(rows[1]!).getByText('Refused by the pile')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('command-result').textContent).toBe('Not supported');
    expect(within(rows[2]!).getByText('Pile offline')).toBeTruthy();
    expect(within(rows[3]!).getByText('Queued')).toBeTruthy();
    expect(within(rows[3]!).getByTestId('command-result').textContent).toBe('Waiting for the answer…');

    await user.click(
      within(rows[0]!).getByRole('button', { name: 'Show details of Unlock connector on CP-16' }),
    );
    const payload = await screen.findByRole('group', { name: 'Payload sent' });
    expect(payload.textContent).toContain('"connectorId": 1');
    expect(screen.getByRole('group', { name: 'Raw result' }).textContent).toContain('"status": "Unlocked"');

    // A queued command keeps the list refreshing (every 5 seconds).
    const before = calls.calls('/biz/command/list').length;
    await waitFor(() => expect(calls.calls('/biz/command/list').length).toBeGreaterThan(before), {
      timeout: 7_000,
    });
  });

  it('shows each item of a 2.0.1 answer that has a status per item, not a clipped JSON', () => {
    const tr = i18n.t as unknown as Translate;
    const answered = (result: unknown) => resultText(tr, { status: 'answered', result });
    const variable = { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } };
    expect(
      answered({
        setVariableResult: [
          { ...variable, attributeStatus: 'Accepted' },
          { ...variable, attributeStatus: 'Rejected' },
        ],
      }),
    ).toBe('HeartbeatInterval: Accepted; HeartbeatInterval: Rejected');
    expect(
      answered({ getVariableResult: [{ ...variable, attributeStatus: 'Accepted', attributeValue: '300' }] }),
    ).toBe('HeartbeatInterval: Accepted (300)');
    expect(
      answered({
        setMonitoringResult: [{ ...variable, id: 3, type: 'Delta', severity: 5, status: 'Accepted' }],
      }),
    ).toBe('HeartbeatInterval, monitor 3: Accepted');
    expect(answered({ clearMonitoringResult: [{ id: 3, status: 'NotFound' }] })).toBe('Monitor 3: Not found');
    // Other answers without a status read as labelled fields, never JSON (decision 452).
    expect(answered({ listVersion: 7 })).toBe('List version: 7');
    expect(
      answered({
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '300' },
          { key: 'MeterValueSampleInterval', readonly: true, value: '60' },
        ],
        unknownKey: ['Nope'],
      }),
    ).toBe('Configuration keys: HeartbeatInterval = 300, MeterValueSampleInterval = 60 · Unknown keys: Nope');
    expect(answered({ messagesInQueue: false, ongoingIndicator: true })).toBe(
      'Messages in queue: No · Transaction ongoing: Yes',
    );
    expect(answered({})).toBe('Empty');
  });

  it('sends the filters and refuses a range over 7 days', async () => {
    grant('2250', '2256');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await screen.findByText('No commands in this period');
    const results = screen.getByRole('region', { name: 'Command results' });
    await user.type(within(results).getByLabelText('Charge point id'), 'CP-16');
    await user.selectOptions(within(results).getByLabelText('Command'), 'reset');
    await user.selectOptions(within(results).getByLabelText('Status'), 'answered');
    await fillDate(user, 'From', '2025-03-01 00:00:00', results);
    await fillDate(user, 'To', '2025-03-09 00:00:00', results);
    expect(dateText('To', results)).toBe('2025-03-09 00:00:00');
    await user.click(within(results).getByRole('button', { name: 'Search' }));
    expect((await within(results).findByRole('alert')).textContent).toBe(
      'The time range can be at most 7 days',
    );
    const before = calls.calls('/biz/command/list').length;

    await fillDate(user, 'To', '2025-03-07 00:00:00', results);
    await user.click(within(results).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.calls('/biz/command/list').length).toBeGreaterThan(before));
    expect(calls.calls('/biz/command/list').at(-1)!.body).toMatchObject({
      current: 1,
      chargePointId: 'CP-16',
      command: 'reset',
      status: 'answered',
      startTime: new Date('2025-03-01T00:00:00').toISOString(),
      endTime: new Date('2025-03-07T00:00:00').toISOString(),
    });
  });
});
