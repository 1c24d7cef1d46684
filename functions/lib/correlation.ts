/**
 * One correlation id per flow (docs/decisions/458-metrics-tracing-correlation.md): taken from the HTTP
 * request (its `x-correlation-id` header, else API Gateway's request id) or from the OCPP message (the
 * charger's id and the frame's message id; the connection for a connect or a close), carried through the
 * queues as the SQS message attribute `correlationId` (functions/lib/queue.ts), and written in every log line
 * as `correlation_id` (Powertools' name for it). It lives in the request's log context
 * (functions/lib/log-context.ts), so it is never another invocation's, and nothing needs clearing.
 */
import { logContext, withLogContext } from './log-context.ts';

/** The HTTP header a caller may send (and the OCPI partners send) its own id in. */
export const CORRELATION_HEADER = 'x-correlation-id';
/** The SQS message attribute the id travels in. */
export const CORRELATION_ATTRIBUTE = 'correlationId';
/** The log key (Powertools Logger's `setCorrelationId` writes the same key). */
export const CORRELATION_KEY = 'correlation_id';

/**
 * What an id may look like: 1 to 128 printable ASCII characters without spaces, quotes or backslashes (a
 * UUID, an OCPI partner's id, `CP-1:42`); a header with anything else is replaced by the request id.
 */
const ACCEPTED = /^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/;

/** The id, when the value is one we accept. */
export const acceptedCorrelationId = (value: unknown): string | undefined =>
  typeof value === 'string' && ACCEPTED.test(value) ? value : undefined;

/** The correlation id of the flow the caller runs in; undefined outside one. */
export function correlationId(): string | undefined {
  const id = logContext()[CORRELATION_KEY];
  return typeof id === 'string' ? id : undefined;
}

/**
 * Runs `fn` in a log context with `id` as the correlation id (the current one when `id` is not accepted, a
 * flow's id stays the flow's), plus `keys`.
 */
export function withCorrelation<T>(id: unknown, keys: Record<string, unknown>, fn: () => T): T {
  const accepted = acceptedCorrelationId(id) ?? correlationId();
  return withLogContext(accepted === undefined ? keys : { ...keys, [CORRELATION_KEY]: accepted }, fn);
}

/** The id of an HTTP request: its header when acceptable, else its request id. */
export function httpCorrelationId(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  requestId: string | undefined,
): string | undefined {
  return acceptedCorrelationId(headers?.[CORRELATION_HEADER]) ?? acceptedCorrelationId(requestId);
}

/** The OCPP-J message id of a frame (`[2,"id",...]`), read without parsing the whole frame. */
const FRAME_ID = /^\s*\[\s*[234]\s*,\s*"([^"\\]{1,36})"/;

/**
 * The id of an OCPP event: `<chargePointId>:<message id>` for a frame that names one (the message log keeps
 * both), else `<chargePointId>:<connectionId>` (a connect, a close, a frame too broken to name its id).
 */
export function ocppCorrelationId(
  chargePointId: string | undefined,
  connectionId: string,
  frame?: string,
): string | undefined {
  const messageId = frame === undefined ? undefined : FRAME_ID.exec(frame.slice(0, 80))?.[1];
  return (
    acceptedCorrelationId(`${chargePointId ?? '-'}:${messageId ?? connectionId}`) ??
    acceptedCorrelationId(connectionId)
  );
}
