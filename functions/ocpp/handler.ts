/**
 * The OCPP WebSocket API: `$connect`, `$default` and `$disconnect` in one handler. A charger's CALL is
 * answered in the `$default` route response (one invocation per request); CALLRESULT / CALLERROR frames
 * answer commands the platform sent, correlated by message id; they are never answered back, however broken,
 * and one that answers no command of this charger is logged and ignored.
 *
 * Every CALL is checked before any action runs: an action the version does not define gets NotImplemented;
 * a payload that breaks the official schema gets the CALLERROR the standard names (functions/ocpp-messages/schemas.ts);
 * a valid CALL of an action the platform does not handle gets NotImplemented. Our own answer is checked
 * against the `.conf` schema too, and an answer that would break it becomes an InternalError: the platform
 * never sends an invalid payload. An action that throws is an InternalError with a generic description.
 * Every frame in and every answer out is written to the message log (functions/ocpp-messages/message-log.ts), except a
 * Heartbeat answered as it should be: it changes nothing and writes nothing (the charger's presence is its
 * connection, whose last activity API Gateway keeps; decision 430).
 *
 * Every CALL gets exactly one answer, in time (functions/ocpp/answer-deadline.ts, decision 439): an action not
 * finished by the answer deadline (8 s, less when the function has less time left) is answered with a
 * CALLERROR InternalError, and its own answer, when it comes, is dropped. The answer is chosen once, and the
 * message log gets the frame that was sent.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { topology } from '@shared/topology/index.ts';
import { ContextLogger } from '@functions/lib/log-context.ts';
import { ocppCorrelationId, withCorrelation } from '@functions/lib/correlation.ts';
import { publishMetric } from '@functions/lib/metrics.ts';
import { getCommand, recordCommandAnswer } from '@functions/commands/store.ts';
import {
  closeConnection,
  connectionsOf,
  removeConnection,
  knownConnection,
  saveConnection,
} from '@functions/chargepoints/connections.ts';
import { AnswerOnce, answerTimes, settlesWithin, type RemainingTime } from './answer-deadline.ts';
import {
  callError,
  callResult,
  isAnswerFrame,
  parseFrame,
  type Frame,
} from '@functions/ocpp-messages/frames.ts';
import { actionsFor } from './actions.ts';
import { logMessage, wirePosition } from '@functions/ocpp-messages/message-log.ts';
import { chargerConnected, chargerDisconnected } from './presence.ts';
import { isKnownAction, validateRequest, validateResponse } from '@functions/ocpp-messages/schemas.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';
import { lambdaEntry } from '@functions/lib/tracing.ts';

/** The OCPP function's logger (exported for the tests that watch what it reports). */
export const logger = new ContextLogger({
  serviceName: 'ocpp',
  logLevel: (process.env.LOG_LEVEL ?? 'WARN') as 'WARN',
});

interface WsEvent {
  requestContext: {
    routeKey: string;
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    connectionId: string;
    /** API Gateway's id of this event (one per message). */
    requestId?: string;
    authorizer?: Record<string, unknown>;
  };
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** Picks the first subprotocol the charger offers that the platform speaks. */
export function negotiateProtocol(offered: string | undefined): string | undefined {
  const wanted = (offered ?? '').split(',').map((p) => p.trim().toLowerCase());
  return wanted.find((p) => topology.websocket.subprotocols.includes(p));
}

/** The WebSocket routes' entry; `context` is Lambda's (or the local runtime's), read for the time left. */
async function handle(event: WsEvent, context?: Partial<RemainingTime>): Promise<APIGatewayProxyResultV2> {
  const { eventType, requestId, connectionId, routeKey } = event.requestContext;
  // Every line logged while this event is handled names it, and no other running at the same time
  // (functions/lib/log-context.ts), with the correlation id its flow carries on
  // (functions/lib/correlation.ts): the charger's and the frame's message id, or the connection's for a
  // connect or a close.
  const chargePointId = chargePointOf(event);
  const keys = { requestId, route: routeKey, connectionId, chargePointId };
  const head =
    eventType !== 'MESSAGE'
      ? undefined
      : event.isBase64Encoded
        ? Buffer.from((event.body ?? '').slice(0, 120), 'base64').toString('utf8')
        : (event.body ?? '');
  return withCorrelation(ocppCorrelationId(chargePointId, connectionId, head), keys, () => {
    if (eventType === 'CONNECT') return connect(event);
    if (eventType === 'DISCONNECT') return disconnect(event);
    return message(event, context);
  });
}

const chargePointOf = (event: WsEvent): string | undefined => {
  const id = event.requestContext.authorizer?.chargePointId;
  return typeof id === 'string' && id ? id : undefined;
};

async function connect(event: WsEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, authorizer = {} } = event.requestContext;
  const chargePointId = chargePointOf(event);
  if (!chargePointId) return { statusCode: 401, body: 'Unauthorized' };
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const protocol = negotiateProtocol(headers['sec-websocket-protocol']);
  if (!protocol) return { statusCode: 400, body: 'No supported OCPP subprotocol offered' };

