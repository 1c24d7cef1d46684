/**
 * Alarms (docs/product.md section 3, /alarm, /alarmOffline, /alarmChart): what a record holds, the list and
 * statistics requests, and their limits (docs/product.md section 5: alarm ranges and alarm statistics cover
 * at most 30 days). The API validates with these and the console's screens use the same ones.
 */
import { z } from 'zod';
import { pageQuery } from './admin.ts';

/** docs/product.md section 5: 30 days for alarm statistics and the alarm range. */
export const ALARM_WINDOW_DAYS = 30;

/** Level of an alarm whose code has no template in the charger's company or above it: general alarm. */
export const DEFAULT_ALARM_LEVEL = 4;

/** The code an offline record carries (an alarm template with this code gives it a level and mail). */
export const OFFLINE_ALARM_CODE = 'Offline';
/**
 * The alarm code of a transformer group over its alarm power (dynamic load management,
 * docs/decisions/427-dynamic-load-management.md).
 */
export const TRANSFORMER_ALARM_CODE = 'TransformerOverload';

export const ALARM_STATUS = { open: 'open', recovered: 'recovered' } as const;
export type AlarmStatus = (typeof ALARM_STATUS)[keyof typeof ALARM_STATUS];

/**
 * docs/product.md "offline or recover flag": 1 an offline record (0 a fault alarm); 1 recovered (0 still
 * open).
 */
export const OFFLINE_FLAG = { fault: 0, offline: 1 } as const;
export const RECOVER_FLAG = { open: 0, recovered: 1 } as const;

export interface AlarmRecord {
  id: string;
  offlineFlag: number;
  recoverFlag: number;
  status: AlarmStatus;
  code: string;
  vendorCode?: string;
  info?: string;
  /** 1 urgent fault, 2 general fault, 3 severe alarm, 4 general alarm (from the template). */
  level: number;
  templateId?: string;
  templateName?: string;
  agentId: string;
  stationId?: string;
  stationName?: string;
  chargePointId: string;
  chargePointName?: string;
  /** 0 for the charger as a whole (and for offline records). */
  connectorId: number;
  /** When it occurred (UTC ISO; the charger's timestamp). */
  startTime: string;
  /** When it recovered. */
  endTime?: string;
  /** Seconds from start to recovery. */
  duration?: number;
  createTime: string;
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const time = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.dateFormat' });

/**
 * The alarm and offline lists: filters, and a window of at most 30 days (the last 30 days by default).
 * `offlineFlag` narrows the alarm list to fault alarms (0) or offline records (1); it lists both without it
 * (docs/decisions/460-offline-alarm-and-charger-health.md).
 */
export const alarmListQuery = pageQuery.extend({
  offlineFlag: optional(z.coerce.number().int().min(0).max(1)),
  chargePointId: optional(z.string().trim().max(64)),
  stationId: optional(z.string().trim().max(64)),
  code: optional(z.string().trim().max(64)),
  level: optional(z.coerce.number().int().min(1).max(4)),
  status: optional(z.enum([ALARM_STATUS.open, ALARM_STATUS.recovered])),
  startTime: optional(time),
  endTime: optional(time),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

/**
 * The statistics: whole UTC days, at most 30 of them (the last 30 by default). Dates (`2026-11-01`) or
 * times; a time counts its whole day.
 */
export const alarmStatQuery = z.object({
  startTime: optional(time),
  endTime: optional(time),
});

export interface AlarmStat {
  startDay: string;
  endDay: string;
  total: number;
  offline: number;
  days: { day: string; total: number; offline: number; levels: Record<string, number> }[];
  levels: { level: number; count: number }[];
  codes: { code: string; count: number }[];
  chargers: { chargePointId: string; chargePointName?: string; stationName?: string; count: number }[];
}

/** How many entries the code and charger rankings show. */
export const ALARM_TOP = 10;
