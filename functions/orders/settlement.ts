/**
 * A completed session priced and settled into its order (issue 7), in ONE DynamoDB transaction:
 * - the order, written only if it does not exist yet (a session delivered twice, a replayed stop or a
 *   re-queued hand-off makes one order and bills once);
 * - the payment: a fee of zero is settled as free; a session started with one of the company's cards is
 *   paid from the card's balance when it covers the fee — the balance change (conditional on the card's
 *   version, so a concurrent recharge is never lost) and its ledger entry with the balances before and after
 *   are in the same transaction; otherwise the order stays unpaid (payFlag 0) for a later settlement;
 * - the revenue rollups of the order's day (functions/orders/rollups.ts).
 * A crash before the commit leaves nothing; after it, everything. `resettleOrder` settles an unpaid order
 * again (the reset call) with the same guarantees: the order changes from unpaid to paid at most once.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { priceSession, type PricedOrder } from '@shared/pricing/engine.ts';
import { formatMinor, minorDigits, parseMinor } from '@shared/pricing/money.ts';
import { CURRENCIES } from '@shared/schemas/admin.ts';
import { cardResource } from '@shared/resources/device/card.ts';
import { operators } from '@functions/identity/entities.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { logger } from '@functions/lib/http.ts';
import { newId, table, type Stored } from '@functions/lib/store.ts';
import type { Record_ } from '@functions/lib/resources.ts';
import { findCard } from '@functions/ocpp/authorize.ts';
import { readingOf, sessionSamples, type Session } from '@functions/ocpp/transactions.ts';
import { orderKey } from './keys.ts';
import { localDay, rollupUpdates } from './rollups.ts';
import { discountsFor, pricingFor, revenueTariffFor } from './tariffs.ts';

/** SPEC.md section 3, pay type. */
export const PAY_TYPE = { free: 0, appBalance: 1, creditCard: 2, fleet: 3, cardBalance: 4, emsp: 5 } as const;
/** SPEC.md section 4, order end flags. */
export const END_FLAG = {
  activeStop: 1,
  autoEnd: 2,
  requestTimeout: 3,
  startFailure: 4,
  reservationFailure: 5,
  activeCancel: 6,
  endedAtTime: 7,
} as const;

const ACTIVE_STOPS = new Set(['local', 'remote', 'evdisconnected', 'stoppedbyev', 'unlockcommand']);

/** The end flag of a stop reason (1.6 and 2.0.1 names): the driver's own stop, a time limit, or automatic. */
export function endFlagOf(reason: string | undefined): number {
  const r = (reason ?? 'Local').toLowerCase();
  if (ACTIVE_STOPS.has(r)) return END_FLAG.activeStop;
  if (r === 'timelimitreached') return END_FLAG.endedAtTime;
  return END_FLAG.autoEnd;
}

/** Card balances carry four decimals (SPEC.md section 9). */
const CARD_SCALE = 10_000n;
const cardUnits = (balance: unknown) => BigInt(Math.round(Number(balance ?? 0) * Number(CARD_SCALE)));
const cardNumber = (units: bigint) => Number(units) / Number(CARD_SCALE);
const minorToCard = (minor: bigint, currency: string) => minor * 10n ** BigInt(4 - minorDigits(currency));

const db = () => dynamoDocument();
const TRANSACTION_ATTEMPTS = 5;

