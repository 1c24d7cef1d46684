/**
 * How long a test waits for something before it fails. A deadline is never what a test checks, only how long
 * a failing one hangs: on a busy machine (the whole suite and other work beside it) a queue, a charger's
 * answer or a process's end can take many seconds, so every wait gets at least this (docs/testing.md).
 */
export const MIN_WAIT_MS = 45_000;

/** The deadline of a wait that asked for `ms`: never shorter than MIN_WAIT_MS. */
export const waitDeadline = (ms = MIN_WAIT_MS) => Math.max(ms, MIN_WAIT_MS);
