/**
 * What a 2.0.1 charger reports of its device model, kept per charger and variable
 * (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md): each NotifyReport part (the answer to
 * GetBaseReport or GetReport) gives its variables' characteristics (dataType, unit, minLimit, maxLimit,
 * valuesList) and Actual attribute (value, mutability); each NotifyMonitoringReport part (the answer to
 * GetMonitoringReport) the monitors set on its variables. The variable monitoring form reads them
 * (POST /biz/command/variables?chargePointId=) for its limits and values list, and the send of a
 * SetVariableMonitoring checks the value against them with the same schema (shared/commands/monitoring-limits.ts).
 */
import { deviceKey } from '@shared/commands/catalogue.ts';
import type { ReportedMonitor, VariableFacts } from '@shared/commands/monitoring-limits.ts';
import { deviceModelOf, putDeviceMonitors, putDeviceVariables } from '@functions/data/device-model.ts';
import { notFound } from '@functions/lib/errors.ts';
import { visibleChargePoint } from '@functions/chargepoints/sites.ts';
import type { Identity } from '@functions/identity/access.ts';
import { flattenReport } from './reports.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const compact = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** One entry per key, the last one given (a batch write refuses a key twice). */
const lastByKey = <T extends { key: string }>(list: T[]) => [
  ...new Map(list.map((v) => [v.key, v])).values(),
];

/** A values list as OCPP writes it: comma-separated entries. */
const listOf = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)
    : undefined;

/** The variables of a NotifyReport part with their characteristics. */
export function reportedVariables(reportData: unknown[], reportedAt: string): VariableFacts[] {
  const flat = flattenReport(reportData);
  return reportData.map((entry, i) => {
    const characteristics = obj(obj(entry).variableCharacteristics);
    const v = flat[i]!;
    return compact({
      key: deviceKey(v),
      component: v.component,
      evse: v.evse,
      connector: v.connector,
      variable: v.variable,
      instance: v.instance,
      dataType: v.dataType,
      unit: v.unit,
      minLimit: num(characteristics.minLimit),
      maxLimit: num(characteristics.maxLimit),
      valuesList: listOf(characteristics.valuesList),
      mutability: v.mutability,
      value: v.value,
      reportedAt,
    });
  });
}

/** Keeps what a NotifyReport part says of each of its variables (over what an older report said). */
export async function saveReportedVariables(chargePointId: string, part: { reportData?: unknown[] }) {
  const data = Array.isArray(part.reportData) ? part.reportData : [];
  const variables = reportedVariables(data, new Date().toISOString()).filter(
    (v) => v.component && v.variable,
  );
  if (variables.length) await putDeviceVariables(lastByKey(variables).map((v) => ({ ...v, chargePointId })));
}

/** The monitors of a NotifyMonitoringReport part, per variable. */
export function reportedMonitors(monitor: unknown[], reportedAt: string) {
  return monitor.map((entry) => {
    const e = obj(entry);
    const component = obj(e.component);
    const variable = obj(e.variable);
    const evse = obj(component.evse);
    const monitors: ReportedMonitor[] = (Array.isArray(e.variableMonitoring) ? e.variableMonitoring : [])
      .map(obj)
      .map((m) =>
        compact({
          id: Number(m.id),
          type: String(m.type ?? ''),
          value: Number(m.value),
          severity: Number(m.severity),
          transaction: typeof m.transaction === 'boolean' ? m.transaction : undefined,
        }),
      );
    const ref = {
      component: str(component.name) ?? '',
      evse: num(evse.id),
      connector: num(evse.connectorId),
      variable: str(variable.name) ?? '',
      instance: str(variable.instance),
    };
    return { key: deviceKey(ref), ...compact(ref), monitors, reportedAt };
  });
}

/** Keeps the monitors a NotifyMonitoringReport part lists, per variable (over those reported before). */
export async function saveReportedMonitors(chargePointId: string, part: { monitor?: unknown[] }) {
  const list = reportedMonitors(Array.isArray(part.monitor) ? part.monitor : [], new Date().toISOString());
  const named = list.filter((m) => m.component && m.variable);
  if (named.length) await putDeviceMonitors(lastByKey(named).map((m) => ({ ...m, chargePointId })));
}

/** A charger's reported variables with their monitors, in key order. */
export async function reportedFacts(chargePointId: string): Promise<VariableFacts[]> {
  const { variables, monitors } = await deviceModelOf(chargePointId);
  const monitorsOf = new Map(monitors.map((m) => [m.key, m]));
  const out = variables.map(({ chargePointId: _c, ...v }) => {
    const m = monitorsOf.get(v.key);
    monitorsOf.delete(v.key);
    return {
      ...(v as unknown as VariableFacts),
      ...(m ? { monitors: m.monitors as ReportedMonitor[] } : {}),
    };
  });
  // A monitor on a variable no inventory report listed yet.
  for (const { chargePointId: _c, reportedAt: _r, ...m } of monitorsOf.values())
    out.push(m as unknown as VariableFacts);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** POST /biz/command/variables?chargePointId=: a charger of the caller's, what it reported of its variables. */
export async function chargerVariables(identity: Identity, chargePointId: unknown) {
  const pile = await visibleChargePoint(identity, chargePointId);
  if (!pile) throw notFound();
  return { chargePointId: pile.id, variables: await reportedFacts(pile.id) };
}
