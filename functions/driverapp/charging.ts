/**
 * Charging from the driver app (docs/decisions/194-driver-app-api.md): start on a connector with a charge
 * type and value, stop, and the user's orders and reservations. A start is the console's remote start (the
 * same command pipeline to the charger, recorded in the command results as sent by the app user) with the
 * user's tag; the session it starts is authorised and settled as every session is, so its order is the user's
 * and is paid from the app balance (pay type app balance). Before the command is sent, an amount of the
 * balance is frozen for the session (functions/accounts/app-holds.ts): the charge value for an amount, else the
 * available balance up to APP_HOLD_CAP. Settlement releases it with the payment; a start that never reaches
 * the charger releases it at once, one the charger refuses or lets time out through its failed-start order,
 * one accepted without a session after HOLD_START_GRACE_MS (on the user's next start or profile read).
 */
import type { z } from 'zod';
import { releaseHold, releaseStaleHolds, takeHold, availableUnits } from '@functions/accounts/app-holds.ts';
import { appUsers, isAppUsersOrder, type AppUserRecord } from '@functions/accounts/app-users.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import { companyReservations } from '@functions/data/reservations.ts';
import { idTagOrders } from '@functions/data/orders.ts';
import { withoutKeys } from '@functions/data/table.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { paginate, visible, type Stored } from '@functions/lib/records.ts';
import { activeSession } from '@functions/sessions/transactions.ts';
import { fromUnits, toUnits } from '@functions/accounts/fleet-balance.ts';
import { LOCK_FLAG } from '@shared/resources/crm/app-user.ts';
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { CHARGE_TYPE } from '@shared/schemas/order.ts';
import type { appPageQuery, appStartSchema, appStopSchema } from '@shared/schemas/driver-app.ts';

/** The most a session without an amount freezes of the balance. */
export const APP_HOLD_CAP = 50;

/** Whether the user has a session on the hold's connector now. */
const chargingOn =
  (tag: string | undefined) => async (hold: { chargePointId: string; connectorNo: number }) =>
    (await activeSession(hold.chargePointId, hold.connectorNo))?.idTag === tag;

/** Gives back what the user's accepted starts froze without a session coming. */
export const tidyHolds = (user: AppUserRecord & Stored) =>
  releaseStaleHolds(user.id, chargingOn(user.cardNo));

/** A charger the user may charge at: of their company (or below it), or any for the platform's app. */
async function pileFor(user: AppUserRecord, chargePointId: string, connectorNo: number) {
  const pile = await chargePointById(chargePointId);
  if (!pile || !visible(user.tenant, String(pile.tenant ?? ''))) throw notFound();
  if (!((pile.connectors as Connector[] | undefined) ?? []).some((c) => c.connectorNo === connectorNo))
    throw refused('driverApp.server.noConnector');
  return pile;
}

function chargingUser(user: AppUserRecord & Stored) {
  if (user.lockFlag === LOCK_FLAG.locked) throw refused('driverApp.server.locked');
  if (!user.cardNo) throw refused('driverApp.server.noTag');
  return user.cardNo;
}

export async function startCharging(user: AppUserRecord & Stored, input: z.infer<typeof appStartSchema>) {
  const tag = chargingUser(user);
  const { chargePointId, connectorNo, chargeType, chargeValue } = input;
  await pileFor(user, chargePointId, connectorNo);
  // What expired holds gave back is spendable again: read the user after them.
  const current = (await tidyHolds(user)) ? ((await appUsers.getAny(user.id)) ?? user) : user;
  const available = availableUnits(current);
  const amount =
    chargeType === CHARGE_TYPE.amount
      ? toUnits(Number(chargeValue))
      : available < toUnits(APP_HOLD_CAP)
        ? available
        : toUnits(APP_HOLD_CAP);
  if (amount <= 0n || amount > available) throw refused('driverApp.server.balanceTooLow');
  const hold = await takeHold(user.id, { chargePointId, connectorNo }, fromUnits(amount));
  try {
    const sent = await sendPlatformCommand({
      chargePointId,
      connectorNo,
      command: 'remoteStart',
      params: { idTag: tag, chargeType, ...(chargeValue === undefined ? {} : { chargeValue }) },
      createdBy: `app:${user.email ?? user.id}`,
    });
    return { ...sent, frozen: hold.amount };
  } catch (error) {
    // The start never reached the charger (offline, refused before sending): nothing will release it later.
    await releaseHold(hold);
    throw error;
  }
}

/** Stops the user's own session on a connector (another driver's session is not theirs to stop). */
export async function stopCharging(user: AppUserRecord & Stored, input: z.infer<typeof appStopSchema>) {
  await pileFor(user, input.chargePointId, input.connectorNo);
  const session = await activeSession(input.chargePointId, input.connectorNo);
  if (!session || !user.cardNo || session.idTag !== user.cardNo) throw refused('driverApp.server.noSession');
  return sendPlatformCommand({
    chargePointId: input.chargePointId,
    connectorNo: input.connectorNo,
    command: 'remoteStop',
    transactionId: session.transactionId,
    createdBy: `app:${user.email ?? user.id}`,
  });
}

/** What the app shows of an order. */
const ORDER_FIELDS = [
  'orderNo',
  'chargePointId',
  'connectorNo',
  'stationId',
  'startTime',
  'endTime',
  'totalTime',
  'totalElectricity',
  'energyWh',
  'chargeType',
  'chargeValue',
  'actualFee',
  'currency',
  'payFlag',
  'payType',
  'appBalanceBefore',
  'appBalanceAfter',
  'endFlag',
  'stopReason',
] as const;

/** The user's orders, newest first: those of their tag that are theirs (in their company's reach; decision 432). */
export async function userOrders(user: AppUserRecord & Stored, page: z.infer<typeof appPageQuery>) {
  const orders = user.cardNo
    ? (await idTagOrders(user.cardNo)).filter(
        (o) => visible(user.tenant, String(o.tenant ?? '')) && isAppUsersOrder(o, user),
      )
    : [];
  const shown = orders.map((o) =>
    Object.fromEntries(ORDER_FIELDS.flatMap((f) => (o[f] === undefined ? [] : [[f, o[f]]]))),
  );
  return paginate(shown, page);
}

/** How far back the app lists reservations. */
const RESERVATION_DAYS = 90;

/** The user's reservations of the last 90 days, newest first. */
export async function userReservations(user: AppUserRecord & Stored, page: z.infer<typeof appPageQuery>) {
  if (!user.cardNo) return paginate([], page);
  const to = new Date().toISOString();
  const from = new Date(Date.now() - RESERVATION_DAYS * 86_400_000).toISOString();
  const { items } = await companyReservations(user.tenant, from, to, { idTag: user.cardNo }, 20_000);
  return paginate(
    items.map((item) => withoutKeys<Record<string, unknown>>(item)),
    page,
  );
}
