// @vitest-environment happy-dom
/**
 * The variable monitoring form takes its limits and values list from what the charger reported
 * (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md): the threshold of a variable with
 * limits is a number bounded by them and a value outside them is refused before anything is sent (the
 * server's schema), the threshold of a list type is a select of its values list, and the panel shows each
 * chosen variable's data type, unit, limits, values list and mutability. The facts are those the simulator
 * reports (test/commands/variable-monitoring.test.ts checks the API gives them).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommandPage } from '@web/screens/command/command-page.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pile = {
  id: 'CP-201',
  chargePointId: 'CP-201',
  name: 'Bay 201',
  protocol: 'ocpp2.0.1',
  online: true,
  connectorStates: [{ connectorNo: 1, state: 'available' }],
};
const variables = [
  {
    key: 'EVSE@1/Power',
    component: 'EVSE',
    evse: 1,
    variable: 'Power',
    dataType: 'decimal',
    unit: 'W',
    minLimit: 0,
    maxLimit: 22_000,
    mutability: 'ReadOnly',
    value: '22000',
  },
  {
    key: 'ChargingStation/SupplyPhases',
    component: 'ChargingStation',
    variable: 'SupplyPhases',
    dataType: 'OptionList',
    valuesList: ['0', '1', '3'],
    mutability: 'ReadOnly',
    value: '3',
    monitors: [{ id: 1, type: 'LowerThreshold', value: 1, severity: 3 }],
  },
];

function api() {
  return fakeApi({
    '/biz/chargePoint/list': () => page([pile]),
    '/biz/command/list': () => page([]),
    '/biz/command/variables': ({ query }) =>
      query.chargePointId === 'CP-201'
        ? { data: { chargePointId: 'CP-201', variables } }
        : { code: 404, msg: 'not found' },
    '/biz/command/send': () => ({ code: 0, msg: 'issued', data: { commandId: 'c1', status: 'queued' } }),
  });
}

const form = () => screen.getByRole('form', { name: /control$/ });

describe('the variable monitoring form', () => {
  it('takes its limits and values list from the charger’s report', async () => {
    grant('2250', '2257', '2229');
    const calls = api();
    const user = userEvent.setup();
    renderScreen(<CommandPage />, '/command');
    await user.click(await screen.findByRole('option', { name: /^CP-201/ }));
    await waitFor(() => expect(screen.getByTestId('selected-pile').textContent).toContain('CP-201'));
    await user.selectOptions(
      within(form()).getByLabelText(/^Command/, { selector: 'select' }),
      'setVariableMonitoring',
    );
    const f = form();
    await waitFor(() => expect(calls.calls('/biz/command/variables')).toHaveLength(1));
    expect(calls.calls('/biz/command/variables')[0]!.query).toEqual({ chargePointId: 'CP-201' });

    await user.type(within(f).getByRole('textbox', { name: /^Component\b(?! variables)/ }), 'EVSE');
    await user.type(within(f).getByLabelText(/^Variable/), 'Power');
    await user.type(within(f).getByLabelText(/^EVSE/), '1');
    await user.click(within(f).getByText('Above threshold'));
    // The reported facts of the chosen variable, and the threshold's bounds from them.
    const reported = await within(f).findByRole('table', { name: 'What the charger reported' });
    const cells = [...within(reported).getAllByRole('row')[1]!.querySelectorAll('td')].map(
      (c) => c.textContent,
    );
    expect(cells).toEqual(['EVSE@1/Power', 'decimal', 'W', '0 – 22000', '-', 'ReadOnly', '0']);
    expect(within(f).getByTestId('monitor-range').textContent).toBe(
      'The threshold must be between 0 and 22000.',
    );
    const value = within(f).getByLabelText(/^Monitor value/) as HTMLInputElement;
    expect([value.min, value.max]).toEqual(['0', '22000']);
    await user.type(value, '30000');
    await user.selectOptions(within(f).getByLabelText(/^Severity/), '5');
    await user.click(within(f).getByRole('button', { name: 'Send' }));
    expect(
      await within(f).findByText('Above the highest value the charger reported for this variable (maxLimit)'),
    ).toBeTruthy();
    expect(calls.calls('/biz/command/send')).toHaveLength(0);

    // A list type: the threshold is a select of its values list.
    const component = within(f).getByRole('textbox', { name: /^Component\b(?! variables)/ });
    await user.clear(component);
    await user.type(component, 'ChargingStation');
    const variable = within(f).getByLabelText(/^Variable/);
    await user.clear(variable);
    await user.type(variable, 'SupplyPhases');
    await user.clear(within(f).getByLabelText(/^EVSE/));
    const select = (await waitFor(() => {
      const el = within(f).getByLabelText(/^Monitor value/);
      expect(el.tagName).toBe('SELECT');
      return el;
    })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value).filter(Boolean)).toEqual(['0', '1', '3']);
    expect(within(f).getByTestId('monitor-range').textContent).toBe(
      'The threshold is one of the values list: 0, 1, 3.',
    );
    await user.selectOptions(select, '3');
    await user.click(within(f).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.calls('/biz/command/send')).toHaveLength(1));
    expect(calls.calls('/biz/command/send')[0]!.body?.params).toMatchObject({
      variables: [{ component: 'ChargingStation', variable: 'SupplyPhases' }],
      monitorTypes: ['UpperThreshold'],
      monitorValue: 3,
    });
  });
});
