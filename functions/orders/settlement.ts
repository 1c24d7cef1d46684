/**
 * A completed session priced and settled into its order
 * (docs/decisions/263-settlement-is-one-transaction.md), in ONE DynamoDB transaction:
 * - the order, written only if it does not exist yet (a session delivered twice, a replayed stop or a
 *   re-queued hand-off makes one order and bills once);
 * - the payment: a fee of zero is settled as free; otherwise the session's idTag names the account, in this
 *   order: a fleet driver's or vehicle's tag → the fleet account, an app user's tag → the app balance, a
 *   card → the card's balance (see `payment`). The balance change (conditional on the account's version,
 *   so a concurrent recharge or debit is never lost), its ledger entry with the balances before and after,
 *   and the order's debit guard (one debit per order number) are in the same transaction; an account that
 *   cannot pay leaves the order unpaid (payFlag 0) for a later settlement;
 * - the revenue rollups of the order's day (functions/orders/rollups.ts).
 * A crash before the commit leaves nothing; after it, everything. `resettleOrder` settles an unpaid order
 * again (the reset call) with the same guarantees: the order changes from unpaid to paid at most once.
 */
import { cancellationCodes, retryPause } from '@functions/lib/conditional.ts';
import { priceSession, type PricedOrder } from '@shared/pricing/engine.ts';
import { connectorRatedW, fullPowerMs } from '@shared/pricing/metrics.ts';
import { formatMinor, minorDigits, parseMinor } from '@shared/pricing/money.ts';
import { CHARGE_TYPE, END_FLAG, PAY_TYPE, type OrderPayer } from '@shared/schemas/order.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { companyCurrency } from '@functions/identity/tenants.ts';
import { cardLedger } from '@functions/data/card-ledger.ts';
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import {
  getOrder,
  orderCreate,
  orderPaidUpdate,
  orderUnpaidNoted,
  type OrderFacts,
} from '@functions/data/orders.ts';
import { rollupUpdates } from '@functions/data/revenue-rollups.ts';
import { fleetOrderPut } from '@functions/data/fleet-orders.ts';
import { fleetRollupUpdates } from '@functions/data/fleet-rollups.ts';
import { send, type TransactItem } from '@functions/data/table.ts';
import { logger } from '@functions/lib/logger.ts';
import { correlationId } from '@functions/lib/correlation.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import type { Stored } from '@functions/lib/records.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { localPayers } from '@functions/accounts/payers.ts';
import { isHomePileSession } from '@functions/accounts/home-piles.ts';
import { ORDER_TYPE } from '@functions/sessions/session-order.ts';
import { appBalanceWrites, findAppUser, type AppUserRecord } from '@functions/accounts/app-users.ts';
import { frozenWithout, holdReleaseWrites } from '@functions/accounts/app-holds.ts';
import { appHoldDelete, appHoldOn, appLedger, type AppHold } from '@functions/data/app-users.ts';
import { appActivityAdd } from '@functions/data/app-activity.ts';
import { cdrOwed } from '@functions/data/roaming-cdrs.ts';
import { emit } from '@functions/lib/events.ts';
import { balanceChange, fromUnits, toUnits } from '@functions/accounts/fleet-balance.ts';
import { fleetOrderSettled, quietly } from '@functions/accounts/fleet-alerts.ts';
import {
  FLEET_OPER_TYPE,
  FLEET_STATUS,
  fleetBalanceWrites,
  type FleetAccount,
} from '@functions/accounts/fleets.ts';
import { isRefused, readingOf, sessionSamples, type Session } from '@functions/sessions/transactions.ts';
import { localDay, utcHour } from './rollups.ts';
import { discountsFor, pricingFor, revenueTariffFor } from '@functions/fees/tariffs.ts';

const ACTIVE_STOPS = new Set(['local', 'remote', 'evdisconnected', 'stoppedbyev', 'unlockcommand']);

/** The end flag of a stop reason (1.6 and 2.0.1 names): the driver's own stop, a time limit, or automatic. */
export function endFlagOf(reason: string | undefined): number {
  const r = (reason ?? 'Local').toLowerCase();
  if (ACTIVE_STOPS.has(r)) return END_FLAG.activeStop;
  if (r === 'timelimitreached') return END_FLAG.endedAtTime;
  return END_FLAG.autoEnd;
}

/**
 * A session's end flag: a refused session is a start failure, whoever ended it; one the platform stopped at
 * its charge value ended at its time (a time target) or automatically (docs/decisions/170); else by its stop
 * reason.
 */
