/**
 * "Reserve" on /reserveOrder (code 4201): a charge point of the caller, one of its connectors, the idTag
 * and the minutes (1 to 1440), checked by the API's own schema before it is sent. The reservation goes to the
 * charger through the command pipeline; the list shows it requesting, then reserved or failed.
 */
import { RESERVE_MINUTES_MAX, reserveAddSchema } from '@shared/schemas/reservation.ts';
import { pileSource } from '@web/resources/decls/order/common.tsx';
import { FieldsDialog, formButton, type FormDialogProps } from '@web/resources/fields-dialog.tsx';
import type { Field, FieldsForm } from '@web/resources/types.ts';
import { useState } from 'react';
import {
  RESERVE_ADD_URL,
  RESERVE_LIST_URL,
  RESERVE_ORDER_CODE,
} from '@web/resources/decls/reservation/common.tsx';

const D = 'reservationRes.reserve';

/** The fields, with the connectors of the charge point picked. */
const fields = (connectors: number[]): Field[] => [
  {
    name: 'chargePointId',
    label: `${D}.chargePoint`,
    kind: 'remote',
    required: true,
    remote: {
      ...pileSource,
      assign: (picked) => ({
        connectorNo: '',
        connectors: ((picked?.connectors as { connectorNo: number }[] | undefined) ?? []).map(
          (c) => c.connectorNo,
        ),
      }),
    },
  },
  {
    name: 'connectorNo',
    label: `${D}.connector`,
    kind: 'select',
    required: true,
    help: connectors.length ? undefined : `${D}.noConnectors`,
    options: connectors.map((n) => ({ value: n, label: String(n), raw: true })),
  },
  { name: 'idTag', label: `${D}.idTag`, kind: 'text', required: true },
  { name: 'minutes', label: `${D}.minutes`, kind: 'number', required: true, help: `${D}.minutesHelp` },
];

const reserveForm: FieldsForm = {
  title: () => ({ message: `${D}.title` }),
  fields: fields([]),
  initial: () => ({ minutes: '30' }),
  schema: reserveAddSchema,
  url: RESERVE_ADD_URL,
  submitLabel: `${D}.submit`,
  failureTitle: `${D}.title`,
  done: () => ({ message: `${D}.sent` }),
  scope: 'reserveOrder',
  errorValues: { max: RESERVE_MINUTES_MAX },
};

/** The form with the picked charge point's connectors to choose from. */
function ReserveDialog(props: FormDialogProps) {
  const [connectors, setConnectors] = useState<number[]>([]);
  return (
    <FieldsDialog
      {...props}
      fields={fields(connectors)}
      onAssign={(assigned) => setConnectors((assigned.connectors as number[] | undefined) ?? [])}
    />
  );
}

/** The toolbar button of the list, for holders of 4201. */
export const ReserveButton = formButton({
  label: `${D}.open`,
  permission: RESERVE_ORDER_CODE.add,
  form: reserveForm,
  listUrl: RESERVE_LIST_URL,
  Dialog: ReserveDialog,
});
