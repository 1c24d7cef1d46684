/**
 * Stop reasons (docs/product.md section 3 "Stop reason", /stopReasonList) from what chargers report: OCPP 1.6
 * StopTransaction.reason and OCPP 2.0.1 TransactionEvent transactionInfo.stoppedReason (ReasonEnumType).
 * Reasons that mean the same in both versions share a code; the platform's stop reason catalogue is seeded
 * with one entry per code (infra/local/seed/stop-reasons.ts), which an administrator may then rename.
 *
 * Each entry: a type (who or what ended the session), normal (0) or abnormal (1), and the order's finish
 * (docs/product.md section 4 order end flags: active stop, auto end, ended at time, plus abnormal end for
 * faults and resets, an automatic end of its own kind). The finish is the end flag an order with that reason
 * gets (decision 245, `FINISH_END_FLAG`), so an order's end flag and its stop reason never tell two stories
 * (docs/decisions/453-built-in-data-in-the-users-language.md). The names are stored in English; the console
 * shows a seeded entry in the user's language by its code while it keeps its seeded names.
 */
import { INVALID_CODE } from '@shared/resources/catalogue/stop-reason.ts';

export const STOP_TYPES = {
  USER: 'Stopped by the user',
  EV: 'Stopped by the vehicle',
  LIMIT: 'Limit reached',
  AUTH: 'Authorization',
  CHARGER: 'Charger event',
  FAULT: 'Charger fault',
  GRID: 'Power supply',
  OTHER: 'Other',
} as const;

export const FINISH = {
  ACTIVE_STOP: 'Active stop',
  AUTO_END: 'Auto end',
  ENDED_AT_TIME: 'Ended at time',
  REQUEST_TIMEOUT: 'Request timeout',
  ABNORMAL_END: 'Abnormal end',
} as const;

/**
 * The order end flag (shared/schemas/order.ts END_FLAG) of each finish: an abnormal end is an automatic end
 * on the order (decision 245: only the driver's own stops are active stops, a time limit ends at its time).
 */
export const FINISH_END_FLAG = {
  ACTIVE_STOP: 'activeStop',
  AUTO_END: 'autoEnd',
  ENDED_AT_TIME: 'endedAtTime',
  REQUEST_TIMEOUT: 'requestTimeout',
  ABNORMAL_END: 'autoEnd',
} as const satisfies Record<keyof typeof FINISH, string>;

export interface StopReasonEntry {
  code: string;
  displayName: string;
  typeCode: keyof typeof STOP_TYPES;
  typeName: string;
  invalidCode: number;
  invalidName: string;
  finishCode: keyof typeof FINISH;
  finishName: string;
}

const entry = (
  code: string,
  displayName: string,
  type: keyof typeof STOP_TYPES,
  abnormal: boolean,
  finish: keyof typeof FINISH,
): StopReasonEntry => ({
  code,
  displayName,
  typeCode: type,
  typeName: STOP_TYPES[type],
  invalidCode: abnormal ? INVALID_CODE.abnormal : INVALID_CODE.normal,
  invalidName: abnormal ? 'Abnormal' : 'Normal',
  finishCode: finish,
  finishName: FINISH[finish],
});

