/**
 * Fleet alerts (functions/accounts/fleet-alerts.ts; docs/product.md section 3: type, time, fleet, VIN or e-mail,
 * message, readFlag 0 unread / 1 read). Access patterns:
 * - an alert put once, `FLEETALERT#{fleetId}` / `{createTime}#{alertId}`, with the fleet's counters (all,
 *   unread) added in the same transaction;
 * - a fleet's alerts newest first, a page at a time (optionally only the unread ones);
 * - one alert marked read, conditional on being unread, with the unread counter lowered in the same
 *   transaction (two marks at once lower it once);
 * - the counters, `FLEETALERTCOUNT#{fleetId}` / `COUNT`.
 */
import { newId } from '@functions/lib/records.ts';
import {
  defineEntity,
  getRecord,
  model,
  putRecord,
  queryAll,
  queryPage,
  request,
  send,
  withoutKeys,
  type TransactItem,
} from './table.ts';

const partition = {
  field: 'pk',
  composite: ['fleetId'],
  template: 'FLEETALERT#${fleetId}',
  casing: 'none',
} as const;

export const fleetAlerts = defineEntity({
  model: model('FLEETALERT'),
  attributes: {
    fleetId: { type: 'string', required: true },
    createTime: { type: 'string', required: true },
    alertId: { type: 'string', required: true },
    readFlag: { type: 'number' },
  },
  indexes: {
    byFleet: {
      pk: partition,
      sk: {
        field: 'sk',
        composite: ['createTime', 'alertId'],
        template: '${createTime}#${alertId}',
        casing: 'none',
      },
    },
  },
});

const alertCounts = defineEntity({
  model: model('FLEETALERTCOUNT'),
  attributes: {
    fleetId: { type: 'string', required: true },
    total: { type: 'number' },
    unread: { type: 'number' },
  },
  indexes: {
    byFleet: {
      pk: { field: 'pk', composite: ['fleetId'], template: 'FLEETALERTCOUNT#${fleetId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'COUNT', casing: 'none' },
    },
  },
});

export interface FleetAlertRecord {
  fleetId: string;
  tenant: string;
  /** docs/product.md section 9: one of the 8 alert types (functions/accounts/fleet-alerts.ts). */
  type: number;
  /** The vehicle's VIN or the driver's e-mail (or name) the alert is about, if any. */
  subject?: string;
  /** The message's values (an amount, an order number). */
  values?: Record<string, string | number>;
  orderNo?: string;
}

/** An alert's id as the API shows it: its time and its own id (the key of its item). */
export const alertKey = (item: { createTime: string; alertId: string }) =>
  `${item.createTime}~${item.alertId}`;
const keyOf = (id: string) => {
  const at = id.lastIndexOf('~');
  return at > 0 ? { createTime: id.slice(0, at), alertId: id.slice(at + 1) } : undefined;
};

/** The put of a new alert with its counters (both in one transaction). */
export function fleetAlertWrites(record: FleetAlertRecord, at: string, alertId = newId()): TransactItem[] {
  const { fleetId } = record;
  return [
    {
      Put: putRecord(fleetAlerts.create({ fleetId, createTime: at, alertId, readFlag: 0 }).params(), record),
    },
    { Update: request(alertCounts.update({ fleetId }).add({ total: 1, unread: 1 }).params()) },
  ];
}

export const putFleetAlert = (record: FleetAlertRecord, at = new Date().toISOString()) =>
  send.transact(fleetAlertWrites(record, at));

/** A fleet's alert counters. */
export async function fleetAlertCounts(fleetId: string): Promise<{ total: number; unread: number }> {
  const found = await getRecord<{ total?: number; unread?: number }>(
    request(alertCounts.get({ fleetId }).params()),
  );
  return { total: found?.total ?? 0, unread: Math.max(0, found?.unread ?? 0) };
}

/**
 * A page of a fleet's alerts, newest first: the items from `skip` up to `skip + size` (only the unread ones
 * when `readFlag` is 0, only the read ones when 1), as the API shows them (id, readFlag, time), read a chunk
 * at a time.
 */
export async function fleetAlertPage(fleetId: string, skip: number, size: number, readFlag?: 0 | 1) {
  const params = { ...fleetAlerts.query.byFleet({ fleetId }).params(), ScanIndexForward: false };
  const wanted = (item: Record<string, unknown>) =>
    readFlag === undefined || (readFlag === 1 ? item.readFlag === 1 : item.readFlag !== 1);
  const items = await queryPage(params, skip, size, wanted);
  return items.map((item): Record<string, unknown> => {
    const { alertId, ...rest } = withoutKeys<Record<string, unknown>>(item);
    return { ...rest, id: alertKey({ createTime: String(item.createTime), alertId: String(alertId) }) };
  });
}

/** A fleet's unread alerts' ids (for "mark all read"), oldest first. */
export async function unreadAlertIds(fleetId: string): Promise<string[]> {
  const items = await queryAll(fleetAlerts.query.byFleet({ fleetId }).params());
  return items
    .filter((item) => item.readFlag !== 1)
    .map((item) => alertKey({ createTime: String(item.createTime), alertId: String(item.alertId) }));
}

/**
 * Marks one alert read, conditional on its being unread, and lowers the unread count in the same
 * transaction: true when this call marked it, false when it was read already or does not exist.
 */
export async function markAlertRead(fleetId: string, id: string): Promise<boolean> {
  const key = keyOf(id);
  if (!key) return false;
  try {
    await send.transact([
      {
        Update: request(
          fleetAlerts
            .update({ fleetId, ...key })
            .set({ readFlag: 1 })
            .where((a, op) => `${op.exists(a.alertId)} AND ${op.eq(a.readFlag, 0)}`)
            .params(),
        ),
      },
      { Update: request(alertCounts.update({ fleetId }).add({ unread: -1 }).params()) },
    ]);
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}
