/**
 * How load management reacts to what happens below it (docs/decisions/400, 427): a session started or ended,
 * so its station's power is shared again at once; a charger came, so it gets its limits and its base profile
 * again; a plan was saved, so the station is put on the round and adjusted; a limit the charger rejected is
 * sent again. Imported by every Lambda entry
 * that can emit these events (test/functions/events-wiring.test.ts).
 */
import { loadBalanceDueNow } from '@functions/data/load-balance.ts';
import { on } from '@functions/lib/events.ts';
import { logger } from '@functions/lib/logger.ts';
import { balanceStation, limitCommandEnded, stationOnRound } from './balancer.ts';
import { boxProduced } from './renewable.ts';

/** Adjusts a station with a plan in force; a failure is logged (the next cycle adjusts it anyway). */
async function adjustNow(stationId: string, resendPiles: string[]) {
  try {
    if (await stationOnRound(stationId)) await balanceStation(stationId, resendPiles);
  } catch (error) {
    logger.error('Load management could not adjust a station', { stationId, error: String(error) });
  }
}

/** Per station: the run going on in this instance, and the next one with the piles it resends. */
const runs = new Map<string, { running: Promise<void>; next?: { piles: Set<string>; run: Promise<void> } }>();

/**
 * Adjusts a station (`adjustNow`), one run at a time per station in this instance: a run asked for while one
 * goes on is the next run, shared by everyone who asks meanwhile with all their piles, so a hundred chargers of
 * a station coming back at once cost two runs, not a hundred
 * (docs/decisions/440-ocpp-answers-before-bookkeeping.md). It starts after the running one, so it sees what
 * they changed.
 */
function rebalance(stationId: string, resendPiles: string[] = []): Promise<void> {
  const current = runs.get(stationId);
  if (!current) return start(stationId, resendPiles);
  if (!current.next) {
    const piles = new Set<string>();
    current.next = { piles, run: current.running.then(() => start(stationId, [...piles])) };
  }
  for (const pile of resendPiles) current.next.piles.add(pile);
  return current.next.run;
}

function start(stationId: string, resendPiles: string[]): Promise<void> {
  // (adjustNow never fails.) A next run waiting keeps the entry: it takes the place when it starts.
  const running: Promise<void> = adjustNow(stationId, resendPiles).finally(() => {
    const entry = runs.get(stationId);
    if (entry?.running === running && !entry.next) runs.delete(stationId);
  });
  runs.set(stationId, { running });
  return running;
}

on('sessionStarted', async function loadRebalancedAtStart(session) {
  await rebalance(session.stationId);
});

on('sessionEnded', async function loadRebalancedAtEnd(session) {
  await rebalance(session.stationId);
});

on('connectorStatesChanged', async function loadLimitsToAChargerThatCame(change) {
  // A charger came or went (no connector named): one that came gets its profiles again.
  if (change.connectorNo === undefined) await rebalance(change.stationId, [change.chargePointId]);
});

on('powerBalanceSaved', async function planApplied({ stationId, tenant }) {
  try {
    await loadBalanceDueNow(stationId, tenant, new Date().toISOString());
    await balanceStation(stationId);
  } catch (error) {
    logger.error('A saved power balance plan was not applied yet', { stationId, error: String(error) });
  }
});

on('commandEnded', async function loadLimitRejected(command) {
  await limitCommandEnded(command).catch((error: unknown) =>
    logger.error('A rejected load limit was not sent again', {
      commandId: command.commandId,
      error: String(error),
    }),
  );
});

on('energyBoxReported', async function renewableProduced(report) {
  await boxProduced(report).catch((error: unknown) =>
    logger.error('A box’s production was not recorded', { code: report.code, error: String(error) }),
  );
});
