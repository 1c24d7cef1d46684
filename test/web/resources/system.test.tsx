// @vitest-environment happy-dom
/**
 * The system declarations (parameters, payment channels, mail servers, eMsp, eMsp binding, assets,
 * vendors): labels in the catalogs, fields the shared schemas take, routes, write-only fields never filled
 * in, the certificate upload as form data, the test mail, and binding sites to an eMsp entry.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assetDecl } from '@web/resources/decls/system/asset.ts';
import { emspBindDecl } from '@web/resources/decls/system/emsp-bind.tsx';
import { declsIn, routesServedBy } from '@web/screens/all.ts';
import { mailDecl } from '@web/resources/decls/system/mail.tsx';
import { parameterDecl } from '@web/resources/decls/system/parameter.ts';
import { payDecl } from '@web/resources/decls/system/pay.tsx';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function rowAction(user: ReturnType<typeof userEvent.setup>, text: string, action: string) {
  const row = (await screen.findByText(text)).closest('tr')!;
  const inline = within(row).queryByRole('button', { name: action });
  if (inline) return user.click(inline);
  await user.click(within(row).getByRole('button', { name: 'More' }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('every system declaration', () => {
  it('is registered under its product route', () => {
    expect(routesServedBy('src/screens/system/index.ts')).toEqual(
      ['/assetList', '/emsp', '/emspBind', '/mail', '/parameter', '/pay', '/vendorList'].sort(),
    );
  });

  it('never shows a write-only value: secret fields are passwords, columns only say whether one is stored', () => {
    const secrets = [
      'apiKey',
      'mapsKey',
      'password',
      'emspToken',
      'cpoToken',
      'originalSecretKey',
      'bluetoothKey',
    ];
    const systemDecls = declsIn('system');
    expect(systemDecls).toHaveLength(7);
    for (const decl of systemDecls) {
      for (const field of decl.fields ?? [])
        if (secrets.includes(field.name)) expect(field.kind, `${decl.id}.${field.name}`).toBe('password');
      for (const column of [...decl.columns, ...(decl.detail ?? [])])
        expect(secrets, `${decl.id}.${column.key}`).not.toContain(column.key);
    }
    expect(assetDecl.importable).toBe(true);
  });
});

const channel = {
  id: 'p1',
  payName: 'Stripe EU',
  payUuid: 'acct_1',
  autoRefundFlag: 1,
  apiKeySet: true,
  mapsKeySet: false,
  certificateName: 'firebase.json',
  certificateKeySet: true,
  version: 3,
  createTime: '2026-01-01T00:00:00.000Z',
};

describe('payment channels', () => {
  it('lists whether keys are stored, and edits without ever filling in or resending the keys', async () => {
    grant('6400', '6401');
    const api = fakeApi({
      '/admin/pay/list': () => page([channel]),
      '/admin/pay/info': () => ({ data: channel }),
      '/admin/pay/update': () => ({ data: channel }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={payDecl} />);
    const row = (await screen.findByText('Stripe EU')).closest('tr')!;
    expect(within(row).getByText('Stored')).toBeTruthy();
    expect(within(row).getByText('Automatic')).toBeTruthy();
    expect(within(row).getByText('firebase.json')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    const apiKey = await within(form).findByLabelText(/^API key/);
    expect((apiKey as HTMLInputElement).value).toBe('');
    expect((apiKey as HTMLInputElement).type).toBe('password');
    await user.clear(within(form).getByLabelText(/^Channel name/));
    await user.type(within(form).getByLabelText(/^Channel name/), 'Stripe Europe');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/pay/update')).toHaveLength(1));
    expect(api.calls('/admin/pay/update')[0]!.body).toEqual({
      id: 'p1',
      version: 3,
      payName: 'Stripe Europe',
      payUuid: 'acct_1',
      autoRefundFlag: 1,
    });
  });

  it('adds a channel with its key and refund mode as numbers', async () => {
    grant('6400', '6401');
    const api = fakeApi({
      '/admin/pay/list': () => page([]),
      '/admin/pay/add': () => ({ data: { id: 'p2' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={payDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Channel name/), 'Adyen');
    await user.type(within(form).getByLabelText(/^Channel UUID/), 'acct_2');
    await user.type(within(form).getByLabelText(/^API key/), 'sk_test');
    await user.type(within(form).getByLabelText(/^Notification URL/), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The address is refused before anything is sent.
    expect(await within(form).findByText('Enter an http or https address')).toBeTruthy();
    expect(api.calls('/admin/pay/add')).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Notification URL/));
    await user.type(within(form).getByLabelText(/^Notification URL/), 'https://pay.example.com/n');
    await user.selectOptions(within(form).getByLabelText(/^Refunds/), 'Automatic');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/pay/add')).toHaveLength(1));
    expect(api.calls('/admin/pay/add')[0]!.body).toEqual({
      payName: 'Adyen',
      payUuid: 'acct_2',
      apiKey: 'sk_test',
      notifyUrl: 'https://pay.example.com/n',
      autoRefundFlag: 1,
    });
  });

  it('uploads the push certificate as form data with the channel id, refusing other files first', async () => {
    grant('6400', '6401');
    const api = fakeApi({
      '/admin/pay/list': () => page([channel]),
      '/admin/pay/upload': () => ({ data: { ...channel, certificateName: 'new.p12' } }),
    });
    const inner = globalThis.fetch;
    const forms: FormData[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) forms.push(init.body);
      return inner(input, init);
    });
    // A browser's file picker may still offer other files ("All files").
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<ResourceListPage decl={payDecl} />);
    await rowAction(user, 'Stripe EU', 'Upload certificate');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Current certificate: firebase.json')).toBeTruthy();
    const input = within(dialog).getByLabelText(/^Certificate file/) as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'tool.exe'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText(
        'The certificate must be a JSON, P12, PFX, P8, PEM, CER, CRT or KEY file',
      ),
    ).toBeTruthy();
    expect(api.calls('/admin/pay/upload')).toHaveLength(0);
    await user.upload(input, new File(['cert'], 'new.p12'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls('/admin/pay/upload')).toHaveLength(1));
    expect(forms[0]?.get('id')).toBe('p1');
    expect((forms[0]?.get('file') as File).name).toBe('new.p12');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('mail servers', () => {
  const server = {
    id: 'm1',
    name: 'Office SMTP',
    host: 'smtp.example.com',
    port: 587,
    sslFlag: 0,
    userName: 'mailer',
    fromAddress: 'noreply@example.com',
    passwordSet: true,
    version: 1,
  };

  it('sends a test mail to a checked recipient and shows the server reason when it fails', async () => {
    grant('6600', '6601');
    let fail = true;
    const api = fakeApi({
      '/admin/mail/list': () => page([server]),
      '/admin/mail/testMail': () =>
        fail
          ? { code: 1, msg: 'The test mail could not be sent: 535 Authentication failed' }
          : { data: { to: 'ops@example.com' } },
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={mailDecl} />);
    await rowAction(user, 'Office SMTP', 'Send test mail');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Recipient/), 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('E-mail format is wrong')).toBeTruthy();
    expect(api.calls('/admin/mail/testMail')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/^Recipient/));
    await user.type(within(dialog).getByLabelText(/^Recipient/), 'ops@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The test mail could not be sent: 535 Authentication failed',
    );
    expect(api.calls('/admin/mail/testMail')[0]).toMatchObject({
      query: { id: 'm1' },
      body: { to: 'ops@example.com' },
    });
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Test mail sent to ops@example.com')).toBeTruthy();
  });

  it('adds a server with the port as a number and the SSL switch as 0/1', async () => {
    grant('6600', '6601');
    const api = fakeApi({
      '/admin/mail/list': () => page([]),
      '/admin/mail/add': () => ({ data: { id: 'm2' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={mailDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Name/), 'Relay');
    await user.type(within(form).getByLabelText(/^Host/), 'smtp.example.com');
    await user.clear(within(form).getByLabelText(/^Port/));
    await user.type(within(form).getByLabelText(/^Port/), '465');
    await user.click(within(form).getByLabelText(/^SSL\/TLS/));
    await user.type(within(form).getByLabelText(/^User name/), 'relay');
    await user.type(within(form).getByLabelText(/^Sender address/), 'noreply@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/mail/add')).toHaveLength(1));
    expect(api.calls('/admin/mail/add')[0]!.body).toEqual({
      name: 'Relay',
      host: 'smtp.example.com',
      port: 465,
      sslFlag: 1,
      userName: 'relay',
      fromAddress: 'noreply@example.com',
    });
  });
});

describe('eMsp site binding', () => {
  const entry = {
    id: 'e1',
    name: 'Roaming Hub',
    countryCode: 'DE',
    partyId: 'ABC',
    enableFlag: 1,
    bindFlag: 1,
    stationIds: ['s1'],
    stationCount: 1,
    version: 7,
  };

  it('starts from the bound sites and saves the whole chosen set with the version', async () => {
    grant('6810');
    const api = fakeApi({
      '/admin/emsp/bindEntries': () => page([entry]),
      '/admin/emsp/bindList': () =>
        page([
          { id: 's1', name: 'North', bound: true },
          { id: 's2', name: 'South', bound: false },
        ]),
      '/admin/emsp/bind': () => ({ data: entry }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={emspBindDecl} />);
    const row = (await screen.findByText('Roaming Hub')).closest('tr')!;
    expect(within(row).getByText('Bound')).toBeTruthy();
    // No add, edit or delete on this screen.
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Bind sites' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 of 2 sites chosen')).toBeTruthy();
    expect(api.calls('/admin/emsp/bindList')[0]?.query).toEqual({ id: 'e1' });
    await user.click(within(dialog).getByText('South'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('/admin/emsp/bind')[0]?.body).toEqual({
        id: 'e1',
        stationIds: ['s1', 's2'],
        version: 7,
      }),
    );
  });

  it('unbinds all after confirmation, and offers no binding on a disabled entry', async () => {
    grant('6810');
    const api = fakeApi({
      '/admin/emsp/bindEntries': () => page([{ ...entry, enableFlag: 0 }]),
      '/admin/emsp/bind': () => ({ data: entry }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={emspBindDecl} />);
    const row = (await screen.findByText('Roaming Hub')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Bind sites' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Unbind all' }));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText('Unbind all your sites from Roaming Hub?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.calls('/admin/emsp/bind')[0]?.body).toEqual({ id: 'e1', stationIds: [], version: 7 }),
    );
  });
});

describe('parameters', () => {
  it('adds a parameter, enabled by default, with its sort order as a number', async () => {
    grant('6300', '6301');
    const api = fakeApi({
      '/admin/parameter/list': () => page([]),
      '/admin/parameter/add': () => ({ data: { id: 'x' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={parameterDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText(/Code COPYRIGHT is the footer link/)).toBeTruthy();
    await user.type(within(form).getByLabelText(/^Type/), 'site');
    await user.type(within(form).getByLabelText(/^Code/), 'COPYRIGHT');
    await user.type(within(form).getByLabelText(/^Name/), 'Copyright');
    await user.type(within(form).getByLabelText(/^Value/), 'https://example.com');
    await user.clear(within(form).getByLabelText(/^Sort order/));
    await user.type(within(form).getByLabelText(/^Sort order/), '5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/parameter/add')).toHaveLength(1));
    expect(api.calls('/admin/parameter/add')[0]!.body).toMatchObject({
      type: 'site',
      code: 'COPYRIGHT',
      name: 'Copyright',
      value: 'https://example.com',
      sort: 5,
      enable: true,
    });
  });
});

describe('assets', () => {
  it('checks the power range before sending, and sends numbers', async () => {
    grant('6930', '6931');
    const api = fakeApi({
      '/admin/asset/list': () => page([]),
      '/admin/asset/add': () => ({ data: { id: 'a1' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={assetDecl} />);
    await screen.findByText('No data');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Asset code/), 'AST-9');
    await user.type(within(form).getByLabelText(/^Power/), '0');
    await user.selectOptions(within(form).getByLabelText(/^Protocol/), 'OCPP1.6');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Enter a power above 0 and at most 10000 kW, with at most two decimals'),
    ).toBeTruthy();
    expect(api.calls('/admin/asset/add')).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Power/));
    await user.type(within(form).getByLabelText(/^Power/), '7.4');
    await user.type(within(form).getByLabelText(/^Bluetooth initial key/), 'bt');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/admin/asset/add')).toHaveLength(1));
    expect(api.calls('/admin/asset/add')[0]!.body).toEqual({
      code: 'AST-9',
      power: 7.4,
      protocolType: 'OCPP1.6',
      useFlag: 0,
      bluetoothKey: 'bt',
    });
  });
});
