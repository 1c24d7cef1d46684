/**
 * Queue orders (/waitOrder, code 4500): the queue of a station in order of arrival with each waiting
 * driver's position (or the company's entries of the last 30 days, newest first), filtered by status and id
 * tag. Holders of 4501 put an id tag in a station's queue from the toolbar and take an entry out (waiting or
 * called, with confirmation). A called driver has 15 minutes to start charging.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { WAIT_CALL_MINUTES, waitAddSchema } from '@shared/schemas/reservation.ts';
import { FormDialog } from '@web/components/ui/form-dialog.tsx';
import { call } from '@web/lib/api.ts';
import { Dash } from '@web/resources/decls/order/common.tsx';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import { FormField } from '@web/resources/form-fields.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { Column, Field, ResourceDecl } from '@web/resources/types.ts';
import { useFieldsSubmit } from '@web/resources/use-fields-submit.ts';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  WAIT_ADD_URL,
  WAIT_CANCEL_URL,
  WAIT_LIST_URL,
  WAIT_ORDER_CODE,
  WAIT_STATUS_OPTIONS,
} from './common.tsx';

const W = 'reservationRes.wait';

const columns: Column[] = [
  {
    key: 'position',
    label: `${W}.position`,
    render: (row) => (row.position ? String(row.position) : <Dash />),
  },
  { key: 'stationName', label: `${W}.station`, render: (row) => String(row.stationName ?? '') || <Dash /> },
  { key: 'idTag', label: `${W}.idTag` },
  { key: 'status', label: `${W}.status`, kind: 'enum', options: WAIT_STATUS_OPTIONS },
  { key: 'createTime', label: `${W}.createTime`, kind: 'date' },
  {
    key: 'connectorNo',
    label: `${W}.connector`,
    render: (row) =>
      row.chargePointId ? `${String(row.chargePointId)} / ${String(row.connectorNo ?? '')}` : <Dash />,
  },
  { key: 'calledAt', label: `${W}.calledAt`, kind: 'date' },
  { key: 'servedAt', label: `${W}.servedAt`, kind: 'date' },
];

const filters: readonly Field[] = [
  { name: 'stationId', label: `${W}.station`, kind: 'remote', remote: stationSource },
  { name: 'status', label: `${W}.status`, kind: 'select', options: WAIT_STATUS_OPTIONS },
  { name: 'idTag', label: `${W}.idTag`, kind: 'text' },
];

const addFields: Field[] = [
  { name: 'stationId', label: `${W}.station`, kind: 'remote', required: true, remote: stationSource },
  { name: 'idTag', label: `${W}.idTag`, kind: 'text', required: true },
];

export function WaitAddDialog(props: { onClose: () => void; onDone: () => void }) {
  const tr = useTr();
  const { values, setValues, errors, failure, busy, submit } = useFieldsSubmit({
    fields: addFields,
    schema: waitAddSchema,
    url: WAIT_ADD_URL,
    success: `${W}.added`,
    onDone: props.onDone,
  });

  return (
    <FormDialog
      title={tr(`${W}.addTitle`)}
      submitLabel={tr(`${W}.submit`)}
      cancelLabel={tr('admin.common.cancel')}
      closeLabel={tr(`${W}.close`)}
      busy={busy}
      failure={failure}
      failureTitle={tr(`${W}.addTitle`)}
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {tr(`${W}.callNote`, { minutes: WAIT_CALL_MINUTES })}
        </Text>
        {addFields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            scope="waitOrder"
            value={values[field.name]}
            onChange={(v) => setValues((old) => ({ ...old, [field.name]: v }))}
            onAssign={() => undefined}
            error={errors[field.name] ? tr(errors[field.name]!) : undefined}
            disabled={busy}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}

/** The toolbar button, for holders of 4501. */
export function WaitAddButton() {
  const tr = useTr();
  const can = useCan();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  if (!can(WAIT_ORDER_CODE.cancel)) return null;
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)}>
        {tr(`${W}.add`)}
      </Button>
      {open ? (
        <WaitAddDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void mutate((key) => Array.isArray(key) && key[0] === WAIT_LIST_URL);
          }}
        />
      ) : null}
    </>
  );
}

export const waitOrderDecl: ResourceDecl = {
  id: 'waitOrder',
  title: `${W}.title`,
  api: { base: '/biz/waitOrder', list: WAIT_LIST_URL, info: false },
  idField: 'id',
  nameField: 'idTag',
  permissions: { view: WAIT_ORDER_CODE.view },
  columns,
  filters,
  toolbar: WaitAddButton,
  actions: [
    {
      key: 'cancel',
      label: () => `${W}.cancel`,
      permission: WAIT_ORDER_CODE.cancel,
      danger: true,
      visible: (row) => row.status === 'waiting' || row.status === 'called',
      confirm: (row) => ({ message: `${W}.cancelConfirm`, values: { idTag: row.idTag } }),
      run: async (row, ctx) => {
        await call(WAIT_CANCEL_URL, undefined, { id: String(row.id) });
        ctx.notify(`${W}.cancelled`);
        ctx.refresh();
      },
    },
  ],
};
