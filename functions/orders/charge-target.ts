/**
 * A session charged up to a value (docs/decisions/170): a remote start's charge type and value (energy in
 * kWh, time in minutes, amount in the order's money) are copied onto its session, and the session is
 * stopped once it reaches them. Each meter value of the session (1.6 MeterValues with its transaction,
 * 2.0.1 TransactionEvent) checks it: energy delivered so far, time since its start, or its running fee (the
 * same pricing as its order, in integer money). A time target is also checked by the orders sweep, so a
 * session whose charger sends no meter values is still stopped: the session's due time is kept under
 * `TXTARGET` from its start.
 *
 * The stop is a RemoteStopTransaction / RequestStopTransaction through the command pipeline
 * (functions/commands/send.ts), sent ONCE: a conditional write on the session (`targetStopAt`) decides
 * which of concurrent or repeated meter values sends it. A stop that could not be sent (charger offline,
 * another command pending on the connector) gives the mark back, so the next meter value or sweep tries
 * again.
 */
import { minorDigits } from '@shared/pricing/money.ts';
import { CHARGE_TYPE, chargeTargetUnits } from '@shared/schemas/order.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import {
  giveBackTargetStop,
  nameTargetStop,
  takeTargetStop,
  targetDueDelete,
  targetDuePut,
  targetsDue,
} from '@functions/data/charge-targets.ts';
import { logger } from '@functions/lib/logger.ts';
import { getSession, isRefused, type Session } from '@functions/sessions/transactions.ts';
import { priceOf } from './settlement.ts';

/** Hundredths of the money of a fee in the currency's minor units (JPY has none). */
const hundredths = (minor: bigint, currency: string) => minor * 10n ** BigInt(2 - minorDigits(currency));

/** Whether a session has reached its charge value now (a session charged until full never does). */
export async function targetReached(session: Session, now = Date.now()): Promise<boolean> {
  const type = Number(session.chargeType ?? CHARGE_TYPE.full);
  const target = session.chargeValue === undefined ? undefined : chargeTargetUnits(type, session.chargeValue);
  if (target === undefined) return false;
  if (type === CHARGE_TYPE.energy) {
    const delivered = Math.round((session.lastMeterWh ?? session.meterStartWh) - session.meterStartWh);
    return BigInt(Math.max(0, delivered)) >= target;
  }
  if (type === CHARGE_TYPE.time) {
    const started = Date.parse(session.startTime);
    return !Number.isNaN(started) && BigInt(Math.floor((now - started) / 1000)) >= target;
  }
  // Amount: the order's price of what it charged up to its last sample.
  const until = session.lastSampleAt ?? new Date(now).toISOString();
  const energyWh = Math.max(
    0,
    Math.round((session.lastMeterWh ?? session.meterStartWh) - session.meterStartWh),
  );
  const { priced } = await priceOf({ ...session, endTime: until, energyWh });
  return hundredths(priced.actualMinor, priced.currency) >= target;
}

export type TargetOutcome = 'none' | 'notReached' | 'sent' | 'already' | 'failed';

/**
 * Stops the session if it has reached its charge value and no stop was asked for yet. Never throws: a
 * charger's message is answered whatever happens here ('failed' is logged and tried again later).
 */
export async function enforceChargeTarget(
  chargePointId: string,
  transactionId: string,
  now = Date.now(),
): Promise<TargetOutcome> {
  try {
    const session = await getSession(chargePointId, transactionId);
    if (!session || session.status !== 'active' || isRefused(session)) return 'none';
    if (session.chargeType === undefined || session.chargeType === CHARGE_TYPE.full) return 'none';
    if (session.targetStopAt) return 'already';
    if (!(await targetReached(session, now))) return 'notReached';
    return await requestStop(session, new Date(now).toISOString());
  } catch (error) {
    logger.error('Checking a charge target failed', { chargePointId, transactionId, error: String(error) });
    return 'failed';
  }
}

async function requestStop(session: Session, at: string): Promise<TargetOutcome> {
  // Another message sent it, or the session ended.
  if (!(await takeTargetStop(session, at))) return 'already';
  try {
    const sent = await sendPlatformCommand({
      chargePointId: session.chargePointId,
      connectorNo: session.connectorNo,
      command: 'remoteStop',
      transactionId: session.transactionId,
    });
    await nameTargetStop(session, sent.commandId);
    logger.info('Charge target reached: remote stop sent', {
      chargePointId: session.chargePointId,
      transactionId: session.transactionId,
      commandId: sent.commandId,
    });
    return 'sent';
  } catch (error) {
    // Not sent: the mark is given back so the next meter value or sweep tries again.
    await giveBackTargetStop(session, at);
    logger.warn('Charge target reached but the remote stop was not sent', {
      chargePointId: session.chargePointId,
      transactionId: session.transactionId,
      error: String(error),
    });
    return 'failed';
  }
}

/** A session started with a time target is due for the sweep at its start plus the minutes. */
export async function chargeTargetStarted(session: Session): Promise<void> {
  if (Number(session.chargeType) !== CHARGE_TYPE.time || session.chargeValue === undefined) return;
  const seconds = chargeTargetUnits(CHARGE_TYPE.time, session.chargeValue);
  const started = Date.parse(session.startTime);
  if (seconds === undefined || Number.isNaN(started)) return;
  const dueAt = new Date(started + Number(seconds) * 1000).toISOString();
  await targetDuePut(session, dueAt);
}

/**
 * Schedule (the orders sweep): stops the sessions whose time target has passed, meter values or not; an
 * entry stays until its session was stopped or ended. Returns how many stops it sent.
 */
export async function sweepChargeTargets(now = Date.now()): Promise<number> {
  let sent = 0;
  for (const item of await targetsDue(new Date(now).toISOString())) {
    const outcome = await enforceChargeTarget(String(item.chargePointId), String(item.transactionId), now);
    if (outcome === 'sent') sent++;
    if (outcome === 'failed' || outcome === 'notReached') continue;
    await targetDueDelete(item);
  }
  return sent;
}
