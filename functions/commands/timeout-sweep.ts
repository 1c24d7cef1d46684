/**
 * Schedule: commands sent but unanswered for longer than the answer time-out are marked `timeout`, and
 * commands still queued after it are marked failed (not delivered): their queue message was lost (the local
 * runtime's queue lives in memory) or they waited too long to be worth sending now.
 */
import { commandsAwaitingSince, commandsQueuedSince, markTimedOut, markUndelivered } from './store.ts';

/** OCPP chargers answer within seconds; a minute covers slow links. */
export const COMMAND_ANSWER_TIMEOUT_SECONDS = Number(process.env.COMMAND_ANSWER_TIMEOUT_SECONDS ?? 60);

export async function handler(): Promise<{ timedOut: number; undelivered: number }> {
  const cutoff = new Date(Date.now() - COMMAND_ANSWER_TIMEOUT_SECONDS * 1000).toISOString();
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