type Item = Record<string, unknown>;
type Write = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** The card debit and its ledger entry, conditional on the card version read. */
function cardDebit(
  card: Record_ & Stored,
  feeCard: bigint,
  order: { orderNo: string; currency: string },
  at: string,
) {
  const before = cardUnits(card.balance);
  const after = before - feeCard;
  const writes: Write[] = [
    {
      Update: {
        TableName: table(),
        Key: { pk: `${cardResource.type}#${card.id}`, sk: cardResource.type },
        UpdateExpression: 'SET balance = :after, version = :next, updateTime = :at',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: {
          ':after': cardNumber(after),
          ':next': card.version + 1,
          ':version': card.version,
          ':at': at,
        },
      },
    },
    {
      Put: {
        TableName: table(),
        Item: {
          pk: `CARDLEDGER#${card.id}`,
          sk: `${at}#${newId()}`,
          cardId: card.id,
          tenant: card.tenant,
          type: 'consume',
          orderNo: order.orderNo,
          amount: cardNumber(-feeCard),
          beforeBalance: cardNumber(before),
          afterBalance: cardNumber(after),
          createTime: at,
        },
        // One debit per order, whatever is replayed.
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  return { writes, before, after };
}

interface Payment {
  payType?: number;
  payFlag: 0 | 1;
  payTime?: string;
  cardId?: string;
  cardBalanceBefore?: number;
  cardBalanceAfter?: number;
  unpaidReason?: 'balance' | 'noAccount';
  writes: Write[];
}

/** How an order of `actualMinor` is paid, and the writes that pay it. */
export async function payment(
  tenant: string,
  idTag: string | undefined,
  order: { orderNo: string; currency: string; actualMinor: bigint },
  at: string,
): Promise<Payment> {
  if (order.actualMinor === 0n) return { payType: PAY_TYPE.free, payFlag: 1, payTime: at, writes: [] };
  const card = idTag ? await findCard(tenant, idTag) : undefined;
  if (!card) return { payFlag: 0, unpaidReason: 'noAccount', writes: [] };
  const fee = minorToCard(order.actualMinor, order.currency);
  if (cardUnits(card.balance) < fee)
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
    cardBalanceBefore: cardNumber(debit.before),
    cardBalanceAfter: cardNumber(debit.after),
    writes: debit.writes,
  };
}

/** The company's currency, for orders priced without a tariff. */
async function companyCurrency(agentId: string): Promise<string> {
  const company = agentId ? await operators.getAny(agentId) : undefined;
  const currency = String(company?.currency ?? '');
  return (CURRENCIES as readonly string[]).includes(currency) ? currency : 'EUR';
}

/** The session priced by the rules it started under (or, without a snapshot, those in force now). */
export async function priceOf(session: Session): Promise<{ priced: PricedOrder; timeZone: string }> {
  const pricing = session.pricing ?? (await pricingFor(session.chargePointId, session.connectorNo));
  const endTime = session.endTime ?? session.startTime;
  const [samples, discounts, revenueTariff, currency] = await Promise.all([
    sessionSamples(session.chargePointId, session.transactionId),
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

const isCancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException';
const reasonCodes = (error: unknown) =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);

/**
 * Prices, settles and writes the order of a completed session: 'created', or 'exists' when it had been
 * written before (then nothing is written or charged again).
 */
export async function settleSession(session: Session, base: Item): Promise<'created' | 'exists'> {
  const { priced, timeZone } = await priceOf(session);
  const { actualMinor, ...money } = priced;
  const orderNo = String(base.orderNo);
  const c = priced.currency;
  for (let attempt = 1; ; attempt++) {
    const at = new Date().toISOString();
    const paid = await payment(session.tenant, session.idTag, { orderNo, currency: c, actualMinor }, at);
    const { writes, ...payFields } = paid;
    const order = Object.fromEntries(
      Object.entries({
        ...base,
        ...money,
        ...payFields,
        endFlag: endFlagOf(session.stopReason),
        timeZone,
      }).filter(([, v]) => v !== undefined),
    );
    const m = (text: string) => parseMinor(text, c);
    const rollups = rollupUpdates({
      agentId: session.agentId,
      tenant: session.tenant,
      stationId: session.stationId,
      currency: c,
      day: localDay(session.endTime ?? session.startTime, timeZone),
      figures: {
        orders: 1,
        energyWh: session.energyWh ?? 0,
        durationSeconds: session.durationSeconds ?? 0,
        elecMinor: m(priced.elecFee),
        occupancyMinor: m(priced.occupancyFee),
        payMinor: actualMinor,
        discountMinor: m(priced.discountFee),
        couponMinor: m(priced.couponFee),
        tariffMinor: m(priced.tariffFee),
        profitMinor: m(priced.profitFee),
        revenueMinor: m(priced.agentFee),
      },
    });
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: order, ConditionExpression: 'attribute_not_exists(pk)' } },
            ...writes,
            ...rollups,
          ],
        }),
      );
      return 'created';
    } catch (error) {
      if (!isCancelled(error)) throw error;
      const codes = reasonCodes(error);
      if (codes[0] === 'ConditionalCheckFailed') return 'exists';
      // The card changed meanwhile (a recharge, another order): read it again and retry.
      if (attempt >= TRANSACTION_ATTEMPTS) throw error;
      logger.info('Settlement retried', { orderNo, attempt, codes: codes.join(',') });
    }
  }
}

/**
 * Settles an unpaid order again (the reset call): 'settled' when it is paid now, 'already' when it was
 * paid, 'missing' when there is no such order, 'unpaid' when it still cannot be paid.
 */
export async function resettleOrder(orderNo: string): Promise<'settled' | 'already' | 'missing' | 'unpaid'> {
  for (let attempt = 1; ; attempt++) {
    const { Item: order } = await db().send(new GetCommand({ TableName: table(), Key: orderKey(orderNo) }));
    if (!order) return 'missing';
    if (Number(order.payFlag) === 1) return 'already';
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
      await db()
        .send(
          new UpdateCommand({
            TableName: table(),
            Key: orderKey(orderNo),
            UpdateExpression: 'SET unpaidReason = :r, lastSettleTime = :at',
            ConditionExpression: 'payFlag = :unpaid',
            ExpressionAttributeValues: { ':r': paid.unpaidReason ?? 'noAccount', ':at': at, ':unpaid': 0 },
          }),
        )
        .catch(() => undefined);
      return 'unpaid';
    }
    const sets: Record<string, unknown> = {
      payFlag: 1,
      payType: paid.payType,
      payTime: at,
      cardId: paid.cardId,
      cardBalanceBefore: paid.cardBalanceBefore,
      cardBalanceAfter: paid.cardBalanceAfter,
      version: Number(order.version ?? 1) + 1,
    };
    const defined = Object.entries(sets).filter(([, v]) => v !== undefined);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table(),
                Key: orderKey(orderNo),
                UpdateExpression: `SET ${defined.map(([k]) => `${k} = :${k}`).join(', ')} REMOVE unpaidReason`,
                // Unpaid to paid once: a concurrent reset loses here and charges nothing.
                ConditionExpression: 'payFlag = :unpaid',
                ExpressionAttributeValues: {
                  ...Object.fromEntries(defined.map(([k, v]) => [`:${k}`, v])),
                  ':unpaid': 0,
                },
              },
            },
            ...paid.writes,
          ],
        }),
      );
      return 'settled';
    } catch (error) {
      if (!isCancelled(error)) throw error;
      if (reasonCodes(error)[0] === 'ConditionalCheckFailed') return 'already';
      if (attempt >= TRANSACTION_ATTEMPTS) throw error;
    }
  }
}
