/**
 * The limits a variable monitor's value must keep, from what the charger reported of the variable
 * (docs/decisions/462-variable-monitoring-from-the-chargers-reports.md; docs/product.md section 3, variable
 * monitoring: data type, unit, limits, values list, mutability). The console's form and the server read the
 * same schema: `monitoringSchema(factsOf)` is the SetVariableMonitoring parameters with these rules added.
 *
 * - A threshold monitor (UpperThreshold, LowerThreshold) is a value of the variable: within its minLimit and
 *   maxLimit, and for a list type (OptionList, SelectionList, SequenceList) one of the values list's numbers.
 * - A Delta monitor is a change: not negative, and not wider than maxLimit - minLimit when both are known.
 * - Periodic monitors are intervals in seconds: the variable's limits do not apply.
 * With several variables chosen the value must fit each of them. A variable the charger never reported has
 * no limits here (the charger still answers for it).
 */
import type { z } from 'zod';
import { deviceKey, variableMonitoringParams } from './catalogue.ts';

export const LIST_DATA_TYPES = ['OptionList', 'SelectionList', 'SequenceList'] as const;
const THRESHOLD_TYPES: readonly string[] = ['UpperThreshold', 'LowerThreshold'];

/** What a report said of one variable (functions/commands/device-model.ts keeps it). */
export interface VariableFacts {
  key: string;
  component: string;
  evse?: number;
  connector?: number;
  variable: string;
  instance?: string;
  dataType?: string;
  unit?: string;
  minLimit?: number;
  maxLimit?: number;
  valuesList?: string[];
  mutability?: string;
  value?: string;
  reportedAt?: string;
  monitors?: ReportedMonitor[];
}

export interface ReportedMonitor {
  id: number;
  type: string;
  value: number;
  severity: number;
  transaction?: boolean;
}

/** A row of the form: the pair it names (the component's EVSE as the catalogue's `evseId`). */
export interface MonitoredPair {
  component: string;
  variable: string;
  instance?: string;
  evseId?: number;
}

/** The key of a chosen pair, as a report's variable of the component's EVSE (not one connector) has it. */
export const pairKey = (p: MonitoredPair) =>
  deviceKey({
    component: p.component,
    evse: p.evseId || undefined,
    variable: p.variable,
    instance: p.instance || undefined,
  });

export const isListType = (dataType: string | undefined) =>
  (LIST_DATA_TYPES as readonly string[]).includes(dataType ?? '');

/** The numbers of a values list (a list's text entries cannot be a monitor's value). */
export const numericValues = (facts: VariableFacts) =>
  (facts.valuesList ?? []).map((v) => v.trim()).filter((v) => v !== '' && Number.isFinite(Number(v)));

/** What a threshold value must keep over every chosen variable: the tightest limits, the common values. */
export interface ThresholdRange {
  min?: number;
  max?: number;
  /** Present when a chosen variable is a list type: the values allowed (those of every such list). */
  values?: string[];
}

export function thresholdRange(facts: readonly VariableFacts[]): ThresholdRange {
  const range: ThresholdRange = {};
  for (const f of facts) {
    if (typeof f.minLimit === 'number') range.min = Math.max(range.min ?? -Infinity, f.minLimit);
    if (typeof f.maxLimit === 'number') range.max = Math.min(range.max ?? Infinity, f.maxLimit);
    if (isListType(f.dataType) && f.valuesList) {
      const own = numericValues(f);
      range.values = range.values
        ? range.values.filter((v) => own.some((o) => Number(o) === Number(v)))
        : own;
    }
  }
  if (range.values && (range.min !== undefined || range.max !== undefined))
    range.values = range.values.filter(
      (v) => Number(v) >= (range.min ?? -Infinity) && Number(v) <= (range.max ?? Infinity),
    );
  return range;
}

/** Why `value` is not a monitor of `type` the variables take (a catalog key), or undefined when it is. */
export function monitorValueProblem(
  facts: readonly VariableFacts[],
  type: string,
  value: number,
): string | undefined {
  if (THRESHOLD_TYPES.includes(type)) {
    const range = thresholdRange(facts);
    if (range.values && !range.values.some((v) => Number(v) === value))
      return 'commandRes.validation.notInValuesList';
    if (range.min !== undefined && value < range.min) return 'commandRes.validation.belowMinLimit';
    if (range.max !== undefined && value > range.max) return 'commandRes.validation.aboveMaxLimit';
    return undefined;
  }
  if (type === 'Delta') {
    if (value < 0) return 'commandRes.validation.deltaNegative';
    const widths = facts
      .filter((f) => typeof f.minLimit === 'number' && typeof f.maxLimit === 'number')
      .map((f) => f.maxLimit! - f.minLimit!);
    if (widths.length && value > Math.min(...widths)) return 'commandRes.validation.deltaTooWide';
  }
  return undefined;
}

type Params = z.infer<typeof variableMonitoringParams>;

/**
 * The SetVariableMonitoring parameters checked against the variables' reported facts (`factsOf` finds what
 * a report said of a chosen pair, or nothing). The problem is on `monitorValue`.
 */
export function monitoringSchema(factsOf: (pair: MonitoredPair) => VariableFacts | undefined) {
  return variableMonitoringParams.superRefine((p: Params, ctx) => {
    const facts = p.variables
      .map((v) => factsOf(v as MonitoredPair))
      .filter((f): f is VariableFacts => f !== undefined);
    if (!facts.length) return;
    for (const type of p.monitorTypes) {
      const problem = monitorValueProblem(facts, type, Number(p.monitorValue));
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['monitorValue'], message: problem });
        return;
      }
    }
  });
}

/** `factsOf` over a list of reported variables, by key. */
export function factsLookup(list: readonly VariableFacts[]) {
  const byKey = new Map(list.map((f) => [f.key, f]));
  return (pair: MonitoredPair) => byKey.get(pairKey(pair));
}
