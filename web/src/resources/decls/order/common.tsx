/**
 * Pieces the charging-order screens share: the enumerations of docs/product.md sections 3 and 4 as options,
 * money and energy as they read, the order page's path and the link to it, and the charge point picker.
 */
import { API } from '@shared/api/paths.ts';
import { Text } from '@chakra-ui/react';
import {
  CHARGE_TYPE,
  END_FLAG,
  FEE_TYPE,
  ORDER_TYPE_KEYS,
  PAY_FLAG,
  PAY_TYPE,
  START_MODE_KEYS,
} from '@shared/schemas/order.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { useTr } from '@web/resources/i18n.ts';
import { useCan } from '@web/resources/permissions.ts';
import type { EnumOption, RemoteSource, Row } from '@web/resources/types.ts';
import { PILE_LIST_URL } from '@web/resources/decls/site/common.tsx';
import { CODE } from '@shared/permissions/menus.ts';

const O = 'orderRes';

/** Codes of the charging-order screens (shared/permissions/menus.ts). */
export const ORDER_CODE = {
  view: CODE.orders,
  detail: CODE.orderDetail,
  reset: CODE.orderReset,
  realtime: CODE.orderRealtime,
  export: CODE.orderExport,
  profit: CODE.profitOrders,
};

export const ORDER_LIST_URL = API.biz.chargeOrder.list;
export const ORDER_DETAIL_URL = API.biz.chargeOrder.detail;
export const ORDER_RESET_URL = API.biz.chargeOrder.reset;
export const ORDER_REALTIME_URL = API.biz.chargeOrder.realtime;

export const orderDetailPath = (id: unknown) => `/orderDetail/${encodeURIComponent(String(id ?? ''))}`;

export const PAY_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: PAY_FLAG.unpaid, label: `${O}.payFlags.unpaid`, tone: 'warning' },
  { value: PAY_FLAG.paid, label: `${O}.payFlags.paid`, tone: 'success' },
];
export const END_FLAG_OPTIONS: readonly EnumOption[] = Object.entries(END_FLAG).map(([key, value]) => ({
  value,
  label: `${O}.endFlags.${key}`,
}));
export const PAY_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(PAY_TYPE).map(([key, value]) => ({
  value,
  label: `${O}.payTypes.${key}`,
}));
export const FEE_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(FEE_TYPE).map(([key, value]) => ({
  value,
  label: `${O}.feeTypes.${key}`,
}));
export const START_MODE_OPTIONS: readonly EnumOption[] = Object.entries(START_MODE_KEYS).map(
  ([value, key]) => ({ value: Number(value), label: `${O}.startModes.${key}` }),
);
export const ORDER_TYPE_OPTIONS: readonly EnumOption[] = Object.entries(ORDER_TYPE_KEYS).map(
  ([value, key]) => ({ value: Number(value), label: `${O}.orderTypes.${key}` }),
);

/** The caller's charge points, searched by id (a filter). */
export const pileSource: RemoteSource = {
  url: PILE_LIST_URL,
  search: 'chargePointId',
  value: 'id',
  label: 'id',
};

/** A decimal string of money with its currency ("12.35 EUR"); '' when there is none. */
export function money(amount: unknown, currency: unknown): string {
  if (amount === undefined || amount === null || amount === '') return '';
  return currency ? `${String(amount)} ${String(currency)}` : String(amount);
}

/** kWh with three decimals, from whole Wh (or the stored kWh). */
export function kwh(row: Row): string {
  if (typeof row.energyWh === 'number') return (row.energyWh / 1000).toFixed(3);
  if (typeof row.totalElectricity === 'number') return row.totalElectricity.toFixed(3);
  return '';
}

/** kW with two decimals from W. */
export const kw = (watts: unknown) => (typeof watts === 'number' ? (watts / 1000).toFixed(2) : '');

export const Dash = () => <Text color="fg.subtle">-</Text>;

/** The order number, as a link to its page for holders of the detail code. */
export function OrderLink({ orderNo }: { orderNo: unknown }) {
  const can = useCan();
  const text = String(orderNo ?? '');
  if (!text) return <Dash />;
  return can(ORDER_CODE.detail) ? <AppLink to={orderDetailPath(text)}>{text}</AppLink> : <>{text}</>;
}

/**
 * What the order's remote start asked to charge, with the value's unit ("By energy 12.500 kWh", "By amount
 * 20.00 EUR"); a dash on orders written before it was recorded. The labels are the command form's.
 */
export function ChargeTarget({ row }: { row: Row }) {
  const tr = useTr();
  if (row.chargeType === undefined || row.chargeType === null) return <Dash />;
  const type = Number(row.chargeType);
  const label = tr(`commandRes.options.chargeType.${type}`);
  if (row.chargeValue === undefined || row.chargeValue === null || row.chargeValue === '')
    return <>{label}</>;
  const unit =
    type === CHARGE_TYPE.energy
      ? tr(`${O}.units.kWh`)
      : type === CHARGE_TYPE.time
        ? tr(`${O}.units.min`)
        : String(row.currency ?? '');
  return <>{`${label} ${String(row.chargeValue)} ${unit}`.trim()}</>;
}
