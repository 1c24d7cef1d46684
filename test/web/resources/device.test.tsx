// @vitest-environment happy-dom
/**
 * The device declarations: labels in the catalogs, forms that match the shared schemas, their pages; the
 * firmware upload (one file, the size limit, form data), write-only network secrets, configuration keys and
 * the local-list entries dialog.
 */
import { FIRMWARE_MAX_BYTES } from '@shared/resources/device/firmware.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confKeyDecl } from '@web/resources/decls/device/conf-key.ts';
import { firmwareDecl } from '@web/resources/decls/device/firmware.tsx';
import { listVersionDecl } from '@web/resources/decls/device/list-version.tsx';
import { networkDecl } from '@web/resources/decls/device/network.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { resourcePages, routesServedBy } from '@web/screens/all.ts';
import { ChargingProfilePage } from '@web/screens/device/charging-profile-page.tsx';
import { EnergyBoxDetailPage } from '@web/screens/device/energy-box-detail.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('device declarations', () => {
  it('are registered under their routes', () => {
    const routes = ['/firmware', '/confKey', '/display', '/network', '/listVersion', '/card', '/energyBox'];
    expect(routesServedBy('src/screens/device/index.ts')).toEqual([...routes].sort());
    expect(resourcePages['/powerProfile']).toBe(ChargingProfilePage);
    expect(resourcePages['/energyBoxDetail']).toBe(EnergyBoxDetailPage);
  });
});

const firmwareRow = {
  id: 'f1',
  firmwareName: 'Wallbox main',
  firmwareVersion: '1.2.3',
  size: 3_145_728,
  path: 'demo/f1/wb.bin',
  checksum: 'ab'.repeat(32),
  version: 1,
  createTime: '2026-01-01T00:00:00.000Z',
};

/** Records the form data of uploads (the harness reads JSON bodies only). */
function captureForms() {
  const forms: FormData[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) forms.push(init.body);
    return inner(input, init);
  });
  return forms;
}

