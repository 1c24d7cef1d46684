/**
 * Local lists (/listVersion): name, list version, type and capacity in the form; the idTags in their own
 * dialog (a list may hold thousands, paged here and checked with the shared rules: within capacity, each
 * idTag once). The list call answers an entry count; the dialog loads the whole list.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { DateField } from '@web/components/ui/date-field.tsx';
import { Alert, Button, HStack, IconButton, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import {
  ID_TAG_STATUSES,
  LIST_TYPE,
  listVersionResource,
  listVersionSchema,
} from '@shared/resources/device/list-version.ts';
import { call } from '@web/lib/api.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '@web/lib/format.ts';
import { callOf, fetchRecord } from '@web/resources/api.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { useTr, type Translate } from '@web/resources/i18n.ts';
import { LoadStates } from '@web/resources/load-states.tsx';
import type { EnumOption, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { storedUser } from '@web/auth/session.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { useState } from 'react';
import { optionsOf, updateSchema } from './common.ts';
import { isCompanyUser, sendAction } from '@web/screens/device/send-to-charger.tsx';

const { permissions: p } = listVersionResource;

export const LIST_TYPE_OPTIONS: readonly EnumOption[] = Object.values(LIST_TYPE).map((n) => ({
  value: n,
  label: `deviceRes.listVersion.types.t${n}`,
}));
export const ID_TAG_STATUS_OPTIONS = optionsOf(ID_TAG_STATUSES, 'deviceRes.listVersion.idTagStatuses');

/** Entries shown per page of the dialog. */
export const ENTRY_PAGE = 50;

const listUpdate = updateSchema(listVersionSchema);

interface EntryInput {
  /** Stable React key. */
  key: number;
  idTag: string;
  idTagStatus: string;
  /** datetime-local value. */
  idTagExpiryDate: string;
  parentIdTag: string;
}

let nextKey = 1;
const blankEntry = (): EntryInput => ({
  key: nextKey++,
  idTag: '',
  idTagStatus: 'Accepted',
  idTagExpiryDate: '',
  parentIdTag: '',
});

function toInputs(entries: unknown): EntryInput[] {
  return (Array.isArray(entries) ? (entries as Row[]) : []).map((e) => ({
    key: nextKey++,
    idTag: String(e.idTag ?? ''),
    idTagStatus: String(e.idTagStatus ?? ''),
    idTagExpiryDate: toLocalInput(e.idTagExpiryDate),
    parentIdTag: String(e.parentIdTag ?? ''),
  }));
}

const fromInputs = (entries: EntryInput[]) =>
  entries.map((e) => ({
    idTag: e.idTag,
    idTagStatus: e.idTagStatus,
    idTagExpiryDate: fromLocalInput(e.idTagExpiryDate),
    parentIdTag: e.parentIdTag,
  }));

/** A message key as shown; zod's own texts are not keys. */
const keyOf = (message: string) => (/^[\w.]+$/.test(message) ? message : 'admin.common.invalid');

/** Errors by `{index}.{field}` for an entry, `entries` for the list, other field names as they are. */
function errorsOf(paths: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of paths) {
    const [first, index, field] = path.split('.');
    const key = first === 'entries' && index !== undefined ? `${index}.${field ?? ''}` : (first ?? '');
    out[key] ??= keyOf(message);
  }
  return out;
}

