/**
 * Charging orders, read side (docs/product.md sections 3 "Order", 4 "Order end flags", 5 query windows): the
 * list request with its filters and window, the enumerations the console shows, and the shapes of the detail
 * (with the meter curve) and of the real-time view. The API validates with these and the console's screens
 * use the same ones. Price fields are written by pricing and settlement; they may be absent on an order not
 * priced yet.
 */
import { z } from 'zod';
import { decimalUnits, unitsToDecimal } from '@shared/pricing/money.ts';
import { pageQuery } from './admin.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** docs/product.md section 5: order queries cover at most 2 years. */
export const ORDER_WINDOW_YEARS = 2;
/** docs/product.md section 5: an order export covers at most 1 year. */
export const ORDER_EXPORT_WINDOW_YEARS = 1;
/** Codes of order exports: 4104 on the charging orders; the file is listed and downloaded in /fileExport. */
export const ORDER_EXPORT_CODE = { export: CODE.orderExport, files: CODE.fileExport } as const;
/** Without a start, the list reads the last 30 days. */
export const ORDER_DEFAULT_DAYS = 30;

/** docs/product.md section 4, order end flags. */
export const END_FLAG = {
  activeStop: 1,
  autoEnd: 2,
  requestTimeout: 3,
  startFailure: 4,
  reservationFailure: 5,
  activeCancel: 6,
  endedAtTime: 7,
} as const;
/**
 * Why the platform ended a session its charger never ended (docs/decisions/041-043): the next session on
 * its connector, a reboot of its charger, a time-out.
 */
export const CLOSED_BY_KEYS = ['nextSession', 'boot', 'timeout'] as const;
/** Why settlement left an order unpaid: the account cannot cover it, the fleet is disabled, no account. */
export const UNPAID_REASON_KEYS = ['balance', 'disabled', 'noAccount'] as const;
/** docs/product.md section 3, pay type: 0 is a free order (nothing to pay) or none recorded. */
export const PAY_TYPE = { none: 0, appBalance: 1, creditCard: 2, fleet: 3, cardBalance: 4, emsp: 5 } as const;
export const PAY_FLAG = { unpaid: 0, paid: 1 } as const;
/** Charging fee type of an order's tariff (defined with the pricing engine). */
export { FEE_TYPE } from '@shared/pricing/engine.ts';
/** docs/product.md section 3, start mode. */
export const START_MODE_KEYS = {
  1: 'app',
  2: 'card',
  3: 'bluetooth',
  4: 'plugAndCharge',
  5: 'scheduled',
  6: 'offlinePassword',
} as const;
/**
 * docs/product.md section 3, charge type: what a remote start charges up to (docs/decisions/170). A session
 * the server did not start with a choice is charged until full.
 */
export const CHARGE_TYPE = { energy: 1, time: 2, amount: 3, full: 4 } as const;
export type ChargeType = (typeof CHARGE_TYPE)[keyof typeof CHARGE_TYPE];
export const CHARGE_TYPE_KEYS = { 1: 'energy', 2: 'time', 3: 'amount', 4: 'full' } as const;
/**
 * The charge value of each type: energy in kWh (3 decimals, i.e. whole Wh), time in whole minutes, amount in
 * the money of the order's currency (2 decimals, as prices are read by shared/pricing/money.ts); each above
 * 0 and at most `max`.
 */
export const CHARGE_VALUE_RULES = {
  [CHARGE_TYPE.energy]: { scale: 3, max: 1000, decimals: 'commandRes.validation.threeDecimals' },
  [CHARGE_TYPE.time]: { scale: 0, max: 1440, decimals: 'validation.integer' },
  [CHARGE_TYPE.amount]: { scale: 2, max: 100_000, decimals: 'feeRes.validation.twoDecimals' },
} as const;

const CHARGE_VALUE = /^\d{1,12}(\.\d{1,12})?$/;

