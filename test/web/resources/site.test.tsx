// @vitest-environment happy-dom
/**
 * The site and device screens: the station wizard (opening periods validated by the shared schema,
 * Pro fields only with 2105), the pile wizard (a company binds by a typed asset code and key, gun numbers unique,
 * the last connector kept, the OCPP password shown once), QR codes per connector, the live monitor's counts
 * and tiles, the charger page's boot information and messages, and the operator's unknown-token switch.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { operatorDecl } from '@web/resources/decls/identity/operator.ts';
import { chargePointDecl } from '@web/resources/decls/site/charge-point.tsx';
import { ChargerDetailPage, messageRangeProblem } from '@web/screens/site/charger-detail.tsx';
import { MonitorPage } from '@web/screens/site/monitor.tsx';
import { qrContent } from '@web/screens/site/qr-codes.tsx';
import { StationDetailPage } from '@web/screens/site/station-detail.tsx';
import { stationDecl } from '@web/resources/decls/site/station.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages, routesServedBy } from '@web/screens/all.ts';
import * as siteScreens from '@web/screens/site/index.ts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fillDate, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('site screens', () => {
  it('are registered under their routes', () => {
    const routes = ['/equipment', '/stationDetail', '/device', '/chargerDetail', '/monitor'];
    expect(routesServedBy('src/screens/site/index.ts')).toEqual([...routes].sort());
    expect(resourcePages['/equipment']).toBe(siteScreens.StationsPage);
    expect(resourcePages['/device']).toBe(siteScreens.DevicePage);
    expect(resourcePages['/monitor']).toBe(siteScreens.MonitorPage);
  });
});

/** Fills step 1 of the station wizard with valid basic information (opening hours left to the test). */
async function fillBasics(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Site name/), 'Harbour');
  await user.type(within(dialog).getByLabelText(/^Address/), '1 Quay Street');
  await user.type(within(dialog).getByLabelText(/^Country\b(?! code)/), 'Germany');
  await user.type(within(dialog).getByLabelText(/^City/), 'Hamburg');
  await user.selectOptions(within(dialog).getByLabelText(/^Time zone/), 'Europe/Berlin');
  await user.selectOptions(within(dialog).getByLabelText(/^Location type/), 'PARKING_LOT');
  await user.type(within(dialog).getByLabelText(/^Service hotline/), '+49 40 123456');
}

