// @vitest-environment happy-dom
/**
 * Excel export and import of a declared resource in its list: export sends the current filter and order,
 * import uploads the chosen file and shows how many rows were added and why each other row was refused.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_POLL_MS, ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, grant, page, renderScreen, testCalls } from './harness.tsx';

const decl: ResourceDecl = {
  id: 'widget',
  title: 'Widgets',
  api: testCalls('widget'),
  idField: 'id',
  nameField: 'name',
  permissions: { view: 'w0', add: 'w1' },
  columns: [{ key: 'name', label: 'Name', sortable: true }],
  filters: [{ name: 'name', label: 'Name', kind: 'text' }],
  exportable: true,
  importable: true,
};

beforeEach(() => grant('w0', 'w1', '9100'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('export and import', () => {
  it('exports the current filter and order', async () => {
    const api = fakeApi({
      '/test/widget/list': () => page([{ id: 'a', name: 'Alpha' }], 1),
      '/test/widget/export': () => ({ data: { taskId: 't1' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await screen.findByRole('table', { name: 'Widgets' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Al');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(within(grid).getByRole('button', { name: /Name/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(api.calls('/test/widget/export')[0]?.body).toEqual({
        name: 'Al',
        orderBy: 'name',
        order: 'asc',
      }),
    );
  });

  it('offers a resource export only with the Pro file export 9100 besides the view code (data export is Pro)', async () => {
    fakeApi({ '/test/widget/list': () => page([{ id: 'a', name: 'Alpha' }], 1) });
    grant('w0', 'w1');
    renderScreen(<ResourceListPage decl={decl} />);
    await screen.findByRole('table', { name: 'Widgets' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    cleanup();
    grant('w0', 'w1', '9100');
    renderScreen(<ResourceListPage decl={decl} />);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('offers export only to holders of every code the declaration names', async () => {
    fakeApi({ '/test/widget/list': () => page([{ id: 'a', name: 'Alpha' }], 1) });
    const gated: ResourceDecl = { ...decl, permissions: { view: 'w0', export: ['w0', 'x9'] } };
    renderScreen(<ResourceListPage decl={gated} />);
    await screen.findByRole('table', { name: 'Widgets' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    cleanup();
    grant('w0', 'x9');
    renderScreen(<ResourceListPage decl={gated} />);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('reads a list again while a row is in progress, and stops once all have settled', async () => {
    let status = 'running';
    const api = fakeApi({ '/test/widget/list': () => page([{ id: 'a', name: 'Alpha', status }], 1) });
    const polling: ResourceDecl = { ...decl, refreshWhile: (row) => row.status === 'running' };
    renderScreen(<ResourceListPage decl={polling} />);
    await screen.findByRole('table', { name: 'Widgets' });
    await waitFor(() => expect(api.calls('/test/widget/list').length).toBeGreaterThan(1), { timeout: 5000 });
    status = 'done';
    await waitFor(() => expect(api.calls('/test/widget/list').length).toBeGreaterThan(2), { timeout: 5000 });
    const settled = api.calls('/test/widget/list').length;
    await new Promise((r) => setTimeout(r, LIST_POLL_MS + 500));
    expect(api.calls('/test/widget/list').length).toBe(settled);
  });

  it('uploads a file and reports added and refused rows', async () => {
    const api = fakeApi({
      '/test/widget/list': () => page([], 0),
      '/test/widget/import': () => ({
        data: {
          total: 3,
          success: 2,
          failed: [{ row: 3, msg: 'x', fields: { code: 'This value is too long' } }],
        },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please choose a file to import');
    await user.upload(screen.getByLabelText('Excel file (.xlsx)'), new File(['x'], 'w.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('2 of 3 rows imported')).toBeTruthy();
    expect(screen.getByText('code: This value is too long')).toBeTruthy();
    expect(api.calls('/test/widget/import')).toHaveLength(1);
  });
});
