// @vitest-environment happy-dom
/**
 * No raw values and messages of their own (docs/decisions/452-no-raw-values-in-the-console.md, 453): a list
 * that cannot be read, the last page, a failed delete, an alarm mail that cannot be saved and a failed refund
 * each say so in words of their own; built-in roles and seeded stop reasons read in the user's language by
 * their codes while a person's names stay theirs; the order page tells one end with its reason in words and
 * its protocol as OCPP 1.6; a charging fee names its occupancy fee in the list and in the edit form's select;
 * a command's answer reads as labelled fields and tables beside the form that sent it.
 */
import { API } from '@shared/api/paths.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@web/i18n.ts';
import { ApiError } from '@web/lib/api.ts';
import { serverMessage } from '@web/pages/subscription/purchase.ts';
import { alarmMailDecl } from '@web/resources/decls/catalogue/alarm-mail.ts';
import { stopReasonDecl } from '@web/resources/decls/catalogue/stop-reason.ts';
import { chargingFeeDecl } from '@web/resources/decls/fee/charging-fee.tsx';
import { roleDecl } from '@web/resources/decls/identity/role.ts';
import { userDecl } from '@web/resources/decls/identity/user.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { OrderDetailPage } from '@web/screens/order/order-detail.tsx';
import { SentCommandResult } from '@web/screens/command/sent-result.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLanguage('en');
});

/** Raw values the console must never show where a word belongs. */
const RAW = /ocpp1\.6|ocpp2\.0\.1|EVDisconnected|\bRemote\b|"\w+":/;

