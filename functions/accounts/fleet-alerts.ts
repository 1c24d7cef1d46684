/**
 * Fleet alerts and the drivers' and vehicles' charging status (docs/product.md sections 3, 4 and 9).
 *
 * A session started with a driver's or vehicle's tag marks it charging and raises "started charging"; its
 * order, once settled, marks it parked and raises "stopped charging", then what the payment did to the
 * balance: below the warning balance ("balance warning"), below zero into the overdraft ("balance low"), or
 * not paid for want of money ("order stopped: insufficient balance"). A charger that suspends a member's
 * session (SuspendedEVSE: no power for it) raises "order paused: insufficient power"; one whose session
 * ended on a power loss raises "order stopped: power lost". Each alert is stored once with the
 * fleet's counters; the fleet (staff pick it, a fleet account has its own) lists them newest first, unread
 * or all, and marks one or all read. A reaction never fails the session or the order it follows: a failure
 * is logged.
 */
import { activeSessionOn } from '@functions/data/sessions.ts';
import {
  fleetAlertCounts,
  fleetAlertPage,
  markAlertRead,
  putFleetAlert,
  unreadAlertIds,
} from '@functions/data/fleet-alerts.ts';
import type { Identity } from '@functions/identity/access.ts';
import { logger } from '@functions/lib/logger.ts';
import type { Stored } from '@functions/lib/records.ts';
import { FLEET_ALERT_TYPE, MEMBER_STATUS } from '@shared/resources/fleet/members.ts';
import {
  drivers,
  findFleetAccount,
  fleetInReach,
  fleets,
  noFleetPicked,
  vehicles,
  type DriverRecord,
  type FleetAccount,
  type VehicleRecord,
} from './fleets.ts';
import { toUnits } from './fleet-balance.ts';

export { FLEET_ALERT_TYPE };

/** The driver or vehicle a fleet account's tag names, as stored now. */
const memberOf = (account: FleetAccount) => {
  const id = account.driverId ?? account.vehicleId;
  const repo = (account.driverId ? drivers : vehicles) as typeof drivers;
  return id ? repo.getAny(id) : Promise.resolve(undefined);
};

