/**
 * Schedule: commands sent but unanswered for longer than the answer time-out are marked `timeout`, and
 * commands still queued after it are marked failed (not delivered): their queue message was lost (the local
 * runtime's queue lives in memory) or they waited too long to be worth sending now.
 */
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import {
  commandAnswerTimeoutSeconds,
  commandsAwaitingSince,
  commandsQueuedSince,
  markTimedOut,
  markUndelivered,
} from './store.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

async function handle(): Promise<{ timedOut: number; undelivered: number }> {
  const cutoff = new Date(Date.now() - commandAnswerTimeoutSeconds() * 1000).toISOString();
  let timedOut = 0;
  for (const id of await commandsAwaitingSince(cutoff)) if (await markTimedOut(id)) timedOut++;
  return { timedOut, undelivered: await failUndelivered(cutoff) };
}

/** Fails the commands queued before `cutoff` (ISO time; the local start-up passes now). */
export async function failUndelivered(cutoff: string): Promise<number> {
  let failed = 0;
  for (const id of await commandsQueuedSince(cutoff)) if (await markUndelivered(id)) failed++;
  return failed;
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
