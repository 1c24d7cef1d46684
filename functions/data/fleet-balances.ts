/**
 * Fleet balances (functions/fleets), one kind of ledger.ts: the fleet account's `balance` (`FLEET#{id}` /
 * `FLEET`, the repository's item: balance, version and updateTime only) set under the version read, and one
 * fund record per change `FLEETFUND#{fleetId}` / `{createTime}#{entryId}` (the record's fields: orderNo,
 * driverId, vehicleId..., its operType), counted (`FLEETFUNDCOUNT#{fleetId}` / `COUNT`) in the same
 * transaction. Access patterns: a fleet's fund records oldest first, or a page of them newest first with
 * their count, or a page of one type's (index gsi1, `FLEETFUNDTYPE#{fleetId}#{operType}`).
 * Balances are stored numbers of four decimals (functions/accounts/fleet-balance.ts computes them).
 */
import { fleetResource } from '@shared/resources/fleet/fleet.ts';
import { ledger } from './ledger.ts';

export const fleetLedger = ledger({
  type: fleetResource.type,
  balanceField: 'balance',
  balanceName: 'FLEETBALANCE',
  entryName: 'FLEETFUND',
  countName: 'FLEETFUNDCOUNT',
  accountField: 'fleetId',
  changeField: 'changeBalance',
  byType: { name: 'FLEETFUNDTYPE', field: 'operType' },
});
