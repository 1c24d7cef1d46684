/**
 * Schedule (every minute): reservations past their expiry end and are charged up to it, requests and
 * cancels whose command's end was not applied are settled from the command (functions/orders/reservations.ts);
 * queue entries called but not served within WAIT_CALL_MINUTES expire and the next driver is called
 * (functions/orders/queue.ts); charging sessions due are closed (a refused or silent one past its time-out,
 * one a reboot ended past the grace: functions/sessions/transactions.ts) and become their orders; sessions
 * whose time target has passed are stopped (functions/orders/charge-target.ts); CDRs owed to roaming partners
 * and not sent are queued again (functions/ocpi/cdrs.ts); roaming sessions running without an update for a
 * while are queued for one (functions/ocpi/sessions.ts).
 */
import { requeuePendingCdrs } from '@functions/ocpi/cdrs.ts';
import { queueSessionUpdates } from '@functions/ocpi/sessions.ts';
import { closeStaleSessions } from '@functions/sessions/transactions.ts';
import { sweepChargeTargets } from '@functions/orders/charge-target.ts';
import { sweepQueue } from '@functions/orders/queue.ts';
import { sweepReservations } from '@functions/orders/reservations.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

async function handle(): Promise<{
  reservations: { expired: number; settled: number };
  queue: { expired: number };
  sessions: { closed: number; targetStops: number };
  cdrs: { requeued: number };
  roamingSessions: { updates: number };
}> {
  return {
    reservations: await sweepReservations(),
    queue: await sweepQueue(),
    sessions: { closed: await closeStaleSessions(), targetStops: await sweepChargeTargets() },
    cdrs: { requeued: await requeuePendingCdrs() },
    roamingSessions: { updates: await queueSessionUpdates() },
  };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
