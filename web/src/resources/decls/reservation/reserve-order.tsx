/**
 * Reservation orders (/reserveOrder, kept page, code 4200): newest first, filtered by status, charge point,
 * id tag and a request-time window of at most 2 years (the last 30 days when empty). The id links to
 * /reserveOrderDetail/{id}; holders of 4202 cancel a successful reservation (with confirmation: the cancel
 * goes to the charger); holders of 4201 reserve from the toolbar.
 */
import { call } from '@web/lib/api.ts';
import { Dash, money, pileSource } from '@web/resources/decls/order/common.tsx';
import type { Column, Field, ResourceDecl, Row } from '@web/resources/types.ts';
import {
  END_REASON_OPTIONS,
  RESERVE_CANCEL_URL,
  RESERVE_LIST_URL,
  RESERVE_ORDER_CODE,
  RESERVE_STATUS_OPTIONS,
  reserveDetailPath,
  ReserveLink,
} from './common.tsx';
import { ReserveButton } from '@web/screens/reservation/reserve-dialog.tsx';

const L = 'reservationRes.list';

const columns: Column[] = [
  { key: 'id', label: `${L}.id`, render: (row) => <ReserveLink id={row.id} /> },
  { key: 'stationName', label: `${L}.station`, render: (row) => String(row.stationName ?? '') || <Dash /> },
  {
    key: 'chargePointId',
    label: `${L}.chargePoint`,
    render: (row) => `${String(row.chargePointId ?? '')} / ${String(row.connectorNo ?? '')}`,
  },
  { key: 'idTag', label: `${L}.idTag` },
  { key: 'minutes', label: `${L}.minutes` },
  { key: 'createTime', label: `${L}.createTime`, kind: 'date' },
  { key: 'expiryTime', label: `${L}.expiryTime`, kind: 'date' },
  { key: 'endTime', label: `${L}.endTime`, kind: 'date' },
  { key: 'status', label: `${L}.status`, kind: 'enum', options: RESERVE_STATUS_OPTIONS },
  { key: 'endReason', label: `${L}.endReason`, kind: 'enum', options: END_REASON_OPTIONS },
  { key: 'fee', label: `${L}.fee`, render: (row) => money(row.fee, row.currency) || <Dash /> },
];

const filters: readonly Field[] = [
  { name: 'status', label: `${L}.status`, kind: 'select', options: RESERVE_STATUS_OPTIONS },
  { name: 'chargePointId', label: `${L}.chargePoint`, kind: 'remote', remote: pileSource },
  { name: 'idTag', label: `${L}.idTag`, kind: 'text' },
  { name: 'startTimeFrom', label: `${L}.from`, kind: 'datetime' },
  { name: 'startTimeTo', label: `${L}.to`, kind: 'datetime', help: `${L}.windowHelp` },
];

/** Sends the cancel to the charger; the list shows "canceling" until it answers. */
export async function cancelReservation(row: Row): Promise<void> {
  await call(RESERVE_CANCEL_URL, undefined, { id: String(row.id) });
}

export const reserveOrderDecl: ResourceDecl = {
  id: 'reserveOrder',
  title: `${L}.title`,
  api: { list: RESERVE_LIST_URL },
  idField: 'id',
  nameField: 'id',
  permissions: { view: RESERVE_ORDER_CODE.view },
  columns,
  filters,
  toolbar: ReserveButton,
  actions: [
    {
      key: 'detail',
      label: () => `${L}.detail`,
      permission: RESERVE_ORDER_CODE.detail,
      run: (row, ctx) => ctx.navigate(reserveDetailPath(row.id)),
    },
    {
      key: 'cancel',
      label: () => `${L}.cancel`,
      permission: RESERVE_ORDER_CODE.cancel,
      danger: true,
      visible: (row) => Number(row.status) === 2,
      confirm: (row) => ({
        message: `${L}.cancelConfirm`,
        values: { chargePointId: row.chargePointId, connectorNo: row.connectorNo, idTag: row.idTag },
      }),
      run: async (row, ctx) => {
        await cancelReservation(row);
        ctx.notify(`${L}.cancelSent`);
        ctx.refresh();
      },
    },
  ],
};
