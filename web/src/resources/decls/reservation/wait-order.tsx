/**
 * Queue orders (/waitOrder, code 4500): the queue of a station in order of arrival with each waiting
 * driver's position (or the company's entries of the last 30 days, newest first), filtered by status and id
 * tag. Holders of 4501 put an id tag in a station's queue from the toolbar and take an entry out (waiting or
 * called, with confirmation). A called driver has 15 minutes to start charging.
 */
import { WAIT_CALL_MINUTES, waitAddSchema } from '@shared/schemas/reservation.ts';
import { call } from '@web/lib/api.ts';
import { Dash } from '@web/resources/decls/order/common.tsx';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import { formButton } from '@web/resources/fields-dialog.tsx';
import type { Column, Field, FieldsForm, ResourceDecl } from '@web/resources/types.ts';
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

/** Putting an id tag in a station's queue (toolbar, holders of 4501). */
const waitAddForm: FieldsForm = {
  title: () => ({ message: `${W}.addTitle` }),
  intro: () => ({ message: `${W}.callNote`, values: { minutes: WAIT_CALL_MINUTES } }),
  fields: addFields,
  schema: waitAddSchema,
  url: WAIT_ADD_URL,
  submitLabel: `${W}.submit`,
  failureTitle: `${W}.addTitle`,
  done: () => ({ message: `${W}.added` }),
  scope: 'waitOrder',
};

export const waitOrderDecl: ResourceDecl = {
  id: 'waitOrder',
  title: `${W}.title`,
  api: { list: WAIT_LIST_URL },
  idField: 'id',
  nameField: 'idTag',
  permissions: { view: WAIT_ORDER_CODE.view },
  columns,
  filters,
  toolbar: formButton({
    label: `${W}.add`,
    permission: WAIT_ORDER_CODE.cancel,
    form: waitAddForm,
    listUrl: WAIT_LIST_URL,
  }),
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