  // The older connections are read while this one is saved (it is told from them by its id): a round trip
  // less (docs/decisions/440-ocpp-answers-before-bookkeeping.md). Shown online only once it is saved.
  const [earlier] = await Promise.all([
    connectionsOf(chargePointId),
    saveConnection({ connectionId, chargePointId, agentId: String(authorizer.agentId ?? ''), protocol }),
  ]);
  await chargerConnected({ chargePointId, connectionId, protocol });
  // Decision: a second connection for the same charge point wins over the first. A charger that reconnects
  // after a network loss must not be locked out by its own half-open old socket (which the platform may not
  // notice until the idle time-out), and only the charger's own credentials pass the authorizer. The
  // platform closes the older connections (DeleteConnection on @connections) and drops their items; their
  // $disconnect then runs, and presence ignores it because the charger is known on the new connection.
  await Promise.all(
    earlier
      .filter((c) => c.connectionId !== connectionId)
      .map((c) =>
        closeConnection(c.connectionId).catch((error: Error) =>
          logger.warn('Could not close a superseded connection', {
            chargePointId,
            connectionId: c.connectionId,
            error: error.message,
          }),
        ),
      ),
  );
  return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': protocol } };
}

async function disconnect(event: WsEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId } = event.requestContext;
  await removeConnection(connectionId);
  const chargePointId = chargePointOf(event);
  if (chargePointId) await chargerDisconnected({ chargePointId, connectionId });
  return { statusCode: 200 };
}

/** Writes a message log entry; a failed write is logged and never fails the exchange. */
const log = (entry: Parameters<typeof logMessage>[0]) =>
  logMessage(entry).then(
    () => undefined,
    (error: Error) => logger.warn('OCPP message log write failed', { error: error.message }),
  );

async function message(event: WsEvent, context?: Partial<RemainingTime>): Promise<APIGatewayProxyResultV2> {
  const { connectionId } = event.requestContext;
  const chargePointId = chargePointOf(event);
  if (!chargePointId) return { statusCode: 200 };
  // Every message a charger sends is counted, whatever it is (shared/topology/metrics.ts).
  publishMetric('ocppMessages');
  // The answer leaves by `sendBy`; the action has until `chooseBy`, then the deadline answers
  // (docs/decisions/439-one-answer-per-ocpp-call.md).
  const arrived = Date.now();
  const { chooseBy, sendBy } = answerTimes(context, arrived);
  const receivedAt = wirePosition();
  const text = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  // The exchange is logged once its answer is chosen: the frame and that answer in one write.
  const inbound = (reply?: Reply) =>
    log({
      chargePointId,
      direction: 'in',
      frame: text,
      connectionId,
      at: receivedAt,
      action: reply?.action,
      ...(reply?.body === undefined
        ? {}
        : { reply: { frame: reply.body, action: reply.action, at: wirePosition() } }),
    });

  let protocol: string | undefined;
  const work = (async (): Promise<Reply | undefined> => {
    try {
      // API Gateway does not repeat the negotiated subprotocol on messages; the connection item has it.
      const connection = await knownConnection(connectionId);
      if (!connection) {
        // A connection the platform no longer knows was superseded by a newer one or found silent by the
        // offline sweep, and both close it; a frame that raced the close is not answered.
        logger.info('Frame on an unknown connection', { chargePointId, connectionId });
        await closeConnection(connectionId).catch(() => undefined);
        return undefined;
      }
      protocol = connection.protocol;
      return await answer({ chargePointId, connectionId, protocol, text });
    } catch (error) {
      // The platform failed (not the action: see answer). Every frame that is answered still gets its one
      // answer, never API Gateway's own "Internal server error" message, which is no OCPP frame.
      logger.error('OCPP message handling failed', { chargePointId, connectionId, error: error as Error });
      return failureReply(text, protocol);
    }
  })();

  // One answer, chosen once: the action's, or the deadline's InternalError when the action is still running.
  // What loses is neither sent nor logged; the action itself runs on (its writes are conditional, so a retry
  // of the CALL after the CALLERROR changes nothing twice).
  const once = new AnswerOnce<Reply | undefined>();
  void work.then((reply) => {
    if (!once.claim(reply) && reply?.body !== undefined)
      logger.warn('OCPP answer dropped: the deadline answered first', {
        chargePointId,
        action: reply.action,
        dropped: reply.body.slice(0, 200),
        afterMs: Date.now() - arrived,
      });
  });
  const deadline = setTimeout(() => {
    const late = failureReply(text, protocol, 'in time');
    if (once.claim(late))
      logger.error('OCPP action did not finish before its answer deadline', {
        chargePointId,
        connectionId,
        action: late?.action,
        answered: late?.body,
      });
  }, chooseBy - Date.now());
  const reply = await once.answer;
  clearTimeout(deadline);

  if (!reply?.unlogged) {
    // The entry is durable before its answer leaves (decision 430) unless the log itself is slower than the
    // time left: then the answer still leaves, and the entry (the same frame) is written when it can be.
    if (!(await settlesWithin(inbound(reply), sendBy - Date.now())))
      logger.warn('OCPP message log entry not yet written when its answer left', { chargePointId });
  }
  return reply?.body === undefined ? { statusCode: 200 } : { statusCode: 200, body: reply.body };
}

