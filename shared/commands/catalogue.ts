/**
 * Remote commands (docs/product.md sections 3 to 6; docs/decisions/231-command-catalogue-and-send-checks.md):
 * what the console can send to a charger, once, for both OCPP versions. Each command has its permission code
 * (the 2210-2261 buttons of shared/permissions/menus.ts), whether it needs a connector, the console's
 * parameters (the remote-command fields of docs/product.md section 3, a zod schema the API and the form
 * share), and per OCPP version the action and the payload built from them. Payloads are checked against the
 * official schemas before they are sent; a command a version lacks is refused for chargers speaking it.
 */
import { z } from 'zod';
import { DISPLAY_FORMATS, DISPLAY_PRIORITIES, DISPLAY_STATES } from '@shared/resources/device/display.ts';
import { optional, requiredText } from '@shared/schemas/fields.ts';
import { CHARGE_TYPE, refineChargeValue } from '@shared/schemas/order.ts';
import { COMMAND_CODE } from '@shared/permissions/menus.ts';

export type OcppVersion = 'ocpp1.6' | 'ocpp2.0.1';

/** What the server knows when it builds a payload. */
export interface CommandContext {
  /** The chosen connector's gun number (the 1.6 connectorId, the 2.0.1 evseId); 0 or absent: the pile. */
  connectorNo?: number;
  /** The connector's active transaction (remote stop). */
  transactionId?: string;
  /** A number unique to this command (2.0.1 requestId, remoteStartId, reservation ids the platform makes). */
  requestId: number;
  /**
   * What the server loaded for a command with a `load` step: the record chosen in the caller's scope (a
   * local list, a display message, a network configuration) and, for file transfers, the URL the charger
   * downloads the firmware from or uploads its log to.
   */
  record?: Record<string, unknown>;
  location?: string;
}

type Payload = Record<string, unknown>;
interface Variant {
  action: string;
  payload: (params: Record<string, unknown>, ctx: CommandContext) => Payload;
}

export type CommandLoad = 'firmware' | 'upload' | 'listVersion' | 'display' | 'network';

export interface CommandDef {
  key: string;
  /** The button code that allows it. */
  code: string;
  /** `connector`: a connector must be chosen; `pile`: the pile (a connector optional where the OCPP call takes one). */
  scope: 'pile' | 'connector';
  params: z.ZodObject;
  /** The command needs the connector's active session (remote stop). */
  needsSession?: boolean;
  /**
   * A server step before the payload is built (functions/commands/load.ts): `firmware` signs a download URL
   * for the chosen firmware file, `upload` an upload URL for the charger's log, `listVersion`, `display` and
   * `network` load the chosen record in the caller's scope (a local list only for company accounts).
   */
  load?: CommandLoad;
  /** Firmware status and log upload notifications are recorded on the charger's latest such command. */
  progress?: 'firmware' | 'log';
  ocpp16?: Variant;
  ocpp201?: Variant;
}

// ---- Parameter pieces (messages are catalog keys) ----------------------------------------------------------
// Text builders come from shared/schemas/fields.ts; an optional text parameter is `optional(requiredText(n))`:
// left out it is not sent, given it must not be blank.

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'commandRes.validation.range' })
    .max(max, { error: 'commandRes.validation.range' });
/** An OCPP integer id (reservation, profile, monitor, message ids): 0 to 2^31 - 1. */
const ocppId = () => whole(0, 2_147_483_647);
const optionalWhole = (min: number, max: number) => optional(whole(min, max));
const dateTime = () => z.iso.datetime({ offset: true, error: 'validation.dateFormat' });
/** OCPP idTag / idToken: printable ASCII, 20 characters in 1.6. */
const idTag = () => requiredText(20).regex(/^[\x20-\x7E]+$/, { error: 'commandRes.validation.ascii' });
/** A 2.0.1 component/variable reference written as `Component/Variable` (1.6 keys have no slash). */
const configKey = () =>
  requiredText(100).regex(/^[A-Za-z0-9*\-_=:+|@./]+$/, { error: 'commandRes.validation.configKey' });
const none = z.object({}).strict();

/**
 * A 2.0.1 device model key as the console writes it: `Component/Variable`, with `@evse` or
 * `@evse:connector` after the component of one EVSE and `.instance` after an instanced variable
 * (`OCPPCommCtrlr/MessageTimeout.Default`); a bare name is an OCPPCommCtrlr variable.
 */
export const splitKey = (key: string) => {
  const [where, named] = key.includes('/') ? key.split('/', 2) : ['', key];
  const [component, at] = where!.split('@', 2);
  const [evseId, connectorId] = (at ?? '').split(':', 2).map((n) => (n ? Number(n) : undefined));
  const [variable, instance] = named!.split('.', 2);
  return {
    component: {
      name: component || 'OCPPCommCtrlr',
      ...(Number.isInteger(evseId)
        ? { evse: { id: evseId!, ...(Number.isInteger(connectorId) ? { connectorId } : {}) } }
        : {}),
    },
    variable: { name: variable!, ...(instance ? { instance } : {}) },
  };
};

/** The key of a reported variable, in the form `splitKey` reads. */
export function deviceKey(v: {
  component: string;
  evse?: number;
  connector?: number;
  variable: string;
  instance?: string;
}): string {
  const at = v.evse === undefined ? '' : `@${v.evse}${v.connector === undefined ? '' : `:${v.connector}`}`;
  return `${v.component}${at}/${v.variable}${v.instance ? `.${v.instance}` : ''}`;
}

const evse = (ctx: CommandContext) => (ctx.connectorNo ? { evse: { id: ctx.connectorNo } } : {});
const defined = (p: Payload): Payload =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));

/** docs/product.md section 3: resetType 0 immediate hard reset, 1 soft reset when idle. */
export const RESET_TYPE = { hard: 0, soft: 1 } as const;
/** availType 0 inoperative, 1 operative. */
export const AVAIL_TYPE = { inoperative: 0, operative: 1 } as const;
export const TRIGGER_MESSAGES = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'MeterValues',
  'FirmwareStatusNotification',
  'DiagnosticsStatusNotification',
] as const;
export const CHARGING_PROFILE_PURPOSES = ['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'] as const;
export const CHARGING_RATE_UNITS = ['A', 'W'] as const;

