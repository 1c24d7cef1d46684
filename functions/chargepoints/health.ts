/**
 * A charger's health as its page and `POST /biz/chargePoint/detail` tell it
 * (docs/decisions/460-offline-alarm-and-charger-health.md): online or offline and since when, its last
 * message, its uptime (since its last boot, else since it connected) and the open offline alarm of its current
 * outage. Read from its live item and the outage's alarm (one get by id); nothing is written.
 */
import { openOutageAlarm } from '@functions/alarms/service.ts';

export interface ChargerHealth {
  online: boolean;
  /** Never connected since it was registered: no outage, no offline alarm. */
  neverConnected: boolean;
  /** Online: when its connection began. */
  onlineSince?: string;
  /** Offline: when its outage began (its connection closed, or its last message when it fell silent). */
  offlineSince?: string;
  /** Seconds offline so far. */
  offlineSeconds?: number;
  /** Its last message: the connection's last activity while online; the connection's end once offline. */
  lastMessageAt?: string;
  /** Its last BootNotification (the platform's time). */
  bootedAt?: string;
  /** Online: up since its last boot, or since it connected when it has not booted since it was known. */
  upSince?: string;
  uptimeSeconds?: number;
  /** The open offline record of the current outage (docs/product.md section 3 "Alarm"). */
  offlineAlarm?: { id: string; level: number; code: string; startTime: string; templateName?: string };
  /** When these figures were read. */
  at: string;
}

interface LiveRow {
  online?: boolean;
  connectedAt?: string;
  disconnectedAt?: string;
  lastMessageAt?: string;
  boot?: { at?: string };
}

const seconds = (from: string | undefined, now: number) =>
  from && !Number.isNaN(Date.parse(from))
    ? Math.max(0, Math.floor((now - Date.parse(from)) / 1000))
    : undefined;

const later = (a: string | undefined, b: string | undefined) => (!a ? b : !b ? a : a > b ? a : b);

/** The health of a charger from its detail row (its live summary, last message already read). */
export async function chargerHealth(
  chargePointId: string,
  row: LiveRow,
  now = Date.now(),
): Promise<ChargerHealth> {
  const at = new Date(now).toISOString();
  const bootedAt = row.boot?.at;
  if (row.online) {
    const upSince = bootedAt ?? row.connectedAt;
    return {
      online: true,
      neverConnected: false,
      onlineSince: row.connectedAt,
      lastMessageAt: row.lastMessageAt,
      bootedAt,
      upSince,
      uptimeSeconds: seconds(upSince, now),
      at,
    };
  }
  const since = row.disconnectedAt;
  const alarm = since ? await openOutageAlarm(chargePointId, since) : undefined;
  return {
    online: false,
    neverConnected: !since && !row.connectedAt,
    offlineSince: since,
    offlineSeconds: seconds(since, now),
    // Its connection ended with its last word: a close, or the last activity the sweep found before the
    // silence (decision 030).
    lastMessageAt: later(row.lastMessageAt, since),
    bootedAt,
    ...(alarm
      ? {
          offlineAlarm: {
            id: alarm.id,
            level: alarm.level,
            code: alarm.code,
            startTime: alarm.startTime,
            ...(alarm.templateName ? { templateName: alarm.templateName } : {}),
          },
        }
      : {}),
    at,
  };
}
