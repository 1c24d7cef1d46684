/**
 * Schedule (every minute): the stations whose adjustment is due are adjusted (functions/energy/balancer.ts).
 * Adjust cycles can be shorter than the schedule's minute: while a station is due within the minute, the run
 * stays and adjusts it when it is (a run lasts at most RUN_MS, so the next one takes over).
 */
import { dueLoadBalances } from '@functions/data/load-balance.ts';
import { logger } from '@functions/lib/logger.ts';
import { balanceStation } from './balancer.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

/** How long one run goes on adjusting stations that fall due. */
const RUN_MS = 55_000;

/** Adjusts every station due by now; how many were. */
export async function adjustDue(now = Date.now()): Promise<number> {
  const due = await dueLoadBalances(new Date(now).toISOString());
  for (const { stationId } of due)
    await balanceStation(stationId).catch((error: unknown) =>
      logger.error('Load management could not adjust a station', { stationId, error: String(error) }),
    );
  return due.length;
}

async function handle(): Promise<{ adjusted: number }> {
  const until = Date.now() + RUN_MS;
  let adjusted = 0;
  for (;;) {
    adjusted += await adjustDue();
    const [next] = await dueLoadBalances(new Date(until).toISOString(), 1);
    if (!next) return { adjusted };
    await new Promise((r) => setTimeout(r, Math.max(250, Date.parse(next.nextAt) - Date.now())));
  }
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
