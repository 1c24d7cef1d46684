/**
 * Reservation orders and queue orders (docs/decisions/277-reservation-orders.md; docs/product.md sections 2,
 * 3, 4 and 6): the request schemas the server and the console share, the statuses and the constants the rules
 * use.
 */
import { z } from 'zod';
import { optionalText, requiredText as text } from '@shared/schemas/fields.ts';
import { pageNumber } from './admin.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** docs/product.md section 4, reservation status. */
export const RESERVE_STATUS = { requesting: 1, successful: 2, canceling: 3, ended: 4 } as const;
export type ReserveStatus = (typeof RESERVE_STATUS)[keyof typeof RESERVE_STATUS];

/** Why a reservation ended (the end flag says it in docs/product.md's terms). */
export const RESERVE_END_REASONS = ['used', 'cancelled', 'expired', 'removed', 'failed'] as const;
export type ReserveEndReason = (typeof RESERVE_END_REASONS)[number];

/** Codes of the reservation order screens (shared/permissions/menus.ts). */
/** 4201 is also the code of /reserveOrderDetail (shared/permissions/menus.ts `detailRouteCodes`). */
export const RESERVE_ORDER_CODE = {
  view: CODE.reserveOrders,
  add: CODE.reserveOrderDetail,
  detail: CODE.reserveOrderDetail,
  cancel: CODE.reserveOrderCancel,
} as const;
/** Codes of the queue screen: 4500 view, 4501 the writes (join and cancel). */
export const WAIT_ORDER_CODE = { view: CODE.waitOrders, cancel: CODE.waitOrderEdit } as const;

/** A reservation holds a connector for 1 minute to a day. */
export const RESERVE_MINUTES_MAX = 1440;
/** The list window (by creation time): docs/product.md section 5's 2 years; the last 30 days by default. */
export const RESERVE_WINDOW_YEARS = 2;
export const RESERVE_DEFAULT_DAYS = 30;

/** Queue entry statuses. */
export const WAIT_STATUSES = ['waiting', 'called', 'served', 'cancelled', 'expired'] as const;
export type WaitStatus = (typeof WAIT_STATUSES)[number];
/** A called driver has this long to start a session on the connector before the next one is called. */
export const WAIT_CALL_MINUTES = 15;

const idTag = () => text(20).regex(/^[\x20-\x7E]+$/, { error: 'reservationRes.validation.idTag' });
const isoTime = () =>
  z
    .string()
    .optional()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), { error: 'validation.dateFormat' })
    .transform((v) => (v ? v : undefined));

export const reserveAddSchema = z
  .object({
    chargePointId: text(64),
    connectorNo: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
    idTag: idTag(),
    minutes: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'reservationRes.validation.minutes' })
      .min(1, { error: 'reservationRes.validation.minutes' })
      .max(RESERVE_MINUTES_MAX, { error: 'reservationRes.validation.minutes' }),
  })
  .strict();
export type ReserveAdd = z.infer<typeof reserveAddSchema>;

export const reserveListSchema = z.object({
  current: pageNumber(),
  size: z.coerce.number().int().min(1).max(100).default(10),
  status: z
    .union([z.coerce.number().int().min(1).max(4), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  chargePointId: optionalText(64),
  idTag: optionalText(20),
  startTimeFrom: isoTime(),
  startTimeTo: isoTime(),
});

export const waitAddSchema = z.object({ stationId: text(64), idTag: idTag() }).strict();

export const waitListSchema = z.object({
  current: pageNumber(),
  size: z.coerce.number().int().min(1).max(100).default(10),
  stationId: optionalText(64),
  idTag: optionalText(20),
  status: z
    .union([z.enum(WAIT_STATUSES), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

/** A reservation order as the API returns it. */
export interface ReserveOrderView {
  id: string;
  status: ReserveStatus;
  endFlag?: number;
  endReason?: ReserveEndReason;
  stationId: string;
  stationName?: string;
  chargePointId: string;
  connectorNo: number;
  idTag: string;
  minutes: number;
  reservationId?: number;
  createTime: string;
  expiryTime: string;
  startTime?: string;
  endTime?: string;
  cancelTime?: string;
  durationSeconds?: number;
  price?: string;
  currency?: string;
  fee?: string;
  payFlag?: number;
  payType?: number;
  cardBalanceBefore?: number;
  cardBalanceAfter?: number;
  transactionId?: string;
  history: { status: number; at: string; reason?: string }[];
}

export interface WaitOrderView {
  id: string;
  status: WaitStatus;
  stationId: string;
  stationName?: string;
  idTag: string;
  createTime: string;
  position?: number;
  chargePointId?: string;
  connectorNo?: number;
  calledAt?: string;
  servedAt?: string;
  cancelTime?: string;
  expiredAt?: string;
  transactionId?: string;
}
