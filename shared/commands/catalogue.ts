/**
 * Remote commands (SPEC.md sections 3 to 6; issue 6): what the console can send to a charger, once, for both
 * OCPP versions. Each command has its permission code (the 2210-2261 buttons of shared/permissions/menus.ts),
 * whether it needs a connector, the console's parameters (the remote-command fields of SPEC.md section 3, a
 * zod schema the API and the form share), and per OCPP version the action and the payload built from them.
 * Payloads are checked against the official schemas before they are sent; a command a version lacks is
 * refused for chargers speaking it.
 */
import { z } from 'zod';

export type OcppVersion = 'ocpp1.6' | 'ocpp2.0.1';

/** What the server knows when it builds a payload. */
export interface CommandContext {
  /** The chosen connector's gun number (the 1.6 connectorId, the 2.0.1 evseId); 0 or absent: the pile. */
  connectorNo?: number;
  /** The connector's active transaction (remote stop). */
  transactionId?: string;
  /** A number unique to this command (2.0.1 requestId, remoteStartId, reservation ids the platform makes). */
  requestId: number;
}

type Payload = Record<string, unknown>;
interface Variant {
  action: string;
  payload: (params: Record<string, unknown>, ctx: CommandContext) => Payload;
}

export interface CommandDef {
  key: string;
  /** The button code that allows it. */
  code: string;
  /** `connector`: a connector must be chosen; `pile`: the pile (a connector optional where the OCPP call takes one). */
  scope: 'pile' | 'connector';
  params: z.ZodObject;
  /** The command needs the connector's active session (remote stop). */
  needsSession?: boolean;
  ocpp16?: Variant;
  ocpp201?: Variant;
}

// ---- Parameter pieces (messages are catalog keys) ----------------------------------------------------------

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());
const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'commandRes.validation.range' })
    .max(max, { error: 'commandRes.validation.range' });
const optionalWhole = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), whole(min, max).optional());
const dateTime = () => z.iso.datetime({ offset: true, error: 'validation.dateFormat' });
/** OCPP idTag / idToken: printable ASCII, 20 characters in 1.6. */
const idTag = () => text(20).regex(/^[\x20-\x7E]+$/, { error: 'commandRes.validation.ascii' });
/** A 2.0.1 component/variable reference written as `Component/Variable` (1.6 keys have no slash). */
const configKey = () =>
  text(100).regex(/^[A-Za-z0-9*\-_=:+|@./]+$/, { error: 'commandRes.validation.configKey' });
const none = z.object({}).strict();

const splitKey = (key: string) => {
  const [component, variable] = key.includes('/') ? key.split('/', 2) : ['', key];
  return { component: { name: component || 'OCPPCommCtrlr' }, variable: { name: variable! } };
};
const evse = (ctx: CommandContext) => (ctx.connectorNo ? { evse: { id: ctx.connectorNo } } : {});
const defined = (p: Payload): Payload =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));

/** SPEC.md section 3: resetType 0 immediate hard reset, 1 soft reset when idle. */
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

// ---- The catalogue -----------------------------------------------------------------------------------------

export const COMMANDS: CommandDef[] = [
  {
    key: 'reset',
    code: '2210',
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
    code: '2211',
    scope: 'connector',
    params: none,
    ocpp16: { action: 'UnlockConnector', payload: (_p, c) => ({ connectorId: c.connectorNo }) },
    ocpp201: { action: 'UnlockConnector', payload: (_p, c) => ({ evseId: c.connectorNo, connectorId: 1 }) },
  },
  {
    key: 'changeAvailability',
    code: '2212',
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
    code: '2213',
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
    code: '2214',
    scope: 'pile',
    params: z.object({ configKey: configKey(), configValue: text(500) }).strict(),
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
    code: '2215',
    scope: 'pile',
    params: none,
    ocpp16: { action: 'ClearCache', payload: () => ({}) },
    ocpp201: { action: 'ClearCache', payload: () => ({}) },
  },
  {
    key: 'remoteStart',
    code: '2216',
    scope: 'connector',
    params: z.object({ idTag: idTag() }).strict(),
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
    code: '2217',
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
    code: '2218',
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
    code: '2219',
    scope: 'pile',
    params: z.object({ reservationId: whole(0, 2_147_483_647) }).strict(),
    ocpp16: { action: 'CancelReservation', payload: (p) => ({ reservationId: p.reservationId }) },
    ocpp201: { action: 'CancelReservation', payload: (p) => ({ reservationId: p.reservationId }) },
  },
  {
    key: 'getLocalListVersion',
    code: '2223',
    scope: 'pile',
    params: none,
    ocpp16: { action: 'GetLocalListVersion', payload: () => ({}) },
    ocpp201: { action: 'GetLocalListVersion', payload: () => ({}) },
  },
  {
    key: 'clearChargingProfile',
    code: '2225',
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
    code: '2226',
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
    code: '2227',
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
    code: '2228',
    scope: 'pile',
    params: z.object({ vendorId: text(255), messageId: optionalText(50), data: optionalText(5000) }).strict(),
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
    code: '2239',
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
];

export const commandByKey = new Map(COMMANDS.map((c) => [c.key, c]));

/** The variant a charger of `protocol` gets, or undefined when its version has no such command. */
export const variantFor = (def: CommandDef, protocol: string): Variant | undefined =>
  protocol === 'ocpp1.6' ? def.ocpp16 : protocol === 'ocpp2.0.1' ? def.ocpp201 : undefined;

/** The body of POST /biz/command/send. */
export const sendCommandSchema = z
  .object({
    chargePointId: text(48),
    connectorNo: optionalWhole(0, 999),
    command: text(64),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** SPEC.md section 5: command results are queried over 7 days at most. */
export const COMMAND_QUERY_DAYS = 7;