/** The seeded catalogue: one entry per stop reason code. */
export const STOP_REASONS: readonly StopReasonEntry[] = [
  entry('LOCAL', 'Stopped at the charger', 'USER', false, 'ACTIVE_STOP'),
  entry('REMOTE', 'Stopped remotely', 'USER', false, 'ACTIVE_STOP'),
  // Not the driver's own stop: decision 245 counts it an automatic end, by the pass's authority.
  entry('MASTER_PASS', 'Stopped with a master pass', 'AUTH', false, 'AUTO_END'),
  // Unplugging and stopping from the vehicle are the driver's own stops (decision 245).
  entry('EV_DISCONNECTED', 'Vehicle disconnected', 'USER', false, 'ACTIVE_STOP'),
  entry('STOPPED_BY_EV', 'Stopped by the vehicle', 'EV', false, 'ACTIVE_STOP'),
  entry('SOC_LIMIT_REACHED', 'State of charge limit reached', 'LIMIT', false, 'AUTO_END'),
  entry('ENERGY_LIMIT_REACHED', 'Energy limit reached', 'LIMIT', false, 'AUTO_END'),
  entry('TIME_LIMIT_REACHED', 'Time limit reached', 'LIMIT', false, 'ENDED_AT_TIME'),
  entry('LOCAL_OUT_OF_CREDIT', 'Out of credit', 'LIMIT', false, 'AUTO_END'),
  entry('DEAUTHORIZED', 'Authorization withdrawn', 'AUTH', true, 'AUTO_END'),
  // Not the remote start's request timeout (end flag 3): the session ended by itself.
  entry('TIMEOUT', 'Vehicle not connected in time', 'CHARGER', true, 'AUTO_END'),
  entry('EMERGENCY_STOP', 'Emergency stop', 'FAULT', true, 'ABNORMAL_END'),
  entry('GROUND_FAULT', 'Ground fault', 'FAULT', true, 'ABNORMAL_END'),
  entry('OVERCURRENT_FAULT', 'Overcurrent fault', 'FAULT', true, 'ABNORMAL_END'),
  entry('HARD_RESET', 'Hard reset', 'CHARGER', true, 'ABNORMAL_END'),
  entry('SOFT_RESET', 'Soft reset', 'CHARGER', true, 'ABNORMAL_END'),
  entry('IMMEDIATE_RESET', 'Immediate reset', 'CHARGER', true, 'ABNORMAL_END'),
  entry('REBOOT', 'Charger rebooted', 'CHARGER', true, 'ABNORMAL_END'),
  entry('UNLOCK_COMMAND', 'Connector unlocked by command', 'CHARGER', true, 'ACTIVE_STOP'),
  entry('POWER_LOSS', 'Power loss', 'GRID', true, 'ABNORMAL_END'),
  entry('POWER_QUALITY', 'Power quality problem', 'GRID', true, 'ABNORMAL_END'),
  entry('OTHER', 'Other reason', 'OTHER', true, 'ABNORMAL_END'),
];

/** OCPP 1.6 StopTransaction.req reason (Reason). */
const V16: Record<string, string> = {
  DeAuthorized: 'DEAUTHORIZED',
  EmergencyStop: 'EMERGENCY_STOP',
  EVDisconnected: 'EV_DISCONNECTED',
  HardReset: 'HARD_RESET',
  Local: 'LOCAL',
  Other: 'OTHER',
  PowerLoss: 'POWER_LOSS',
  Reboot: 'REBOOT',
  Remote: 'REMOTE',
  SoftReset: 'SOFT_RESET',
  UnlockCommand: 'UNLOCK_COMMAND',
};

/** OCPP 2.0.1 ReasonEnumType (TransactionEvent transactionInfo.stoppedReason). */
const V201: Record<string, string> = {
  DeAuthorized: 'DEAUTHORIZED',
  EmergencyStop: 'EMERGENCY_STOP',
  EnergyLimitReached: 'ENERGY_LIMIT_REACHED',
  EVDisconnected: 'EV_DISCONNECTED',
  GroundFault: 'GROUND_FAULT',
  ImmediateReset: 'IMMEDIATE_RESET',
  Local: 'LOCAL',
  LocalOutOfCredit: 'LOCAL_OUT_OF_CREDIT',
  MasterPass: 'MASTER_PASS',
  Other: 'OTHER',
  OvercurrentFault: 'OVERCURRENT_FAULT',
  PowerLoss: 'POWER_LOSS',
  PowerQuality: 'POWER_QUALITY',
  Reboot: 'REBOOT',
  Remote: 'REMOTE',
  SOCLimitReached: 'SOC_LIMIT_REACHED',
  StoppedByEV: 'STOPPED_BY_EV',
  TimeLimitReached: 'TIME_LIMIT_REACHED',
  Timeout: 'TIMEOUT',
};

/** The reasons each version defines (for tests and documentation). */
export const OCPP_STOP_REASONS = { 'ocpp1.6': Object.keys(V16), 'ocpp2.0.1': Object.keys(V201) } as const;

/**
 * The stop reason code of a reported reason. `protocol` is the negotiated subprotocol (`ocpp1.6`,
 * `ocpp2.0.1`; `1.6` and `2.0.1` are read the same). Both versions say an absent reason means Local; a
 * reason the version does not define is OTHER.
 */
export function stopReasonCode(protocol: string, reason: string | undefined | null): string {
  if (reason === undefined || reason === null || reason === '') return 'LOCAL';
  const table = protocol.replace(/^ocpp/i, '') === '1.6' ? V16 : V201;
  return Object.hasOwn(table, reason) ? table[reason]! : 'OTHER';
}

/** The catalogue entry of a code (undefined for a code not seeded). */
export function stopReasonEntry(code: string): StopReasonEntry | undefined {
  return STOP_REASONS.find((e) => e.code === code);
}
