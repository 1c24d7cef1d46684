/**
 * How fleets react to what happens below them (docs/decisions/400): a session started with a driver's or
 * vehicle's tag marks it charging and raises its alert; a member's session the charger suspends raises
 * "order paused" (functions/accounts/fleet-alerts.ts). Imported by every Lambda
 * entry that can emit it (test/functions/events-wiring.test.ts). A failure is logged, never the charger's.
 */
import { on } from '@functions/lib/events.ts';
import { fleetSessionStarted, fleetSessionSuspended, quietly } from '@functions/accounts/fleet-alerts.ts';

on('sessionStarted', async function fleetMemberCharging(session) {
  await quietly('session started', () => fleetSessionStarted(session));
});

on('connectorSuspended', async function fleetMemberPaused(at) {
  await quietly('session suspended', () => fleetSessionSuspended(at));
});