const PURPOSE_201: Record<string, string> = {
  ChargePointMaxProfile: 'ChargingStationMaxProfile',
  TxDefaultProfile: 'TxDefaultProfile',
  TxProfile: 'TxProfile',
};

const dateTimeOptional = () => optional(dateTime());
/** A flag from a form: `true`/`false` (also as text). */
const flag = () =>
  z
    .preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'commandRes.validation.option' }),
    )
    .default(false);
/** A number with at most one decimal (OCPP 1.6 limits are `multipleOf 0.1`), at least 0. */
const rate = () =>
  z.coerce
    .number({ error: 'commandRes.validation.number' })
    .min(0, { error: 'commandRes.validation.range' })
    .max(1_000_000, { error: 'commandRes.validation.range' })
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, {
      error: 'commandRes.validation.oneDecimal',
    });
const optionalRate = () => optional(rate());
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'commandRes.validation.option' });
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(choice(values));
/** A list of distinct values. */
const distinct = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z
    .array(item)
    .min(min, { error: 'validation.required' })
    .max(max, { error: 'commandRes.validation.tooMany' })
    .refine((list) => new Set(list.map((v) => JSON.stringify(v))).size === list.length, {
      error: 'commandRes.validation.duplicateValue',
    });
/** An OCPP 2.0.1 component or variable name (identifierString, 50 characters). */
const identifier = () =>
  requiredText(50).regex(/^[A-Za-z0-9*\-_=:+|@.]+$/, { error: 'commandRes.validation.identifier' });
const optionalIdentifier = () => optional(identifier());
/** An id of a record the server loads (firmware, local list, display message, network configuration). */
const recordId = () => requiredText(64);
const retryFields = {
  retries: optionalWhole(0, 100),
  retryInterval: optionalWhole(0, 86_400),
};

/** A component and variable of OCPP 2.0.1's device model (the variable's instance and the component's EVSE). */
const componentVariable = {
  component: identifier(),
  variable: identifier(),
  instance: optionalIdentifier(),
  evseId: optionalWhole(0, 999),
};
const pairKey = (v: { component: string; variable?: string; instance?: string; evseId?: number }) =>
  [v.component, v.evseId ?? '', v.variable ?? '', v.instance ?? ''].join('|').toLowerCase();
/** No component-variable pair twice (docs/product.md section 5). */
const noDuplicatePairs = (
  list: { component: string; variable?: string; instance?: string; evseId?: number }[],
  ctx: z.RefinementCtx,
) => {
  const seen = new Set<string>();
  list.forEach((v, index) => {
    const key = pairKey(v);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [index, 'variable'],
        message: 'commandRes.validation.duplicatePair',
      });
    seen.add(key);
  });
};
type Pair = { component: string; variable?: string; instance?: string; evseId?: number };
const toComponent = (v: Pair) => ({
  component: defined({ name: v.component, evse: v.evseId ? { id: v.evseId } : undefined }),
  ...(v.variable ? { variable: defined({ name: v.variable, instance: v.instance }) } : {}),
});

/** When given, the end is after the start (`from` / `to` named by the fields). */
const endAfterStart =
  (from: string, to: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const a = value[from];
    const b = value[to];
    if (typeof a === 'string' && typeof b === 'string' && Date.parse(b) <= Date.parse(a))
      ctx.addIssue({ code: 'custom', path: [to], message: 'commandRes.validation.endAfterStart' });
  };

// ---- Values of the new commands -----------------------------------------------------------------------------

/** updateType 0 differential, 1 full (docs/product.md section 3). */
export const UPDATE_TYPE = { differential: 0, full: 1 } as const;
export const LOG_TYPES = ['DiagnosticsLog', 'SecurityLog'] as const;
export const PROFILE_KINDS = ['Absolute', 'Recurring', 'Relative'] as const;
export const RECURRENCY_KINDS = ['Daily', 'Weekly'] as const;
export const MONITOR_TYPES = [
  'UpperThreshold',
  'LowerThreshold',
  'Delta',
  'Periodic',
  'PeriodicClockAligned',
] as const;
export const MONITORING_BASES = ['All', 'FactoryDefault', 'HardWiredOnly'] as const;
export const ATTRIBUTE_TYPES = ['Actual', 'Target', 'MinSet', 'MaxSet'] as const;
export const COMPONENT_CRITERIA = ['Active', 'Available', 'Enabled', 'Problem'] as const;
export const MONITORING_CRITERIA = ['ThresholdMonitoring', 'DeltaMonitoring', 'PeriodicMonitoring'] as const;
export const CHARGING_LIMIT_SOURCES = ['EMS', 'Other', 'SO', 'CSO'] as const;
export const OCPP_INTERFACES = [
  'Wired0',
  'Wired1',
  'Wired2',
  'Wired3',
  'Wireless0',
  'Wireless1',
  'Wireless2',
  'Wireless3',
] as const;
export const EXTENDED_TRIGGER_MESSAGES = [
  'BootNotification',
  'LogStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'SignChargePointCertificate',
  'StatusNotification',
] as const;
/** Periods of a charging schedule (OCPP 2.0.1 allows 1024). */
export const PROFILE_PERIODS_MAX = 1024;

/** A list of component-variable pairs where the variable may be left out (the whole component). */
const componentList = () =>
  z
    .array(z.object({ ...componentVariable, variable: optionalIdentifier() }).strict())
    .max(50, { error: 'commandRes.validation.tooMany' })
    .superRefine(noDuplicatePairs)
    .default([]);
const orNone = <T>(list: T[]) => (list.length ? list : undefined);

