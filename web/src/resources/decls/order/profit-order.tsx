/**
 * Profit orders (/profitOrder, kept page, code 4300): the charging orders whose revenue was shared (the
 * station's profit shares, taken at the session start), with the same filters and window as /chargeOrder,
 * each showing the platform's tariff, the shares by party and what the operator kept.
 */
import { API } from '@shared/api/paths.ts';
import type { Column, ResourceDecl } from '@web/resources/types.ts';
import { orderFilters } from './charge-order.tsx';
import { Dash, money, ORDER_CODE, orderDetailPath, OrderLink } from './common.tsx';

const L = 'orderRes.list';
const D = 'orderRes.detail';

const amount = (key: string, label: string): Column => ({
  key,
  label,
  render: (row) => money(row[key], row.currency) || <Dash />,
});

const columns: Column[] = [
  { key: 'orderNo', label: `${L}.orderNo`, render: (row) => <OrderLink orderNo={row.orderNo} /> },
  {
    key: 'stationName',
    label: `${L}.station`,
    render: (row) => String(row.stationName ?? row.stationId ?? '') || <Dash />,
  },
  { key: 'startTime', label: `${L}.startTime`, kind: 'date' },
  amount('actualFee', `${D}.actualFee`),
  amount('tariffFee', `${D}.tariffFee`),
  {
    key: 'profits',
    label: 'orderRes.profit.shares',
    render: (row) =>
      ((row.profits as { party: string; percent: string; amount: string }[] | undefined) ?? [])
        .map((p) => `${p.party} ${p.percent} %: ${money(p.amount, row.currency)}`)
        .join('; ') || <Dash />,
  },
  amount('profitFee', `${D}.profitFee`),
  amount('agentFee', `${D}.agentFee`),
];

export const profitOrderDecl: ResourceDecl = {
  id: 'profitOrder',
  title: 'orderRes.profit.title',
  api: { list: API.biz.profitOrder.list },
  idField: 'orderNo',
  nameField: 'orderNo',
  permissions: { view: ORDER_CODE.profit },
  columns,
  filters: orderFilters,
  actions: [
    {
      key: 'detail',
      label: () => `${L}.detail`,
      permission: ORDER_CODE.detail,
      run: (row, ctx) => ctx.navigate(orderDetailPath(row.orderNo)),
    },
  ],
};
