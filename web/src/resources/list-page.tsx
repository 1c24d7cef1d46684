/**
 * The list screen of any declared resource: filter bar, paged table (page size select, server-side sort,
 * column chooser), row actions by permission, bulk delete, and the create/edit and detail drawers.
 * Loading, empty and failed loads each say so in place.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Heading,
  HStack,
  Menu,
  Portal,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { SimpleSelect } from '@web/components/ui/select.tsx';
import { deleteRecord, endpoints, errorMessage, fetchPage, idOf } from '@web/resources/api.ts';
import { renderValue } from '@web/resources/cells.tsx';
import { ResourceDetailDrawer } from '@web/resources/detail.tsx';
import { ResourceFormDrawer } from '@web/resources/form-drawer.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { ExportButton, ImportButton } from '@web/resources/io.tsx';
import { FILE_EXPORT_CODE } from '@shared/resources/catalogue/file-export.ts';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { fromSwr, LoadStates } from '@web/resources/load-states.tsx';
import { useCan } from '@web/resources/permissions.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import type { Column, FormMode, ResourceDecl, Row, RowAction, RowDialog } from '@web/resources/types.ts';
import { fromInput, toInput } from '@web/resources/values.ts';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';

/** How often a list with rows still in progress is read again. */
export const LIST_POLL_MS = 2_000;

export const PAGE_SIZES = [10, 20, 50, 100] as const;

type Confirm = { title: string; message: string; label: string; danger?: boolean; run: () => Promise<void> };
type Sort = { key: string; desc: boolean } | null;

