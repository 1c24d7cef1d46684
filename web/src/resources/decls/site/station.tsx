/**
 * Sites (/equipment, kept): the declared station list with its filters; adding and editing go through the
 * station wizard, each row opens its detail page (/stationDetail/{id}) and the power balance wizard.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { Button } from '@chakra-ui/react';
import { SITE_CODE, stationResource } from '@shared/resources/site/station.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Column, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  LOCATION_TYPE_OPTIONS,
  OWNER_TYPE_OPTIONS,
  STATION_LIST_URL,
  STATION_STATUS_OPTIONS,
  STATION_TYPE_OPTIONS,
  stationDetailPath,
} from './common.tsx';
import { PowerBalanceDialog } from '@web/screens/site/power-balance.tsx';
import { StationWizard } from '@web/screens/site/station-wizard.tsx';

const S = 'siteConsole.station';

const columns: Column[] = [
  { key: 'name', label: `${S}.name`, sortable: true },
  { key: 'status', label: `${S}.status`, kind: 'enum', options: STATION_STATUS_OPTIONS, sortable: true },
  { key: 'city', label: `${S}.city`, sortable: true },
  { key: 'address', label: `${S}.address` },
  { key: 'type', label: `${S}.type`, kind: 'enum', options: STATION_TYPE_OPTIONS, sortable: true },
  { key: 'locationType', label: `${S}.locationType`, kind: 'enum', options: LOCATION_TYPE_OPTIONS },
  { key: 'serviceHotline', label: `${S}.serviceHotline` },
  { key: 'ownerType', label: `${S}.ownerType`, kind: 'enum', options: OWNER_TYPE_OPTIONS, hidden: true },
  { key: 'timeZone', label: `${S}.timeZone`, hidden: true },
  createTimeColumn,
];

function EditStationDialog(props: RowDialogProps) {
  return (
    <StationWizard
      mode="edit"
      id={String(props.row.id ?? '')}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  );
}

/** The toolbar's Add: the station wizard. */
export function StationToolbar() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  if (!can(SITE_CODE.add)) return null;
  return (
    <>
      <Button colorPalette="blue" size="sm" onClick={() => setOpen(true)}>
        {tr(`${S}.add`)}
      </Button>
      {open ? (
        <StationWizard
          mode="create"
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            showMessage('success', message);
            void mutate((key) => Array.isArray(key) && key[0] === STATION_LIST_URL);
          }}
        />
      ) : null}
    </>
  );
}

export const stationDecl: ResourceDecl = {
  id: 'station',
  title: `${S}.title`,
  api: resourcePaths(stationResource),
  idField: 'id',
  nameField: 'name',
  // Adding and editing are the wizard's (toolbar and row action), not the generic drawer's.
  permissions: { view: SITE_CODE.view, delete: SITE_CODE.del, detail: SITE_CODE.detail },
  columns,
  filters: [
    { name: 'name', label: `${S}.name`, kind: 'text' },
    { name: 'city', label: `${S}.city`, kind: 'text' },
    { name: 'status', label: `${S}.status`, kind: 'select', options: STATION_STATUS_OPTIONS },
    { name: 'type', label: `${S}.type`, kind: 'select', options: STATION_TYPE_OPTIONS },
    { name: 'locationType', label: `${S}.locationType`, kind: 'select', options: LOCATION_TYPE_OPTIONS },
  ],
  actions: [
    {
      key: 'detail',
      label: () => 'admin.common.detail',
      permission: SITE_CODE.detail,
      run: (row: Row, ctx) => ctx.navigate(stationDetailPath(row.id)),
    },
    { key: 'edit', label: () => 'admin.common.edit', permission: SITE_CODE.edit, dialog: EditStationDialog },
    {
      key: 'powerBalance',
      label: () => `${S}.powerBalance`,
      permission: SITE_CODE.edit,
      dialog: PowerBalanceDialog,
    },
  ],
  toolbar: StationToolbar,
};