/** Why a charge value does not fit its type (a catalog key), or undefined when it does. */
export function chargeValueProblem(chargeType: number, value: string | undefined): string | undefined {
  if (chargeType === CHARGE_TYPE.full)
    return value === undefined ? undefined : 'commandRes.validation.fullTakesNoValue';
  const rule = CHARGE_VALUE_RULES[chargeType as keyof typeof CHARGE_VALUE_RULES];
  if (!rule) return 'commandRes.validation.option';
  if (value === undefined) return 'validation.required';
  if (!CHARGE_VALUE.test(value)) return 'commandRes.validation.number';
  if ((value.split('.')[1] ?? '').replace(/0+$/, '').length > rule.scale) return rule.decimals;
  const units = decimalUnits(value, rule.scale);
  if (units <= 0n || units > BigInt(rule.max) * 10n ** BigInt(rule.scale))
    return 'commandRes.validation.range';
  return undefined;
}

/** A charge type, one of CHARGE_TYPE; full when left out. Anything else is "choose one of the offered values". */
export const chargeTypeField = () =>
  z.coerce
    .number({ error: 'commandRes.validation.option' })
    .refine((n) => n in CHARGE_TYPE_KEYS, { error: 'commandRes.validation.option' })
    .default(CHARGE_TYPE.full);

/**
 * The charge value's own check, on the `chargeValue` field. Only for a known type: an unknown one is the type
 * field's error alone, not also a value error (docs/decisions/466).
 */
export function refineChargeValue(
  p: { chargeType: number; chargeValue?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!(p.chargeType in CHARGE_TYPE_KEYS)) return;
  const problem = chargeValueProblem(p.chargeType, p.chargeValue);
  if (problem) ctx.addIssue({ code: 'custom', path: ['chargeValue'], message: problem });
}

/** A valid charge value in its canonical text ("12.5" kWh is "12.500", "30.0" min is "30"). */
export function canonicalChargeValue(chargeType: number, value: string): string {
  const rule = CHARGE_VALUE_RULES[chargeType as keyof typeof CHARGE_VALUE_RULES];
  return rule ? unitsToDecimal(decimalUnits(value, rule.scale), rule.scale) : value;
}

/**
 * A charge value in the integers the server compares it with: Wh for energy, seconds for time, hundredths
 * of the money for an amount.
 */
export function chargeTargetUnits(chargeType: number, value: string): bigint | undefined {
  if (chargeValueProblem(chargeType, value) || chargeType === CHARGE_TYPE.full) return undefined;
  if (chargeType === CHARGE_TYPE.time) return decimalUnits(value, 0) * 60n;
  return decimalUnits(value, CHARGE_VALUE_RULES[chargeType as 1 | 3].scale);
}

/** docs/product.md section 3, order type. */
export const ORDER_TYPE_KEYS = { 1: 'operator', 2: 'emsp', 3: 'homePile', 4: 'admin' } as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const time = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.dateFormat' });

/**
 * An order's progress as the list filters it: ended (settled, the list's default) or in progress (a session
 * not ended yet, whose order is stored when it is settled).
 */
export const ORDER_PROGRESS = { ended: 0, inProgress: 1 } as const;