/**
 * The answer to a frame when the platform failed handling it, or did not finish by the answer deadline: a
 * broken frame's own CALLERROR when the connection's version is known (it needs nothing else), an InternalError
 * otherwise (a code both versions define); nothing for a CALLRESULT / CALLERROR (decisions 435, 439).
 */
function failureReply(text: string, protocol: string | undefined, why?: 'in time'): Reply | undefined {
  const parsed = parseFrame(text, protocol ?? 'ocpp1.6');
  if (isAnswerFrame(parsed)) return undefined;
  if (!parsed.ok && protocol) return { body: callError(parsed.id, parsed.code, parsed.description) };
  const id = parsed.ok ? parsed.frame.id : parsed.id;
  const action = parsed.ok && parsed.frame.type === 2 ? parsed.frame.action : undefined;
  const what = action ?? 'the message';
  const description = why
    ? `The central system could not process ${what} in time`
    : `The central system could not process ${what}`;
  return { body: callError(id, 'InternalError', description), action };
}

interface Exchange {
  chargePointId: string;
  connectionId: string;
  protocol: string;
  text: string;
}

interface Reply {
  /** The frame to send back; none for a CALLRESULT / CALLERROR. */
  body?: string;
  /** The exchange's action, when known: the CALL's, or that of the command a CALLRESULT / CALLERROR answers. */
  action?: string;
  /** An exchange that changed nothing and is not logged (a Heartbeat answered with its CALLRESULT). */
  unlogged?: boolean;
}

/** CALLs that change nothing: answered, never written anywhere. */
const UNLOGGED_ACTIONS = new Set(['Heartbeat']);

