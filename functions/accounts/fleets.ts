/**
 * Fleet accounts (docs/product.md section 3: Fleet, Fleet fund record, Driver, Vehicle): what settlement
 * needs, and the balance operations of docs/product.md section 4 (opening balance, top-up, reset; settlement
 * writes the consumptions). The fleet screens (docs/decisions/192-fleets-on-the-registry.md) build on this
 * store.
 *
 * - `FLEET#{id}`: tenant (the owning company's path), name, admin, manager, address, balance (four decimals;
 *   it may go below zero down to −overdraftAmount), overdraftAmount (≥ 0), warnBalance, status (0 enabled,
 *   1 disabled), version.
 * - `DRIVER#{id}` and `VEHICLE#{id}`: the fleet (`fleetId`), name, … and the idTag the driver or vehicle
 *   charges with. A tag belongs to one driver or vehicle of a company: the guard item of the unique value
 *   `FLEETTAG` `{tenant}|{idTag}` (case-folded like card numbers, `functions/data/repository.ts`) is written in the
 *   same transaction as the driver or vehicle and names it, so settlement finds a tag's fleet in two reads.
 * - `FLEETFUND#{fleetId}`, sk `{time}#{id}`: the fund records (operType 1 clear, 2 top-up, 3 consumption)
 *   with beforeBalance, afterBalance and changeBalance. Every balance change writes its record in the same
 *   transaction, conditional on the fleet's version (`balanceChange`).
 */
