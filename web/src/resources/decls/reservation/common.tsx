/**
 * Pieces the reservation and queue screens share: their calls, the statuses of docs/product.md section 4 as
 * options, the reservation page's path and the link to it, and the reservation fee picker of the station
 * form.
 */
import { API } from '@shared/api/paths.ts';
import { RESERVE_ORDER_CODE, WAIT_ORDER_CODE, WAIT_STATUSES } from '@shared/schemas/reservation.ts';
import { AppLink } from '@web/components/ui/link.tsx';
import { useCan } from '@web/resources/permissions.ts';
import type { EnumOption, RemoteSource } from '@web/resources/types.ts';

const R = 'reservationRes';

export { RESERVE_ORDER_CODE, WAIT_ORDER_CODE };

export const RESERVE_LIST_URL = API.biz.reserveOrder.list;
export const RESERVE_DETAIL_URL = API.biz.reserveOrder.detail;
export const RESERVE_ADD_URL = API.biz.reserveOrder.add;
export const RESERVE_CANCEL_URL = API.biz.reserveOrder.cancel;
export const WAIT_LIST_URL = API.biz.waitOrder.list;
export const WAIT_ADD_URL = API.biz.waitOrder.add;
export const WAIT_CANCEL_URL = API.biz.waitOrder.cancel;

export const reserveDetailPath = (id: unknown) =>
  `/reserveOrderDetail/${encodeURIComponent(String(id ?? ''))}`;

export const RESERVE_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: 1, label: `${R}.statuses.requesting`, tone: 'info' },
  { value: 2, label: `${R}.statuses.successful`, tone: 'success' },
  { value: 3, label: `${R}.statuses.canceling`, tone: 'warning' },
  { value: 4, label: `${R}.statuses.ended`, tone: 'neutral' },
];

export const END_REASON_OPTIONS: readonly EnumOption[] = [
  { value: 'used', label: `${R}.endReasons.used`, tone: 'success' },
  { value: 'cancelled', label: `${R}.endReasons.cancelled`, tone: 'neutral' },
  { value: 'expired', label: `${R}.endReasons.expired`, tone: 'warning' },
  { value: 'removed', label: `${R}.endReasons.removed`, tone: 'neutral' },
  { value: 'failed', label: `${R}.endReasons.failed`, tone: 'danger' },
];

const WAIT_TONES = {
  waiting: 'info',
  called: 'warning',
  served: 'success',
  cancelled: 'neutral',
  expired: 'danger',
};
export const WAIT_STATUS_OPTIONS: readonly EnumOption[] = WAIT_STATUSES.map((s) => ({
  value: s,
  label: `${R}.wait.statuses.${s}`,
  tone: WAIT_TONES[s] as EnumOption['tone'],
}));

/** The company's reservation fees, searched by name (the station form). */
export const reserveFeeSource: RemoteSource = {
  url: API.biz.reserveFee.list,
  search: 'name',
  value: 'id',
  label: 'name',
};

/** A reservation's id, as a link to its page. */
export function ReserveLink({ id }: { id: unknown }) {
  const can = useCan();
  const text = String(id ?? '');
  return can(RESERVE_ORDER_CODE.detail) ? (
    <AppLink to={reserveDetailPath(text)}>{text.slice(0, 8)}</AppLink>
  ) : (
    <>{text.slice(0, 8)}</>
  );
}