export const sessionEndFlag = (session: Session) =>
  session.endFlag ??
  (isRefused(session)
    ? END_FLAG.startFailure
    : session.targetStopAt
      ? Number(session.chargeType) === CHARGE_TYPE.time
        ? END_FLAG.endedAtTime
        : END_FLAG.autoEnd
      : endFlagOf(session.stopReason));

/**
 * Balances (cards, fleets, app users) carry four decimals (docs/product.md section 9): whole ten-thousandths.
 */
const minorToUnits = (minor: bigint, currency: string) => minor * 10n ** BigInt(4 - minorDigits(currency));

const TRANSACTION_ATTEMPTS = 5;

type Item = Record<string, unknown>;
type Write = TransactItem;

declare module '@functions/lib/events.ts' {
  interface Events {
    /** The order of a roaming partner's session was settled: its CDR is owed (functions/ocpi/cdrs.ts). */
    roamingOrderSettled: { orderNo: string; partnerId: string };
  }
}

/** The card debit and its ledger entry, conditional on the card version read. */
function cardDebit(
  card: Record_ & Stored,
  feeCard: bigint,
  order: { orderNo: string; currency: string },
  at: string,
) {
  const debit = balanceChange(toUnits(card.balance), -feeCard, (amounts) =>
    cardLedger.change(card, amounts, at, { type: 'consume', orderNo: order.orderNo }),
  );
  // One debit per order, whatever is replayed.
  return { ...debit, writes: [...debit.writes, cardLedger.debitGuard(order.orderNo, card.id, at)] };
}

/** unpaidReason: balance, the account cannot cover the fee; disabled, the fleet is disabled; noAccount, none found. */
export interface Payment extends OrderPayer {
  /** The paying app user's company (their activity's, for /appInsight); not stored on the order. */
  appUserTenant?: string;
  payType?: number;
  payFlag: 0 | 1;
  payTime?: string;
  writes: Write[];
}

type Order = { orderNo: string; currency: string; actualMinor: bigint };

/**
 * The fleet account pays when the fleet is enabled and the balance after the fee stays at or above
 * −overdraftAmount (the balance may go negative down to the overdraft).
 */
function fleetPayment(account: FleetAccount, fee: bigint, order: Order, at: string): Payment {
  const { fleet } = account;
  const who = {
    payType: PAY_TYPE.fleet,
    fleetId: fleet.id,
    fleetName: fleet.name,
    fleetDriverId: account.driverId,
    fleetVehicleId: account.vehicleId,
  };
  if (Number(fleet.status) !== FLEET_STATUS.enabled)
    return { ...who, payFlag: 0, unpaidReason: 'disabled', writes: [] };
  const before = toUnits(fleet.balance);
  if (before - fee < -toUnits(fleet.overdraftAmount))
    return { ...who, payFlag: 0, unpaidReason: 'balance', writes: [] };
  const debit = fleetBalanceWrites(fleet, -fee, FLEET_OPER_TYPE.consumption, at, {
    orderNo: order.orderNo,
    driverId: account.driverId,
    vehicleId: account.vehicleId,
  });
  return {
    ...who,
    payFlag: 1,
    payTime: at,
    fleetBalanceBefore: fromUnits(debit.before),
    fleetBalanceAfter: fromUnits(debit.after),
    writes: [...debit.writes, fleetLedger.debitGuard(order.orderNo, fleet.id, at)],
  };
}

/**
 * The app balance pays when what is not frozen covers the fee (the balance never goes negative). The hold the
 * driver app took for this session (if any) is released in the same transaction, paid or not: its amount is
 * spendable for this order and frozen for nothing after it.
 */
function appPayment(
  user: AppUserRecord & Stored,
  fee: bigint,
  order: Order,
  at: string,
  hold: AppHold | undefined,
): Payment {
  const who = { payType: PAY_TYPE.appBalance, appUserId: user.id, appUserTenant: user.tenant };
  const before = toUnits(user.accountBalance);
  const frozenAfter = hold ? frozenWithout(user, hold) : user.frozenAmount;
  const release = hold ? holdReleaseWrites(user, hold, at) : [];
  if (before - toUnits(frozenAfter) < fee)
    return { ...who, payFlag: 0, unpaidReason: 'balance', writes: release };
  const debit = appBalanceWrites(
    user,
    -fee,
    'consume',
    at,
    { orderNo: order.orderNo },
    hold ? frozenAfter : undefined,
  );
  return {
    ...who,
    payFlag: 1,
    payTime: at,
    appBalanceBefore: fromUnits(debit.before),
    appBalanceAfter: fromUnits(debit.after),
    writes: [
      ...debit.writes,
      ...(hold ? [appHoldDelete(hold)] : []),
      appLedger.debitGuard(order.orderNo, user.id, at),
    ],
  };
}