/** The frame to send back (with the exchange's action), or undefined when there is nothing to say. */
async function answer(x: Exchange): Promise<Reply | undefined> {
  const parsed = parseFrame(x.text, x.protocol);
  if (!parsed.ok && isAnswerFrame(parsed)) {
    // A broken answer to a command: the command is rejected with the reason; a CALLERROR only answers a CALL.
    logger.warn('Malformed CALLRESULT / CALLERROR', {
      chargePointId: x.chargePointId,
      messageId: parsed.id,
      description: parsed.description,
    });
    return recordAnswer(x, {
      type: 4,
      id: parsed.id,
      code: parsed.code,
      description: `Invalid answer: ${parsed.description}`,
      details: {},
    });
  }
  if (!parsed.ok) return { body: callError(parsed.id, parsed.code, parsed.description) };
  const frame = parsed.frame;
  if (frame.type !== 2) return recordAnswer(x, frame);
  const { id, action } = frame;
  const reply = (body: string) => ({ body, action });
  if (!isKnownAction(x.protocol, action))
    return reply(callError(id, 'NotImplemented', `${action} is not an OCPP ${x.protocol.slice(4)} action`));
  // The payload is checked first, so a charger learns its payload is broken whether or not the action is
  // handled here.
  const request = validateRequest(x.protocol, action, frame.payload);
  if (!request.ok) return reply(callError(id, request.code, request.description));
  const unstorable = unstorableNumber(frame.payload);
  if (unstorable) return reply(callError(id, 'PropertyConstraintViolation', `${unstorable} is out of range`));
  const actions = actionsFor(x.protocol);
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run)
    return reply(callError(id, 'NotImplemented', `${action} is not supported by this central system`));

  let payload: Record<string, unknown>;
  try {
    payload = await run({
      chargePointId: x.chargePointId,
      protocol: x.protocol,
      payload: frame.payload,
      connectionId: x.connectionId,
      messageId: id,
    });
  } catch (error) {
    logger.error('OCPP action failed', {
      chargePointId: x.chargePointId,
      action,
      messageId: id,
      error: error as Error,
    });
    return reply(callError(id, 'InternalError', `The central system could not process ${action}`));
  }
  const response = validateResponse(x.protocol, action, payload);
  if (!response.ok) {
    logger.error('OCPP action produced an answer that breaks its schema', {
      chargePointId: x.chargePointId,
      action,
      messageId: id,
      code: response.code,
      description: response.description,
    });
    return reply(
      callError(id, 'InternalError', `The central system could not produce a valid ${action} answer`),
    );
  }
  return { ...reply(callResult(id, payload)), ...(UNLOGGED_ACTIONS.has(action) ? { unlogged: true } : {}) };
}

/**
 * The path of the first number in a payload that no record can hold, if any. The schemas say only "integer"
 * or "number" (OCPP means 32-bit integers and decimals), while an integer beyond 2^53 is not exact in
 * JavaScript and the DynamoDB SDK refuses it, and DynamoDB refuses a fraction below 1e-130. Walked with a
 * stack: a payload may be nested far deeper than the call stack allows.
 */
function unstorableNumber(payload: Record<string, unknown>): string | undefined {
  const stack: [path: string, value: unknown][] = Object.entries(payload);
  while (stack.length) {
    const [path, value] = stack.pop()!;
    if (typeof value === 'number') {
      if (Number.isInteger(value) ? !Number.isSafeInteger(value) : Math.abs(value) < 1e-130) return path;
    } else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) stack.push([`${path}.${key}`, inner]);
  }
  return undefined;
}

/**
 * A charger's CALLRESULT / CALLERROR to a command the platform sent. A CALLRESULT whose payload breaks the
 * command's `.conf` schema is recorded as a rejection with the error the standard names, so a command never
 * stores an invalid result. Nothing is sent back (a CALLERROR only ever answers a CALL); the command's action
 * is returned for the message log. An answer to no command of this charger (an unknown id, another charger's
 * command) is logged and ignored.
 */
async function recordAnswer(x: Exchange, frame: Exclude<Frame, { type: 2 }>): Promise<Reply | undefined> {
  const command = frame.id === '-1' ? undefined : await getCommand(frame.id);
  if (!command || command.chargePointId !== x.chargePointId) {
    logger.warn('CALLRESULT / CALLERROR answering no command of this charger ignored', {
      chargePointId: x.chargePointId,
      messageId: frame.id,
    });
    return undefined;
  }
  let outcome = frame;
  if (frame.type === 3) {
    const check = isKnownAction(x.protocol, command.action)
      ? validateResponse(x.protocol, command.action, frame.payload)
      : undefined;
    const unstorable = unstorableNumber(frame.payload);
    const problem =
      check && !check.ok
        ? check
        : unstorable
          ? { code: 'PropertyConstraintViolation', description: `${unstorable} is out of range` }
          : undefined;
    if (problem)
      outcome = {
        type: 4,
        id: frame.id,
        code: problem.code,
        description: `Invalid ${command.action} answer: ${problem.description}`,
        details: {},
      };
  }
  await recordCommandAnswer(x.chargePointId, outcome, command);
  return { action: command.action };
}

/** The Lambda entry: traced, its metrics published at its end (functions/lib/tracing.ts). */
export const handler = lambdaEntry(handle);