/** Sets a driver's or vehicle's status (a concurrent edit is read again; an unchanged status writes nothing). */
async function setMemberStatus(account: FleetAccount, status: number) {
  const repo = (account.driverId ? drivers : vehicles) as typeof drivers;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const current = await memberOf(account);
    if (!current) return undefined;
    if (current.status === status) return current;
    try {
      return await repo.update(current, { ...current, status });
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  return undefined;
}

/** Who an alert is about: the vehicle's VIN (else plate, else name), the driver's e-mail (else name). */
function subjectOf(member: (DriverRecord | VehicleRecord) & Stored, vehicle: boolean): string {
  if (vehicle) {
    const v = member as VehicleRecord;
    return v.vin || v.licensePlateNumber || v.name;
  }
  const d = member as DriverRecord;
  return d.email || d.name;
}

/** A session with a fleet member's tag started: it is charging now. */
export async function fleetSessionStarted(session: { tenant: string; idTag?: string }) {
  if (!session.idTag) return;
  const account = await findFleetAccount(session.tenant, session.idTag);
  if (!account) return;
  const member = await setMemberStatus(account, MEMBER_STATUS.charging);
  if (!member) return;
  const vehicle = !account.driverId;
  await putFleetAlert({
    fleetId: account.fleet.id,
    tenant: account.fleet.tenant,
    type: vehicle ? FLEET_ALERT_TYPE.vehicleStarted : FLEET_ALERT_TYPE.driverStarted,
    subject: subjectOf(member, vehicle),
    values: { name: member.name },
  });
}

/**
 * A connector's charging was suspended by the charger (no power for it now): a fleet member charging there
 * hears its session is paused for want of power. Told once per suspension (the event fires on entering it).
 */
export async function fleetSessionSuspended(at: {
  tenant: string;
  chargePointId: string;
  connectorNo: number;
}) {
  const session = await activeSessionOn<{ startTime: string; tenant: string; idTag?: string }>(
    at.chargePointId,
    at.connectorNo,
  );
  if (!session?.idTag || session.tenant !== at.tenant) return;
  const account = await findFleetAccount(session.tenant, session.idTag);
  if (!account) return;
  const member = await memberOf(account);
  if (!member) return;
  const vehicle = !account.driverId;
  await putFleetAlert({
    fleetId: account.fleet.id,
    tenant: account.fleet.tenant,
    type: FLEET_ALERT_TYPE.orderPaused,
    subject: subjectOf(member, vehicle),
    values: { name: member.name, chargePointId: at.chargePointId },
  });
}

/** 1.6 and 2.0.1 stop reasons of a session ended because the charger lost its power. */
const POWER_LOST = new Set(['powerloss']);

/** What settlement wrote of an order a fleet pays (or could not pay). */
export interface FleetOrderOutcome {
  orderNo: string;
  /** The session's company and tag: a free session names no fleet, yet its member is parked again. */
  tenant: string;
  idTag?: string;
  fleetId?: string;
  fleetDriverId?: string;
  fleetVehicleId?: string;
  payFlag?: number;
  unpaidReason?: string;
  stopReason?: string;
  fleetBalanceBefore?: number;
  fleetBalanceAfter?: number;
}

/** A fleet member's order was settled: it is parked, and the fleet hears what the payment did. */
export async function fleetOrderSettled(order: FleetOrderOutcome) {
  const payer = order.fleetId ? await fleets.getAny(order.fleetId) : undefined;
  const account: FleetAccount | undefined = payer
    ? {
        fleet: payer,
        ...(order.fleetDriverId ? { driverId: order.fleetDriverId } : { vehicleId: order.fleetVehicleId }),
      }
    : order.idTag
      ? await findFleetAccount(order.tenant, order.idTag)
      : undefined;
  if (!account) return;
  const { fleet } = account;
  const base = { fleetId: fleet.id, tenant: fleet.tenant, orderNo: order.orderNo };
  const member = await setMemberStatus(account, MEMBER_STATUS.parked);
  if (member) {
    const vehicle = !account.driverId;
    await putFleetAlert({
      ...base,
      type: vehicle ? FLEET_ALERT_TYPE.vehicleStopped : FLEET_ALERT_TYPE.driverStopped,
      subject: subjectOf(member, vehicle),
      values: { name: member.name, orderNo: order.orderNo },
    });
  }
  if (POWER_LOST.has((order.stopReason ?? '').toLowerCase()))
    await putFleetAlert({
      ...base,
      type: FLEET_ALERT_TYPE.orderStopped,
      ...(member ? { subject: subjectOf(member, !account.driverId) } : {}),
      values: { orderNo: order.orderNo, cause: 'power' },
    });
  if (order.payFlag !== 1 && order.unpaidReason === 'balance') {
    await putFleetAlert({ ...base, type: FLEET_ALERT_TYPE.orderStopped, values: { orderNo: order.orderNo } });
    return;
  }
  if (order.fleetBalanceBefore === undefined || order.fleetBalanceAfter === undefined) return;
  const before = toUnits(order.fleetBalanceBefore);
  const after = toUnits(order.fleetBalanceAfter);
  const balance = { balance: order.fleetBalanceAfter, orderNo: order.orderNo };
  // Each threshold is told once, when a payment crosses it.
  if (before >= 0n && after < 0n)
    await putFleetAlert({ ...base, type: FLEET_ALERT_TYPE.balanceLow, values: balance });
  else if (before >= toUnits(fleet.warnBalance) && after < toUnits(fleet.warnBalance))
    await putFleetAlert({ ...base, type: FLEET_ALERT_TYPE.balanceWarning, values: balance });
}

/** Runs a reaction without failing what it follows (the session, the order). */
export async function quietly(what: string, work: () => Promise<void>) {
  await work().catch((error: unknown) =>
    logger.error(`Fleet reaction failed: ${what}`, { error: String(error) }),
  );
}

// ---- The alerts screen ------------------------------------------------------------------------------------

export async function listFleetAlerts(
  identity: Identity,
  input: { fleetId?: string; current: number; size: number; readFlag?: number },
) {
  if (noFleetPicked(identity, input.fleetId))
    return { records: [], total: 0, unread: 0, current: input.current, size: input.size };
  const fleet = await fleetInReach(identity, input.fleetId);
  const readFlag = input.readFlag === 0 || input.readFlag === 1 ? input.readFlag : undefined;
  const [counts, records] = await Promise.all([
    fleetAlertCounts(fleet.id),
    fleetAlertPage(fleet.id, (input.current - 1) * input.size, input.size, readFlag),
  ]);
  const total = { 0: counts.unread, 1: Math.max(0, counts.total - counts.unread) };
  return {
    records: records.map(({ tenant: _t, ...alert }) => ({ ...alert, fleetName: fleet.name })),
    total: readFlag === undefined ? counts.total : total[readFlag],
    unread: counts.unread,
    current: input.current,
    size: input.size,
  };
}

/** Marks one alert read (a second mark changes nothing). */
export async function readFleetAlert(identity: Identity, fleetId: unknown, id: string) {
  const fleet = await fleetInReach(identity, fleetId);
  return { marked: await markAlertRead(fleet.id, id) };
}

/** Marks every unread alert of the fleet read; answers how many this call marked. */
export async function readAllFleetAlerts(identity: Identity, fleetId: unknown) {
  const fleet = await fleetInReach(identity, fleetId);
  let marked = 0;
  for (const id of await unreadAlertIds(fleet.id)) if (await markAlertRead(fleet.id, id)) marked++;
  return { marked };
}
