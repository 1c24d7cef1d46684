// @vitest-environment happy-dom
/**
 * The console's shared pieces: the action dialog's busy/failure scaffolding (useSubmit in
 * ActionDialog), the record page hook, the plain data table, the range search, and the list state's
 * sort cycle and filter cleaning.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { DataTable } from '@web/resources/data-table.tsx';
import { useRecordPage } from '@web/resources/detail.tsx';
import { cleanFilters } from '@web/resources/list-filters.tsx';
import { nextSort } from '@web/resources/list-state.ts';
import { RangeSearch } from '@web/resources/range-search.tsx';
import { oneFieldInto, useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fillDate, renderScreen, testPath } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A dialog that runs `work` on submit, like every row-action dialog does. */
function Probe(props: { work: () => Promise<void>; stay?: boolean; onDone: () => void }) {
  const { busy, failure, run } = useSubmit();
  const [fieldError, setFieldError] = useState('');
  return (
    <ActionDialog
      title="Probe"
      busy={busy}
      failure={failure}
      onClose={() => undefined}
      onSubmit={() =>
        void run(
          async () => {
            await props.work();
            props.onDone();
          },
          { stay: props.stay, onFields: oneFieldInto('amount', setFieldError) },
        )
      }
    >
      <p data-testid="field-error">{fieldError}</p>
    </ActionDialog>
  );
}

const deferred = () => {
  let settle!: { resolve: () => void; reject: (e: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
};

describe('useSubmit in an action dialog', () => {
  it('is busy while the work runs, shows why it failed and frees the dialog again', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onDone = vi.fn();
    renderScreen(<Probe work={() => pending.promise} onDone={onDone} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true),
    );
    pending.reject(new ApiError(500, 'The server said no', 500));
    expect((await screen.findByRole('alert')).textContent).toContain('The server said no');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a field error the server names under its field, with no failure line', async () => {
    const user = userEvent.setup();
    renderScreen(
      <Probe
        work={() => Promise.reject(new ApiError(400, 'bad', 400, { amount: 'Too much' }))}
        onDone={() => undefined}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('field-error').textContent).toContain('Too much'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays busy after a success (the dialog is closing), unless it stays open', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { unmount } = renderScreen(<Probe work={() => Promise.resolve()} onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderScreen(<Probe work={() => Promise.resolve()} stay onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});

function RecordProbe({ id }: { id: string }) {
  const { data, fallback } = useRecordPage<{ name: string }>(testPath('/test/thing/detail'), id);
  if (!data) return fallback;
  return <p>{data.name}</p>;
}

describe('useRecordPage', () => {
  it('asks for the record by id and shows it', async () => {
    const api = fakeApi({ '/test/thing/detail': () => ({ data: { name: 'Thing one' } }) });
    renderScreen(<RecordProbe id="t1" />);
    expect(await screen.findByText('Thing one')).toBeTruthy();
    expect(api.calls('/test/thing/detail')[0]!.query).toEqual({ id: 't1' });
  });

  it('says why the record did not come, with a retry', async () => {
    fakeApi({ '/test/thing/detail': () => ({ status: 200, code: 1, msg: 'No such thing' }) });
    renderScreen(<RecordProbe id="t2" />);
    expect(await screen.findByText('No such thing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('DataTable', () => {
  it('names the table, heads its columns and aligns number columns to the end', async () => {
    renderScreen(
      <DataTable label="Figures" headings={['Station', { label: 'Energy', end: true }]} scroll>
        <tr>
          <td>North</td>
          <td>12</td>
        </tr>
      </DataTable>,
    );
    const table = await screen.findByRole('table', { name: 'Figures' });
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Station', 'Energy']);
    expect(table.textContent).toContain('North');
  });
});

describe('RangeSearch', () => {
  it('passes each bound as typed, submits, resets and shows the refusal', async () => {
    const user = userEvent.setup();
    const onRange = vi.fn();
    const onSubmit = vi.fn();
    const onReset = vi.fn();
    renderScreen(
      <RangeSearch
        label="Range"
        from=""
        to=""
        fromLabel="From"
        toLabel="To"
        onRange={onRange}
        onSubmit={onSubmit}
        onReset={onReset}
        help="At most 7 days"
        problem="The end is before the start"
      />,
    );
    await screen.findByRole('group', { name: 'From' });
    await fillDate(user, 'From', '2026-01-02 03:04:05');
    expect(onRange).toHaveBeenCalledWith({ from: '2026-01-02T03:04:05' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('The end is before the start');
    expect(screen.getByText('At most 7 days')).toBeTruthy();
  });
});

describe('list state', () => {
  it('cycles a column ascending, descending, then unsorted; another column starts ascending', () => {
    const up = nextSort(null, 'name');
    expect(up).toEqual({ key: 'name', desc: false });
    const down = nextSort(up, 'name');
    expect(down).toEqual({ key: 'name', desc: true });
    expect(nextSort(down, 'name')).toBeNull();
    expect(nextSort(down, 'code')).toEqual({ key: 'code', desc: false });
  });

  it('leaves empty filters out of the list call', () => {
    const filters = [
      { name: 'name', label: 'Name', kind: 'text' as const },
      { name: 'tags', label: 'Tags', kind: 'multiselect' as const },
      { name: 'code', label: 'Code', kind: 'text' as const },
    ];
    expect(cleanFilters(filters, { name: 'North', tags: [], code: '' })).toEqual({ name: 'North' });
  });
});