describe('station wizard', () => {
  it('checks the opening periods and hides the Pro fields without 2105', async () => {
    grant('2100', '2101');
    const api = fakeApi({
      '/biz/station/list': () => page([]),
      '/biz/station/add': () => ({ data: { id: 's1', name: 'Harbour', version: 1 } }),
      '/biz/chargingFee/list': () => page([{ id: 'f1', name: 'Standard' }]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');

    // Nothing filled: the required fields say so and the wizard stays on step 1.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThan(3);

    await fillBasics(user, dialog);
    await user.selectOptions(within(dialog).getByLabelText(/^Opening hours/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Choose the work days')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one opening period')).toBeTruthy();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add period' }));
    await user.type(within(dialog).getByLabelText('Start of period 1'), '18:00');
    await user.type(within(dialog).getByLabelText('End of period 1'), '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The end must be after the start')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('End of period 1'));
    await user.type(within(dialog).getByLabelText('End of period 1'), '24:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add period' }));
    await user.type(within(dialog).getByLabelText('Start of period 2'), '20:00');
    await user.type(within(dialog).getByLabelText('End of period 2'), '22:00');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Opening periods must not overlap')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Start of period 2'));
    await user.type(within(dialog).getByLabelText('Start of period 2'), '07:00');
    await user.clear(within(dialog).getByLabelText('End of period 2'));
    await user.type(within(dialog).getByLabelText('End of period 2'), '9:00');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Enter a time as HH:mm (up to 24:00)')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('End of period 2'));
    await user.type(within(dialog).getByLabelText('End of period 2'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2 without the Pro code: no reservation switch, no pictures; the fee note.
    expect(await within(dialog).findByLabelText(/^Fees are set/)).toBeTruthy();
    expect(within(dialog).queryByText('Reservations allowed')).toBeNull();
    expect(within(dialog).queryByLabelText('Choose pictures to upload')).toBeNull();
    await user.click(within(dialog).getByLabelText(/^Fee rule of the station/));
    await user.click(await within(dialog).findByRole('option', { name: 'Standard' }));

    // Profit shares: a percent with three decimals is refused on its cell, more than 100 % together too.
    expect(within(dialog).getByText('The operator keeps all revenue.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add share' }));
    await user.type(within(dialog).getByLabelText('Party of share 1'), 'Landlord');
    await user.type(within(dialog).getByLabelText('Percent of share 1'), '60.125');
    await user.click(within(dialog).getByRole('button', { name: 'Add share' }));
    await user.type(within(dialog).getByLabelText('Party of share 2'), 'Installer');
    await user.type(within(dialog).getByLabelText('Percent of share 2'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most two decimals')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Percent of share 1'));
    await user.type(within(dialog).getByLabelText('Percent of share 1'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Profit shares must not add up to more than 100 %')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Percent of share 2'));
    await user.type(within(dialog).getByLabelText('Percent of share 2'), '12.5');
    expect(api.calls('/biz/station/add')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/station/add')).toHaveLength(1));
    expect(api.calls('/biz/station/add')[0]!.body).toMatchObject({
      name: 'Harbour',
      status: 1,
      city: 'Hamburg',
      timeZone: 'Europe/Berlin',
      locationType: 'PARKING_LOT',
      feeRuleId: 'f1',
      openFlag: 1,
      workDays: [1, 6],
      openPeriods: [
        { start: '18:00', end: '24:00' },
        { start: '07:00', end: '09:00' },
      ],
      images: [],
      reserveFlag: false,
      feeSetMode: 1,
      profitShares: [
        { party: 'Landlord', percent: '60.00' },
        { party: 'Installer', percent: '12.50' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 180_000); // a long wizard: time enough on a busy machine (docs/testing.md)

  it('offers the reservation switch and pictures (JPG or PNG only) with 2105', async () => {
    grant('2100', '2101', '2105');
    const api = fakeApi({
      '/biz/station/list': () => page([]),
      '/biz/station/upload': () => ({ data: { key: 'A/p1.png' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<ResourceListPage decl={stationDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog');
    await fillBasics(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Reservations allowed')).toBeTruthy();
    const input = within(dialog).getByLabelText('Choose pictures to upload');
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText('logo.gif: Only JPG or PNG pictures')).toBeTruthy();
    expect(api.calls('/biz/station/upload')).toHaveLength(0);
  });
});

describe('pile wizard', () => {
  const station = { id: 's1', name: 'Main street' };

  it('binds manually when assets are refused, keeps gun numbers unique and one connector, shows the password once', async () => {
    grant('2200', '2201');
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([]),
      '/admin/asset/list': () => ({ status: 403, code: 403, msg: 'No permission' }),
      '/biz/station/list': () => page([station]),
      // Fees are set per connector at this station.
      '/biz/station/info': () => ({ data: { ...station, feeSetMode: 3 } }),
      '/biz/chargingFee/list': () => page([{ id: 'f1', name: 'Standard' }]),
      '/biz/chargePoint/add': ({ body }) => ({
        data: { ...body, id: body?.chargePointId, ocppPassword: 'once-only-Secret9' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add charge point' }));
    const dialog = await screen.findByRole('dialog');

    // Step 1: the asset list is refused (a company): manual by default, by asset with a typed code and key.
    expect(await within(dialog).findByText(/Enter the asset's code and secret key/)).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /Manual/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: pile information.
    await user.type(await within(dialog).findByLabelText(/^Charge point id/), 'CP-T1');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bay 1');
    await user.click(within(dialog).getByLabelText(/^Site/));
    await user.click(await within(dialog).findByRole('option', { name: 'Main street' }));
    await user.clear(within(dialog).getByLabelText(/^Max power/));
    await user.type(within(dialog).getByLabelText(/^Max power/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/out of range|range/i)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Max power/));
    await user.type(within(dialog).getByLabelText(/^Max power/), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 3: fees are the station's way: per connector, in the next step.
    expect(await within(dialog).findByText(/^Fees are set per connector/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 4: the last connector cannot be removed; a duplicate gun number is refused.
    await user.click(await within(dialog).findByRole('button', { name: 'Remove connector row 1' }));
    expect(
      await within(dialog).findByText('Add at least one connector: a pile keeps at least one'),
    ).toBeTruthy();
    expect(within(dialog).getAllByRole('spinbutton')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add connector' }));
    const second = within(dialog).getByLabelText('Gun number of row 2') as HTMLInputElement;
    expect(second.value).toBe('2');
    await user.clear(second);
    await user.type(second, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Gun number already exists')).toBeTruthy();
    expect(api.calls('/biz/chargePoint/add')).toHaveLength(0);
    await user.clear(second);
    await user.type(second, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/range/i)).toBeTruthy();
    await user.clear(second);
    await user.type(second, '2');
    await user.type(within(dialog).getByLabelText('Connector name of row 2'), 'Left');
    for (const n of [1, 2]) {
      await user.click(within(dialog).getByLabelText(new RegExp(`^Fee rule of connector ${n}`)));
      await user.click(await within(dialog).findByRole('option', { name: 'Standard' }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('/biz/chargePoint/add')).toHaveLength(1));
    expect(api.calls('/biz/chargePoint/add')[0]!.body).toMatchObject({
      chargePointId: 'CP-T1',
      name: 'Bay 1',
      stationId: 's1',
      protocol: 'ocpp1.6',
      bindMode: 'manual',
      maxPower: 22,
      connectors: [
        { connectorNo: 1, feeRuleId: 'f1' },
        { connectorNo: 2, name: 'Left', feeRuleId: 'f1' },
      ],
    });

    // The credentials, once: URL, id and password with the warning; gone when closed.
    const shown = await screen.findByRole('alertdialog');
    expect(within(shown).getByText('Note the password now: it will not be shown again.')).toBeTruthy();
    expect(within(shown).getByText('once-only-Secret9')).toBeTruthy();
    expect(within(shown).getByText(/^wss?:\/\/.+\/ocpp\/CP-T1$/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy OCPP password' }));
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('once-only-Secret9')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(api.calls('/biz/chargePoint/list').length).toBeGreaterThan(1));
  });

  it('offers binding by an unused asset when the asset list answers', async () => {
    grant('2200', '2201');
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([]),
      '/admin/asset/list': () =>
        page([{ id: 'a1', code: 'ASSET-77', power: 60, protocolType: 'OCPP2.0.1', useFlag: 0 }]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add charge point' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /By asset/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Asset/));
    await user.click(await within(dialog).findByRole('option', { name: 'ASSET-77' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const id = (await within(dialog).findByLabelText(/^Charge point id/)) as HTMLInputElement;
    expect(id.value).toBe('ASSET-77');
    expect(id.disabled).toBe(true);
    expect((within(dialog).getByLabelText(/^Protocol/) as HTMLSelectElement).value).toBe('ocpp2.0.1');
    expect((within(dialog).getByLabelText(/^Max power/) as HTMLInputElement).value).toBe('60');
    expect(api.calls('/admin/asset/list')[0]!.body).toMatchObject({ useFlag: 0 });
  });

  it('lets a company, refused the asset list, bind by the asset code and secret key', async () => {
    grant('2200', '2201');
    let refuse = true;
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([]),
      '/admin/asset/list': () => ({ status: 403, code: 403, msg: 'No permission' }),
      '/biz/station/list': () => page([station]),
      '/biz/station/info': () => ({ data: { ...station, feeSetMode: 1, feeRuleId: 'f1' } }),
      '/biz/chargingFee/list': () => page([{ id: 'f1', name: 'Standard' }]),
      '/biz/chargePoint/add': ({ body }) =>
        refuse
          ? { code: 1, msg: 'No asset matches this code and secret key' }
          : { data: { ...body, id: body?.chargePointId, ocppPassword: 'KEY-of-asset-1' } },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add charge point' }));
    const dialog = await screen.findByRole('dialog');

    // Step 1: by asset, the code and the key are typed in (no list of the platform's assets), both required.
    await user.click(await within(dialog).findByRole('radio', { name: /By asset/ }));
    expect(within(dialog).queryByRole('combobox', { name: /^Asset$/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Asset code/), 'AST-9');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    const key = within(dialog).getByLabelText(/^Secret key/) as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.type(key, 'KEY-of-asset-1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: the asset code is the charge point id.
    const id = (await within(dialog).findByLabelText(/^Charge point id/)) as HTMLInputElement;
    expect(id.value).toBe('AST-9');
    expect(id.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bay 9');
    await user.click(within(dialog).getByLabelText(/^Site/));
    await user.click(await within(dialog).findByRole('option', { name: 'Main street' }));
    await user.type(within(dialog).getByLabelText(/^Max power/), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));

    // A wrong pair: the server's answer is shown, the wizard stays open.
    expect(await within(dialog).findByText('No asset matches this code and secret key')).toBeTruthy();
    expect(api.calls('/biz/chargePoint/add')[0]!.body).toMatchObject({
      chargePointId: 'AST-9',
      bindMode: 'asset',
      assetCode: 'AST-9',
      assetSecretKey: 'KEY-of-asset-1',
    });
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('alertdialog');
    expect(within(shown).getByText('KEY-of-asset-1')).toBeTruthy();
    // The platform's asset list was only probed (refused), never searched.
    expect(api.calls('/admin/asset/list').every((c) => (c.body as { size?: number })?.size === 1)).toBe(true);
  });

  /** Opens the add wizard and fills the binding and pile information steps; the fee step is next. */
  async function toFeeStep(user: ReturnType<typeof userEvent.setup>) {
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add charge point' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Enter the asset's code and secret key/);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(await within(dialog).findByLabelText(/^Charge point id/), 'CP-F1');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Bay F');
    await user.click(within(dialog).getByLabelText(/^Site/));
    await user.click(await within(dialog).findByRole('option', { name: 'Main street' }));
    await user.type(within(dialog).getByLabelText(/^Max power/), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    return dialog;
  }

  it('asks for the pile rule on the fee step when the station has none, never refusing the last step', async () => {
    grant('2200', '2201');
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([]),
      '/admin/asset/list': () => ({ status: 403, code: 403, msg: 'No permission' }),
      '/biz/station/list': () => page([station]),
      // Fees set for the whole station, which has no rule yet.
      '/biz/station/info': () => ({ data: { ...station, feeSetMode: 1 } }),
      '/biz/chargingFee/list': () => page([{ id: 'f1', name: 'Standard' }]),
      '/biz/chargePoint/add': ({ body }) => ({
        data: { ...body, id: body?.chargePointId, ocppPassword: 'once-only-Secret9' },
      }),
    });
    const user = userEvent.setup();
    const dialog = await toFeeStep(user);

    expect(await within(dialog).findByText(/^The station has no fee rule yet/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // Refused here, where the rule can be given: the wizard stays on the fee step.
    expect(await within(dialog).findByText('Choose a fee rule: every connector needs one')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Gun number of row 1')).toBeNull();
    await user.click(within(dialog).getByLabelText(/^Fee rule/));
    await user.click(await within(dialog).findByRole('option', { name: 'Standard' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByLabelText('Gun number of row 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('/biz/chargePoint/add')).toHaveLength(1));
    expect(api.calls('/biz/chargePoint/add')[0]!.body).toMatchObject({
      chargePointId: 'CP-F1',
      feeRuleId: 'f1',
    });
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('names the station rule as the default when fees are set per pile', async () => {
    grant('2200', '2201');
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([]),
      '/admin/asset/list': () => ({ status: 403, code: 403, msg: 'No permission' }),
      '/biz/station/list': () => page([station]),
      '/biz/station/info': () => ({ data: { ...station, feeSetMode: 2, feeRuleId: 'f1' } }),
      '/biz/chargingFee/list': () => page([{ id: 'f1', name: 'Standard' }]),
      '/biz/chargePoint/add': ({ body }) => ({
        data: { ...body, id: body?.chargePointId, ocppPassword: 'once-only-Secret9' },
      }),
    });
    const user = userEvent.setup();
    const dialog = await toFeeStep(user);
    expect(
      await within(dialog).findByText(
        'Fees are set per charge point: choose the rule of this pile; without one, the station\'s rule "Standard" prices its connectors.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByLabelText('Gun number of row 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/chargePoint/add')).toHaveLength(1));
    expect(api.calls('/biz/chargePoint/add')[0]!.body!.feeRuleId).toBeUndefined();
  });

  it('resets the OCPP password after a confirmation and shows the new one once', async () => {
    grant('2200', '2202');
    const row = { id: 'CP-9', chargePointId: 'CP-9', name: 'Bay 9', online: false, connectorStates: [] };
    const api = fakeApi({
      '/biz/chargePoint/list': () => page([row]),
      '/biz/chargePoint/resetPassword': () => ({
        data: { chargePointId: 'CP-9', ocppPassword: 'fresh-Pass1' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    const line = (await screen.findByText('Bay 9')).closest('tr')!;
    await user.click(within(line).getByRole('button', { name: 'Reset OCPP password' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(api.calls('/biz/chargePoint/resetPassword')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Reset OCPP password' }));
    expect(await screen.findByText('fresh-Pass1')).toBeTruthy();
    expect(api.calls('/biz/chargePoint/resetPassword')[0]!.query).toEqual({ id: 'CP-9' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('fresh-Pass1')).toBeNull());
  });

  it('shows a QR code per connector encoding the charge point id and gun number', async () => {
    grant('2200');
    const row = {
      id: 'CP-Q',
      chargePointId: 'CP-Q',
      name: 'Bay Q',
      connectorStates: [
        { connectorNo: 1, state: 'available' },
        { connectorNo: 2, state: 'charging' },
      ],
    };
    fakeApi({ '/biz/chargePoint/list': () => page([row]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargePointDecl} />);
    const line = (await screen.findByText('Bay Q')).closest('tr')!;
    expect(within(line).getByText('1 · Available')).toBeTruthy();
    expect(within(line).getByText('2 · Charging')).toBeTruthy();
    await user.click(within(line).getByRole('button', { name: 'QR codes' }));
    const dialog = await screen.findByRole('dialog');
    expect(qrContent('CP-Q', 2)).toBe('CP-Q-2');
    const images = await within(dialog).findAllByRole('img', { name: /^QR code CP-Q-\d$/ });
    expect(images.map((img) => img.getAttribute('data-content'))).toEqual(['CP-Q-1', 'CP-Q-2']);
    expect(images[0]!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getAllByRole('button', { name: /Download the QR code/ })).toHaveLength(2);
  });
});

const overview = {
  at: '2026-05-01T10:00:00.000Z',
  counts: {
    unknown: 0,
    available: 2,
    preparing: 0,
    charging: 1,
    suspendedEVSE: 0,
    suspendedEV: 0,
    finishing: 0,
    reserved: 0,
    unavailable: 0,
    faulted: 1,
    offline: 3,
  },
  sites: [
    {
      stationId: 's1',
      stationName: 'Harbour',
      city: 'Hamburg',
      counts: { available: 2, charging: 1, faulted: 1 },
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
        {
          chargePointId: 'CP-2',
          name: 'Bay 2',
          online: true,
          connectors: [
            { connectorNo: 1, state: 'available' },
            { connectorNo: 2, state: 'faulted', errorCode: 'GroundFailure' },
          ],
        },
      ],
    },
    {
      stationId: 's2',
      stationName: 'Depot',
      counts: { offline: 3 },
      chargePoints: [
        {
          chargePointId: 'CP-3',
          name: 'Yard',
          online: false,
          connectors: [1, 2, 3].map((n) => ({ connectorNo: n, state: 'offline' })),
        },
      ],
    },
  ],
};

describe('live monitor', () => {
  it('shows the counts of every state, a card per site and a tile per connector', async () => {
    grant('1101');
    const api = fakeApi({ '/biz/monitor/overview': () => ({ data: overview }) });
    renderScreen(<MonitorPage />);
    const summary = await screen.findByRole('list', { name: 'Connectors by state' });
    const items = within(summary).getAllByRole('listitem');
    expect(items).toHaveLength(11);
    const count = (state: string) => items.find((li) => li.dataset.state === state)?.textContent;
    expect(count('available')).toBe('Available2');
    expect(count('charging')).toBe('Charging1');
    expect(count('faulted')).toBe('Faulted1');
    expect(count('offline')).toBe('Offline3');
    expect(count('suspendedEVSE')).toBe('Suspended by charger0');
    expect(screen.getByText(/^Updated at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeTruthy();

    const depot = screen.getByRole('region', { name: 'Depot' });
    expect(within(depot).getAllByRole('img', { name: /: Offline$/ })).toHaveLength(3);
    const harbour = screen.getByRole('region', { name: 'Harbour' });
    expect(within(harbour).getByRole('img', { name: 'Connector 2: Faulted' })).toBeTruthy();
    expect(within(harbour).getAllByText('Online')).toHaveLength(2);
    expect(api.calls('/biz/monitor/overview')[0]!.body).toEqual({});
  });
});

describe('charger detail', () => {
  const detail = {
    id: 'CP-1',
    chargePointId: 'CP-1',
    name: 'Bay 1',
    stationId: 's1',
    stationName: 'Harbour',
    protocol: 'ocpp1.6',
    maxPower: 22,
    online: true,
    connectedAt: '2026-05-01T09:00:00.000Z',
    lastMessageAt: '2026-05-01T09:59:00.000Z',
    firmwareVersion: '2.4.1',
    boot: {
      vendor: 'Voltix',
      model: 'VX-22',
      serialNumber: 'SN-0042',
      firmwareVersion: '2.4.1',
      iccid: '8949000000000000001',
      imsi: '262010000000001',
      at: '2026-05-01T09:00:01.000Z',
    },
    connectorStates: [{ connectorNo: 1, state: 'charging', status: 'Charging', errorCode: 'NoError' }],
  };
  const messages = {
    from: '2026-04-28T10:00:00.000Z',
    to: '2026-05-01T10:00:00.000Z',
    items: [
      {
        at: '2026-05-01T09:00:01.500Z#0000000200abc',
        direction: 'out',
        messageType: 3,
        messageId: 'm-1',
        frame: '[3,"m-1",{"status":"Accepted","interval":300}]',
      },
      {
        at: '2026-05-01T09:00:01.000Z#0000000100abc',
        direction: 'in',
        messageType: 2,
        messageId: 'm-1',
        action: 'BootNotification',
        frame: '[2,"m-1","BootNotification",{"chargePointVendor":"Voltix"}]',
      },
    ],
  };

  it('shows identity, boot information, live connectors and the recent messages', async () => {
    grant('2200', '2204');
    const api = fakeApi({
      '/biz/chargePoint/detail': () => ({ data: detail }),
      '/biz/chargePoint/messages': () => ({ data: messages }),
    });
    const user = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/chargerDetail/:id" element={<ChargerDetailPage />} />
      </Routes>,
      '/chargerDetail/CP-1',
    );
    const boot = await screen.findByRole('region', { name: 'Boot information' });
    for (const text of ['Voltix', 'VX-22', 'SN-0042', '2.4.1', '8949000000000000001', '262010000000001'])
      expect(within(boot).getByText(text)).toBeTruthy();
    expect(api.calls('/biz/chargePoint/detail')[0]!.query).toEqual({ id: 'CP-1' });
    const identity = screen.getByRole('region', { name: 'Charge point' });
    expect(within(identity).getByText(/^wss?:\/\/.+\/ocpp\/CP-1$/)).toBeTruthy();
    expect(within(identity).getByRole('link', { name: 'Harbour' }).getAttribute('href')).toBe(
      '/stationDetail/s1',
    );
    const connectors = screen.getByRole('region', { name: 'Connectors' });
    expect(within(connectors).getByText('Charging', { selector: 'span' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Recent messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Out')).toBeTruthy();
    expect(within(rows[0]!).getByText('Answer')).toBeTruthy();
    expect(within(rows[1]!).getByText('In')).toBeTruthy();
    expect(within(rows[1]!).getByText('BootNotification')).toBeTruthy();
    expect(within(table).queryByText(/chargePointVendor/)).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Show' }));
    expect(within(rows[1]!).getByText(/"chargePointVendor": "Voltix"/)).toBeTruthy();
    expect(api.calls('/biz/chargePoint/messages')[0]!.body).toEqual({ id: 'CP-1', limit: 100 });

    // The range picker refuses more than 3 days before asking.
    const range = screen.getByRole('form', { name: 'Message time range' });
    await fillDate(user, 'From', '2026-04-20 00:00:00', range);
    await fillDate(user, 'To', '2026-04-25 00:00:00', range);
    await user.click(within(range).getByRole('button', { name: 'Search' }));
    expect(await within(range).findByText('The time range can be at most 3 days')).toBeTruthy();
    expect(api.calls('/biz/chargePoint/messages')).toHaveLength(1);
    await fillDate(user, 'From', '2026-04-23 00:00:00', range);
    await user.click(within(range).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('/biz/chargePoint/messages')).toHaveLength(2));
    expect(api.calls('/biz/chargePoint/messages')[1]!.body).toMatchObject({
      id: 'CP-1',
      from: new Date('2026-04-23T00:00:00').toISOString(),
      to: new Date('2026-04-25T00:00:00').toISOString(),
    });
  });

  it('checks message ranges: reversed, too long, empty ends', () => {
    expect(messageRangeProblem('', '')).toBeNull();
    expect(messageRangeProblem('2026-04-25T00:00', '2026-04-24T00:00')?.key).toBe('server.rangeReversed');
    expect(messageRangeProblem('2026-04-20T00:00', '2026-04-24T00:00')?.key).toBe('server.rangeTooLong');
    expect(messageRangeProblem('2026-04-21T00:00', '2026-04-24T00:00')).toBeNull();
  });
});

describe('station detail', () => {
  it('shows the facts, the counts and the charge points with live states', async () => {
    grant('2100', '2104');
    fakeApi({
      '/biz/station/detail': () => ({
        data: {
          id: 's1',
          name: 'Harbour',
          status: 1,
          city: 'Hamburg',
          timeZone: 'Europe/Berlin',
          openFlag: 1,
          workDays: [1, 2],
          openPeriods: [{ start: '08:00', end: '18:00' }],
          images: [],
          counts: overview.counts,
          chargePoints: [
            {
              id: 'CP-1',
              chargePointId: 'CP-1',
              name: 'Bay 1',
              protocol: 'ocpp2.0.1',
              online: false,
              connectorStates: [{ connectorNo: 1, state: 'offline' }],
            },
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
    const facts = await screen.findByRole('region', { name: 'Site' });
    expect(within(facts).getByText('Hamburg')).toBeTruthy();
    expect(within(facts).getByText('Monday, Tuesday · 08:00–18:00')).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Connectors by state' });
    expect(within(counts).getAllByRole('listitem')).toHaveLength(11);
    const pile = screen.getByRole('article', { name: 'Bay 1' });
    expect(within(pile).getByRole('link', { name: 'Bay 1' }).getAttribute('href')).toBe(
      '/chargerDetail/CP-1',
    );
    expect(within(pile).getAllByText('Offline').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Live states refresh every 10 seconds.')).toBeTruthy();
  });
});

describe('operator form', () => {
  it('has the switch for unknown identity tokens, sent as 1 or 0', () => {
    const field = operatorDecl.fields?.find((f) => f.name === 'acceptUnknownIdTag');
    expect(field).toMatchObject({ kind: 'switch', switchValues: [1, 0] });
  });
});