describe('firmware', () => {
  it('has no generic add: files are uploaded, one at most 4 MB, as form data', async () => {
    grant('2300', '2301', '2302', '2303');
    const api = fakeApi({
      '/biz/firmware/list': () => page([firmwareRow]),
      '/biz/firmware/upload': () => ({ data: { ...firmwareRow, id: 'f2' } }),
    });
    const forms = captureForms();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={firmwareDecl} />);
    expect(await screen.findByText('3.00 MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload firmware' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Upload firmware' }));
    expect(
      await within(dialog).findByText('Firmware upload allows one file and it is required'),
    ).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/Firmware name/), 'Wallbox next');
    await user.type(within(dialog).getByLabelText(/^Version/), '2.0.0');
    const input = within(dialog).getByLabelText('Choose the firmware file') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(FIRMWARE_MAX_BYTES + 1)], 'big.bin'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload firmware' }));
    expect(await within(dialog).findByText('The firmware file is larger than 4 MB')).toBeTruthy();
    expect(api.calls('/biz/firmware/upload')).toHaveLength(0);

    await user.upload(input, new File([new Uint8Array([1, 2, 3])], 'wb.bin'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload firmware' }));
    await waitFor(() => expect(api.calls('/biz/firmware/upload')).toHaveLength(1));
    const form = forms[0]!;
    expect(form.get('firmwareName')).toBe('Wallbox next');
    expect(form.get('firmwareVersion')).toBe('2.0.0');
    expect(form.has('remark')).toBe(false);
    expect((form.get('file') as File).name).toBe('wb.bin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list reloads after the upload.
    await waitFor(() => expect(api.calls('/biz/firmware/list').length).toBeGreaterThan(1));
  });

  it('edits metadata only, sending id and version', async () => {
    grant('2300', '2302');
    const api = fakeApi({
      '/biz/firmware/list': () => page([firmwareRow]),
      '/biz/firmware/info': () => ({ data: firmwareRow }),
      '/biz/firmware/update': () => ({ data: firmwareRow }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={firmwareDecl} />);
    const row = (await screen.findByText('Wallbox main')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Upload firmware' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const version = await within(form).findByLabelText(/^Version/);
    await user.clear(version);
    await user.type(version, '1.2.4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/firmware/update')).toHaveLength(1));
    expect(api.calls('/biz/firmware/update')[0]!.body).toEqual({
      id: 'f1',
      version: 1,
      firmwareName: 'Wallbox main',
      firmwareVersion: '1.2.4',
    });
  });
});

describe('network configurations', () => {
  const net = {
    id: 'n1',
    name: 'Main CSMS',
    ocppVersion: 'OCPP16',
    ocppTransport: 'JSON',
    ocppCsmsUrl: 'wss://csms.example.com/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    configurationSlot: 1,
    vpnServer: 'vpn.example.com',
    vpnUser: 'cp',
    vpnType: 'IKEv2',
    vpnPasswordSet: true,
    vpnKeySet: false,
    apnPasswordSet: false,
    simPinSet: false,
    useOnlyPreferredNetwork: false,
    version: 3,
    createTime: '2026-01-01T00:00:00.000Z',
  };

  it('leaves stored secrets alone on edit and says which are stored', async () => {
    grant('2500', '2501');
    const api = fakeApi({
      '/biz/network/list': () => page([net]),
      '/biz/network/info': () => ({ data: net }),
      '/biz/network/update': () => ({ data: net }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={networkDecl} />);
    const row = (await screen.findByText('Main CSMS')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByRole('dialog');
    expect(await within(detail).findByText('Stored')).toBeTruthy();
    expect(within(detail).getAllByText('Not set')).toHaveLength(3);
    await user.click(within(detail).getByRole('button', { name: 'Close' }));

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    expect(((await within(form).findByLabelText(/VPN password/)) as HTMLInputElement).value).toBe('');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/network/update')).toHaveLength(1));
    const body = api.calls('/biz/network/update')[0]!.body!;
    expect(body).toMatchObject({ id: 'n1', version: 3, vpnServer: 'vpn.example.com', messageTimeout: 30 });
    for (const key of ['vpnPassword', 'vpnKey', 'apnPassword', 'simPin', 'vpnPasswordSet', 'createTime'])
      expect(body).not.toHaveProperty(key);
  });

  it('asks for the VPN password of a new VPN before sending', async () => {
    grant('2500', '2501');
    const api = fakeApi({ '/biz/network/list': () => page([]), '/biz/network/add': () => ({ data: net }) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={networkDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Name/), 'New');
    await user.type(within(form).getByLabelText(/Central system URL/), 'ws://csms.example.com');
    await user.type(within(form).getByLabelText(/^VPN server/), 'vpn.example.com');
    await user.type(within(form).getByLabelText(/^VPN user/), 'cp');
    await user.selectOptions(within(form).getByLabelText(/^VPN type/), 'IKEv2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Required when this group is filled in')).toBeTruthy();
    expect(api.calls('/biz/network/add')).toHaveLength(0);
    await user.type(within(form).getByLabelText(/VPN password/), 'vpn-secret');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/network/add')).toHaveLength(1));
    expect(api.calls('/biz/network/add')[0]!.body).toMatchObject({
      name: 'New',
      ocppVersion: 'OCPP16',
      securityProfile: 1,
      vpnPassword: 'vpn-secret',
      useOnlyPreferredNetwork: false,
    });
  });
});

describe('configuration keys', () => {
  it('adds a key with its type and flags', async () => {
    grant('2400', '2401', '2402');
    const api = fakeApi({ '/biz/confKey/list': () => page([]), '/biz/confKey/add': () => ({ data: {} }) });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={confKeyDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Key/), 'HeartbeatInterval');
    await user.selectOptions(within(form).getByLabelText(/^Value type/), 'integer');
    await user.click(within(form).getByText('Read-only'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/confKey/add')).toHaveLength(1));
    expect(api.calls('/biz/confKey/add')[0]!.body).toEqual({
      key: 'HeartbeatInterval',
      ocppVersion: '1.6',
      keyType: 'integer',
      readonly: true,
      requiredFlag: false,
    });
  });

  it('offers no changes to a company that may only read them', async () => {
    grant('2400');
    fakeApi({
      '/biz/confKey/list': () => page([{ id: 'k1', key: 'HeartbeatInterval', keyType: 'integer' }]),
    });
    renderScreen(<ResourceListPage decl={confKeyDecl} />);
    const row = (await screen.findByText('HeartbeatInterval')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('local lists', () => {
  const list = {
    id: 'l1',
    name: 'Depot',
    listVersion: 4,
    type: 1,
    capacity: 3,
    entries: [{ idTag: 'CARD-1', idTagStatus: 'Accepted' }],
    version: 2,
  };

  it('edits entries in their dialog: refuses a repeated idTag, then saves the whole list', async () => {
    grant('2850', '2851');
    const api = fakeApi({
      '/biz/listVersion/list': () => page([{ ...list, entries: undefined, entryCount: 1 }]),
      '/biz/listVersion/info': () => ({ data: list }),
      '/biz/listVersion/update': () => ({ data: list }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={listVersionDecl} />);
    const row = (await screen.findByText('Depot')).closest('tr')!;
    expect(within(row).getByText('Organisation')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Entries' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 of at most 3 entries')).toBeTruthy();
    expect((within(dialog).getByLabelText('Entry 1: idTag') as HTMLInputElement).value).toBe('CARD-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await user.type(within(dialog).getByLabelText('Entry 2: idTag'), 'card-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Entry 2: This idTag is already in the list/)).toBeTruthy();
    expect(api.calls('/biz/listVersion/update')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Entry 2: idTag'));
    await user.type(within(dialog).getByLabelText('Entry 2: idTag'), 'CARD-2');
    await user.selectOptions(within(dialog).getByLabelText('Entry 2: Status'), 'Blocked');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/listVersion/update')).toHaveLength(1));
    expect(api.calls('/biz/listVersion/update')[0]!.body).toEqual({
      id: 'l1',
      version: 2,
      name: 'Depot',
      listVersion: 4,
      type: 1,
      capacity: 3,
      entries: [
        { idTag: 'CARD-1', idTagStatus: 'Accepted' },
        { idTag: 'CARD-2', idTagStatus: 'Blocked' },
      ],
    });
  });

  it('creates an empty list from the form', async () => {
    grant('2850', '2851');
    const api = fakeApi({
      '/biz/listVersion/list': () => page([]),
      '/biz/listVersion/add': () => ({ data: list }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={listVersionDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Name/), 'Home');
    await user.selectOptions(within(form).getByLabelText(/^Type/), '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/biz/listVersion/add')).toHaveLength(1));
    expect(api.calls('/biz/listVersion/add')[0]!.body).toEqual({
      name: 'Home',
      listVersion: 1,
      type: 2,
      capacity: 100,
      entries: [],
    });
  });
});
