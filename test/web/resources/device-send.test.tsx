// @vitest-environment happy-dom
/**
 * Sending stored records to chargers from the device screens: the "Send to chargers" dialog needs
 * one pile (and a connector when the command needs one), the firmware action sends the firmware id and the
 * schedule and shows the progress the charger reports, the local-list send is not offered to platform users,
 * and the /confKey panel lists the keys of a getConfiguration answer and sends a change of a writable one.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE, writeStored } from '@web/auth/storage.ts';
import { displayDecl } from '@web/resources/decls/device/display.ts';
import { confKeyDecl } from '@web/resources/decls/device/conf-key.ts';
import { changeStatus, keysOf } from '@web/screens/device/conf-key-reader.tsx';
import { firmwareDecl } from '@web/resources/decls/device/firmware.tsx';
import { listVersionDecl } from '@web/resources/decls/device/list-version.tsx';
import { SendToChargerDialog, stillGoing, defOf } from '@web/screens/device/send-to-charger.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, type Handler } from './harness.tsx';

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
const ISSUED = 'Command issued successfully, please check the result';

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/biz/chargePoint/list': () => page([pile16]),
    '/biz/command/list': () => page([]),
    '/biz/command/send': () => ({ code: 0, msg: ISSUED, data: { commandId: 'c1', status: 'queued' } }),
    ...extra,
  });
}

async function pickPile(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, id: string) {
  await user.click(await within(dialog).findByRole('option', { name: new RegExp(`^${id}`) }));
  await waitFor(() => expect(within(dialog).getByText(id, { selector: 'code' })).toBeTruthy());
}

/** Answers the confirmation a charger action asks (docs/decisions/451-charger-actions-confirmed.md). */
async function confirmSend(user: ReturnType<typeof userEvent.setup>) {
  const confirm = await screen.findByRole('alertdialog');
  await user.click(within(confirm).getByRole('button', { name: 'Send' }));
  return confirm;
}