describe('messages of their own', () => {
  it('a list that cannot be read: "Cannot fetch data" in the user\'s language, with the cause', async () => {
    await changeLanguage('de');
    grant('6100');
    fakeApi({ [roleDecl.api.list]: () => ({ code: 1, msg: 'Speicher nicht erreichbar' }) });
    renderScreen(<ResourceListPage decl={roleDecl} />);
    expect(await screen.findByText('Daten können nicht abgerufen werden')).toBeTruthy();
    expect(screen.getByText('Speicher nicht erreichbar')).toBeTruthy();
  });

  it('the last of several pages says "No more data"; the first does not', async () => {
    grant('6100');
    const rows = Array.from({ length: 25 }, (_, i) => ({
      roleId: `r${i}`,
      roleName: `Role ${i}`,
      roleCode: `R${i}`,
      roleFlag: 1,
    }));
    fakeApi({
      [roleDecl.api.list]: ({ body }) => {
        const current = Number(body?.current ?? 1);
        return page(rows.slice((current - 1) * 10, current * 10), rows.length, current);
      },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={roleDecl} />);
    await screen.findByText('Role 0');
    expect(screen.queryByText('No more data')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Role 10');
    expect(screen.queryByText('No more data')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Role 20');
    expect(await screen.findByText('No more data')).toBeTruthy();
  });

  it('a refused delete says "Delete failed" and why', async () => {
    await changeLanguage('th');
    grant('6100', '6103');
    fakeApi({
      [roleDecl.api.list]: () =>
        page([{ roleId: 'r1', roleName: 'Night shift', roleCode: 'NIGHT', roleFlag: 1 }]),
      [roleDecl.api.del!]: () => ({ code: 1, msg: 'บทบาทนี้ยังมีผู้ใช้' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={roleDecl} />);
    const row = (await screen.findByText('Night shift')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'ลบ' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ลบ' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ลบไม่สำเร็จ: บทบาทนี้ยังมีผู้ใช้');
  });

  it('an alarm mail that cannot be saved: "Alarm mail binding failed"', async () => {
    grant('5500', '5501');
    fakeApi({
      [alarmMailDecl.api.list]: () => page([]),
      '/biz/alarmTemplate/list': () => page([{ id: 't1', name: 'Ground faults', code: 'GF' }]),
      [alarmMailDecl.api.add!]: () => ({ code: 1, msg: 'The mail server refused the binding' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={alarmMailDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Name/), 'Night team');
    await user.type(within(form).getByLabelText(/^Consignees/), 'night@example.com');
    await user.click(within(form).getByLabelText(/Alarm template/));
    await user.click(await within(form).findByRole('option', { name: 'Ground faults' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByText('Alarm mail binding failed')).toBeTruthy();
    expect(within(alert).getByText('The mail server refused the binding')).toBeTruthy();
  });

  it("a failed refund reads as the server says it, the provider's text only as its detail", () => {
    const error = new ApiError(1, 'Refund failed: the subscription was not changed.', 1, {
      detail: 'charge_already_refunded',
    });
    expect(serverMessage(error)).toBe(
      'Refund failed: the subscription was not changed. Payment provider: charge_already_refunded',
    );
    // Any other failure: the server's message alone.
    expect(serverMessage(new ApiError(1, 'Payment failed: declined', 1))).toBe('Payment failed: declined');
  });
});

describe("built-in data in the user's language", () => {
  it("roles: a built-in one by its code while it keeps its seeded name; a person's names stay theirs", async () => {
    await changeLanguage('de');
    grant('6100');
    fakeApi({
      [roleDecl.api.list]: () =>
        page([
          { roleId: 'a', roleName: 'Platform administrator', roleCode: 'ROLE_ADMIN', roleFlag: 0 },
          { roleId: 'b', roleName: 'Ops staff', roleCode: 'ROLE_OPS', roleFlag: 1 },
          // Renamed by an administrator: its own name.
          { roleId: 'c', roleName: 'Fleet desk', roleCode: 'ROLE_FLEET_ADMIN', roleFlag: 1 },
          // Created by a company, named like a built-in one: its own name (keyed by code, not by name).
          { roleId: 'd', roleName: 'Ops staff', roleCode: 'NIGHT_OPS', roleFlag: 1 },
        ]),
    });
    renderScreen(<ResourceListPage decl={roleDecl} />);
    const table = await screen.findByRole('table');
    await within(table).findByText('Plattformadministrator');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Plattformadministrator', 'Betriebspersonal', 'Fleet desk', 'Ops staff']);
  });

  it("users' role tags and the role select read built-in roles in the user's language", async () => {
    await changeLanguage('th');
    grant('6200');
    fakeApi({
      [userDecl.api.list]: () =>
        page([
          {
            userId: 'u1',
            username: 'somchai',
            role: ['role-ops-staff', 'x'],
            roleNames: ['Ops staff', 'Night desk'],
            roleCodes: ['ROLE_OPS', 'NIGHT'],
            lockFlag: 0,
            kind: 'user',
            createTime: '2026-01-01T00:00:00.000Z',
          },
        ]),
    });
    renderScreen(<ResourceListPage decl={userDecl} />);
    const row = (await screen.findByText('somchai')).closest('tr')!;
    expect(within(row).getByText('เจ้าหน้าที่ปฏิบัติการ')).toBeTruthy();
    expect(within(row).getByText('Night desk')).toBeTruthy();
    expect(within(row).queryByText('Ops staff')).toBeNull();
  });

  it('stop reasons: a seeded entry, its type and finish by code; an entry a person wrote as written', async () => {
    await changeLanguage('th');
    grant('5600');
    fakeApi({
      [stopReasonDecl.api.list]: () =>
        page([
          {
            id: 's1',
            code: 'EV_DISCONNECTED',
            displayName: 'Vehicle disconnected',
            typeCode: 'USER',
            typeName: 'Stopped by the user',
            invalidCode: 0,
            invalidName: 'Normal',
            finishCode: 'ACTIVE_STOP',
            finishName: 'Active stop',
          },
          {
            id: 's2',
            code: 'CABLE_THEFT',
            displayName: 'Cable stolen',
            typeCode: 'OTHER',
            typeName: 'Vandalism',
            invalidCode: 1,
            finishCode: 'ABNORMAL_END',
            finishName: 'Abnormal end',
          },
        ]),
    });
    renderScreen(<ResourceListPage decl={stopReasonDecl} />);
    const seeded = (await screen.findByText('EV_DISCONNECTED')).closest('tr')!;
    for (const text of ['ถอดสายชาร์จออกจากรถแล้ว', 'ผู้ใช้หยุด', 'ผู้ใช้หยุดเอง'])
      expect(within(seeded).getByText(text), text).toBeTruthy();
    expect(within(seeded).queryByText('Vehicle disconnected')).toBeNull();
    const own = screen.getByText('CABLE_THEFT').closest('tr')!;
    for (const text of ['Cable stolen', 'Vandalism', 'สิ้นสุดผิดปกติ'])
      expect(within(own).getByText(text), text).toBeTruthy();
  });
});

describe('the order page tells one end, in words', () => {
  const order = {
    id: 'O-1',
    orderNo: 'O-1',
    stationId: 'st-1',
    chargePointId: 'CP-1',
    connectorNo: 1,
    transactionId: '17',
    protocol: 'ocpp1.6',
    startTime: '2026-11-20T10:00:00.000Z',
    endTime: '2026-11-20T11:00:00.000Z',
    payFlag: 1,
    curve: [],
  };
  const show = (data: unknown) => {
    fakeApi({ '/biz/chargeOrder/detail': () => ({ data }) });
    renderScreen(
      <Routes>
        <Route path="/orderDetail/:id" element={<OrderDetailPage />} />
      </Routes>,
      '/orderDetail/O-1',
    );
  };

  it('the end flag beside its stop reason in words, and the protocol as OCPP 1.6', async () => {
    await changeLanguage('de');
    grant('4100', '4101');
    show({ ...order, endFlag: 1, stopReason: 'EVDisconnected', stopReasonCode: 'EV_DISCONNECTED' });
    const facts = await screen.findByRole('region', { name: 'Auftrag' });
    const endFlag = within(facts).getByText('Vom Nutzer beendet');
    expect(endFlag).toBeTruthy();
    expect(within(facts).getByText('Fahrzeug getrennt')).toBeTruthy();
    expect(await screen.findByText('OCPP 1.6')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(RAW);
  });

  it('an order written before its code was kept: the code of its reported reason', async () => {
    await changeLanguage('th');
    grant('4100', '4101');
    show({ ...order, protocol: 'ocpp2.0.1', endFlag: 2, stopReason: 'PowerLoss' });
    const facts = await screen.findByRole('region', { name: 'คำสั่ง' });
    expect(within(facts).getByText('ไฟฟ้าดับ')).toBeTruthy();
    expect(await screen.findByText('OCPP 2.0.1')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/PowerLoss/);
  });

  it("a stop at the charge value is the platform's; the charger's Remote is only what it reported", async () => {
    grant('4100', '4101');
    show({
      ...order,
      endFlag: 2,
      chargeType: 1,
      chargeValue: '10.000',
      targetStopAt: '2026-11-20T10:59:00.000Z',
      stopReason: 'Remote',
      stopReasonCode: 'REMOTE',
    });
    const facts = await screen.findByRole('region', { name: 'Order' });
    const reason = within(facts).getByText('Stop reason');
    expect(reason.parentElement?.textContent).toBe(
      'Stop reasonCharge value reached: the platform stopped the session',
    );
    expect(within(facts).getByText('Ended automatically')).toBeTruthy();
    expect(within(facts).getByText('Reported by the charger').parentElement?.textContent).toBe(
      'Reported by the chargerStopped remotely',
    );
    expect(document.body.textContent).not.toMatch(RAW);
  });
});

describe('a charging fee names its occupancy fee', () => {
  it('in the list and in the edit form, by its current name, never its id', async () => {
    grant('3100', '3102');
    const stored = {
      id: 'f1',
      name: 'Day rate',
      currency: 'EUR',
      feeType: 1,
      unitPrice: '0.3000',
      timeSharing: 0,
      periods: [],
      // Written without its name (a seed, an older record): the list and the form look it up.
      occupancyFeeId: 'occ-7',
      occupancyInterval: 15,
      version: 1,
    };
    fakeApi({
      '/biz/chargingFee/list': () => page([stored]),
      '/biz/chargingFee/info': () => ({ data: stored }),
      '/biz/occupancyFee/list': () => page([{ id: 'occ-7', name: 'Blocking after 30 min' }]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={chargingFeeDecl} />);
    const row = (await screen.findByText('Day rate')).closest('tr')!;
    expect(await within(row).findByText('Blocking after 30 min')).toBeTruthy();
    expect(within(row).queryByText('occ-7')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const select = within(form).getByLabelText(/^Occupancy fee/);
    await waitFor(() => expect(select.textContent).toContain('Blocking after 30 min'));
    expect(select.textContent).not.toContain('occ-7');
  });
});

describe("a command's answer", () => {
  function Sent() {
    const tr = useTr();
    return <SentCommandResult tr={tr} commandId="c1" chargePointId="CP-1" command="getConfiguration" />;
  }

  it('shows under the form as labelled fields and a table, the raw JSON only behind Details', async () => {
    await changeLanguage('de');
    grant('2250', '2256');
    let status = 'sent';
    fakeApi({
      [API.biz.command.list]: () =>
        page([
          {
            commandId: 'c1',
            chargePointId: 'CP-1',
            command: 'getConfiguration',
            status,
            ...(status === 'answered'
              ? {
                  result: {
                    configurationKey: [
                      { key: 'HeartbeatInterval', readonly: false, value: '300' },
                      { key: 'NumberOfConnectors', readonly: true, value: '2' },
                    ],
                    unknownKey: [],
                  },
                }
              : {}),
          },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<Sent />);
    const region = await screen.findByRole('region', { name: 'Antwort auf den gerade gesendeten Befehl' });
    await within(region).findByText('Warte auf Antwort…');
    status = 'answered';
    const table = await within(region).findByRole(
      'table',
      { name: 'Konfigurationsschlüssel' },
      { timeout: 20_000 },
    );
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Schlüssel', 'Schreibgeschützt', 'Wert']);
    expect(within(table).getByText('HeartbeatInterval')).toBeTruthy();
    expect(within(table).getAllByText('Nein')).toHaveLength(1);
    expect(within(region).getByText('Unbekannte Schlüssel')).toBeTruthy();
    expect(region.textContent).not.toMatch(/[{}"]/);
    await user.click(within(region).getByRole('button', { name: 'Details' }));
    const raw = within(region).getByRole('group', { name: 'Rohes Ergebnis' });
    expect(raw.textContent).toContain('"HeartbeatInterval"');
  });
});
