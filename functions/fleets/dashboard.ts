/**
 * The fleet dashboard (/vehicle/dashbord): where a fleet account lands. Its fleet's money (balance,
 * warning balance, overdraft) and status, how many drivers and vehicles it has and how many charge now (the
 * status session start and stop keep), today's and this month's energy, cost and sessions (the fleet
 * rollups), its latest alerts with the unread count, and its latest fund records. Staff open it for any fleet of their
 * scope; a fleet account only for its own.
 */
import { fleetAlertCounts, fleetAlertPage } from '@functions/data/fleet-alerts.ts';
import type { Identity } from '@functions/identity/access.ts';
import { present, type Record_, type Resource } from '@functions/api/resources.ts';
import type { Stored } from '@functions/lib/records.ts';
import { MEMBER_STATUS } from '@shared/resources/fleet/members.ts';
import {
  driverRecords,
  fleetInReach,
  fleetMembersPage,
  fleetRecords,
  latestFundRecords,
  vehicleRecords,
} from '@functions/accounts/fleets.ts';
import { fleetToday } from './analysis.ts';

/** How many fund records and alerts the dashboard shows. */
export const DASHBOARD_FUNDS = 10;
export const DASHBOARD_ALERTS = 5;

/** A fleet's members in all and charging now: the fleet's index partition, counted. */
async function members(r: Resource, fleet: { id: string; tenant: string }) {
  const count = async (filters?: Record<string, unknown>) =>
    (await fleetMembersPage(r, fleet, { current: 1, size: 1 }, filters)).total;
  const [total, charging] = await Promise.all([count(), count({ status: MEMBER_STATUS.charging })]);
  return { total, charging };
}

export async function fleetDashboard(identity: Identity, id: string | undefined) {
  const fleet = (await fleetInReach(identity, id)) as unknown as Record_ & Stored;
  const [drivers, vehicles, funds, alerts, alertCounts, figures] = await Promise.all([
    members(driverRecords, fleet),
    members(vehicleRecords, fleet),
    latestFundRecords(fleet.id, identity.scope),
    fleetAlertPage(fleet.id, 0, DASHBOARD_ALERTS),
    fleetAlertCounts(fleet.id),
    fleetToday(String(fleet.id)),
  ]);
  return {
    fleet: present(fleetRecords, fleet),
    drivers,
    vehicles,
    funds: funds.slice(0, DASHBOARD_FUNDS),
    alerts: alerts.map(({ tenant: _t, ...alert }) => ({ ...alert, fleetName: fleet.name })),
    unreadAlerts: alertCounts.unread,
    ...figures,
  };
}