/** The connector a session ran on: where the driver app's hold for it is. */
export interface SessionPlace {
  chargePointId: string;
  connectorNo: number;
}

/** The app user's hold for a session on `place`, when its tag is an app user's and the app took one. */
async function holdFor(user: (AppUserRecord & Stored) | undefined, place: SessionPlace | undefined) {
  return user && place ? appHoldOn(user.id, place.chargePointId, place.connectorNo) : undefined;
}

/**
 * How an order of `actualMinor` is paid, and the writes that pay it. The idTag decides the account, first
 * match wins: a fleet driver's or vehicle's tag (fleet account), an app user's tag (app balance), a card
 * (card balance); an account found that cannot pay leaves the order unpaid, never another account charged.
 * The three look-ups run together (a few reads each); the order of precedence is applied to their answers.
 */
export async function payment(
  tenant: string,
  idTag: string | undefined,
  order: Order,
  at: string,
  place?: SessionPlace,
): Promise<Payment> {
  if (order.actualMinor === 0n) {
    // Nothing to pay (a refused start, a free tariff): the app's hold for the session is still given back.
    const user = idTag && place ? await findAppUser(tenant, idTag) : undefined;
    const hold = await holdFor(user, place);
    const writes = user && hold ? holdReleaseWrites(user, hold, at) : [];
    return { payType: PAY_TYPE.none, payFlag: 1, payTime: at, writes };
  }
  if (!idTag) return { payFlag: 0, unpaidReason: 'noAccount', writes: [] };
  const fee = minorToUnits(order.actualMinor, order.currency);
  const { fleet, appUser, card } = await localPayers(tenant, idTag);
  if (fleet) return fleetPayment(fleet, fee, order, at);
  if (appUser) return appPayment(appUser, fee, order, at, await holdFor(appUser, place));
  if (!card) return { payFlag: 0, unpaidReason: 'noAccount', writes: [] };
  if (toUnits(card.balance) < fee)
    return {
      payType: PAY_TYPE.cardBalance,
      payFlag: 0,
      cardId: card.id,
      unpaidReason: 'balance',
      writes: [],
    };
  const debit = cardDebit(card, fee, order, at);
  return {
    payType: PAY_TYPE.cardBalance,
    payFlag: 1,
    payTime: at,
    cardId: card.id,
    cardBalanceBefore: fromUnits(debit.before),
    cardBalanceAfter: fromUnits(debit.after),
    writes: debit.writes,
  };
}

/**
 * The session priced by the rules it started under (or, without a snapshot, those in force now), from its
 * samples up to its end. A refused session is priced at nothing (docs/decisions/044).
 */
export async function priceOf(session: Session): Promise<{ priced: PricedOrder; timeZone: string }> {
  const pricing = session.pricing ?? (await pricingFor(session.chargePointId, session.connectorNo));
  const endTime = session.endTime ?? session.startTime;
  if (isRefused(session)) {
    const currency = pricing.tariff?.currency ?? (await companyCurrency(session.agentId));
    const priced = priceSession({
      tariff: undefined,
      currency,
      timeZone: pricing.timeZone,
      startTime: session.startTime,
      endTime,
      energyWh: 0,
      meterStartWh: session.meterStartWh,
      samples: [],
      stationId: session.stationId,
      idTag: session.idTag,
    });
    return { priced, timeZone: pricing.timeZone };
  }
  const [samples, discounts, revenueTariff, currency] = await Promise.all([
    sessionSamples(session.chargePointId, session.transactionId, endTime),
    discountsFor(session.tenant),
    revenueTariffFor(session.agentId),
    pricing.tariff ? Promise.resolve(pricing.tariff.currency) : companyCurrency(session.agentId),
  ]);
  const readings = samples.flatMap((s) => {
    const wh = readingOf(s, 'Energy.Active.Import.Register');
    return wh === undefined ? [] : [{ at: s.timestamp, wh }];
  });
  const priced = priceSession({
    tariff: pricing.tariff,
    currency,
    timeZone: pricing.timeZone,
    startTime: session.startTime,
    endTime,
    energyWh: session.energyWh ?? 0,
    meterStartWh: session.meterStartWh,
    samples: readings,
    stationId: session.stationId,
    idTag: session.idTag,
    discounts,
    revenueTariff,
    profitShares: pricing.profitShares,
  });
  return { priced, timeZone: pricing.timeZone };
}

