// @vitest-environment happy-dom
/**
 * The registry's generic screens, driven by a small fake declaration: the list from the list call, paging,
 * filters, schema validation with localised messages, server field errors on the fields, a stale update's
 * message, delete only after confirmation, buttons by permission.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, fromLocalInput, toLocalInput } from '@web/lib/format.ts';
import { ResourceListPage } from '@web/resources/list-page.tsx';
import type { ResourceDecl } from '@web/resources/types.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeApi, grant, page, renderScreen, testCalls } from './harness.tsx';

const gadgetForm = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(8, { error: 'validation.tooLong' }),
  kind: z.coerce.number().int().min(0).max(1),
  count: z.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }),
});

const decl: ResourceDecl = {
  id: 'gadget',
  title: 'Gadgets',
  api: testCalls('gadget'),
  idField: 'id',
  nameField: 'name',
  permissions: { view: 'g0', add: 'g1', edit: 'g2', delete: 'g3' },
  schemas: {
    create: gadgetForm,
    update: gadgetForm.extend({ id: z.string(), version: z.number().optional() }),
  },
  columns: [
    { key: 'name', label: 'Name', sortable: true },
    {
      key: 'kind',
      label: 'Kind',
      kind: 'enum',
      options: [
        { value: 0, label: 'Plain', raw: true },
        { value: 1, label: 'Fancy', raw: true },
      ],
    },
    { key: 'createTime', label: 'Created', kind: 'date' },
  ],
  filters: [{ name: 'name', label: 'Name', kind: 'text' }],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'select',
      required: true,
      options: [
        { value: 0, label: 'Plain', raw: true },
        { value: 1, label: 'Fancy', raw: true },
      ],
    },
    { name: 'count', label: 'Count', kind: 'number', required: true },
  ],
  defaults: { kind: 0 },
};

const rows = [
  { id: 'a', name: 'Alpha', kind: 0, createTime: '2025-01-31T12:00:00.000Z', version: 3, count: 1 },
  { id: 'b', name: 'Beta', kind: 1, createTime: '2025-02-01T08:30:15.000Z', version: 1, count: 2 },
];

const list = () => fakeApi({ '/test/gadget/list': () => page(rows, 25) });

beforeEach(() => grant('g0', 'g1', 'g2', 'g3'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const table = () => screen.findByRole('table', { name: 'Gadgets' });

describe('resource list page', () => {
  it('shows the rows of the list call, with enums and local dates', async () => {
    list();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    expect(within(grid).getByText('Alpha')).toBeTruthy();
    expect(within(grid).getByText('Fancy')).toBeTruthy();
    expect(within(grid).getByText(formatDateTime(rows[0]!.createTime))).toBeTruthy();
    expect(screen.getByText('Total: 25')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('sends current and size when paging and when the page size changes', async () => {
    const api = list();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    expect(api.calls('/test/gadget/list')[0]?.body).toEqual({ current: 1, size: 10 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({ current: 2, size: 10 }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({ current: 1, size: 20 }),
    );
  });

  it('sends the filters from page 1, and leaves empty ones out', async () => {
    const api = list();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(within(screen.getByRole('search')).getByLabelText('Name'), 'Alp');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({ name: 'Alp', current: 1, size: 10 }),
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({ current: 1, size: 10 }),
    );
  });

  it('asks the server for the order of a sortable column, both ways', async () => {
    const api = list();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    await user.click(within(grid).getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({
        orderBy: 'name',
        order: 'asc',
        current: 1,
        size: 10,
      }),
    );
    await user.click(within(grid).getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(api.calls('/test/gadget/list').at(-1)?.body).toEqual({
        orderBy: 'name',
        order: 'desc',
        current: 1,
        size: 10,
      }),
    );
  });

  it('hides and shows columns from the column chooser', async () => {
    list();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    expect(within(grid).getByRole('columnheader', { name: 'Kind' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Kind' });
    // Under happy-dom the menu takes the press a tick late: press and release apart.
    await user.pointer({ keys: '[MouseLeft>]', target: item });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.pointer({ keys: '[/MouseLeft]', target: item });
    await waitFor(() => expect(within(grid).queryByRole('columnheader', { name: 'Kind' })).toBeNull());
    expect(within(grid).queryByText('Fancy')).toBeNull();
  });

  it('says so when the list is empty, and shows a failed load with the server message', async () => {
    fakeApi({ '/test/gadget/list': () => page([], 0) });
    renderScreen(<ResourceListPage decl={decl} />);
    expect(await screen.findByText('No data')).toBeTruthy();
    cleanup();
    fakeApi({ '/test/gadget/list': () => ({ code: 1, msg: 'Store unavailable' }) });
    renderScreen(<ResourceListPage decl={decl} />);
    // A list that cannot be read says so in words of its own (docs/product.md section 8, decision 452).
    expect(await screen.findByText('Cannot fetch data')).toBeTruthy();
    expect(screen.getByText('Store unavailable')).toBeTruthy();
  });

  it('shows add, edit and delete only to holders of their codes', async () => {
    grant('g0', 'g2');
    list();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(grid).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(within(grid).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });
});

describe('resource form', () => {
  it('validates with the schema and shows its localised messages on the fields; nothing is sent', async () => {
    const api = list();
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(within(form).getByText('Enter a whole number')).toBeTruthy();
    expect(within(form).getByLabelText(/Name/).getAttribute('aria-invalid')).toBe('true');
    await user.type(within(form).getByLabelText(/Name/), 'Far too long');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This value is too long')).toBeTruthy();
    expect(api.calls('/test/gadget/add')).toHaveLength(0);
  });

  it('sends what the schema made of the form, and reloads the list', async () => {
    const api = fakeApi({
      '/test/gadget/list': () => page(rows),
      '/test/gadget/add': () => ({ data: { id: 'c' } }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/Name/), '  Gamma ');
    await user.selectOptions(within(form).getByLabelText(/Kind/), '1');
    await user.type(within(form).getByLabelText(/Count/), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/test/gadget/add')).toHaveLength(1));
    expect(api.calls('/test/gadget/add')[0]?.body).toEqual({ name: 'Gamma', kind: 1, count: 7 });
    expect((await screen.findAllByText('Update success')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('/test/gadget/list').length).toBeGreaterThan(1);
  });

  it('puts the server field errors of a validation answer on the fields', async () => {
    fakeApi({
      '/test/gadget/list': () => page(rows),
      '/test/gadget/add': () => ({
        status: 400,
        code: 1,
        msg: 'Invalid request',
        data: { name: 'Name already taken' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText(/Name/), 'Alpha');
    await user.type(within(form).getByLabelText(/Count/), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name already taken')).toBeTruthy();
    expect(within(form).getByLabelText(/Name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('edits with the record id and version, and shows the message of a stale update', async () => {
    const api = fakeApi({
      '/test/gadget/list': () => page(rows),
      '/test/gadget/update': () => ({ code: 1, msg: 'Someone else changed this record; reload it' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    await user.click(
      within(within(grid).getByText('Alpha').closest('tr')!).getByRole('button', { name: 'Edit' }),
    );
    const form = await screen.findByRole('dialog');
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Alpha');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Someone else changed this record; reload it')).toBeTruthy();
    expect(api.calls('/test/gadget/update')[0]?.body).toEqual({
      id: 'a',
      name: 'Alpha',
      kind: 0,
      count: 1,
      version: 3,
    });
  });
});

describe('delete', () => {
  it('asks first; cancel sends nothing, confirm deletes by id and reloads', async () => {
    const api = fakeApi({
      '/test/gadget/list': () => page(rows),
      '/test/gadget/del': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    const grid = await table();
    const alpha = within(grid).getByText('Alpha').closest('tr')!;
    await user.click(within(alpha).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(/Delete "Alpha"\?/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('/test/gadget/del')).toHaveLength(0);

    const loads = api.calls('/test/gadget/list').length;
    await user.click(within(alpha).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('/test/gadget/del')).toHaveLength(1));
    expect(api.calls('/test/gadget/del')[0]?.query).toEqual({ id: 'a' });
    await waitFor(() => expect(api.calls('/test/gadget/list').length).toBeGreaterThan(loads));
  });

  it('deletes the selected rows after one confirmation', async () => {
    const api = fakeApi({
      '/test/gadget/list': () => page(rows),
      '/test/gadget/del': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderScreen(<ResourceListPage decl={decl} />);
    await table();
    await user.click(screen.getByLabelText('Select all rows on this page'));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(/selected records \(2\)/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('/test/gadget/del').map((c) => c.query.id)).toEqual(['a', 'b']));
  });

  it('refuses with the message of the declaration instead of asking', async () => {
    const api = fakeApi({ '/test/gadget/list': () => page(rows) });
    const user = userEvent.setup();
    renderScreen(
      <ResourceListPage
        decl={{ ...decl, beforeDelete: async () => ({ message: 'Still in use by {{n}}', values: { n: 2 } }) }}
      />,
    );
    const grid = await table();
    await user.click(within(grid).getAllByRole('button', { name: 'Delete' })[0]!);
    expect((await screen.findByRole('alert')).textContent).toContain('Still in use by');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('/test/gadget/del')).toHaveLength(0);
  });
});

describe('date format', () => {
  it('shows UTC ISO times as local YYYY-MM-DD HH:mm:ss and reads them back', () => {
    const iso = '2025-03-04T05:06:07.000Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(iso)).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    );
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });
});
