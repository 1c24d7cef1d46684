// @vitest-environment happy-dom
/**
 * The catalogue declarations in the console: labels in the catalogs, forms that send what the shared schemas
 * take, the brand page and its models (with the notice for a brand without models), feedback read and
 * reply without Add, alarm mail consignees typed as text, and the export file list's download and delete.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alarmMailDecl } from '@web/resources/decls/catalogue/alarm-mail.ts';
import { appVersionDecl } from '@web/resources/decls/catalogue/app-version.ts';
import { BrandPage } from '@web/screens/catalogue/brand-page.tsx';
import { feedbackDecl } from '@web/resources/decls/catalogue/feedback.tsx';
import { fileExportDecl } from '@web/resources/decls/catalogue/file-export.ts';
import { routesServedBy } from '@web/screens/all.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('catalogue declarations', () => {
  it('are registered under the routes of docs/product.md section 2', () => {
    expect(routesServedBy('src/screens/catalogue/index.ts')).toEqual(
      [
        '/alarmMail',
        '/alarmTemplate',
        '/appVersion',
        '/brand',
        '/feedback',
        '/fileExport',
        '/stopReasonList',
      ].sort(),
    );
  });
});

const renderBrandPage = (path = '/brand') =>
  renderScreen(
    <Routes>
      <Route path="/brand" element={<BrandPage />} />
    </Routes>,
    path,
  );

describe('brands and models', () => {
  const voltix = { id: 'b1', name: 'Voltix', remark: 'DC', modelCount: 0, version: 1 };

  it('lists brands with their model count and opens a brand models, saying when it has none', async () => {
    grant('10100', '10101');
    const api = fakeApi({
      '/biz/brand/list': () => page([{ ...voltix, modelCount: 3 }]),
      '/biz/brand/info': () => ({ data: voltix }),
      '/biz/model/list': () => page([]),
      '/biz/model/add': () => ({ data: { id: 'm1' } }),
    });
    const user = userEvent.setup();
    renderBrandPage();
    const row = (await screen.findByText('Voltix')).closest('tr')!;
    expect(within(row).getByText('3')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Models' }));

    expect(await screen.findByText('No models under current brand')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Models of Voltix' })).toBeTruthy();
    await waitFor(() => expect(api.calls('/biz/model/list')[0]?.body).toMatchObject({ brandId: 'b1' }));

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Model/), 'VX-1');
    await user.type(within(form).getByLabelText(/Connectors/), '100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This value is out of range')).toBeTruthy();
    expect(within(form).getAllByText('This field is required').length).toBeGreaterThanOrEqual(3);
    expect(api.calls('/biz/model/add')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Connectors/));
    await user.type(within(form).getByLabelText(/Connectors/), '2');
    await user.selectOptions(within(form).getByLabelText(/Current type/), 'DC');
    await user.selectOptions(within(form).getByLabelText(/Socket type/), 'CABLE');
    await user.selectOptions(within(form).getByLabelText(/Protocol/), 'OCPP2.0.1');
    await user.type(within(form).getByLabelText(/Max power/), '60');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('/biz/model/add')[0]?.body).toEqual({
        brandId: 'b1',
        deviceModel: 'VX-1',
        connectorNumber: 2,
        currentType: 'DC',
        socketType: 'CABLE',
        protocolType: 'OCPP2.0.1',
        maxPower: 60,
      }),
    );
  });

  it('goes back from the models to the brands', async () => {
    grant('10100');
    fakeApi({
      '/biz/brand/list': () => page([voltix]),
      '/biz/brand/info': () => ({ data: { ...voltix, modelCount: 1 } }),
      '/biz/model/list': () => page([{ id: 'm1', brandId: 'b1', deviceModel: 'VX-1', version: 1 }]),
    });
    const user = userEvent.setup();
    renderBrandPage('/brand?brand=b1');
    expect(await screen.findByText('VX-1')).toBeTruthy();
    expect(screen.queryByText('No models under current brand')).toBeNull();
    // Without 10101 nothing can be added.
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to brands' }));
    expect(await screen.findByText('Voltix')).toBeTruthy();
  });
});

describe('app versions', () => {
  it('sends the code as a number, the type and the force flag', async () => {
    grant('7300', '7301');
    const api = fakeApi({
      '/biz/appVersion/list': () => page([]),
      '/biz/appVersion/add': () => ({ data: { id: 'v1' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={appVersionDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/Version name/), '2.1.0');
    await user.type(within(form).getByLabelText(/Version code/), '2147483648');
    await user.selectOptions(within(form).getByLabelText(/App type/), 'iOS');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This value is out of range')).toBeTruthy();
    await user.clear(within(form).getByLabelText(/Version code/));
    await user.type(within(form).getByLabelText(/Version code/), '210');
    await user.click(within(form).getByLabelText(/Force update/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('/biz/appVersion/add')[0]?.body).toEqual({
        name: '2.1.0',
        code: 210,
        type: 2,
        forceFlag: true,
      }),
    );
  });
});

describe('feedback', () => {
  const item = {
    id: 'f1',
    userName: 'driver1',
    content: 'Charger does not start',
    status: 0,
    version: 3,
    images: ['https://img.example.com/1.jpg'],
  };

  it('has no Add; marks new feedback read', async () => {
    grant('7400', '7401');
    const api = fakeApi({
      '/biz/feedback/list': () => page([item]),
      '/biz/feedback/read': () => ({ data: { ...item, status: 1 } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={feedbackDecl} />);
    const row = (await screen.findByText('driver1')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(row).getByText('New')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(api.calls('/biz/feedback/read')[0]?.query).toEqual({ id: 'f1' }));
  });

  it('replies with the version it saw and shows a refusal', async () => {
    grant('7400', '7401');
    let answer: { code: number; msg: string } | { data: unknown } = {
      code: 1,
      msg: 'Someone else changed this record after you opened it; please reload and try again',
    };
    const api = fakeApi({
      '/biz/feedback/list': () => page([{ ...item, status: 1 }]),
      '/biz/feedback/reply': () => answer,
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={feedbackDecl} />);
    const row = (await screen.findByText('driver1')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Mark read' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reply/), 'Restarted remotely');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Someone else changed this record/)).toBeTruthy();
    answer = { data: { ...item, status: 2 } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('/biz/feedback/reply').at(-1)?.body).toEqual({
      id: 'f1',
      reply: 'Restarted remotely',
      version: 3,
    });
  });
});

describe('alarm mail', () => {
  it('sends consignees typed as text as a list, and needs a template', async () => {
    grant('5500', '5501');
    const api = fakeApi({
      '/biz/alarmMail/list': () => page([]),
      '/biz/alarmTemplate/list': () => page([{ id: 't1', name: 'Ground fault', code: 'GF01' }]),
      '/biz/alarmMail/add': () => ({ data: { id: 'm1' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={alarmMailDecl} />);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/^Name/), 'Night shift');
    await user.type(within(form).getByLabelText(/Consignees/), 'ops@acme.example, not-mail');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('E-mail format is wrong')).toBeTruthy();
    expect(within(form).getByText('Choose an alarm template')).toBeTruthy();
    await user.clear(within(form).getByLabelText(/Consignees/));
    await user.type(within(form).getByLabelText(/Consignees/), 'Ops@acme.example night@acme.example');
    await user.click(within(form).getByLabelText(/Alarm template/));
    await user.click(await screen.findByRole('option', { name: 'Ground fault' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('/biz/alarmMail/add')[0]?.body).toEqual({
        name: 'Night shift',
        consignees: ['ops@acme.example', 'night@acme.example'],
        templateId: 't1',
      }),
    );
  });
});

describe('export files', () => {
  it('offers download for finished files, delete for settled tasks, and shows a refused download', async () => {
    grant('9100');
    const api = fakeApi({
      '/biz/fileExport/list': () =>
        page([
          { taskId: 't1', taskName: 'Orders May', status: 'done', fileName: 'Orders May.xlsx' },
          { taskId: 't2', taskName: 'Orders June', status: 'running' },
        ]),
      '/biz/fileExport/download': () => ({ code: 1, msg: 'The export file no longer exists' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={fileExportDecl} />);
    const done = (await screen.findByText('Orders May')).closest('tr')!;
    const running = screen.getByText('Orders June').closest('tr')!;
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(within(running).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(within(running).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(done).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'Download' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The export file no longer exists');
    expect(api.calls('/biz/fileExport/download')[0]?.query).toEqual({ id: 't1' });
  });
});
