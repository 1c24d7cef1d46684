/**
 * The live monitor's tile actions (/monitor; docs/decisions/160-monitor-actions.md; docs/product.md section
 * 2: stop charging, live data, meter records, unlock gun, stop reservation, and the tile's details), each a
 * call of its own with its own code.
 */
import { API, type ApiPath } from '@shared/api/paths.ts';
import { z } from 'zod';
import { optional, requiredText as text } from '@shared/schemas/fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

/** The codes of the actions (shared/permissions/menus.ts), by action. */
export const MONITOR_ACTION_CODES = {
  stopCharging: CODE.monitorStopCharging,
  liveData: CODE.monitorLiveData,
  meterRecords: CODE.monitorMeterRecords,
  unlock: CODE.monitorUnlock,
  stopReservation: CODE.monitorStopReservation,
  detail: CODE.monitorDetail,
} as const;
export type MonitorAction = keyof typeof MONITOR_ACTION_CODES;
export const MONITOR_ACTIONS = Object.keys(MONITOR_ACTION_CODES) as MonitorAction[];

/** The call of each action (shared/api/paths.ts). */
export const monitorActionPath = (action: MonitorAction): ApiPath => API.biz.monitor[action];
/** A command a monitor action sent, read back by its id (the monitor's code, 1101). */
export const MONITOR_COMMAND_PATH = API.biz.monitor.command;

/** The commands the actions send; only these are read back through the monitor. */
export const MONITOR_COMMANDS = ['remoteStop', 'unlockConnector', 'cancelReservation'] as const;

/** Every action names one connector of one charge point. */
export const monitorTargetSchema = z
  .object({
    chargePointId: text(64),
    connectorNo: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(1000, { error: 'validation.required' }),
  })
  .strict();
export type MonitorTarget = z.infer<typeof monitorTargetSchema>;

/** A connector's session in progress as the live data shows it. */
export interface MonitorSession {
  orderNo: string;
  transactionId: string;
  idTag?: string;
  startTime: string;
  durationSeconds: number;
  energyWh: number;
  powerW?: number;
  soc?: number;
  startSoc?: number;
  lastSampleAt?: string;
}

/**
 * The live figures of a connector with a session in progress, as the monitor's tile shows them (in the
 * overview's answer, `POST /biz/monitor/overview`): power now, energy charged, state of charge when the
 * charger reports it, and the time since the start (at the overview's `at`).
 */
export interface MonitorTileFigures {
  startTime: string;
  durationSeconds: number;
  /** Energy delivered so far (Wh). */
  energyWh: number;
  powerW?: number;
  soc?: number;
}

/** One meter sample of the session: the figures read from it (absent: not in the sample). */
export interface MonitorMeterRecord {
  at: string;
  energyWh?: number;
  powerW?: number;
  currentA?: number;
  voltageV?: number;
  soc?: number;
}

/** The answer of an action sending a command: the command to follow. */
export interface MonitorCommandSent {
  commandId: string;
  command: (typeof MONITOR_COMMANDS)[number];
  status: string;
}

/**
 * POST /biz/monitor/overview: optionally one station (a number a select sent is its id as text); other
 * fields are ignored.
 */
export const monitorOverviewQuery = z.object({
  stationId: optional(z.union([z.string(), z.number()], { error: 'validation.invalid' }).transform(String)),
});