export function ResourceListPage(props: {
  decl: ResourceDecl;
  /** Filters the screen always applies (the users of one company). */
  fixedQuery?: Row;
  /** Called after any change, e.g. to reload a tree shown beside the list. */
  onChanged?: () => void;
  /** Show the title as a heading (the layout already shows the page title of a menu route). */
  heading?: boolean;
}) {
  const tr = useTr();
  const can = useCan();
  const navigate = useNavigate();
  const { decl } = props;
  const filters = decl.filters ?? [];
  const [draft, setDraft] = useState<Row>(() =>
    Object.fromEntries(filters.map((f) => [f.name, toInput(f, undefined)])),
  );
  const [applied, setApplied] = useState<Row>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [sort, setSort] = useState<Sort>(null);
  const [hidden, setHidden] = useState<Set<string>>(
    () => new Set(decl.columns.filter((c) => c.hidden).map((c) => c.key)),
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<{ mode: FormMode; row?: Row } | null>(null);
  const [detail, setDetail] = useState<Row | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [dialog, setDialog] = useState<{ Dialog: RowDialog; row: Row } | null>(null);
  /** A refusal or failure, shown above the table until dismissed or the next action. */
  const [problem, setProblem] = useState<string | null>(null);

  const query = useMemo(() => ({ ...applied, ...props.fixedQuery }), [applied, props.fixedQuery]);
  const listUrl = endpoints(decl).list;
  // The server sorts the whole filtered list, so paging and sorting agree.
  const order = sort ? { orderBy: sort.key, order: sort.desc ? 'desc' : 'asc' } : {};
  const request = { ...query, ...order, current, size };
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [listUrl, JSON.stringify(request)],
    () => fetchPage(listUrl, request),
    {
      keepPreviousData: true,
      // A list of work in progress (export tasks) reads itself again until every shown row has settled.
      refreshInterval: (latest) =>
        decl.refreshWhile && latest?.records.some(decl.refreshWhile) ? LIST_POLL_MS : 0,
    },
  );

  // After a delete emptied the last page, show the page that now is the last.
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / size));
  useEffect(() => {
    if (data && current > pages) setCurrent(pages);
  }, [data, current, pages]);

  const records = useMemo(() => data?.records ?? [], [data]);
  const ids = records.map((r) => idOf(decl, r));
  const chosen = records.filter((r) => selected.has(idOf(decl, r)));

  const changed = (message?: string) => {
    if (message) showMessage('success', message);
    setSelected(new Set());
    void mutate();
    props.onChanged?.();
  };
  const ctx = {
    refresh: () => changed(),
    notify: (text: string) => showMessage('success', tr(text)),
    navigate,
  };
  const name = (row: Row) => String(row[decl.nameField] ?? idOf(decl, row));

  const askDelete = async (row: Row) => {
    setProblem(null);
    try {
      const refusal = await decl.beforeDelete?.(row);
      if (refusal) return setProblem(tr(refusal.message, refusal.values));
    } catch (e) {
      return setProblem(errorMessage(tr, e));
    }
    setConfirm({
      title: tr('admin.common.delete'),
      message: tr('admin.common.deleteConfirm', { name: name(row) }),
      label: tr('admin.common.delete'),
      danger: true,
      run: async () => {
        try {
          await deleteRecord(decl, row);
          changed(tr('admin.common.deleted'));
        } catch (e) {
          setProblem(errorMessage(tr, e));
        }
      },
    });
  };

  const askBulkDelete = () =>
    setConfirm({
      title: tr('admin.common.bulkDelete'),
      message: tr('admin.common.bulkDeleteConfirm', { count: chosen.length }),
      label: tr('admin.common.delete'),
      danger: true,
      run: async () => {
        const problems: string[] = [];
        let done = 0;
        for (const row of chosen) {
          try {
            const refusal = await decl.beforeDelete?.(row);
            if (refusal) problems.push(`${name(row)}: ${tr(refusal.message, refusal.values)}`);
            else {
              await deleteRecord(decl, row);
              done++;
            }
          } catch (e) {
            problems.push(`${name(row)}: ${errorMessage(tr, e)}`);
          }
        }
        changed(done ? tr('admin.common.bulkDeleted', { count: done }) : undefined);
        if (problems.length) setProblem(problems.join(' '));
      },
    });

  const runAction = (action: RowAction, row: Row) => {
    setProblem(null);
    if (action.dialog) return setDialog({ Dialog: action.dialog, row });
    const go = async () => {
      try {
        await action.run?.(row, ctx);
      } catch (e) {
        setProblem(errorMessage(tr, e));
      }
    };
    if (!action.confirm) return void go();
    const { message, values } = action.confirm(row);
    setConfirm({
      title: tr(action.label(row)),
      message: tr(message, values),
      label: tr('admin.common.confirm'),
      danger: action.danger,
      run: go,
    });
  };

  const perms = decl.permissions;
  const canDelete = can(perms.delete) && perms.delete !== undefined;
  const changeable = (row: Row) => decl.canChange?.(row) ?? true;
  const rowActions = (row: Row): { key: string; label: string; danger?: boolean; onClick: () => void }[] => [
    ...(decl.detail && can(perms.detail ?? perms.view)
      ? [{ key: 'detail', label: tr('admin.common.detail'), onClick: () => setDetail(row) }]
      : []),
    ...(decl.fields && perms.edit && can(perms.edit) && changeable(row)
      ? [{ key: 'edit', label: tr('admin.common.edit'), onClick: () => setForm({ mode: 'edit', row }) }]
      : []),
    ...(decl.actions ?? [])
      .filter((a) => can(a.permission) && (a.visible?.(row) ?? true))
      .map((a) => ({
        key: a.key,
        label: tr(a.label(row)),
        danger: a.danger,
        onClick: () => runAction(a, row),
      })),
    ...(canDelete && changeable(row)
      ? [
          {
            key: 'delete',
            label: tr('admin.common.delete'),
            danger: true,
            onClick: () => void askDelete(row),
          },
        ]
      : []),
  ];

  const columns = decl.columns.filter((c) => !hidden.has(c.key));
  const Toolbar = decl.toolbar;

  return (
    <Stack gap="4">
      {props.heading ? (
        <Heading as="h1" size="lg">
          {tr(decl.title)}
        </Heading>
      ) : null}

      {filters.length ? (
        <Box
          as="form"
          role="search"
          bg="bg.panel"
          p="4"
          rounded="l2"
          borderWidth="1px"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setApplied(cleanFilters(filters, draft));
            setCurrent(1);
          }}
        >
          <Wrap gap="3" align="flex-end">
            {filters.map((f) => (
              <Box key={f.name} minW="48" flex="1" maxW="72">
                <FormField
                  field={f}
                  scope={`${decl.id}:filter`}
                  value={draft[f.name]}
                  onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
                  onAssign={(more) => setDraft((d) => ({ ...d, ...more }))}
                />
              </Box>
            ))}
            <HStack>
              <Button type="submit" colorPalette="blue">
                {tr('admin.common.search')}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setDraft(Object.fromEntries(filters.map((f) => [f.name, toInput(f, undefined)])));
                  setApplied({});
                  setCurrent(1);
                }}
              >
                {tr('admin.common.reset')}
              </Button>
            </HStack>
          </Wrap>
        </Box>
      ) : null}

      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" wrap="wrap">
          {decl.fields && perms.add && can(perms.add) ? (
            <Button colorPalette="blue" size="sm" onClick={() => setForm({ mode: 'create' })}>
              {tr('admin.common.add')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={!chosen.length}
              onClick={askBulkDelete}
            >
              {tr('admin.common.bulkDelete')}
              {chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          ) : null}
          {Toolbar ? <Toolbar query={query} total={data?.total ?? 0} selected={chosen} /> : null}
          {decl.exportable &&
          (decl.permissions.export ?? [decl.permissions.view, FILE_EXPORT_CODE.view]).every(can) ? (
            <ExportButton decl={decl} context={{ query: { ...query, ...order }, total: data?.total ?? 0 }} />
          ) : null}
          {decl.importable && can(decl.permissions.import ?? decl.permissions.add) ? (
            <ImportButton decl={decl} onImported={() => changed()} />
          ) : null}
        </HStack>
        <HStack gap="2">
          <Button size="sm" variant="ghost" onClick={() => void mutate()} loading={isValidating && !!data}>
            {tr('admin.common.refresh')}
          </Button>
          <ColumnChooser tr={tr} columns={decl.columns} hidden={hidden} onChange={setHidden} />
        </HStack>
      </HStack>

      {data?.truncated ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{tr('resources.truncated')}</Alert.Title>
        </Alert.Root>
      ) : null}

      {data?.totalCapped ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{tr('resources.totalCapped', { total: data.total })}</Alert.Title>
        </Alert.Root>
      ) : null}

      {problem ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            {problem}
          </Alert.Title>
          <CloseButton size="xs" aria-label={tr('admin.common.close')} onClick={() => setProblem(null)} />
        </Alert.Root>
      ) : null}

      <LoadStates
        {...fromSwr({ data, error, isLoading, isValidating, mutate })}
        empty={!!data && records.length === 0}
      />
      {records.length ? (
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg.panel">
          <Table.Root size="sm" interactive aria-label={tr(decl.title)} aria-busy={isValidating}>
            <Table.Header>
              <Table.Row>
                {canDelete ? (
                  <Table.ColumnHeader w="8">
                    <Tick
                      label={tr('admin.common.selectAll')}
                      checked={
                        ids.length > 0 && ids.every((id) => selected.has(id))
                          ? true
                          : chosen.length
                            ? 'indeterminate'
                            : false
                      }
                      onChange={(on) => setSelected(on ? new Set(ids) : new Set())}
                    />
                  </Table.ColumnHeader>
                ) : null}
                {columns.map((c) => (
                  <Table.ColumnHeader
                    key={c.key}
                    whiteSpace="nowrap"
                    aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  >
                    {c.sortable ? (
                      <Button
                        size="xs"
                        variant="plain"
                        px="0"
                        fontWeight="semibold"
                        onClick={() =>
                          setSort((s) =>
                            s?.key !== c.key
                              ? { key: c.key, desc: false }
                              : s.desc
                                ? null
                                : { key: c.key, desc: true },
                          )
                        }
                      >
                        {tr(c.label)}
                        <span aria-hidden>{sort?.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ' ↕'}</span>
                      </Button>
                    ) : (
                      tr(c.label)
                    )}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end">{tr('admin.common.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {records.map((row, index) => {
                const id = idOf(decl, row);
                return (
                  <Table.Row key={id || index} data-selected={selected.has(id) ? '' : undefined}>
                    {canDelete ? (
                      <Table.Cell>
                        <Tick
                          label={tr('admin.common.selectRow', { name: name(row) })}
                          checked={selected.has(id)}
                          onChange={(on) =>
                            setSelected((prev) => {
                              const next = new Set(prev);
                              if (on) next.add(id);
                              else next.delete(id);
                              return next;
                            })
                          }
                        />
                      </Table.Cell>
                    ) : null}
                    {columns.map((c) => (
                      <Table.Cell key={c.key} maxW="80" overflowWrap="anywhere">
                        {renderValue(tr, c, row)}
                      </Table.Cell>
                    ))}
                    <Table.Cell textAlign="end">
                      <RowActions tr={tr} actions={rowActions(row)} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}

      {data ? (
        <HStack
          justify="space-between"
          wrap="wrap"
          gap="3"
          as="nav"
          aria-label={tr('admin.common.pagination')}
        >
          <Text color="fg.muted" fontSize="sm">
            {tr('admin.common.total', { total: data.total })}
          </Text>
          <HStack gap="2">
            <SimpleSelect
              aria-label={tr('admin.common.pageSize')}
              value={String(size)}
              options={PAGE_SIZES.map((n) => ({
                value: String(n),
                label: tr('admin.common.perPage', { size: n }),
              }))}
              onChange={(v) => {
                setSize(Number(v));
                setCurrent(1);
              }}
            />
            <Button
              size="sm"
              variant="outline"
              disabled={current <= 1}
              onClick={() => setCurrent((p) => p - 1)}
            >
              {tr('admin.common.prev')}
            </Button>
            <Text fontSize="sm" aria-live="polite">
              {tr('admin.common.pageOf', { page: current, pages })}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={current >= pages}
              onClick={() => setCurrent((p) => p + 1)}
            >
              {tr('admin.common.next')}
            </Button>
          </HStack>
        </HStack>
      ) : null}

      {form ? (
        <ResourceFormDrawer
          decl={decl}
          mode={form.mode}
          row={form.row}
          open
          onClose={() => setForm(null)}
          onSaved={(message) => {
            setForm(null);
            changed(message);
          }}
        />
      ) : null}
      {decl.detail ? <ResourceDetailDrawer decl={decl} row={detail} onClose={() => setDetail(null)} /> : null}
      {confirm ? (
        <ConfirmDialog
          open
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.label}
          cancelLabel={tr('admin.common.cancel')}
          danger={confirm.danger}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await confirm.run();
            setConfirm(null);
          }}
        />
      ) : null}
      {dialog ? (
        <dialog.Dialog
          row={dialog.row}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            changed(message);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Filter values as the list call takes them: empty ones left out. */
function cleanFilters(filters: NonNullable<ResourceDecl['filters']>, draft: Row): Row {
  const out: Row = {};
  for (const f of filters) {
    const value = fromInput(f, draft[f.name]);
    if (value !== '' && value !== undefined && value !== null && !(Array.isArray(value) && !value.length))
      out[f.name] = value;
  }
  return out;
}

function Tick(props: { label: string; checked: boolean | 'indeterminate'; onChange: (on: boolean) => void }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(e.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={props.label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** Up to three actions as buttons; more than that, the first two and a "More" menu. */
function RowActions(props: {
  tr: Translate;
  actions: { key: string; label: string; danger?: boolean; onClick: () => void }[];
}): ReactNode {
  const inline = props.actions.length <= 3 ? props.actions : props.actions.slice(0, 2);
  const more = props.actions.slice(inline.length);
  return (
    <HStack gap="1" justify="flex-end">
      {inline.map((a) => (
        <Button
          key={a.key}
          size="xs"
          variant="ghost"
          colorPalette={a.danger ? 'red' : 'blue'}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
      {more.length ? (
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size="xs" variant="ghost">
              {props.tr('admin.common.more')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {more.map((a) => (
                  <Menu.Item
                    key={a.key}
                    value={a.key}
                    color={a.danger ? 'fg.error' : undefined}
                    // Enter on a highlighted item clicks it too
                    onClick={a.onClick}
                  >
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </HStack>
  );
}

function ColumnChooser(props: {
  tr: Translate;
  columns: readonly Column[];
  hidden: Set<string>;
  onChange: (hidden: Set<string>) => void;
}) {
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {props.tr('admin.common.columns')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {props.columns.map((c) => (
              <Menu.CheckboxItem
                key={c.key}
                value={c.key}
                checked={!props.hidden.has(c.key)}
                // keep at least one column
                disabled={!props.hidden.has(c.key) && props.columns.length - props.hidden.size <= 1}
                onCheckedChange={(on) => {
                  const next = new Set(props.hidden);
                  if (on) next.delete(c.key);
                  else next.add(c.key);
                  props.onChange(next);
                }}
              >
                {props.tr(c.label)}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