/**
 * Prices, settles and writes the order of a completed session: 'created', or 'exists' when it had been
 * written before (then nothing is written or charged again).
 */
export async function settleSession(session: Session, base: Item): Promise<'created' | 'exists'> {
  const [{ priced, timeZone }, pile] = await Promise.all([
    priceOf(session),
    chargePointById(session.chargePointId),
  ]);
  // A session at a personal pile started by one of its linked app users is a home-pile order (docs/product.md
  // section 3, order type 3; docs/decisions/468-app-user-home-piles.md).
  const homePile = await isHomePileSession(session, pile);
  // The rating of the order's connector (its pile's maximum power), for utilization (decision 181).
  const ratedW = connectorRatedW(pile);
  const { actualMinor, ...money } = priced;
  const orderNo = String(base.orderNo);
  const c = priced.currency;
  for (let attempt = 1; ; attempt++) {
    const at = new Date().toISOString();
    // A roaming partner's driver is billed to the partner through the CDR, which is owed from this moment.
    const roaming = session.roaming && !isRefused(session) ? session.roaming : undefined;
    const paid: Payment = roaming
      ? {
          payType: PAY_TYPE.emsp,
          payFlag: 1,
          payTime: at,
          writes: [{ Put: cdrOwed(orderNo, roaming.partnerId, at) }],
        }
      : session.roaming
        ? // The partner's session refused at the charger: nothing to pay, and never a local account's
          // business, whatever else its uid is (docs/decisions/432).
          { payType: PAY_TYPE.none, payFlag: 1, payTime: at, writes: [] }
        : await payment(session.tenant, session.idTag, { orderNo, currency: c, actualMinor }, at, {
            chargePointId: session.chargePointId,
            connectorNo: session.connectorNo,
          });
    const { writes, appUserTenant, ...payFields } = paid;
    const order = Object.fromEntries(
      Object.entries({
        ...base,
        ...(homePile ? { orderType: ORDER_TYPE.homePile } : {}),
        ...money,
        ...payFields,
        endFlag: sessionEndFlag(session),
        timeZone,
        // The flow that made the order: the session's hand-off, queued by the message that ended it
        // (docs/decisions/458-metrics-tracing-correlation.md).
        correlationId: correlationId(),
      }).filter(([, v]) => v !== undefined),
    );
    const m = (text: string) => parseMinor(text, c);
    const energyWh = session.energyWh ?? 0;
    const day = localDay(session.endTime ?? session.startTime, timeZone);
    // The fleet's own rollups (its analysis and dashboard), for an order its fleet account is asked to pay.
    const fleetRollups = payFields.fleetId
      ? fleetRollupUpdates({
          fleetId: payFields.fleetId,
          memberId: payFields.fleetDriverId ?? payFields.fleetVehicleId,
          day,
          timeZone,
          figures: { energyWh, costUnits: Number(minorToUnits(actualMinor, c)), sessions: 1 },
        })
      : [];
    const rollups = rollupUpdates({
      agentId: session.agentId,
      tenant: session.tenant,
      stationId: session.stationId,
      chargePointId: session.chargePointId,
      currency: c,
      day,
      hour: utcHour(session.endTime ?? session.startTime),
      figures: {
        orders: 1,
        energyWh,
        durationSeconds: session.durationSeconds ?? 0,
        elecMinor: m(priced.elecFee),
        occupancyMinor: m(priced.occupancyFee),
        payMinor: actualMinor,
        discountMinor: m(priced.discountFee),
        couponMinor: m(priced.couponFee),
        tariffMinor: m(priced.tariffFee),
        profitMinor: m(priced.profitFee),
        revenueMinor: m(priced.agentFee),
        fullPowerMs: fullPowerMs(energyWh, ratedW),
      },
    });
    // The app user's day of activity (/appInsight), for a session an app user is asked to pay.
    const activity =
      appUserTenant && payFields.appUserId && !isRefused(session)
        ? [appActivityAdd({ tenant: appUserTenant, day, appUserId: payFields.appUserId, energyWh })]
        : [];
    try {
      await send.transact([
        // Written once: a replay finds it and charges nothing.
        { Put: orderCreate(order as Item & OrderFacts) },
        ...writes,
        // A start failure is no charging: it is not in the revenue figures.
        ...(isRefused(session) ? [] : [...rollups, ...fleetRollups, ...activity]),
        ...fleetOrderWrites(order),
      ]);
      // Written once (a replay ends at 'exists'): counted once, paid or not (shared/topology/metrics.ts).
      publishMetric(payFields.payFlag === 1 ? 'ordersSettled' : 'ordersUnpaid');
      logger.debug('Order settled', { orderNo, payFlag: payFields.payFlag });
      // The fleet's member is parked again and the fleet hears what the payment did (never failing this).
      if (roaming)
        await quietly('roaming order settled', () =>
          emit('roamingOrderSettled', { orderNo, partnerId: roaming.partnerId }),
        );
      await quietly('order settled', () =>
        fleetOrderSettled({
          ...payFields,
          orderNo,
          tenant: session.tenant,
          idTag: session.idTag,
          stopReason: session.stopReason,
        }),
      );
      return 'created';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return 'exists';
      // The account changed meanwhile (a recharge, another order) or a rollup was written by another
      // order at the same moment: read again and retry, after a short random pause.
      if (attempt >= TRANSACTION_ATTEMPTS) throw error;
      logger.info('Settlement retried', { orderNo, attempt, codes: codes.join(',') });
      await retryPause(attempt);
    }
  }
}

