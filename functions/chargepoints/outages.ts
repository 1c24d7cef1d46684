/**
 * A charger's outages and their offline alarm (docs/decisions/460-offline-alarm-and-charger-health.md, which
 * changes decisions 030 and 244): an outage begins when presence shows the charger offline (its connection
 * closed, the offline sweep found it silent, the local runtime started without it) and ends when it connects
 * again. Each outage gets exactly one offline record in the alarm list, raised once the grace period has passed
 * (`OFFLINE_GRACE_SECONDS`, 0 by default: at once, from the follow-up of its going; otherwise by the offline
 * sweep), and ended when the charger is back.
 *
 * Every step is a conditional write, so the follow-up, the sweep and a reconnect may run in any order and at
 * once: the record's id is the outage's (written only where none exists), the live item is marked alarmed
 * only while that outage lasts, and a raise that finds the outage over (the mark refused) ends the record at
 * the charger's coming back; a coming back that finds the outage alarmed ends it by id.
 */
import { chargerOffline, outageEnded } from '@functions/alarms/service.ts';
import { getLiveItem, liveOutageAlarmed } from '@functions/data/live-state.ts';
import { chargerRef, type ChargerContext } from './charger.ts';

/**
 * Seconds an outage lasts before its offline alarm is raised: 0 by default (every outage, a hard reset's
 * too, is in the alarm list); operations may set a grace period so quick reconnects raise none.
 */
export const offlineGraceSeconds = () => {
  const value = Number(process.env.OFFLINE_GRACE_SECONDS ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** Whether the outage that began at `since` has lasted its grace period by `now`. */
export const outageDue = (since: string, now = Date.now()) =>
  now - Date.parse(since) >= offlineGraceSeconds() * 1000;

/**
 * Raises the offline alarm of the outage that began at `since` (once, whoever calls) and marks the outage
 * alarmed, which takes the charger off the pending index. When the outage is over by then (the charger came
 * back, and may even have gone again), the record ends when it came back. Answers whether the outage is
 * still going on. A charger no longer registered has no alarm: its outage is only marked.
 */
export async function alarmOutage(
  chargePointId: string,
  charger: ChargerContext | undefined,
  since: string,
): Promise<boolean> {
  // The record first, then the mark: a crash between the two repeats the raise (one record), never loses it.
  if (charger) await chargerOffline(chargerRef(charger), { since });
  if (await liveOutageAlarmed(chargePointId, since)) return true;
  if (charger) {
    // Back since: its connection's start ends the outage (now when the item says nothing later).
    const live = await getLiveItem(chargePointId);
    const connectedAt = typeof live?.connectedAt === 'string' ? live.connectedAt : '';
    const at = connectedAt > since ? connectedAt : new Date().toISOString();
    await outageEnded(chargerRef(charger), { since, at });
  }
  return false;
}
