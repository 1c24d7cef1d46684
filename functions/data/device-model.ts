/**
 * What a 2.0.1 charger reported of its device model (functions/commands/device-model.ts,
 * docs/decisions/462-variable-monitoring-from-the-chargers-reports.md), per charger and variable, under the
 * charger's partition:
 * - `CHARGEPOINT#{chargePointId}` / `DEVVAR#{key}`: a variable's characteristics from a NotifyReport (data type,
 *   unit, minLimit, maxLimit, valuesList, mutability, its Actual value, when reported);
 * - `CHARGEPOINT#{chargePointId}` / `DEVMON#{key}`: the monitors a NotifyMonitoringReport listed for it.
 * `key` is the variable's key as `deviceKey` (shared/commands/catalogue.ts) writes it. Access patterns:
 * - the puts of a report part's variables or monitors (the newer report overwrites what an older one said);
 * - everything stored for one charger.
 */
import { defineEntity, model, putAll, putRecord, queryAll, withoutKeys } from './table.ts';

export const deviceVariables = defineEntity(
  {
    model: model('DEVVAR'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      key: { type: 'string', required: true },
    },
    indexes: {
      byCharger: {
        pk: {
          field: 'pk',
          composite: ['chargePointId'],
          template: 'CHARGEPOINT#${chargePointId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: ['key'], template: 'DEVVAR#${key}', casing: 'none' },
      },
    },
  },
  { keyOnly: [] },
);

export const deviceMonitors = defineEntity(
  {
    model: model('DEVMON'),
    attributes: {
      chargePointId: { type: 'string', required: true },
      key: { type: 'string', required: true },
    },
    indexes: {
      byCharger: {
        pk: {
          field: 'pk',
          composite: ['chargePointId'],
          template: 'CHARGEPOINT#${chargePointId}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: ['key'], template: 'DEVMON#${key}', casing: 'none' },
      },
    },
  },
  { keyOnly: [] },
);

/** A variable's stored characteristics (its keys included: chargePointId and key). */
export interface StoredDeviceVariable {
  chargePointId: string;
  key: string;
  [field: string]: unknown;
}

/** Stores reported variables (each over what was stored for it before), 25 to a batch. */
export const putDeviceVariables = (list: StoredDeviceVariable[]) =>
  putAll(
    list.map(
      (v) => putRecord(deviceVariables.put({ chargePointId: v.chargePointId, key: v.key }).params(), v).Item,
    ),
  );

/** Stores the monitors reported for variables (each variable's list over the one stored before). */
export const putDeviceMonitors = (list: StoredDeviceVariable[]) =>
  putAll(
    list.map(
      (v) => putRecord(deviceMonitors.put({ chargePointId: v.chargePointId, key: v.key }).params(), v).Item,
    ),
  );

/** Everything stored of a charger's device model: its variables and its monitors, each in key order. */
export async function deviceModelOf(chargePointId: string) {
  const [variables, monitors] = await Promise.all([
    queryAll(deviceVariables.query.byCharger({ chargePointId }).params()),
    queryAll(deviceMonitors.query.byCharger({ chargePointId }).params()),
  ]);
  const plain = (items: Record<string, unknown>[]) =>
    items.map((item) => withoutKeys<StoredDeviceVariable>(item));
  return { variables: plain(variables), monitors: plain(monitors) };
}
