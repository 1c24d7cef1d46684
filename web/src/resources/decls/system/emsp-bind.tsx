/**
 * eMsp site binding (/emspBind): every roaming partner with whether the caller's sites are published to it;
 * "Bind sites" picks the caller's sites (the whole set is saved), "Unbind all" clears them. A company sees and
 * changes only its own sites' binding.
 */
import { Alert, Checkbox, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { EMSP_FLAG } from '@shared/resources/system/emsp.ts';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { ErrorState } from '@web/components/ui/state-views.tsx';
import { call } from '@web/lib/api.ts';
import { asPage, errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useLoad } from '@web/resources/use-load.ts';
import { useMemo, useState } from 'react';
import { BIND_FLAG_OPTIONS, ENABLE_FLAG_OPTIONS } from './emsp.ts';

/** The code of the /emspBind page (SPEC.md section 6; companies hold it too). */
export const EMSP_BIND_CODE = '6810';

/** Largest page the list calls allow: the dialog loads every site so saving sends the whole set. */
const STATION_PAGE = 500;

/** The caller's sites, each with whether it is bound to the partner. */
async function loadStations(id: string): Promise<Row[]> {
  const all: Row[] = [];
  for (let current = 1; ; current++) {
    const page = asPage(await call<unknown>('/admin/emsp/bindList', { current, size: STATION_PAGE }, { id }));
    all.push(...page.records);
    if (page.records.length === 0 || all.length >= page.total) return all;
  }
}

const stationId = (s: Row) => String(s.id);
const stationName = (s: Row) => String(s.name ?? s.id);

export function EmspBindDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const id = String(row.id);
  const stations = useLoad(`emspStations:${id}`, () => loadStations(id));
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const bound = useMemo(
    () => chosen ?? new Set((stations.data ?? []).filter((s) => s.bound === true).map(stationId)),
    [chosen, stations.data],
  );
  const shown = (stations.data ?? []).filter((s) =>
    stationName(s).toLowerCase().includes(search.trim().toLowerCase()),
  );

  const submit = async () => {
    setBusy(true);
    setFailure('');
    try {
      await call('/admin/emsp/bind', { id, stationIds: [...bound], version: row.version });
      onDone(tr('systemRes.emspBind.saved'));
    } catch (error) {
      setFailure(errorMessage(tr, error));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={tr('systemRes.emspBind.bindTitle', { name: String(row.name ?? '') })}
      submitLabel={tr('admin.common.save')}
      cancelLabel={tr('admin.common.cancel')}
      closeLabel={tr('admin.common.close')}
      busy={busy}
      disabled={!stations.data}
      onClose={onClose}
      onSubmit={() => void submit()}
      size="lg"
    >
      {failure ? (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
      {stations.loading ? <Spinner /> : null}
      {stations.error ? (
        <ErrorState
          title={tr('admin.common.getError')}
          message={errorMessage(tr, stations.error)}
          retryLabel={tr('actions.retry')}
          onRetry={stations.retry}
        />
      ) : null}
      {stations.data ? (
        <Stack gap="3">
          <Input
            size="sm"
            aria-label={tr('admin.common.search')}
            placeholder={tr('admin.common.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Text fontSize="sm" color="fg.muted">
            {tr('systemRes.emspBind.chosen', { count: bound.size, total: stations.data.length })}
          </Text>
          {stations.data.length === 0 ? (
            <Text color="fg.muted">{tr('systemRes.emspBind.noStations')}</Text>
          ) : shown.length === 0 ? (
            <Text color="fg.muted">{tr('admin.common.empty')}</Text>
          ) : null}
          <Stack gap="1" maxH="80" overflowY="auto">
            {shown.map((s) => (
              <Checkbox.Root
                key={stationId(s)}
                size="sm"
                checked={bound.has(stationId(s))}
                onCheckedChange={(e) => {
                  const next = new Set(bound);
                  if (e.checked === true) next.add(stationId(s));
                  else next.delete(stationId(s));
                  setChosen(next);
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{stationName(s)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </FormDialog>
  );
}

export const emspBindDecl: ResourceDecl = {
  id: 'emspBind',
  title: 'systemRes.emspBind.title',
  api: { base: '/admin/emsp', list: '/admin/emsp/bindEntries', info: false },
  idField: 'id',
  nameField: 'name',
  permissions: { view: EMSP_BIND_CODE },
  columns: [
    { key: 'name', label: 'systemRes.emsp.name' },
    { key: 'countryCode', label: 'systemRes.emsp.countryCode' },
    { key: 'partyId', label: 'systemRes.emsp.partyId' },
    { key: 'enableFlag', label: 'systemRes.emsp.enableFlag', kind: 'enum', options: ENABLE_FLAG_OPTIONS },
    { key: 'bindFlag', label: 'systemRes.emsp.bindFlag', kind: 'enum', options: BIND_FLAG_OPTIONS },
    { key: 'stationCount', label: 'systemRes.emsp.stationCount', kind: 'number' },
  ],
  filters: [{ name: 'name', label: 'systemRes.emsp.name', kind: 'text' }],
  actions: [
    {
      key: 'bind',
      label: () => 'systemRes.emspBind.bind',
      permission: EMSP_BIND_CODE,
      // A disabled partner takes no new sites (the server refuses); its bound ones can still be cleared.
      visible: (row) => Number(row.enableFlag) === EMSP_FLAG.yes,
      dialog: EmspBindDialog,
    },
    {
      key: 'unbind',
      label: () => 'systemRes.emspBind.unbind',
      permission: EMSP_BIND_CODE,
      danger: true,
      visible: (row) => Number(row.stationCount ?? 0) > 0,
      confirm: (row) => ({ message: 'systemRes.emspBind.unbindConfirm', values: { name: row.name } }),
      run: async (row, ctx) => {
        await call('/admin/emsp/bind', { id: row.id, stationIds: [], version: row.version });
        ctx.notify('systemRes.emspBind.unbound');
        ctx.refresh();
      },
    },
  ],
};