describe('the send dialog', () => {
  it('needs one pile and, for a connector command, a connector', async () => {
    grant('2211');
    const sent = api();
    const user = userEvent.setup();
    renderScreen(
      <SendToChargerDialog title="Send" commands={['unlockConnector']} fixed={{}} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please select a charging pile first!')).toBeTruthy();
    await pickPile(user, dialog, 'CP-16');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('Please select a connector first!')).not.toHaveLength(0);
    expect(sent.calls('/biz/command/send')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText(/^Connector/, { selector: 'select' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    // Unlocking asks first, naming the charger and the connector.
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Bay 16 (CP-16)');
    expect(sent.calls('/biz/command/send')).toHaveLength(0);
    await confirmSend(user);
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-16',
      connectorNo: 2,
      command: 'unlockConnector',
      params: {},
    });
    expect(await within(dialog).findByText(ISSUED)).toBeTruthy();
  });
});

const firmwareRow = { id: 'f1', firmwareName: 'Wallbox main', firmwareVersion: '1.2.3', size: 10 };

describe('firmware: update chargers', () => {
  it('sends updateFirmware with the firmware id and the schedule, then shows the progress', async () => {
    grant('2300', '2220');
    const sent = api({
      '/biz/firmware/list': () => page([firmwareRow]),
      '/biz/command/list': () =>
        page([
          {
            commandId: 'c1',
            chargePointId: 'CP-16',
            command: 'updateFirmware',
            status: 'answered',
            result: {},
            progress: [
              { status: 'Downloading', at: '2026-01-01T00:00:00.000Z' },
              { status: 'Installed', at: '2026-01-01T00:01:00.000Z' },
            ],
          },
        ]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={firmwareDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Update chargers' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send "Wallbox main" to a charger')).toBeTruthy();
    await pickPile(user, dialog, 'CP-16');
    await user.type(within(dialog).getByLabelText(/^Retries/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await confirmSend(user);
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    const body = sent.calls('/biz/command/send')[0]!.body!;
    expect(body).toMatchObject({
      chargePointId: 'CP-16',
      command: 'updateFirmware',
      params: { firmwareId: 'f1', retries: 3 },
    });
    const progress = await within(dialog).findByTestId('sent-progress');
    expect(progress.textContent).toContain('Downloading');
    expect(progress.textContent).toContain('Installed');
    expect(within(dialog).getByText('The command has ended.')).toBeTruthy();
  });

  it('asks before sending, naming the charger; Cancel sends nothing', async () => {
    grant('2300', '2220');
    const sent = api({ '/biz/firmware/list': () => page([firmwareRow]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={firmwareDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Update chargers' }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-16');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send Update firmware?' });
    expect(within(confirm).getByText(/^Send "Update firmware" to charger Bay 16 \(CP-16\)\?/)).toBeTruthy();
    // The dialog's Cancel takes the focus, not the button that sends.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.calls('/biz/command/send')).toHaveLength(0);
    expect(within(dialog).queryByTestId('send-outcome')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await confirmSend(user);
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toMatchObject({
      chargePointId: 'CP-16',
      command: 'updateFirmware',
      params: { firmwareId: 'f1' },
    });
    expect(await within(dialog).findByText(ISSUED)).toBeTruthy();
  });

  it('is offered to a user who may send only the signed update, with that command alone', async () => {
    grant('2300', '2252');
    const sent = api({ '/biz/firmware/list': () => page([firmwareRow]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={firmwareDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Update chargers' }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-16');
    // One command: no choice of command, the signed update's fields.
    expect(within(dialog).queryByLabelText('Command')).toBeNull();
    expect(within(dialog).getByLabelText(/^Signature/)).toBeTruthy();
    expect(sent.calls('/biz/command/send')).toHaveLength(0);
  });

  it('keeps refreshing a firmware update until its progress ends', () => {
    const def = defOf('updateFirmware');
    const row = { status: 'answered', result: { status: 'Accepted' }, progress: [{ status: 'Downloading' }] };
    expect(stillGoing(row, def)).toBe(true);
    expect(stillGoing({ ...row, progress: [{ status: 'InstallationFailed' }] }, def)).toBe(false);
    expect(stillGoing({ status: 'sent' }, def)).toBe(true);
    expect(stillGoing({ status: 'offline' }, def)).toBe(false);
  });
});

describe('display messages: send to charger', () => {
  it('sends setDisplayMessage with the record, its content left to the stored message', async () => {
    grant('2900', '2233');
    const sent = api({
      '/biz/display/list': () => page([{ id: 'd1', name: 'Welcome', content: 'Hello', format: 'UTF8' }]),
      '/biz/chargePoint/list': () => page([{ ...pile16, protocol: 'ocpp2.0.1' }]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={displayDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Send to charger' }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-16');
    expect(within(dialog).queryByLabelText(/^Content/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-16',
      command: 'setDisplayMessage',
      params: { displayId: 'd1' },
    });
  });
});

describe('local lists: send to charger', () => {
  const listRow = { id: 'l1', name: 'Staff', listVersion: 3, type: 0, capacity: 100 };

  it('is not offered to a platform user', async () => {
    grant('2850', '2222');
    writeStored(STORAGE.user, { userId: 1, username: 'admin' });
    api({ '/biz/listVersion/list': () => page([listRow]) });
    renderScreen(<ResourceListPage decl={listVersionDecl} />);
    expect(await screen.findByText('Staff')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to charger' })).toBeNull();
  });

  it('is offered to a company user and sends the list', async () => {
    grant('2850', '2222');
    writeStored(STORAGE.user, { userId: 2, username: 'ops', agentId: 'a1' });
    const sent = api({ '/biz/listVersion/list': () => page([listRow]) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={listVersionDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Send to charger' }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-16');
    await user.selectOptions(within(dialog).getByLabelText(/^Update type/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toMatchObject({
      command: 'sendLocalList',
      params: { listVersionId: 'l1', updateType: 1 },
    });
  });
});

describe("/confKey: a charger's keys", () => {
  it('reads the answer of 1.6 and 2.0.1', () => {
    expect(
      keysOf({
        configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '60' }],
        unknownKey: ['Nope'],
      }),
    ).toEqual({ keys: [{ key: 'HeartbeatInterval', readonly: false, value: '60' }], unknown: ['Nope'] });
    expect(
      keysOf({
        getVariableResult: [
          {
            attributeStatus: 'Accepted',
            attributeValue: '30',
            component: { name: 'OCPPCommCtrlr' },
            variable: { name: 'HeartbeatInterval' },
          },
          { attributeStatus: 'UnknownVariable', component: { name: 'X' }, variable: { name: 'Y' } },
        ],
      }),
    ).toEqual({
      keys: [{ key: 'OCPPCommCtrlr/HeartbeatInterval', value: '30', status: 'Accepted' }],
      unknown: ['X/Y'],
    });
    expect(changeStatus({ status: 'RebootRequired' })).toBe('RebootRequired');
    expect(changeStatus({ setVariableResult: [{ attributeStatus: 'Rejected' }] })).toBe('Rejected');
  });

  it('shows the keys of a getConfiguration answer and sends a change of a writable one', async () => {
    grant('2400', '2213', '2214');
    let sends = 0;
    const sent = api({
      '/biz/confKey/list': () => page([]),
      '/biz/command/send': () => {
        sends += 1;
        return { code: 0, msg: ISSUED, data: { commandId: `c${sends}`, status: 'queued' } };
      },
      '/biz/command/list': ({ body }) =>
        body?.command === 'getConfiguration'
          ? page([
              {
                commandId: 'c1',
                command: 'getConfiguration',
                status: 'answered',
                result: {
                  configurationKey: [
                    { key: 'HeartbeatInterval', readonly: false, value: '60' },
                    { key: 'NumberOfConnectors', readonly: true, value: '2' },
                  ],
                },
              },
            ])
          : page([
              {
                commandId: 'c2',
                command: 'changeConfiguration',
                status: 'answered',
                result: { status: 'RebootRequired' },
              },
            ]),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={confKeyDecl} />);
    await user.click(await screen.findByRole('button', { name: "Read a charger's keys" }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-16');
    await user.click(within(dialog).getByRole('button', { name: 'Read keys' }));
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toMatchObject({
      chargePointId: 'CP-16',
      command: 'getConfiguration',
      params: { configKeys: [] },
    });
    const line = await within(dialog).findByTestId('key-HeartbeatInterval');
    expect(line.textContent).toContain('60');
    const fixed = within(dialog).getByTestId('key-NumberOfConnectors');
    expect(fixed.textContent).toContain('Yes');
    expect(within(fixed).queryByRole('button', { name: /Change/ })).toBeNull();

    await user.click(within(line).getByRole('button', { name: 'Change HeartbeatInterval' }));
    const input = within(line).getByLabelText('New value for HeartbeatInterval');
    await user.clear(input);
    await user.type(input, '120');
    await user.click(within(line).getByRole('button', { name: 'Send change' }));
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(2));
    expect(sent.calls('/biz/command/send')[1]!.body).toEqual({
      chargePointId: 'CP-16',
      command: 'changeConfiguration',
      params: { configKey: 'HeartbeatInterval', configValue: '120' },
    });
    expect((await within(line).findByTestId('change-answer')).textContent).toBe(
      'Change of HeartbeatInterval: Reboot required',
    );
  });

  it('reads a 2.0.1 charger whole through a base report, keys named as it reported them', async () => {
    grant('2400', '2213', '2214', '2239');
    const pile201 = { ...pile16, id: 'CP-201', chargePointId: 'CP-201', protocol: 'ocpp2.0.1' };
    let reads = 0;
    const sent = api({
      '/biz/chargePoint/list': () => page([pile201]),
      '/biz/confKey/list': () => page([]),
      '/biz/command/list': () =>
        page([
          { commandId: 'c1', command: 'getBaseReport', status: 'answered', result: { status: 'Accepted' } },
        ]),
      // The report arrives in parts: incomplete on the first read.
      '/biz/command/report': ({ query }) => {
        reads += 1;
        expect(query?.id).toBe('c1');
        const variables = [
          {
            component: 'OCPPCommCtrlr',
            variable: 'HeartbeatInterval',
            value: '300',
            mutability: 'ReadWrite',
          },
          { component: 'EVSE', evse: 1, variable: 'Power', value: '22000', mutability: 'ReadOnly' },
          { component: 'SecurityCtrlr', variable: 'BasicAuthPassword', mutability: 'WriteOnly' },
        ];
        return {
          code: 0,
          msg: 'success',
          data: { complete: reads > 1, variables: variables.slice(0, reads > 1 ? 3 : 1) },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={confKeyDecl} />);
    await user.click(await screen.findByRole('button', { name: "Read a charger's keys" }));
    const dialog = await screen.findByRole('dialog');
    await pickPile(user, dialog, 'CP-201');
    await user.click(within(dialog).getByRole('button', { name: 'Read keys' }));
    await waitFor(() => expect(sent.calls('/biz/command/send')).toHaveLength(1));
    expect(sent.calls('/biz/command/send')[0]!.body).toEqual({
      chargePointId: 'CP-201',
      command: 'getBaseReport',
      params: { reportBase: 'FullInventory' },
    });
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'The charger is sending its report: 1 variables so far.',
    );
    const power = await within(dialog).findByTestId('key-EVSE@1/Power', {}, { timeout: 3000 });
    expect(power.textContent).toContain('22000');
    expect(within(power).queryByRole('button', { name: /Change/ })).toBeNull();
    const secret = within(dialog).getByTestId('key-SecurityCtrlr/BasicAuthPassword');
    expect(
      within(secret).getByRole('button', { name: 'Change SecurityCtrlr/BasicAuthPassword' }),
    ).toBeTruthy();
    const line = within(dialog).getByTestId('key-OCPPCommCtrlr/HeartbeatInterval');
    expect(line.textContent).toContain('300');
  });
});