/** What a fleet's order list shows of an order its fleet account pays (or was asked to pay). */
const FLEET_ORDER_FIELDS = [
  'orderNo',
  'idTag',
  'startTime',
  'endTime',
  'totalElectricity',
  'actualFee',
  'currency',
  'payFlag',
  'payTime',
  'unpaidReason',
  'fleetDriverId',
  'fleetVehicleId',
  'fleetBalanceBefore',
  'fleetBalanceAfter',
] as const;

/** The fleet's projection of the order, in the transaction that writes or pays it (none without a fleet). */
function fleetOrderWrites(order: Record<string, unknown>): TransactItem[] {
  if (typeof order.fleetId !== 'string' || !order.fleetId) return [];
  const shown = Object.fromEntries(
    FLEET_ORDER_FIELDS.flatMap((f) => (order[f] === undefined ? [] : [[f, order[f]]])),
  );
  const time = String(order.endTime ?? order.startTime ?? '');
  return [fleetOrderPut({ ...shown, fleetId: order.fleetId, orderNo: String(order.orderNo), time })];
}

/**
 * Settles an unpaid order again (the reset call): 'settled' when it is paid now, 'already' when it was
 * paid, 'missing' when there is no such order, 'unpaid' when it still cannot be paid.
 */
export async function resettleOrder(orderNo: string): Promise<'settled' | 'already' | 'missing' | 'unpaid'> {
  for (let attempt = 1; ; attempt++) {
    const order = await getOrder<Item>(orderNo);
    if (!order) return 'missing';
    if (Number(order.payFlag) === 1) return 'already';
    // A roaming partner's order is the partner's (its CDR), never a local account's (docs/decisions/432).
    if (order.emspId) return 'unpaid';
    const currency = String(order.currency ?? 'EUR');
    const actualMinor = parseMinor(String(order.actualFee ?? formatMinor(0n, currency)), currency);
    const at = new Date().toISOString();
    const paid = await payment(
      String(order.tenant),
      order.idTag as string | undefined,
      { orderNo, currency, actualMinor },
      at,
    );
    if (paid.payFlag !== 1) {
      await orderUnpaidNoted(orderNo, paid.unpaidReason ?? 'noAccount', at);
      return 'unpaid';
    }
    const { writes: _w, unpaidReason: _r, appUserTenant: _t, ...payFields } = paid;
    try {
      await send.transact([
        // Unpaid to paid once: a concurrent reset loses here and charges nothing.
        orderPaidUpdate(orderNo, {
          ...payFields,
          payFlag: 1,
          payTime: at,
          version: Number(order.version ?? 1) + 1,
        }),
        ...paid.writes,
        ...fleetOrderWrites({ ...order, ...payFields, payFlag: 1, payTime: at, unpaidReason: undefined }),
      ]);
      publishMetric('ordersSettled');
      return 'settled';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return 'already';
      if (attempt >= TRANSACTION_ATTEMPTS) throw error;
      await retryPause(attempt);
    }
  }
}
