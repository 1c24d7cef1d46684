/**
 * Each request's log context is its own (docs/decisions/435-foreign-ids-ocpp-framing-log-context.md). The
 * local runtime runs many requests, OCPP messages and queue messages at once in one process, so keys appended
 * to a module-wide logger (Powertools' `appendKeys`) leaked from one into another's lines. The keys live in an
 * AsyncLocalStorage instead, set around each request, OCPP message and queue message, and every logger made
 * here reads them for each line it writes; a line's own keys win over the context's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

type Keys = Readonly<Record<string, unknown>>;
type ConstructorOptions = ConstructorParameters<typeof Logger>[0];

const store = new AsyncLocalStorage<Keys>();

/** The keys of the request (or message) the caller runs in; none outside one. */
export const logContext = (): Keys => store.getStore() ?? {};

/** Runs `fn` with `keys` added to the current context for every line logged within it (awaits included). */
export function withLogContext<T>(keys: Record<string, unknown>, fn: () => T): T {
  return store.run({ ...logContext(), ...keys }, fn);
}

/** A Powertools logger whose every line carries the current context's keys. */
export class ContextLogger extends Logger {
  protected override createAndPopulateLogItem(
    ...[logLevel, input, extraInput]: Parameters<Logger['createAndPopulateLogItem']>
  ) {
    const keys = store.getStore();
    // The context first, so the line's own keys (an Error, a string, objects) are merged over it.
    const extra = keys
      ? ([keys, ...extraInput] as Parameters<Logger['createAndPopulateLogItem']>[2])
      : extraInput;
    return super.createAndPopulateLogItem(logLevel, input, extra);
  }

  protected override createLogger(options?: ConstructorOptions): Logger {
    return new ContextLogger(options);
  }
}
