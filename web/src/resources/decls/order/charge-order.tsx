/**
 * Charging orders (/chargeOrder, kept page, code 4100): read only, newest first, filtered by order number,
 * station, charge point, id tag, payment and a start-time window of at most 2 years (the last 30 days when
 * empty; the server refuses longer or reversed ranges). The order number links to /orderDetail/{id} (4101);
 * holders of 4102 may re-run settlement of an unpaid order; holders of 4103 open the real-time view; holders
 * of 4104 and the Pro export 9100 export the current filter (over at most 1 year) to /fileExport. The
 * Progress filter lists the orders in progress instead (sessions not yet settled: no detail page, no reset);
 * a link opens the list so filtered with `?progress=1` (the home dashboard's sessions in progress).
 */
import { API } from '@shared/api/paths.ts';
import { ORDER_EXPORT_CODE, ORDER_PROGRESS } from '@shared/schemas/order.ts';
import { Badge } from '@chakra-ui/react';
import { renderValue } from '@web/resources/cells.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { call } from '@web/lib/api.ts';
import { durationCell } from '@web/resources/decls/alarm/common.tsx';
import { stationSource } from '@web/resources/decls/site/common.tsx';
import type { Column, EnumOption, Field, ResourceDecl, Row } from '@web/resources/types.ts';
import {
  ChargeTarget,
  Dash,
  END_FLAG_OPTIONS,
  kwh,
  money,
  ORDER_CODE,
  ORDER_LIST_URL,
  ORDER_RESET_URL,
  orderDetailPath,
  OrderLink,
  PAY_FLAG_OPTIONS,
  pileSource,
} from './common.tsx';
import { RealtimeButton } from '@web/screens/order/realtime.tsx';

const L = 'orderRes.list';

/** An order of the in-progress filter: a session not yet settled. */
export const inProgress = (row: Row) => Number(row.progress) === ORDER_PROGRESS.inProgress;

export const PROGRESS_OPTIONS: readonly EnumOption[] = [
  { value: ORDER_PROGRESS.ended, label: 'orderRes.progresses.ended' },
  { value: ORDER_PROGRESS.inProgress, label: 'orderRes.progresses.inProgress' },
];

/** The end time, or that the order is in progress. */
function EndTime({ row }: { row: Row }) {
  const tr = useTr();
  if (!inProgress(row)) return renderValue(tr, { key: 'endTime', label: `${L}.endTime`, kind: 'date' }, row);
  return (
    <Badge colorPalette="blue" variant="subtle">
      {tr('orderRes.progresses.inProgress')}
    </Badge>
  );
}

// The key columns first (number, where, when, money, payment, how it ended): a table wider than the page
// scrolls, and these are what stays in view at 1,440 px (docs/decisions/450-wide-tables.md).
const columns: Column[] = [
  {
    key: 'orderNo',
    label: `${L}.orderNo`,
    // An order in progress has no page yet (its order is stored when it is settled).
    render: (row) => (inProgress(row) ? String(row.orderNo ?? '') : <OrderLink orderNo={row.orderNo} />),
  },
  {
    key: 'stationName',
    label: `${L}.station`,
    render: (row) => String(row.stationName ?? row.stationId ?? '') || <Dash />,
  },
  {
    key: 'chargePointId',
    label: `${L}.chargePoint`,
    render: (row) =>
      `${String(row.chargePointName ?? row.chargePointId ?? '')} / ${String(row.connectorNo ?? '')}`,
  },
  { key: 'startTime', label: `${L}.startTime`, kind: 'date' },
  {
    key: 'actualFee',
    label: `${L}.actualFee`,
    render: (row) => money(row.actualFee, row.currency) || <Dash />,
  },
  { key: 'payFlag', label: `${L}.payFlag`, kind: 'enum', options: PAY_FLAG_OPTIONS },
  { key: 'endFlag', label: `${L}.endFlag`, kind: 'enum', options: END_FLAG_OPTIONS },
  { key: 'energyWh', label: `${L}.energy`, render: (row) => kwh(row) || <Dash /> },
  { key: 'totalTime', label: `${L}.duration`, render: (row) => durationCell({ duration: row.totalTime }) },
  {
    key: 'endTime',
    label: `${L}.endTime`,
    kind: 'date',
    render: (row) => <EndTime row={row} />,
  },
  { key: 'idTag', label: `${L}.idTag` },
  { key: 'chargeType', label: `${L}.chargeType`, render: (row) => <ChargeTarget row={row} /> },
];

export const orderFilters: readonly Field[] = [
  { name: 'orderNo', label: `${L}.orderNo`, kind: 'text' },
  { name: 'stationId', label: `${L}.station`, kind: 'remote', remote: stationSource },
  { name: 'chargePointId', label: `${L}.chargePoint`, kind: 'remote', remote: pileSource },
  { name: 'idTag', label: `${L}.idTag`, kind: 'text' },
  { name: 'payFlag', label: `${L}.payFlag`, kind: 'select', options: PAY_FLAG_OPTIONS },
  { name: 'startTimeFrom', label: `${L}.from`, kind: 'datetime' },
  { name: 'startTimeTo', label: `${L}.to`, kind: 'datetime', help: `${L}.windowHelp` },
];

/** Re-runs settlement of the order; says what settlement did. */
export async function resetOrder(row: Row): Promise<string> {
  const answer = await call<{ result: string }>(ORDER_RESET_URL, undefined, { id: String(row.orderNo) });
  return `orderRes.reset.${answer.result}`;
}

export const chargeOrderDecl: ResourceDecl = {
  id: 'chargeOrder',
  title: `${L}.title`,
  api: { list: ORDER_LIST_URL, export: API.biz.chargeOrder.export },
  idField: 'orderNo',
  nameField: 'orderNo',
  // The file of an export is listed and downloaded in /fileExport, the Pro export menu (9100).
  permissions: { view: ORDER_CODE.view, export: [ORDER_EXPORT_CODE.export, ORDER_EXPORT_CODE.files] },
  columns,
  // The profit orders (the same filters) are settled ones: Progress is this list's own.
  filters: [
    ...orderFilters.slice(0, 5),
    { name: 'progress', label: `${L}.progress`, kind: 'select', options: PROGRESS_OPTIONS },
    ...orderFilters.slice(5),
  ],
  toolbar: RealtimeButton,
  exportable: true,
  actions: [
    {
      key: 'detail',
      label: () => `${L}.detail`,
      permission: ORDER_CODE.detail,
      visible: (row) => !inProgress(row),
      run: (row, ctx) => ctx.navigate(orderDetailPath(row.orderNo)),
    },
    {
      key: 'reset',
      label: () => `${L}.reset`,
      permission: ORDER_CODE.reset,
      visible: (row) => !inProgress(row) && Number(row.payFlag ?? 0) !== 1,
      confirm: (row) => ({ message: `${L}.resetConfirm`, values: { orderNo: row.orderNo } }),
      run: async (row, ctx) => {
        ctx.notify(await resetOrder(row));
        ctx.refresh();
      },
    },
  ],
};