/** GetReport / GetMonitoringReport: optional criteria and component-variable pairs (2.0.1 only). */
function reportCommand(
  key: string,
  code: string,
  action: string,
  criteriaField: string,
  criteria: readonly [string, ...string[]],
): CommandDef {
  return {
    key,
    code,
    scope: 'pile',
    params: z
      .object({
        [criteriaField]: distinct(choice(criteria), 0, criteria.length).default([]),
        variables: componentList(),
      })
      .strict(),
    ocpp201: {
      action,
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          [criteriaField]: orNone(p[criteriaField] as string[]),
          componentVariable: orNone((p.variables as Pair[]).map(toComponent)),
        }),
    },
  };
}

type VariableItem = Pair & { attributeType?: string; attributeValue?: string };
/** GetVariables / SetVariables: at least one component-variable pair with its attribute (and value). */
const variableList = (extra: Record<string, z.ZodType>) =>
  z
    .array(
      z.object({ ...componentVariable, attributeType: optionalChoice(ATTRIBUTE_TYPES), ...extra }).strict(),
    )
    .min(1, { error: 'commandRes.validation.pairRequired' })
    .max(50, { error: 'commandRes.validation.tooMany' });
const variableData = (v: VariableItem) =>
  defined({ attributeType: v.attributeType, attributeValue: v.attributeValue, ...toComponent(v) });

// ---- Charging profile --------------------------------------------------------------------------------------

/** One schedule period; `endPeriod` (optional, the console's) is where it ends, before the next one starts. */
export const periodSchema = z
  .object({
    startPeriod: whole(0, 31 * 86_400),
    endPeriod: optionalWhole(1, 31 * 86_400),
    limit: rate(),
    numberPhases: optionalWhole(1, 3),
  })
  .strict();

/**
 * SetChargingProfile's parameters (docs/product.md sections 3 and 5): at least one period, the first from the
 * schedule's start, each after the one before (so none overlaps) and within the duration; a recurring
 * profile has its recurrence and a start, a relative one has no start; validTo after validFrom.
 */
export const chargingProfileFields = {
  chargingProfileId: whole(1, 2_147_483_647),
  stackLevel: whole(0, 1000),
  purpose: choice(CHARGING_PROFILE_PURPOSES),
  kind: choice(PROFILE_KINDS).default('Absolute'),
  recurrencyKind: optionalChoice(RECURRENCY_KINDS),
  validFrom: dateTimeOptional(),
  validTo: dateTimeOptional(),
  duration: optionalWhole(1, 31 * 86_400),
  startSchedule: dateTimeOptional(),
  chargingRateUnit: choice(CHARGING_RATE_UNITS),
  minChargingRate: optionalRate(),
  periods: z
    .array(periodSchema)
    .min(1, { error: 'commandRes.validation.periodRequired' })
    .max(PROFILE_PERIODS_MAX, { error: 'commandRes.validation.tooMany' }),
};
type ProfileValue = z.infer<z.ZodObject<typeof chargingProfileFields>>;

/** The profile rules, shared by the command and the stored profile (shared/resources/device/charging-profile.ts). */
export function checkChargingProfile(value: ProfileValue, ctx: z.core.$RefinementCtx): void {
  endAfterStart('validFrom', 'validTo')(value, ctx);
  if (value.kind === 'Recurring') {
    if (!value.recurrencyKind)
      ctx.addIssue({ code: 'custom', path: ['recurrencyKind'], message: 'validation.required' });
    if (!value.startSchedule)
      ctx.addIssue({
        code: 'custom',
        path: ['startSchedule'],
        message: 'commandRes.validation.recurringStart',
      });
  } else if (value.recurrencyKind)
    ctx.addIssue({
      code: 'custom',
      path: ['recurrencyKind'],
      message: 'commandRes.validation.recurrencyOnlyRecurring',
    });
  if (value.kind === 'Relative' && value.startSchedule)
    ctx.addIssue({
      code: 'custom',
      path: ['startSchedule'],
      message: 'commandRes.validation.relativeNoStart',
    });
  if (value.kind === 'Recurring' && value.duration !== undefined) {
    const cycle = value.recurrencyKind === 'Weekly' ? 7 * 86_400 : 86_400;
    if (value.duration > cycle)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'commandRes.validation.range' });
  }
  const periods = value.periods;
  if (periods[0] && periods[0].startPeriod !== 0)
    ctx.addIssue({
      code: 'custom',
      path: ['periods', 0, 'startPeriod'],
      message: 'commandRes.validation.firstPeriodAtStart',
    });
  periods.forEach((period, index) => {
    const before = periods[index - 1];
    if (before && period.startPeriod <= before.startPeriod)
      ctx.addIssue({
        code: 'custom',
        path: ['periods', index, 'startPeriod'],
        message: 'commandRes.validation.periodOverlap',
      });
    if (value.duration !== undefined && period.startPeriod >= value.duration)
      ctx.addIssue({
        code: 'custom',
        path: ['periods', index, 'startPeriod'],
        message: 'commandRes.validation.periodBeyondDuration',
      });
    if (value.minChargingRate !== undefined && period.limit < value.minChargingRate)
      ctx.addIssue({
        code: 'custom',
        path: ['periods', index, 'limit'],
        message: 'commandRes.validation.belowMinimum',
      });
    const end = period.endPeriod;
    if (end !== undefined) {
      const next = periods[index + 1];
      if (end <= period.startPeriod)
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index, 'endPeriod'],
          message: 'commandRes.validation.endAfterStart',
        });
      else if (next && end > next.startPeriod)
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index, 'endPeriod'],
          message: 'commandRes.validation.periodOverlap',
        });
      else if (value.duration !== undefined && end > value.duration)
        ctx.addIssue({
          code: 'custom',
          path: ['periods', index, 'endPeriod'],
          message: 'commandRes.validation.periodBeyondDuration',
        });
    }
  });
}

export const chargingProfileParams = z
  .object(chargingProfileFields)
  .strict()
  .superRefine(checkChargingProfile);

