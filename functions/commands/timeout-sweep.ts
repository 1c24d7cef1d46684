/** Schedule: commands sent but unanswered for longer than the answer time-out are marked `timeout`. */
import { commandsAwaitingSince, markTimedOut } from './store.ts';

/** OCPP chargers answer within seconds; a minute covers slow links. */
export const COMMAND_ANSWER_TIMEOUT_SECONDS = Number(process.env.COMMAND_ANSWER_TIMEOUT_SECONDS ?? 60);

export async function handler(): Promise<{ timedOut: number }> {
  const cutoff = new Date(Date.now() - COMMAND_ANSWER_TIMEOUT_SECONDS * 1000).toISOString();
  let timedOut = 0;
  for (const id of await commandsAwaitingSince(cutoff)) if (await markTimedOut(id)) timedOut++;
  return { timedOut };
}
