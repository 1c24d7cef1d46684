/**
 * Alarms (functions/alarms/service.ts; docs/decisions/244-alarms.md, 460): repository entities of type ALARM,
 * keys `ALARM#{id}` / `ALARM`, under the charger's company tenant. Access patterns:
 * - view 0, by (offlineFlag, startTime): the alarm and offline lists within their 30-day window;
 * - view 1, by `openKey` (the charger and connector, the charger's offline record, or a station's transformer
 *   group, while open): what recovery reads;
 * - one open alarm per charger, `openKey` and code: a unique guard written in the same transaction as the
 *   alarm, dropped when it closes.
 */
import { createHash } from 'node:crypto';
import { OFFLINE_FLAG, type AlarmRecord } from '@shared/schemas/alarm.ts';
import { Repository } from './repository.ts';

export type AlarmItem = Omit<AlarmRecord, 'createTime'> & {
  /** While open: the charger and connector (or "offline") it belongs to; recovery looks it up by this. */
  openKey?: string;
  /** Offline records: when the charger went away (the outage they stand for). */
  since?: string;
};

/** A short digest of a text (an alarm's guard value, an outage's record id). */
export function alarmDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}

const OPEN_GUARD = 'alarmOpen';

export const alarms = new Repository<AlarmItem>({
  type: 'ALARM',
  idField: 'id',
  views: [
    { eq: ['offlineFlag'], sort: 'startTime' },
    { eq: ['openKey'], sort: 'startTime' },
  ],
  // One open alarm per charger, connector and code. Hashed: the store compares unique values
  // case-insensitively, charger ids and codes are compared as sent. Offline records need none: their id is
  // the outage's (one record per outage), and an earlier outage still open must not keep a new one out
  // (decision 460).
  unique: (a) => ({
    [OPEN_GUARD]:
      a.openKey && a.offlineFlag !== OFFLINE_FLAG.offline
        ? alarmDigest(`${a.chargePointId}\u0000${a.openKey}\u0000${a.code}`)
        : undefined,
  }),
  // Never shown: a taken guard means "already open", which the service answers by doing nothing.
  uniqueMessage: { [OPEN_GUARD]: 'server.duplicate' },
});

/** The open key of a connector's fault alarms, of a charger's offline record, of a transformer group's. */
export const faultKey = (chargePointId: string, connectorId: number) => `${chargePointId}#${connectorId}`;
export const offlineKey = (chargePointId: string) => `${chargePointId}#offline`;
export const groupKey = (stationId: string, group: string) => `${stationId}#transformer#${group}`;