/** Edits the entries of one list and saves the whole list (with its version). */
export function EntriesDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const id = String(row.id);
  const loaded = useLoad(`listVersion:entries:${id}`, () => fetchRecord(listVersionDecl, id));
  const [edited, setEdited] = useState<EntryInput[] | null>(null);
  const [page, setPage] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, setFailure, run } = useSubmit();
  const entries = edited ?? (loaded.data ? toInputs(loaded.data.entries) : []);
  const pages = Math.max(1, Math.ceil(entries.length / ENTRY_PAGE));
  const shown = entries.slice(page * ENTRY_PAGE, (page + 1) * ENTRY_PAGE);

  const change = (index: number, patch: Partial<EntryInput>) => {
    setEdited(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)));
    const field = Object.keys(patch)[0];
    setErrors((prev) => ({ ...prev, [`${index}.${field}`]: '' }));
  };

  const submit = async () => {
    if (!loaded.data) return;
    setFailure('');
    const result = listUpdate.safeParse({ ...loaded.data, entries: fromInputs(entries) });
    if (!result.success) {
      return setErrors(errorsOf(result.error.issues.map((i) => [i.path.join('.'), i.message])));
    }
    setErrors({});
    await run(
      async () => {
        await call(callOf(listVersionDecl, 'update'), result.data);
        onDone(tr('admin.common.saved'));
      },
      {
        onFields: (fields) => {
          setErrors(errorsOf(Object.entries(fields).map(([k, v]) => [k, String(v)])));
          return Object.keys(fields).length > 0;
        },
      },
    );
  };

  const problems = Object.entries(errors).filter(([, message]) => message);
  const capacity = Number(loaded.data?.capacity ?? row.capacity ?? 0);

  return (
    <ActionDialog
      title={tr('deviceRes.listVersion.entriesTitle', { name: row.name })}
      busy={busy}
      disabled={!loaded.data}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="lg"
    >
      <LoadStates error={loaded.error} loading={loaded.loading} onRetry={loaded.retry} />
      {failure || problems.length ? (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{tr('admin.common.saveError')}</Alert.Title>
            <Alert.Description>
              {[failure, ...problems.map(([key, message]) => problemText(tr, key, message))]
                .filter(Boolean)
                .join(' ')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {loaded.data ? (
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {tr('deviceRes.listVersion.entriesCount', { count: entries.length, capacity })}
            </Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                const next = [...entries, blankEntry()];
                setEdited(next);
                setPage(Math.ceil(next.length / ENTRY_PAGE) - 1);
              }}
            >
              {tr('deviceRes.listVersion.addEntry')}
            </Button>
          </HStack>
          {entries.length === 0 ? (
            <Text color="fg.muted">{tr('deviceRes.listVersion.noEntries')}</Text>
          ) : null}
          {shown.length ? (
            <Table.ScrollArea borderWidth="1px" rounded="l2">
              <Table.Root size="sm" aria-label={tr('deviceRes.listVersion.entries')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>#</Table.ColumnHeader>
                    <Table.ColumnHeader>{tr('deviceRes.listVersion.idTag')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{tr('deviceRes.listVersion.idTagStatus')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{tr('deviceRes.listVersion.idTagExpiryDate')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{tr('deviceRes.listVersion.parentIdTag')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((entry, offset) => {
                    const index = page * ENTRY_PAGE + offset;
                    const label = (field: string) =>
                      `${tr('deviceRes.listVersion.entryRow', { index: index + 1 })}: ${tr(field)}`;
                    const bad = (field: string) => Boolean(errors[`${index}.${field}`]);
                    return (
                      <Table.Row key={entry.key}>
                        <Table.Cell>{index + 1}</Table.Cell>
                        <Table.Cell>
                          <Input
                            size="sm"
                            aria-label={label('deviceRes.listVersion.idTag')}
                            aria-invalid={bad('idTag')}
                            value={entry.idTag}
                            onChange={(e) => change(index, { idTag: e.currentTarget.value })}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <NativeSelect.Root size="sm">
                            <NativeSelect.Field
                              aria-label={label('deviceRes.listVersion.idTagStatus')}
                              aria-invalid={bad('idTagStatus')}
                              value={entry.idTagStatus}
                              onChange={(e) => change(index, { idTagStatus: e.currentTarget.value })}
                            >
                              {ID_TAG_STATUS_OPTIONS.map((o) => (
                                <option key={String(o.value)} value={String(o.value)}>
                                  {tr(o.label)}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Table.Cell>
                        <Table.Cell>
                          <DateField
                            size="sm"
                            granularity="second"
                            label={label('deviceRes.listVersion.idTagExpiryDate')}
                            invalid={bad('idTagExpiryDate')}
                            value={entry.idTagExpiryDate}
                            onChange={(value) => change(index, { idTagExpiryDate: value })}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <Input
                            size="sm"
                            aria-label={label('deviceRes.listVersion.parentIdTag')}
                            aria-invalid={bad('parentIdTag')}
                            value={entry.parentIdTag}
                            onChange={(e) => change(index, { parentIdTag: e.currentTarget.value })}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={tr('deviceRes.listVersion.removeEntry', { index: index + 1 })}
                            onClick={() => {
                              setEdited(entries.filter((_, i) => i !== index));
                              setErrors({});
                            }}
                          >
                            ×
                          </IconButton>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : null}
          {pages > 1 ? (
            <HStack justify="flex-end" gap="2" as="nav" aria-label={tr('admin.common.pagination')}>
              <Button size="xs" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {tr('admin.common.prev')}
              </Button>
              <Text fontSize="sm">{tr('admin.common.pageOf', { page: page + 1, pages })}</Text>
              <Button
                size="xs"
                variant="outline"
                disabled={page >= pages - 1}
                onClick={() => setPage(page + 1)}
              >
                {tr('admin.common.next')}
              </Button>
            </HStack>
          ) : null}
        </Stack>
      ) : null}
    </ActionDialog>
  );
}

function problemText(tr: Translate, key: string, message: string): string {
  const [index, field] = key.split('.');
  if (field === undefined) return tr(message);
  return `${tr('deviceRes.listVersion.entryRow', { index: Number(index) + 1 })}: ${tr(message)}`;
}

/** The entries in the detail view, as a small read-only table. */
function EntriesTable({ row }: { row: Row }) {
  const tr = useTr();
  const entries = Array.isArray(row.entries) ? (row.entries as Row[]) : [];
  if (!entries.length) return <Text color="fg.muted">{tr('deviceRes.listVersion.noEntries')}</Text>;
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{tr('deviceRes.listVersion.idTag')}</Table.ColumnHeader>
          <Table.ColumnHeader>{tr('deviceRes.listVersion.idTagStatus')}</Table.ColumnHeader>
          <Table.ColumnHeader>{tr('deviceRes.listVersion.idTagExpiryDate')}</Table.ColumnHeader>
          <Table.ColumnHeader>{tr('deviceRes.listVersion.parentIdTag')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.slice(0, ENTRY_PAGE * 2).map((e) => (
          <Table.Row key={String(e.idTag)}>
            <Table.Cell>{String(e.idTag)}</Table.Cell>
            <Table.Cell>{tr(`deviceRes.listVersion.idTagStatuses.${String(e.idTagStatus)}`)}</Table.Cell>
            <Table.Cell>{e.idTagExpiryDate ? formatDateTime(e.idTagExpiryDate) : '-'}</Table.Cell>
            <Table.Cell>{e.parentIdTag ? String(e.parentIdTag) : '-'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export const listVersionDecl: ResourceDecl = {
  exportable: true,
  id: 'listVersion',
  title: 'deviceRes.listVersion.title',
  api: resourcePaths(listVersionResource),
  idField: 'id',
  nameField: 'name',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: { create: listVersionSchema, update: listUpdate },
  columns: [
    { key: 'name', label: 'deviceRes.listVersion.name', sortable: true },
    { key: 'listVersion', label: 'deviceRes.listVersion.version', kind: 'number', sortable: true },
    {
      key: 'type',
      label: 'deviceRes.listVersion.type',
      kind: 'enum',
      options: LIST_TYPE_OPTIONS,
      sortable: true,
    },
    { key: 'capacity', label: 'deviceRes.listVersion.capacity', kind: 'number', sortable: true },
    { key: 'entryCount', label: 'deviceRes.listVersion.entryCount', kind: 'number' },
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'deviceRes.listVersion.name', kind: 'text' },
    { name: 'type', label: 'deviceRes.listVersion.type', kind: 'select', options: LIST_TYPE_OPTIONS },
  ],
  fields: [
    { name: 'name', label: 'deviceRes.listVersion.name', kind: 'text', required: true },
    { name: 'listVersion', label: 'deviceRes.listVersion.version', kind: 'number', required: true },
    {
      name: 'type',
      label: 'deviceRes.listVersion.type',
      kind: 'select',
      required: true,
      options: LIST_TYPE_OPTIONS,
    },
    {
      name: 'capacity',
      label: 'deviceRes.listVersion.capacity',
      kind: 'number',
      required: true,
      help: 'deviceRes.listVersion.capacityHelp',
    },
  ],
  // A new list starts empty; an edit sends back the loaded entries (the dialog changes them).
  defaults: { listVersion: 1, type: LIST_TYPE.notOrganisation, capacity: 100, entries: [] },
  detail: [
    { key: 'name', label: 'deviceRes.listVersion.name' },
    { key: 'listVersion', label: 'deviceRes.listVersion.version', kind: 'number' },
    { key: 'type', label: 'deviceRes.listVersion.type', kind: 'enum', options: LIST_TYPE_OPTIONS },
    { key: 'capacity', label: 'deviceRes.listVersion.capacity', kind: 'number' },
    { key: 'entries', label: 'deviceRes.listVersion.entries', render: (row) => <EntriesTable row={row} /> },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'entries',
      label: () => 'deviceRes.listVersion.editEntries',
      permission: p.edit,
      dialog: EntriesDialog,
    },
    // docs/product.md section 5: non-company accounts cannot send a local whitelist (not offered to them).
    sendAction({
      key: 'sendToCharger',
      label: 'deviceSend.sendToCharger',
      commands: ['sendLocalList'],
      fixed: (row) => ({ listVersionId: String(row.id ?? '') }),
      nameField: 'name',
      companyOnly: true,
      visible: () => isCompanyUser(storedUser()),
    }),
  ],
};
