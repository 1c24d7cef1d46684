/**
 * Charge points (/device, kept): the declared list with live facts (online, connector states, firmware);
 * adding and editing go through the pile wizard (the OCPP password of a new pile is shown once), rows open
 * the charger detail page, reset the OCPP password and show the connectors' QR codes; the toolbar imports
 * piles from Excel (the framework's import, code 2205).
 */
import { resourcePaths } from '@shared/api/paths.ts';
import { Button, Text } from '@chakra-ui/react';
import { chargePointResource, PILE_CODE } from '@shared/resources/site/charge-point.ts';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { useTr } from '@web/resources/i18n.ts';
import { ImportButton } from '@web/resources/io.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { Column, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  ConnectorBadges,
  OnlineBadge,
  OperativeBadge,
  PILE_LIST_URL,
  POWER_TYPE_OPTIONS,
  PROTOCOL_OPTIONS,
  stationSource,
  chargerDetailPath,
} from './common.tsx';
import {
  CredentialsDialog,
  ResetPasswordDialog,
  type Credentials,
} from '@web/screens/site/pile-credentials.tsx';
import { PileWizard } from '@web/screens/site/pile-wizard.tsx';
import { QrCodesDialog } from '@web/screens/site/qr-codes.tsx';

const W = 'siteConsole.pile';

/** Cells rendered with the current language (a column's render has no translator of its own). */
function OnlineCell({ row }: { row: Row }) {
  return <OnlineBadge tr={useTr()} online={row.online} />;
}
function OperativeCell({ row }: { row: Row }) {
  return <OperativeBadge tr={useTr()} operative={row.operative} />;
}
function ConnectorsCell({ row }: { row: Row }) {
  return <ConnectorBadges tr={useTr()} connectors={row.connectorStates} />;
}

const columns: Column[] = [
  { key: 'chargePointId', label: `${W}.chargePointId`, sortable: true },
  { key: 'name', label: `${W}.name`, sortable: true },
  { key: 'stationName', label: `${W}.station` },
  { key: 'protocol', label: `${W}.protocol`, kind: 'enum', options: PROTOCOL_OPTIONS, sortable: true },
  {
    key: 'maxPower',
    label: `${W}.power`,
    sortable: true,
    render: (row) =>
      row.maxPower === undefined ? <Text color="fg.subtle">-</Text> : `${String(row.maxPower)} kW`,
  },
  { key: 'powerType', label: `${W}.powerType`, kind: 'enum', options: POWER_TYPE_OPTIONS, hidden: true },
  { key: 'online', label: `${W}.online`, render: (row) => <OnlineCell row={row} /> },
  { key: 'operative', label: 'siteConsole.operative.label', render: (row) => <OperativeCell row={row} /> },
  { key: 'connectorStates', label: `${W}.connectors`, render: (row) => <ConnectorsCell row={row} /> },
  { key: 'firmwareVersion', label: `${W}.firmware` },
  { ...createTimeColumn, hidden: true },
];

function EditPileDialog(props: RowDialogProps) {
  return (
    <PileWizard
      mode="edit"
      id={String(props.row.id ?? props.row.chargePointId ?? '')}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  );
}

/** Add (the pile wizard, then the credentials once) and Import. */
export function ChargePointToolbar() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const reload = () => void mutate((key) => Array.isArray(key) && key[0] === PILE_LIST_URL);
  return (
    <>
      {can(PILE_CODE.add) ? (
        <Button colorPalette="blue" size="sm" onClick={() => setOpen(true)}>
          {tr(`${W}.add`)}
        </Button>
      ) : null}
      {can(PILE_CODE.add) && can(PILE_CODE.import) ? (
        <ImportButton decl={chargePointDecl} onImported={reload} />
      ) : null}
      {open ? (
        <PileWizard
          mode="create"
          onClose={() => setOpen(false)}
          onDone={() => setOpen(false)}
          onCreated={(created) => {
            setOpen(false);
            setCredentials(created);
            showMessage('success', tr(`${W}.added`));
            reload();
          }}
        />
      ) : null}
      {/* The password exists only in this state: closing the dialog forgets it. */}
      {credentials ? (
        <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />
      ) : null}
    </>
  );
}

export const chargePointDecl: ResourceDecl = {
  id: 'chargePoint',
  title: `${W}.title`,
  api: resourcePaths(chargePointResource),
  idField: 'id',
  nameField: 'name',
  // Adding and editing are the wizard's; import is in the toolbar (it needs the import code as well).
  permissions: { view: PILE_CODE.view, delete: PILE_CODE.del, detail: PILE_CODE.detail },
  columns,
  filters: [
    { name: 'chargePointId', label: `${W}.chargePointId`, kind: 'text' },
    { name: 'name', label: `${W}.name`, kind: 'text' },
    { name: 'stationId', label: `${W}.station`, kind: 'remote', remote: stationSource },
    { name: 'protocol', label: `${W}.protocol`, kind: 'select', options: PROTOCOL_OPTIONS },
  ],
  actions: [
    {
      key: 'detail',
      label: () => 'admin.common.detail',
      permission: PILE_CODE.detail,
      run: (row, ctx) => ctx.navigate(chargerDetailPath(row.id ?? row.chargePointId)),
    },
    { key: 'edit', label: () => 'admin.common.edit', permission: PILE_CODE.edit, dialog: EditPileDialog },
    {
      key: 'resetPassword',
      label: () => 'siteConsole.credentials.reset',
      permission: PILE_CODE.edit,
      dialog: ResetPasswordDialog,
    },
    { key: 'qr', label: () => 'siteConsole.qr.label', permission: PILE_CODE.view, dialog: QrCodesDialog },
  ],
  toolbar: ChargePointToolbar,
};
