/**
 * Alarm statistics (functions/alarms/stats.ts), counted as alarms arrive. One partition per company
 * `ALARMSTAT#{tenant}` and per station `ALARMSTAT#S#{stationId}` (the owner), per UTC day of the alarm's
 * start:
 * - `{day}#T`: total, offline, and l1..l4 (per level);
 * - `{day}#C#{code}`: n, per alarm code;
 * - `{day}#P#{chargePointId}`: n, with the charger's and station's names, per charger.
 * Every count is an ADD in one transaction; a window is one key range of the partition over all three kinds
 * (`alarmStatWindow`).
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { defineEntity, model, queryAll, request, send, withoutKeys, type TransactItem } from './table.ts';
import { countersOf, countWrite } from './view-counters.ts';

/** The owner of a company's partition, and of a station's. */
export const companyOwner = (tenant: string) => tenant;
export const stationOwner = (stationId: string) => `S#${stationId}`;

const partition = {
  field: 'pk',
  composite: ['owner'],
  template: 'ALARMSTAT#${owner}',
  casing: 'none',
} as const;

export const alarmDayTotals = defineEntity(
  {
    model: model('ALARMSTATDAY'),
    attributes: {
      owner: { type: 'string', required: true },
      day: { type: 'string', required: true },
      total: { type: 'number' },
      offline: { type: 'number' },
      l1: { type: 'number' },
      l2: { type: 'number' },
      l3: { type: 'number' },
      l4: { type: 'number' },
    },
    indexes: {
      byDay: { pk: partition, sk: { field: 'sk', composite: ['day'], template: '${day}#T', casing: 'none' } },
    },
  },
  { keyOnly: ['owner'] },
);

export const alarmCodeCounts = defineEntity(
  {
    model: model('ALARMSTATCODE'),
    attributes: {
      owner: { type: 'string', required: true },
      day: { type: 'string', required: true },
      code: { type: 'string', required: true },
      n: { type: 'number' },
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: { field: 'sk', composite: ['day', 'code'], template: '${day}#C#${code}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['owner', 'day'] },
);

export const alarmChargerCounts = defineEntity(
  {
    model: model('ALARMSTATCHARGER'),
    attributes: {
      owner: { type: 'string', required: true },
      day: { type: 'string', required: true },
      chargePointId: { type: 'string', required: true },
      chargePointName: { type: 'string' },
      stationName: { type: 'string' },
      n: { type: 'number' },
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: {
          field: 'sk',
          composite: ['day', 'chargePointId'],
          template: '${day}#P#${chargePointId}',
          casing: 'none',
        },
      },
    },
  },
  { keyOnly: ['owner', 'day'] },
);

/** Every item of a partition's days, whatever its kind: the read side of the three entities above. */
export const alarmStatWindow = defineEntity(
  {
    model: model('ALARMSTATWINDOW'),
    attributes: {
      owner: { type: 'string', required: true },
      day: { type: 'string', required: true },
      rest: { type: 'string', required: true },
    },
    indexes: {
      byDay: {
        pk: partition,
        sk: { field: 'sk', composite: ['day', 'rest'], template: '${day}#${rest}', casing: 'none' },
      },
    },
  },
  { keyOnly: ['owner', 'day', 'rest'] },
);

export interface CountedAlarm {
  day: string;
  /** 1..4 */
  level: number;
  offline: boolean;
  code: string;
  chargePointId: string;
  chargePointName?: string;
  stationName?: string;
}

/** The transaction items counting one alarm into each owner's partition. */
export function alarmCountUpdates(owners: string[], alarm: CountedAlarm): { Update: UpdateCommandInput }[] {
  const level = `l${Math.min(4, Math.max(1, Math.round(alarm.level)))}` as 'l1' | 'l2' | 'l3' | 'l4';
  const names = {
    ...(alarm.chargePointName ? { chargePointName: alarm.chargePointName } : {}),
    ...(alarm.stationName ? { stationName: alarm.stationName } : {}),
  };
  return owners
    .flatMap((owner) => [
      alarmDayTotals
        .update({ owner, day: alarm.day })
        .add({ total: 1, offline: alarm.offline ? 1 : 0, [level]: 1 })
        .params(),
      alarmCodeCounts.update({ owner, day: alarm.day, code: alarm.code }).add({ n: 1 }).params(),
      alarmChargerCounts
        .update({ owner, day: alarm.day, chargePointId: alarm.chargePointId })
        .set(names)
        .add({ n: 1 })
        .params(),
    ])
    .map((params) => ({ Update: request(params) as UpdateCommandInput }));
}

/** Counts one alarm into each owner's partition, in one transaction. */
export const countAlarm = (owners: string[], alarm: CountedAlarm) =>
  send.transact(alarmCountUpdates(owners, alarm) as TransactItem[]);

/** The items of an owner's days from startDay to endDay (both included), all kinds, by day. */
export const alarmStatItems = (owner: string, startDay: string, endDay: string) =>
  queryAll(
    alarmStatWindow.query
      .byDay({ owner })
      // From the first day's `#`; `~` sorts after every kind's letter: the last day's items are all inside.
      .between({ day: startDay, rest: '' }, { day: endDay, rest: '~' })
      .params(),
  );

/** An item of an owner's window: its day and kind (T totals, C per code, P per charger), and its counts. */
export interface AlarmStatRow {
  day: string;
  kind: 'T' | 'C' | 'P';
  values: Record<string, unknown>;
}

/** `alarmStatItems` read as rows, in the same order. */
export const alarmStatRows = async (
  owner: string,
  startDay: string,
  endDay: string,
): Promise<AlarmStatRow[]> =>
  (await alarmStatItems(owner, startDay, endDay)).map((item) => {
    const [day, kind] = String(item.sk).split('#');
    return { day: day ?? '', kind: kind as AlarmStatRow['kind'], values: withoutKeys(item) };
  });

/**
 * The open alarms of an owner (company or station, as above), one counter each (`COUNT#ALARMOPEN#{owner}`):
 * raised in the transaction that writes an open alarm, lowered in the one that closes it, so the home
 * dashboard reads one item per owner. Alarms opened before the counter existed are not in it (it never shows
 * below zero).
 */
const openPartition = (owner: string) => `ALARMOPEN#${owner}`;

/** The counter writes of one alarm opened (+1) or closed (−1) for its owners. */
export const openAlarmWrites = (owners: string[], delta: 1 | -1) =>
  owners.map((owner) => ({ Update: countWrite(openPartition(owner), delta) }));

/** The open alarms of the owners together. */
export const openAlarmCount = async (owners: string[]) =>
  Math.max(0, await countersOf(owners.map(openPartition)));