import { fleetLedger } from '@functions/data/fleet-balances.ts';
import { send } from '@functions/data/table.ts';
import { fleetVisible, proEntitled, type Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { companyAndAbove, companyOfTenant, tenantsInScope } from '@functions/identity/tenants.ts';
import { FLEET_STATUS, fleetResource, warnAboveOverdraft } from '@shared/resources/fleet/fleet.ts';
import { badRequest, notFound, refused } from '@functions/lib/errors.ts';
import { resource, type Resource, type ResourceHooks } from '@functions/api/resources.ts';
import {
  driverResource,
  FLEET_TAG_GUARD,
  MEMBER_STATUS,
  vehicleResource,
} from '@shared/resources/fleet/members.ts';
import { newId, type Stored } from '@functions/lib/records.ts';
import { Repository, uniqueOwner, type GuardedWrite } from '@functions/data/repository.ts';
import { balanceChange, fromUnits, hasFourDecimals, toUnits, withRetries } from './fleet-balance.ts';

export { FLEET_STATUS };
/** docs/product.md section 3, fleet fund record. */
export const FLEET_OPER_TYPE = { clear: 1, topUp: 2, consumption: 3 } as const;
/** docs/product.md section 3: driver and vehicle status. */
export { MEMBER_STATUS };

export interface FleetRecord {
  id: string;
  tenant: string;
  name: string;
  admin?: string;
  manager?: string;
  address?: string;
  balance: number;
  overdraftAmount: number;
  warnBalance: number;
  status: number;
}

export interface DriverRecord {
  id: string;
  tenant: string;
  fleetId: string;
  /** The fleet's name when the driver was last written (lists show it). */
  fleetName?: string;
  driverId?: string;
  name: string;
  email?: string;
  address?: string;
  idTag: string;
  status: number;
}

export interface VehicleRecord {
  id: string;
  tenant: string;
  fleetId: string;
  fleetName?: string;
  name: string;
  licensePlateNumber?: string;
  vin?: string;
  idTag: string;
  status: number;
}

/** docs/product.md section 5: the warning comes before the money runs into the overdraft. */
function checkWarnBalance(fleet: Record<string, unknown>) {
  if (!warnAboveOverdraft(fleet))
    throw badRequest('server.validation', { warnBalance: 'server.fleetWarnBalance' });
}

/** The opening balance's fund record (a top-up from 0), written in the fleet's own transaction. */
function openingRecord(fleetId: string, tenant: string, opening: bigint, at: string): GuardedWrite[] {
  if (!opening) return [];
  const amount = fromUnits(opening);
  const fields = { operType: FLEET_OPER_TYPE.topUp };
  return [
    fleetLedger.entryPut({ id: fleetId, tenant }, fields, { before: 0, after: amount, change: amount }, at),
    ...fleetLedger.counted(fleetId),
  ].map((write) => ({ write, refusal: refused('server.conflict') }));
}

/**
 * The fleet resource of the registry (/biz/fleet/...): its repository is the one every fleet write goes
 * through. An edit keeps the balance and the status (the balance operations and enable/disable change them).
 */
export const fleetRecords: Resource = resource(fleetResource, {
  fleetField: 'id',
  check: async (record, _identity, current) => {
    checkWarnBalance(record);
    if (current) Object.assign(record, { balance: current.balance, status: current.status });
  },
  alsoWrite: async (next, current) =>
    next && !current
      ? openingRecord(next.id, String(next.tenant), toUnits(next.balance), new Date().toISOString())
      : [],
});
export const fleets = fleetRecords.repo as unknown as Repository<FleetRecord>;

/**
 * A driver or vehicle names a fleet of the caller's scope (a fleet account's own, filled in for it), lives in
 * that fleet's company, and keeps the status session events give it (an edit never changes it).
 */
const memberHooks: ResourceHooks = {
  fleetField: 'fleetId',
  check: async (record, identity, current) => {
    const fleetId = String(record.fleetId ?? '');
    if (!fleetId) throw badRequest('server.validation', { fleetId: 'validation.required' });
    const fleet = await fleets.get(identity.scope, fleetId);
    if (!fleet) throw badRequest('server.validation', { fleetId: 'fleetMember.server.noFleet' });
    Object.assign(record, {
      tenant: fleet.tenant,
      fleetName: fleet.name,
      status: current?.status ?? MEMBER_STATUS.parked,
    });
  },
  // A driver or vehicle charging now is paid by its fleet until the session ends.
  deleteGuard: async (record) =>
    record.status === MEMBER_STATUS.charging ? 'fleetMember.server.memberCharging' : undefined,
  // The name stored with a member is its fleet's at the member's last write: show the fleet's name now.
  label: async (records) => {
    const ids = [...new Set(records.map((m) => String(m.fleetId ?? '')).filter(Boolean))];
    const found = await Promise.all(ids.map((id) => fleets.getAny(id)));
    const names = new Map(found.flatMap((f) => (f ? [[f.id, f.name] as const] : [])));
    return records.map((m) => {
      const name = names.get(String(m.fleetId));
      return name === undefined || name === m.fleetName ? m : { ...m, fleetName: name };
    });
  },
};

export const driverRecords: Resource = resource(driverResource, memberHooks);
export const vehicleRecords: Resource = resource(vehicleResource, memberHooks);
export const drivers = driverRecords.repo as unknown as Repository<DriverRecord>;
export const vehicles = vehicleRecords.repo as unknown as Repository<VehicleRecord>;

function money(name: string, value: number, min = -Infinity) {
  if (!hasFourDecimals(value) || value < min)
    throw new Error(`${name}: a number ≥ ${min} with four decimals`);
}

/** A top-up's amount: above 0, at most four decimals. */
function amountOf(amount: number): bigint {
  if (!(amount > 0) || !hasFourDecimals(amount)) throw refused('server.fleetAmount');
  return toUnits(amount);
}

type NewFleet = Omit<FleetRecord, 'id' | 'tenant' | 'balance' | 'status'> & {
  id?: string;
  status?: number;
  balance?: number;
};

/** A new fleet's record and its opening balance's fund record (a top-up from 0), checked. */
function fleetDraft(input: NewFleet, tenant: string): { fleet: FleetRecord; opening: GuardedWrite[] } {
  money('overdraftAmount', input.overdraftAmount, 0);
  money('warnBalance', input.warnBalance);
  checkWarnBalance(input);
  const { balance = 0, ...fields } = input;
  const units = balance ? amountOf(balance) : 0n;
  const id = input.id ?? newId();
  return {
    fleet: { status: FLEET_STATUS.enabled, ...fields, id, tenant, balance: fromUnits(units) },
    opening: openingRecord(id, tenant, units, new Date().toISOString()),
  };
}

/**
 * A new fleet of a company. With an opening balance the fleet and its fund record are one transaction: no
 * fleet is left without the record of its money, nor a record without its fleet.
 */
export async function createFleet(input: NewFleet, tenant: string): Promise<FleetRecord & Stored> {
  const { fleet, opening } = fleetDraft(input, tenant);
  return fleets.create(fleet, tenant, {}, opening);
}

/**
 * The same writes for another entity's transaction: the wizard creates its administrator's account with
 * them (activation.ts), so the fleet and its account exist together or not at all.
 */
export function newFleetWrites(
  input: NewFleet,
  tenant: string,
): { fleet: FleetRecord; writes: GuardedWrite[] } {
  const { fleet, opening } = fleetDraft(input, tenant);
  return { fleet, writes: [...fleets.createWrites(fleet, tenant, refused('server.duplicate')), ...opening] };
}

async function fleetOf(fleetId: string, tenant: string) {
  const fleet = await fleets.getAny(fleetId);
  if (!fleet || fleet.tenant !== tenant) throw new Error(`No fleet ${fleetId} in ${tenant}`);
  return fleet;
}

/** A driver of a fleet with the idTag they charge with (unique in the company among drivers and vehicles). */
export async function addDriver(
  input: Omit<DriverRecord, 'id' | 'tenant' | 'status'> & { id?: string },
  tenant: string,
): Promise<DriverRecord & Stored> {
  const fleet = await fleetOf(input.fleetId, tenant);
  return drivers.create(
    { status: MEMBER_STATUS.parked, ...input, id: input.id ?? newId(), tenant, fleetName: fleet.name },
    tenant,
  );
}

/** A vehicle of a fleet with the idTag it charges with. */
export async function addVehicle(
  input: Omit<VehicleRecord, 'id' | 'tenant' | 'status'> & { id?: string },
  tenant: string,
): Promise<VehicleRecord & Stored> {
  const fleet = await fleetOf(input.fleetId, tenant);
  return vehicles.create(
    { status: MEMBER_STATUS.parked, ...input, id: input.id ?? newId(), tenant, fleetName: fleet.name },
    tenant,
  );
}

export interface FleetAccount {
  fleet: FleetRecord & Stored;
  driverId?: string;
  vehicleId?: string;
}

/**
 * The fleet a session's idTag charges: a driver's or vehicle's tag of the charger's company or, failing
 * that, of the nearest company above it (as cards are found). Fleets are a Pro feature: the fleets of a
 * company whose package is not Pro (a downgrade keeps them stored) neither authorise nor pay; its tags are
 * looked up as cards and the rest (docs/decisions/191).
 */
export async function findFleetAccount(tenant: string, idTag: string): Promise<FleetAccount | undefined> {
  for (const owner of companyAndAbove(tenant)) {
    const id = await uniqueOwner(FLEET_TAG_GUARD, `${owner}|${idTag}`);
    if (!id) continue;
    const driver = await drivers.getAny(id);
    const holder = driver ?? (await vehicles.getAny(id));
    const fleet = holder ? await fleets.getAny(holder.fleetId) : undefined;
    if (!fleet) continue;
    const company = await operators.getAny(companyOfTenant(owner));
    if (company && !proEntitled(company)) continue;
    return { fleet, ...(driver ? { driverId: id } : { vehicleId: id }) };
  }
  return undefined;
}

/** The balance change of a fleet and its fund record (see `balanceChange`). */
export function fleetBalanceWrites(
  fleet: FleetRecord & Stored,
  change: bigint,
  operType: number,
  at: string,
  record: Record<string, unknown> = {},
) {
  return balanceChange(toUnits(fleet.balance), change, (amounts) =>
    fleetLedger.change(fleet, amounts, at, { ...record, operType }),
  );
}

/** An operator's burst of operations on one fleet may collide often: each waits its turn (capped pauses). */
const FUND_ATTEMPTS = 15;

/**
 * A balance operation of docs/product.md section 4 on a fleet `scope` may see: the change computed from the
 * balance read, then the balance and its fund record in one transaction conditional on that read; a
 * concurrent operation makes it read again and retry, so none is lost.
 */
async function operate(
  fleetId: string,
  scope: string,
  operType: number,
  changeOf: (balance: bigint) => bigint,
): Promise<FleetRecord & Stored> {
  return withRetries(async () => {
    const fleet = await fleets.mustGet(scope, fleetId);
    const at = new Date().toISOString();
    const change = fleetBalanceWrites(fleet, changeOf(toUnits(fleet.balance)), operType, at);
    await send.transact(change.writes);
    return { ...fleet, balance: fromUnits(change.after), version: fleet.version + 1, updateTime: at };
  }, FUND_ATTEMPTS);
}

/** A top-up (fund record operType 2): an amount above 0 with four decimals at most. */
export async function topUpFleet(
  fleetId: string,
  amount: number,
  scope = '/',
): Promise<FleetRecord & Stored> {
  const units = amountOf(amount);
  return operate(fleetId, scope, FLEET_OPER_TYPE.topUp, () => units);
}

/** A reset to zero (fund record operType 1): whatever the balance, credit or overdraft, it becomes 0. */
export function resetFleet(fleetId: string, scope: string): Promise<FleetRecord & Stored> {
  return operate(fleetId, scope, FLEET_OPER_TYPE.clear, (balance) => -balance);
}

/** Enables or disables a fleet (a disabled fleet's tags are refused at the charger and pay nothing). */
export async function setFleetStatus(fleetId: string, scope: string, status: number) {
  const current = await fleets.mustGet(scope, fleetId);
  if (current.status === status) return current;
  return fleets.update(current, { ...current, status });
}

/** The most fund records a fleet's detail shows; the whole history is /fundHistory's. */
export const LATEST_FUNDS = 100;

/** A fleet's latest fund records, newest first, for the caller's scope. */
export async function latestFundRecords(fleetId: string, scope: string) {
  const fleet = await fleets.mustGet(scope, fleetId);
  return (await fleetLedger.page(fleet.id, 0, LATEST_FUNDS)).map(({ tenant: _t, ...record }) => record);
}

/** A fleet's fund records, oldest first. */
export const fleetFundRecords = (fleetId: string) => fleetLedger.entries(fleetId);

// ---- The fleet console's reach ------------------------------------------------------------------------------

/** The fleet a caller asks about: a fleet account's own; staff's pick among their scope's. */
export async function fleetInReach(identity: Identity, fleetId: unknown) {
  const id = identity.fleetId ?? (typeof fleetId === 'string' ? fleetId : '');
  if (!id || !fleetVisible(identity, id)) throw notFound();
  return fleets.mustGet(identity.scope, id);
}

/** Staff who have not picked a fleet yet see an empty list (a fleet account always has its own). */
export const noFleetPicked = (identity: Identity, fleetId: unknown) =>
  identity.fleetId === undefined && !fleetId;

/** A page of a fleet's drivers or vehicles (`filters` beside the fleet), read from the fleet's index view. */
export async function fleetMembersPage(
  r: Resource,
  fleet: { id: string; tenant: string },
  query: { current: number; size: number },
  filters: Record<string, unknown> = {},
) {
  return r.repo.findPage({
    scope: fleet.tenant,
    tenants: await tenantsInScope(fleet.tenant),
    query,
    filters: { ...filters, fleetId: fleet.id },
    modes: r.meta.filters ?? {},
  });
}