const tenth = (v: unknown) => Math.round(Number(v) * 10) / 10;
type Period = z.infer<typeof periodSchema>;
const schedule = (p: Record<string, unknown>) =>
  defined({
    duration: p.duration,
    startSchedule: p.startSchedule,
    chargingRateUnit: p.chargingRateUnit,
    chargingSchedulePeriod: (p.periods as Period[]).map((x) =>
      defined({ startPeriod: x.startPeriod, limit: tenth(x.limit), numberPhases: x.numberPhases }),
    ),
    minChargingRate: p.minChargingRate === undefined ? undefined : tenth(p.minChargingRate),
  });

// ---- Variable monitoring ------------------------------------------------------------------------------------

/** SetVariableMonitoring (docs/product.md section 5): pairs without duplicates, at least one monitor type. */
export const variableMonitoringParams = z
  .object({
    variables: z
      .array(z.object(componentVariable).strict())
      .min(1, { error: 'commandRes.validation.pairRequired' })
      .max(50, { error: 'commandRes.validation.tooMany' })
      .superRefine(noDuplicatePairs),
    monitorTypes: z
      .array(choice(MONITOR_TYPES))
      .min(1, { error: 'commandRes.validation.typeRequired' })
      .max(MONITOR_TYPES.length, { error: 'commandRes.validation.tooMany' })
      .refine((list) => new Set(list).size === list.length, {
        error: 'commandRes.validation.duplicateValue',
      }),
    monitorValue: z.coerce
      .number({ error: 'commandRes.validation.number' })
      .min(-1e9, { error: 'commandRes.validation.range' })
      .max(1e9, { error: 'commandRes.validation.range' }),
    severity: whole(0, 9),
    transaction: flag(),
  })
  .strict();

// ---- Display messages ---------------------------------------------------------------------------------------

/**
 * SetDisplayMessage: a stored message template (`displayId`, docs/product.md section 3) or the message's
 * fields; the message id on the charger is `displayMessageId` (a new one when absent).
 */
export const displayMessageParams = z
  .object({
    displayId: optional(recordId()),
    displayMessageId: optionalWhole(0, 2_147_483_647),
    format: optionalChoice(DISPLAY_FORMATS),
    language: optional(requiredText(8)),
    content: optional(requiredText(512)),
    priority: optionalChoice(DISPLAY_PRIORITIES),
    state: optionalChoice(DISPLAY_STATES),
    startDateTime: dateTimeOptional(),
    endDateTime: dateTimeOptional(),
    transactionId: optional(requiredText(36)),
  })
  .strict()
  .superRefine((value, ctx) => {
    endAfterStart('startDateTime', 'endDateTime')(value, ctx);
    if (value.displayId) return;
    for (const field of ['format', 'content', 'priority'] as const)
      if (value[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'commandRes.validation.templateOrFields' });
  });

const displayMessage = (p: Record<string, unknown>, c: CommandContext) => {
  const from = c.record ?? {};
  const pick = (field: string) => p[field] ?? from[field];
  return {
    message: defined({
      id: p.displayMessageId ?? c.requestId,
      priority: pick('priority'),
      state: pick('state'),
      startDateTime: pick('startDateTime'),
      endDateTime: pick('endDateTime'),
      transactionId: p.transactionId,
      message: defined({ format: pick('format'), language: pick('language'), content: pick('content') }),
    }),
  };
};

// ---- Network profile ----------------------------------------------------------------------------------------

const filledValue = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

/** A stored network configuration (shared/resources/device/network.ts) as OCPP 2.0.1 connection data. */
const connectionData = (n: Record<string, unknown>, ocppInterface: unknown) =>
  defined({
    ocppVersion: n.ocppVersion,
    ocppTransport: n.ocppTransport,
    ocppCsmsUrl: n.ocppCsmsUrl,
    messageTimeout: n.messageTimeout === undefined ? undefined : Number(n.messageTimeout),
    securityProfile: n.securityProfile === undefined ? undefined : Number(n.securityProfile),
    ocppInterface,
    vpn: filledValue(n.vpnServer)
      ? defined({
          server: n.vpnServer,
          user: n.vpnUser,
          group: filledValue(n.vpnGroup),
          password: n.vpnPassword,
          // OCPP requires the shared key; a VPN stored without one sends it empty.
          key: filledValue(n.vpnKey) ?? '',
          type: n.vpnType,
        })
      : undefined,
    apn: filledValue(n.apn)
      ? defined({
          apn: n.apn,
          apnUserName: filledValue(n.apnUserName),
          apnPassword: filledValue(n.apnPassword),
          simPin: filledValue(n.simPin) === undefined ? undefined : Number(n.simPin),
          preferredNetwork: filledValue(n.preferredNetwork),
          useOnlyPreferredNetwork: n.useOnlyPreferredNetwork === true ? true : undefined,
          apnAuthentication: n.apnAuthentication,
        })
      : undefined,
  });

// ---- Local list ---------------------------------------------------------------------------------------------

interface ListEntry {
  idTag: string;
  idTagStatus: string;
  idTagExpiryDate?: string;
  parentIdTag?: string;
}
const listEntries = (c: CommandContext) => ((c.record?.entries ?? []) as ListEntry[]).filter(Boolean);
const updateTypeOf = (p: Record<string, unknown>) =>
  p.updateType === UPDATE_TYPE.full ? 'Full' : 'Differential';

// ---- Firmware and logs --------------------------------------------------------------------------------------

const firmwareParams = {
  firmwareId: recordId(),
  retrieveDate: dateTimeOptional(),
  ...retryFields,
};
const signedFirmwareParams = z
  .object({
    ...firmwareParams,
    installDateTime: dateTimeOptional(),
    signingCertificate: requiredText(5500),
    signature: requiredText(800),
  })
  .strict()
  .superRefine(endAfterStart('retrieveDate', 'installDateTime'));
/** The time the charger fetches the file: the one chosen, or now. */
const retrieveAt = (p: Record<string, unknown>) => String(p.retrieveDate ?? new Date().toISOString());
const signedFirmware = (p: Record<string, unknown>, c: CommandContext) =>
  defined({
    location: c.location,
    retrieveDateTime: retrieveAt(p),
    installDateTime: p.installDateTime,
    signingCertificate: p.signingCertificate,
    signature: p.signature,
  });