/** POST /biz/chargeOrder/list: a page of orders, newest first, in a start-time window of at most 2 years. */
export const orderListQuery = pageQuery.extend({
  orderNo: optional(z.string().trim().max(64)),
  stationId: optional(z.string().trim().max(64)),
  chargePointId: optional(z.string().trim().max(64)),
  idTag: optional(z.string().trim().max(64)),
  payFlag: optional(z.coerce.number().int().min(0).max(1)),
  /** UTC ISO times of the order's start; the last 30 days when no start is given. */
  startTimeFrom: optional(time),
  startTimeTo: optional(time),
  /** ORDER_PROGRESS: 1 lists the sessions in progress as orders (unsettled); 0 or none the ended orders. */
  progress: optional(z.coerce.number().int().min(0).max(1)),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/**
 * POST /biz/chargeOrder/export: the list's filters (paging ignored), over at most 1 year; ended orders only
 * (orders in progress are refused: they are exported once they end).
 */
export const orderExportQuery = orderListQuery.omit({ current: true, size: true });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** POST /biz/chargeOrder/realtime: the caller's sessions in progress, optionally of one station or pile. */
export const realtimeQuery = z.object({
  stationId: optional(z.string().trim().max(64)),
  chargePointId: optional(z.string().trim().max(64)),
});

export interface PriceLine {
  kind: 'energy' | 'time' | 'perUse' | 'occupancy';
  from?: string;
  to?: string;
  quantity: string;
  unit: 'kWh' | 'min' | 'use';
  price: string;
  amount: string;
}

export interface PriceDetail {
  lines: PriceLine[];
  discount?: { id: string; name: string; rate: string };
  revenueTariff?: string;
}

/** Who paid (functions/orders/settlement.ts): the fleet, app user or card and its balances around the debit. */
export interface OrderPayer {
  fleetId?: string;
  fleetName?: string;
  fleetDriverId?: string;
  fleetVehicleId?: string;
  fleetBalanceBefore?: number;
  fleetBalanceAfter?: number;
  appUserId?: string;
  appBalanceBefore?: number;
  appBalanceAfter?: number;
  cardId?: string;
  cardBalanceBefore?: number;
  cardBalanceAfter?: number;
  /** Why the order is still unpaid (absent once paid). */
  unpaidReason?: (typeof UNPAID_REASON_KEYS)[number];
}

/**
 * The order's detail only (read with it, never stored): the paying app user's, fleet driver's and vehicle's
 * current names (the order keeps their ids), and whether the paying account is in the caller's scope, so the
 * console links to its pages (docs/decisions/452-no-raw-values-in-the-console.md).
 */
export interface PayerNames {
  appUserName?: string;
  fleetDriverName?: string;
  fleetVehicleName?: string;
  payerVisible?: boolean;
}

/** An order as the list and the detail show it (money as decimal strings in the order's currency). */
export interface OrderView extends OrderPayer, PayerNames {
  id: string;
  orderNo: string;
  agentId?: string;
  stationId: string;
  stationName?: string;
  chargePointId: string;
  chargePointName?: string;
  connectorNo: number;
  transactionId: string;
  protocol?: string;
  idTag?: string;
  orderType?: number;
  startMode?: number;
  startTime: string;
  endTime?: string;
  totalTime?: number;
  meterStart?: number;
  meterEnd?: number;
  totalElectricity?: number;
  energyWh?: number;
  startSoc?: number;
  endSoc?: number;
  stopReason?: string;
  stopReasonCode?: string;
  /** The platform ended the session (the charger never did). */
  closedBy?: (typeof CLOSED_BY_KEYS)[number];
  /** What the remote start asked to charge (CHARGE_TYPE) and up to what value; absent on older orders. */
  chargeType?: ChargeType;
  chargeValue?: string;
  /** When the platform asked the charger to stop because the charge value was reached. */
  targetStopAt?: string;
  /** The token's answer at the start (a refused session is a start failure, `endFlag` 4). */
  authStatus?: string;
  finishFlag?: number;
  payFlag?: number;
  payTime?: string;
  payType?: number;
  endFlag?: number;
  currency?: string;
  feeRuleId?: string;
  feeRuleName?: string;
  feeType?: number;
  elecFee?: string;
  occupancyFee?: string;
  discountFee?: string;
  couponFee?: string;
  actualFee?: string;
  tariffFee?: string;
  profitFee?: string;
  agentFee?: string;
  priceDetail?: PriceDetail;
  /** The station's profit shares taken from this order, each party's percent and amount. */
  profits?: { party: string; percent: string; amount: string }[];
  createTime?: string;
}

/** One point of the meter curve: the energy register (Wh), power (W) and state of charge (%) at a time. */
export interface MeterPoint {
  at: string;
  energyWh?: number;
  powerW?: number;
  soc?: number;
}

export interface OrderDetail extends OrderView {
  curve: MeterPoint[];
}

/** A session in progress, with its live facts. */
export interface ActiveSession {
  orderNo: string;
  chargePointId: string;
  chargePointName?: string;
  stationId: string;
  stationName?: string;
  connectorNo: number;
  transactionId: string;
  idTag?: string;
  startTime: string;
  /** Energy delivered so far (Wh). */
  energyWh: number;
  powerW?: number;
  soc?: number;
  startSoc?: number;
  durationSeconds: number;
  lastSampleAt?: string;
  /** The connector's live state (docs/product.md section 4). */
  state?: string;
  online: boolean;
  /** Its token was refused: it bills nothing and ends with the next session, a reboot or a time-out. */
  refused?: boolean;
}

/** The outcome of a reset (re-running settlement). */
export type ResettleOutcome = 'settled' | 'already' | 'missing' | 'unpaid';
