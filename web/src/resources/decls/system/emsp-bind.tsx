/**
 * eMsp site binding (/emspBind): every roaming partner with whether the caller's sites are published to it;
 * "Bind sites" picks the caller's sites (the whole set is saved), "Unbind all" clears them. A company sees and
 * changes only its own sites' binding.
 */
import { API } from '@shared/api/paths.ts';
import { EMSP_FLAG } from '@shared/resources/system/emsp.ts';
import { call } from '@web/lib/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { ResourceDecl, RowDialogProps } from '@web/resources/types.ts';
import { loadBindList, StationBindDialog } from '@web/resources/station-checklist.tsx';
import { BIND_FLAG_OPTIONS, ENABLE_FLAG_OPTIONS } from './emsp.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** The code of the /emspBind page (docs/product.md section 6; companies hold it too). */
export const EMSP_BIND_CODE = CODE.emspBind;

export function EmspBindDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const id = String(row.id);
  return (
    <StationBindDialog
      title={tr('systemRes.emspBind.bindTitle', { name: String(row.name ?? '') })}
      loadKey={`emspStations:${id}`}
      load={() => loadBindList(API.admin.emsp.bindList, { id })}
      save={async (stationIds) => {
        await call(API.admin.emsp.bind, { id, stationIds, version: row.version });
        return tr('systemRes.emspBind.saved');
      }}
      chosenLabel={(count, total) => tr('systemRes.emspBind.chosen', { count, total })}
      noStationsLabel={tr('systemRes.emspBind.noStations')}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

export const emspBindDecl: ResourceDecl = {
  id: 'emspBind',
  title: 'systemRes.emspBind.title',
  api: { list: API.admin.emsp.bindEntries },
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
        await call(API.admin.emsp.bind, { id: row.id, stationIds: [], version: row.version });
        ctx.notify('systemRes.emspBind.unbound');
        ctx.refresh();
      },
    },
  ],
};
