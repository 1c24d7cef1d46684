/**
 * Every CALL a charger sends gets exactly one answer, in time (docs/decisions/439-one-answer-per-ocpp-call.md,
 * docs/ocpp.md): its CALLRESULT when the action finishes in time, else a CALLERROR InternalError with the CALL's
 * unique id. The answer is chosen once (`AnswerOnce`): the action and the deadline race to claim it, and the
 * frame that wins is the one sent and the one written to the message log; what loses is dropped.
 */

/**
 * The latest a CALL's answer leaves, in milliseconds after the frame arrived. Chargers wait for an answer a
 * time of their own (commonly 10 to 60 s, docs/ocpp.md), the OCPP function's time-out is 10 s (the topology's
 * default) and API Gateway's integration limit 29 s: 8 s is under every one of them. This is the one place it
 * is set.
 */
export const ANSWER_DEADLINE_MS = 8_000;

/**
 * Kept back from the function's remaining time (Lambda's `getRemainingTimeInMillis`): an answer leaves at the
 * latest this long before the function times out, so returning the route response never races the time-out
 * (a function that times out sends nothing at all, and API Gateway's own error is no OCPP frame).
 */
export const ANSWER_MARGIN_MS = 1_000;

/**
 * Of the time before the answer leaves, this much is kept for writing the exchange to the message log: the
 * action has until then, and the deadline's CALLERROR is claimed then.
 */
export const LOG_WRITE_MS = 1_000;

/** What the handler reads of a Lambda context (the local runtime's invoke gives the same). */
export interface RemainingTime {
  getRemainingTimeInMillis(): number;
}

/**
 * Milliseconds from now until the answer must leave: ANSWER_DEADLINE_MS, or less when the function's remaining
 * time less ANSWER_MARGIN_MS is shorter (a function configured with a short time-out, or invoked late). Without
 * a context (a direct call) the deadline alone counts.
 */
export function answerBudgetMs(context?: Partial<RemainingTime>): number {
  const remaining = context?.getRemainingTimeInMillis?.();
  const bound =
    typeof remaining === 'number' && Number.isFinite(remaining) ? remaining - ANSWER_MARGIN_MS : Infinity;
  return Math.max(0, Math.min(ANSWER_DEADLINE_MS, bound));
}

/**
 * When a frame that arrived at `arrived` (now by default) is answered: its answer is chosen by `chooseBy` (the
 * action's result, or the deadline's CALLERROR) and leaves by `sendBy`. The time between is the message log's:
 * LOG_WRITE_MS, or half the budget when that is shorter, so a short budget still leaves the action half of it.
 */
export function answerTimes(
  context?: Partial<RemainingTime>,
  arrived = Date.now(),
): { chooseBy: number; sendBy: number } {
  const budget = answerBudgetMs(context);
  const sendBy = arrived + budget;
  return { chooseBy: sendBy - Math.min(LOG_WRITE_MS, budget / 2), sendBy };
}

/**
 * The one answer of an exchange: the first claim wins and settles `answer`; every later claim is refused
 * (false), and its frame must be neither sent nor logged.
 */
export class AnswerOnce<T> {
  #claimed = false;
  #resolve: (value: T) => void = () => undefined;
  readonly answer: Promise<T> = new Promise<T>((resolve) => {
    this.#resolve = resolve;
  });

  claim(value: T): boolean {
    if (this.#claimed) return false;
    this.#claimed = true;
    this.#resolve(value);
    return true;
  }

  get claimed(): boolean {
    return this.#claimed;
  }
}

/** Waits for `promise` at most `ms` milliseconds: true when it settled by then. Never rejects. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, ms));
    }),
  ]).finally(() => clearTimeout(timer));
}