const logParams = {
  startTime: dateTimeOptional(),
  stopTime: dateTimeOptional(),
  ...retryFields,
};
const getLog = (logType: unknown) => (p: Record<string, unknown>, c: CommandContext) =>
  defined({
    logType,
    requestId: c.requestId,
    log: defined({ remoteLocation: c.location, oldestTimestamp: p.startTime, latestTimestamp: p.stopTime }),
    retries: p.retries,
    retryInterval: p.retryInterval,
  });

// ---- The catalogue -----------------------------------------------------------------------------------------

export const COMMANDS: CommandDef[] = [
  {
    key: 'reset',
    code: COMMAND_CODE.reset,
    scope: 'pile',
    params: z.object({ resetType: z.coerce.number().int().min(0).max(1) }).strict(),
    ocpp16: {
      action: 'Reset',
      payload: (p) => ({ type: p.resetType === RESET_TYPE.soft ? 'Soft' : 'Hard' }),
    },
    ocpp201: {
      action: 'Reset',
      payload: (p) => ({ type: p.resetType === RESET_TYPE.soft ? 'OnIdle' : 'Immediate' }),
    },
  },
  {
    key: 'unlockConnector',
    code: COMMAND_CODE.unlockConnector,
    scope: 'connector',
    params: none,
    ocpp16: { action: 'UnlockConnector', payload: (_p, c) => ({ connectorId: c.connectorNo }) },
    ocpp201: { action: 'UnlockConnector', payload: (_p, c) => ({ evseId: c.connectorNo, connectorId: 1 }) },
  },
  {
    key: 'changeAvailability',
    code: COMMAND_CODE.changeAvailability,
    scope: 'pile',
    params: z.object({ availType: z.coerce.number().int().min(0).max(1) }).strict(),
    ocpp16: {
      action: 'ChangeAvailability',
      payload: (p, c) => ({
        connectorId: c.connectorNo ?? 0,
        type: p.availType === AVAIL_TYPE.operative ? 'Operative' : 'Inoperative',
      }),
    },
    ocpp201: {
      action: 'ChangeAvailability',
      payload: (p, c) => ({
        operationalStatus: p.availType === AVAIL_TYPE.operative ? 'Operative' : 'Inoperative',
        ...evse(c),
      }),
    },
  },
  {
    key: 'getConfiguration',
    code: COMMAND_CODE.getConfiguration,
    scope: 'pile',
    params: z.object({ configKeys: z.array(configKey()).max(50).default([]) }).strict(),
    ocpp16: {
      action: 'GetConfiguration',
      payload: (p) => {
        const keys = p.configKeys as string[];
        return keys.length ? { key: keys } : {};
      },
    },
    ocpp201: {
      // Named keys are read with GetVariables (none named fails the schema: "all keys" is a base report,
      // GetBaseReport, code 2239).
      action: 'GetVariables',
      payload: (p) => ({ getVariableData: (p.configKeys as string[]).map(splitKey) }),
    },
  },
  {
    key: 'changeConfiguration',
    code: COMMAND_CODE.changeConfiguration,
    scope: 'pile',
    params: z.object({ configKey: configKey(), configValue: requiredText(500) }).strict(),
    ocpp16: {
      action: 'ChangeConfiguration',
      payload: (p) => ({ key: p.configKey, value: p.configValue }),
    },
    ocpp201: {
      action: 'SetVariables',
      payload: (p) => ({
        setVariableData: [{ attributeValue: p.configValue, ...splitKey(String(p.configKey)) }],
      }),
    },
  },
  {
    key: 'clearCache',
    code: COMMAND_CODE.clearCache,
    scope: 'pile',
    params: none,
    ocpp16: { action: 'ClearCache', payload: () => ({}) },
    ocpp201: { action: 'ClearCache', payload: () => ({}) },
  },
  {
    key: 'remoteStart',
    code: COMMAND_CODE.remoteStart,
    scope: 'connector',
    // What to charge (docs/decisions/170): the session is stopped once the value is reached; full by default.
    params: z
      .object({
        idTag: idTag(),
        chargeType: whole(CHARGE_TYPE.energy, CHARGE_TYPE.full).default(CHARGE_TYPE.full),
        // The form hides it for full and says its unit by the chosen type (web .../param-form.tsx).
        chargeValue: optional(
          z.preprocess(
            (v) => (typeof v === 'number' ? String(v) : v),
            z.string({ error: 'commandRes.validation.number' }).trim(),
          ),
        ).meta({
          hiddenWhen: { field: 'chargeType', values: [CHARGE_TYPE.full] },
          helpBy: { field: 'chargeType', key: 'commandRes.chargeValueHelp' },
        }),
      })
      .strict()
      .superRefine(refineChargeValue),
    ocpp16: {
      action: 'RemoteStartTransaction',
      payload: (p, c) => ({ connectorId: c.connectorNo, idTag: p.idTag }),
    },
    ocpp201: {
      action: 'RequestStartTransaction',
      payload: (p, c) => ({
        evseId: c.connectorNo,
        remoteStartId: c.requestId,
        idToken: { idToken: p.idTag, type: 'Central' },
      }),
    },
  },
  {
    key: 'remoteStop',
    code: COMMAND_CODE.remoteStop,
    scope: 'connector',
    needsSession: true,
    params: none,
    ocpp16: {
      action: 'RemoteStopTransaction',
      payload: (_p, c) => ({ transactionId: Number(c.transactionId) }),
    },
    ocpp201: { action: 'RequestStopTransaction', payload: (_p, c) => ({ transactionId: c.transactionId }) },
  },
  {
    key: 'reserveNow',
    code: COMMAND_CODE.reserveNow,
    scope: 'connector',
    params: z.object({ idTag: idTag(), expiryDate: dateTime() }).strict(),
    ocpp16: {
      action: 'ReserveNow',
      payload: (p, c) => ({
        connectorId: c.connectorNo,
        expiryDate: p.expiryDate,
        idTag: p.idTag,
        reservationId: c.requestId,
      }),
    },
    ocpp201: {
      action: 'ReserveNow',
      payload: (p, c) => ({
        id: c.requestId,
        expiryDateTime: p.expiryDate,
        idToken: { idToken: p.idTag, type: 'Central' },
        evseId: c.connectorNo,
      }),
    },
  },
  {
    key: 'cancelReservation',
    code: COMMAND_CODE.cancelReservation,
    scope: 'pile',
    params: z.object({ reservationId: ocppId() }).strict(),
    ocpp16: { action: 'CancelReservation', payload: (p) => ({ reservationId: p.reservationId }) },
    ocpp201: { action: 'CancelReservation', payload: (p) => ({ reservationId: p.reservationId }) },
  },
  {
    key: 'getLocalListVersion',
    code: COMMAND_CODE.getLocalListVersion,
    scope: 'pile',
    params: none,
    ocpp16: { action: 'GetLocalListVersion', payload: () => ({}) },
    ocpp201: { action: 'GetLocalListVersion', payload: () => ({}) },
  },
  {
    key: 'clearChargingProfile',
    code: COMMAND_CODE.clearChargingProfile,
    scope: 'pile',
    params: z
      .object({
        chargingProfileId: optionalWhole(0, 2_147_483_647),
        purpose: z.enum(CHARGING_PROFILE_PURPOSES, { error: 'commandRes.validation.option' }).optional(),
        stackLevel: optionalWhole(0, 1000),
      })
      .strict(),
    ocpp16: {
      action: 'ClearChargingProfile',
      payload: (p, c) =>
        defined({
          id: p.chargingProfileId,
          connectorId: c.connectorNo,
          chargingProfilePurpose: p.purpose,
          stackLevel: p.stackLevel,
        }),
    },
    ocpp201: {
      action: 'ClearChargingProfile',
      payload: (p, c) => {
        const criteria = defined({
          evseId: c.connectorNo,
          chargingProfilePurpose: p.purpose ? PURPOSE_201[String(p.purpose)] : undefined,
          stackLevel: p.stackLevel,
        });
        return defined({
          chargingProfileId: p.chargingProfileId,
          chargingProfileCriteria: Object.keys(criteria).length ? criteria : undefined,
        });
      },
    },
  },
  {
    key: 'getCompositeSchedule',
    code: COMMAND_CODE.getCompositeSchedule,
    scope: 'connector',
    params: z
      .object({
        duration: whole(1, 7 * 86_400),
        chargingRateUnit: z.enum(CHARGING_RATE_UNITS, { error: 'commandRes.validation.option' }).optional(),
      })
      .strict(),
    ocpp16: {
      action: 'GetCompositeSchedule',
      payload: (p, c) =>
        defined({ connectorId: c.connectorNo, duration: p.duration, chargingRateUnit: p.chargingRateUnit }),
    },
    ocpp201: {
      action: 'GetCompositeSchedule',
      payload: (p, c) =>
        defined({ evseId: c.connectorNo, duration: p.duration, chargingRateUnit: p.chargingRateUnit }),
    },
  },
  {
    key: 'triggerMessage',
    code: COMMAND_CODE.triggerMessage,
    scope: 'pile',
    params: z
      .object({ requestedMessage: z.enum(TRIGGER_MESSAGES, { error: 'commandRes.validation.option' }) })
      .strict(),
    ocpp16: {
      action: 'TriggerMessage',
      payload: (p, c) =>
        defined({ requestedMessage: p.requestedMessage, connectorId: c.connectorNo || undefined }),
    },
    ocpp201: {
      action: 'TriggerMessage',
      payload: (p, c) => ({
        // 2.0.1 reports diagnostics uploads as log uploads.
        requestedMessage:
          p.requestedMessage === 'DiagnosticsStatusNotification'
            ? 'LogStatusNotification'
            : p.requestedMessage,
        ...evse(c),
      }),
    },
  },
  {
    key: 'dataTransfer',
    code: COMMAND_CODE.dataTransfer,
    scope: 'pile',
    params: z
      .object({
        vendorId: requiredText(255),
        messageId: optional(requiredText(50)),
        data: optional(requiredText(5000)),
      })
      .strict(),
    ocpp16: {
      action: 'DataTransfer',
      payload: (p) => defined({ vendorId: p.vendorId, messageId: p.messageId, data: p.data }),
    },
    ocpp201: {
      action: 'DataTransfer',
      payload: (p) => defined({ vendorId: p.vendorId, messageId: p.messageId, data: p.data }),
    },
  },
  {
    key: 'getBaseReport',
    code: COMMAND_CODE.getBaseReport,
    scope: 'pile',
    params: z
      .object({
        reportBase: z
          .enum(['ConfigurationInventory', 'FullInventory', 'SummaryInventory'], {
            error: 'commandRes.validation.option',
          })
          .default('FullInventory'),
      })
      .strict(),
    ocpp201: {
      action: 'GetBaseReport',
      payload: (p, c) => ({ requestId: c.requestId, reportBase: p.reportBase }),
    },
  },
  {
    key: 'updateFirmware',
    code: COMMAND_CODE.updateFirmware,
    scope: 'pile',
    load: 'firmware',
    progress: 'firmware',
    params: z.object(firmwareParams).strict(),
    ocpp16: {
      action: 'UpdateFirmware',
      payload: (p, c) =>
        defined({
          location: c.location,
          retrieveDate: retrieveAt(p),
          retries: p.retries,
          retryInterval: p.retryInterval,
        }),
    },
    ocpp201: {
      action: 'UpdateFirmware',
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          firmware: { location: c.location, retrieveDateTime: retrieveAt(p) },
          retries: p.retries,
          retryInterval: p.retryInterval,
        }),
    },
  },
  {
    key: 'signedUpdateFirmware',
    code: COMMAND_CODE.signedUpdateFirmware,
    scope: 'pile',
    load: 'firmware',
    progress: 'firmware',
    params: signedFirmwareParams,
    ocpp16: {
      // OCPP 1.6 security extension.
      action: 'SignedUpdateFirmware',
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          firmware: signedFirmware(p, c),
          retries: p.retries,
          retryInterval: p.retryInterval,
        }),
    },
    ocpp201: {
      action: 'UpdateFirmware',
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          firmware: signedFirmware(p, c),
          retries: p.retries,
          retryInterval: p.retryInterval,
        }),
    },
  },
  {
    key: 'getDiagnostics',
    code: COMMAND_CODE.getDiagnostics,
    scope: 'pile',
    load: 'upload',
    progress: 'log',
    params: z.object(logParams).strict().superRefine(endAfterStart('startTime', 'stopTime')),
    ocpp16: {
      action: 'GetDiagnostics',
      payload: (p, c) =>
        defined({
          location: c.location,
          retries: p.retries,
          retryInterval: p.retryInterval,
          startTime: p.startTime,
          stopTime: p.stopTime,
        }),
    },
    ocpp201: { action: 'GetLog', payload: getLog('DiagnosticsLog') },
  },
  {
    key: 'getLog',
    code: COMMAND_CODE.getLog,
    scope: 'pile',
    load: 'upload',
    progress: 'log',
    params: z
      .object({ logType: choice(LOG_TYPES), ...logParams })
      .strict()
      .superRefine(endAfterStart('startTime', 'stopTime')),
    // OCPP 1.6 has GetLog in its security extension.
    ocpp16: { action: 'GetLog', payload: (p, c) => getLog(p.logType)(p, c) },
    ocpp201: { action: 'GetLog', payload: (p, c) => getLog(p.logType)(p, c) },
  },
  {
    key: 'sendLocalList',
    code: COMMAND_CODE.sendLocalList,
    scope: 'pile',
    load: 'listVersion',
    params: z
      .object({
        listVersionId: recordId(),
        updateType: z.coerce
          .number({ error: 'commandRes.validation.option' })
          .int({ error: 'commandRes.validation.option' })
          .min(0, { error: 'commandRes.validation.option' })
          .max(1, { error: 'commandRes.validation.option' }),
      })
      .strict(),
    ocpp16: {
      action: 'SendLocalList',
      payload: (p, c) => ({
        listVersion: Number(c.record?.listVersion),
        updateType: updateTypeOf(p),
        localAuthorizationList: listEntries(c).map((e) => ({
          idTag: e.idTag,
          idTagInfo: defined({
            status: e.idTagStatus,
            expiryDate: filledValue(e.idTagExpiryDate),
            parentIdTag: filledValue(e.parentIdTag),
          }),
        })),
      }),
    },
    ocpp201: {
      action: 'SendLocalList',
      payload: (p, c) => {
        const entries = listEntries(c).map((e) => ({
          idToken: { idToken: e.idTag, type: 'ISO14443' },
          idTokenInfo: defined({
            status: e.idTagStatus,
            cacheExpiryDateTime: filledValue(e.idTagExpiryDate),
            groupIdToken: filledValue(e.parentIdTag)
              ? { idToken: e.parentIdTag, type: 'ISO14443' }
              : undefined,
          }),
        }));
        return defined({
          versionNumber: Number(c.record?.listVersion),
          updateType: updateTypeOf(p),
          // 2.0.1 wants at least one entry when the list is given.
          localAuthorizationList: entries.length ? entries : undefined,
        });
      },
    },
  },
  {
    key: 'setChargingProfile',
    code: COMMAND_CODE.setChargingProfile,
    scope: 'pile',
    params: chargingProfileParams,
    ocpp16: {
      action: 'SetChargingProfile',
      payload: (p, c) => ({
        connectorId: c.connectorNo ?? 0,
        csChargingProfiles: defined({
          chargingProfileId: p.chargingProfileId,
          stackLevel: p.stackLevel,
          chargingProfilePurpose: p.purpose,
          chargingProfileKind: p.kind,
          recurrencyKind: p.recurrencyKind,
          validFrom: p.validFrom,
          validTo: p.validTo,
          // A TxProfile sent for a session names its transaction (functions/energy/balancer.ts).
          transactionId:
            p.purpose === 'TxProfile' && c.transactionId !== undefined ? Number(c.transactionId) : undefined,
          chargingSchedule: schedule(p),
        }),
      }),
    },
    ocpp201: {
      action: 'SetChargingProfile',
      payload: (p, c) => ({
        evseId: c.connectorNo ?? 0,
        chargingProfile: defined({
          id: p.chargingProfileId,
          stackLevel: p.stackLevel,
          chargingProfilePurpose: PURPOSE_201[String(p.purpose)],
          chargingProfileKind: p.kind,
          recurrencyKind: p.recurrencyKind,
          validFrom: p.validFrom,
          validTo: p.validTo,
          transactionId: p.purpose === 'TxProfile' ? c.transactionId : undefined,
          chargingSchedule: [{ id: p.chargingProfileId, ...schedule(p) }],
        }),
      }),
    },
  },
  {
    key: 'getChargingProfiles',
    code: COMMAND_CODE.getChargingProfiles,
    scope: 'pile',
    params: z
      .object({
        chargingProfileId: optionalWhole(0, 2_147_483_647),
        purpose: optionalChoice(CHARGING_PROFILE_PURPOSES),
        stackLevel: optionalWhole(0, 1000),
        chargingLimitSource: distinct(choice(CHARGING_LIMIT_SOURCES), 0, 4).default([]),
      })
      .strict(),
    ocpp201: {
      action: 'GetChargingProfiles',
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          evseId: c.connectorNo,
          chargingProfile: defined({
            chargingProfilePurpose: p.purpose ? PURPOSE_201[String(p.purpose)] : undefined,
            stackLevel: p.stackLevel,
            chargingProfileId: p.chargingProfileId === undefined ? undefined : [p.chargingProfileId],
            chargingLimitSource: (p.chargingLimitSource as string[]).length
              ? p.chargingLimitSource
              : undefined,
          }),
        }),
    },
  },
  {
    key: 'setVariableMonitoring',
    code: COMMAND_CODE.setVariableMonitoring,
    scope: 'pile',
    params: variableMonitoringParams,
    ocpp201: {
      action: 'SetVariableMonitoring',
      payload: (p) => ({
        setMonitoringData: (p.variables as Pair[]).flatMap((v) =>
          (p.monitorTypes as string[]).map((type) => ({
            value: Number(p.monitorValue),
            type,
            severity: p.severity,
            transaction: p.transaction === true,
            ...toComponent(v),
          })),
        ),
      }),
    },
  },
  {
    key: 'clearVariableMonitoring',
    code: COMMAND_CODE.clearVariableMonitoring,
    scope: 'pile',
    params: z.object({ monitorIds: distinct(ocppId(), 1, 100) }).strict(),
    ocpp201: { action: 'ClearVariableMonitoring', payload: (p) => ({ id: p.monitorIds }) },
  },
  {
    key: 'setMonitoringBase',
    code: COMMAND_CODE.setMonitoringBase,
    scope: 'pile',
    params: z.object({ monitorBase: choice(MONITORING_BASES) }).strict(),
    ocpp201: { action: 'SetMonitoringBase', payload: (p) => ({ monitoringBase: p.monitorBase }) },
  },
  {
    key: 'setMonitoringLevel',
    code: COMMAND_CODE.setMonitoringLevel,
    scope: 'pile',
    params: z.object({ monitorLevel: whole(0, 9) }).strict(),
    ocpp201: { action: 'SetMonitoringLevel', payload: (p) => ({ severity: p.monitorLevel }) },
  },
  reportCommand(
    'getMonitoringReport',
    COMMAND_CODE.getMonitoringReport,
    'GetMonitoringReport',
    'monitoringCriteria',
    MONITORING_CRITERIA,
  ),
  reportCommand('getReport', COMMAND_CODE.getReport, 'GetReport', 'componentCriteria', COMPONENT_CRITERIA),
  {
    key: 'getVariables',
    code: COMMAND_CODE.getVariables,
    scope: 'pile',
    params: z.object({ variables: variableList({}) }).strict(),
    ocpp201: {
      action: 'GetVariables',
      payload: (p) => ({ getVariableData: (p.variables as VariableItem[]).map(variableData) }),
    },
  },
  {
    key: 'setVariables',
    code: COMMAND_CODE.setVariables,
    scope: 'pile',
    params: z
      .object({
        variables: variableList({
          attributeValue: z
            .string({ error: 'validation.required' })
            .max(1000, { error: 'validation.tooLong' }),
        }),
      })
      .strict(),
    ocpp201: {
      action: 'SetVariables',
      payload: (p) => ({ setVariableData: (p.variables as VariableItem[]).map(variableData) }),
    },
  },
  {
    key: 'setDisplayMessage',
    code: COMMAND_CODE.setDisplayMessage,
    scope: 'pile',
    load: 'display',
    params: displayMessageParams,
    ocpp201: { action: 'SetDisplayMessage', payload: displayMessage },
  },
  {
    key: 'getDisplayMessages',
    code: COMMAND_CODE.getDisplayMessages,
    scope: 'pile',
    params: z
      .object({
        displayMessageIds: distinct(ocppId(), 0, 100).default([]),
        priority: optionalChoice(DISPLAY_PRIORITIES),
        state: optionalChoice(DISPLAY_STATES),
      })
      .strict(),
    ocpp201: {
      action: 'GetDisplayMessages',
      payload: (p, c) =>
        defined({
          requestId: c.requestId,
          id: (p.displayMessageIds as number[]).length ? p.displayMessageIds : undefined,
          priority: p.priority,
          state: p.state,
        }),
    },
  },
  {
    key: 'clearDisplayMessage',
    code: COMMAND_CODE.clearDisplayMessage,
    scope: 'pile',
    params: z.object({ displayMessageId: ocppId() }).strict(),
    ocpp201: { action: 'ClearDisplayMessage', payload: (p) => ({ id: p.displayMessageId }) },
  },
  {
    key: 'setNetworkProfile',
    code: COMMAND_CODE.setNetworkProfile,
    scope: 'pile',
    load: 'network',
    params: z
      .object({ networkId: recordId(), ocppInterface: choice(OCPP_INTERFACES).default('Wired0') })
      .strict(),
    ocpp201: {
      action: 'SetNetworkProfile',
      payload: (p, c) => ({
        configurationSlot: Number(c.record?.configurationSlot),
        connectionData: connectionData(c.record ?? {}, p.ocppInterface),
      }),
    },
  },
  {
    key: 'getTransactionStatus',
    code: COMMAND_CODE.getTransactionStatus,
    scope: 'pile',
    params: z.object({ transactionId: optional(requiredText(36)) }).strict(),
    ocpp201: {
      action: 'GetTransactionStatus',
      payload: (p) => defined({ transactionId: p.transactionId }),
    },
  },
  {
    key: 'extendedTriggerMessage',
    code: COMMAND_CODE.extendedTriggerMessage,
    scope: 'pile',
    params: z.object({ requestedMessage: choice(EXTENDED_TRIGGER_MESSAGES) }).strict(),
    ocpp16: {
      // OCPP 1.6 security extension.
      action: 'ExtendedTriggerMessage',
      payload: (p, c) =>
        defined({ requestedMessage: p.requestedMessage, connectorId: c.connectorNo || undefined }),
    },
  },
];

export const commandByKey = new Map(COMMANDS.map((c) => [c.key, c]));

/** The variant a charger of `protocol` gets, or undefined when its version has no such command. */
export const variantFor = (def: CommandDef, protocol: string): Variant | undefined =>
  protocol === 'ocpp1.6' ? def.ocpp16 : protocol === 'ocpp2.0.1' ? def.ocpp201 : undefined;

/** The body of POST /biz/command/send. */
export const sendCommandSchema = z
  .object({
    chargePointId: requiredText(48),
    connectorNo: optionalWhole(0, 999),
    command: requiredText(64),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** docs/product.md section 5: command results are queried over 7 days at most. */
export const COMMAND_QUERY_DAYS = 7;
