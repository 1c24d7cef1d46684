/**
 * The OCPP WebSocket API as API Gateway runs it: `/ocpp/{chargePointId}` (the id moved into the query string
 * as CloudFront does), the `$connect` authorizer, `$connect` / `$default` / `$disconnect` events, the route
 * response sent back to the charger, the `@connections` management endpoint, and API Gateway's limits
 * (128 KB frames, 10 minute idle time-out, 2 hour maximum connection).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import type { WebSocketDecl } from '@shared/topology/types.ts';
import { decodeComponent } from '@functions/lib/uri.ts';
import { callError, isAnswerFrame, parseFrame } from '@functions/ocpp-messages/frames.ts';
import { requestUrl } from './http-front.ts';
import { invoke } from './invoke.ts';

interface LiveConnection {
  socket: WebSocket;
  connectionId: string;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  authorizer: Record<string, unknown>;
  queue: Promise<void>;
  /** Frames received and not yet handled. */
  pending: number;
  /** Set when the connection was closed for flooding: the frames still waiting are dropped. */
  flooded: boolean;
  timers: NodeJS.Timeout[];
}

/**
 * A connection with more frames than this waiting to be handled is closed with 1008 (policy violation): one
 * charger flooding the platform must not hold up everyone else. In AWS nothing queues per connection; API
 * Gateway's account-level (and stage/route) throttling refuses the excess instead, so this bound stands in
 * for that limit locally.
 */
export const MAX_PENDING_FRAMES = 200;

/**
 * Connects handled at once (the authorizer and `$connect` running); one more is refused at once with 429, and
 * the charger tries again on its back-off. In AWS, API Gateway's throttling refuses the excess and the functions
 * scale; one process that takes every connect of a reconnect storm at once on a busy machine answers none of
 * them within the chargers' handshake time-out, and each failed attempt costs again
 * (docs/decisions/440-ocpp-answers-before-bookkeeping.md).
 */
export const MAX_CONNECTS_IN_FLIGHT = 32;

/**
 * What the stand-in sends when invoking the `$default` handler failed, so no charger waits for an answer that
 * never comes: a CALLERROR InternalError with the frame's message id (`"-1"` when it cannot be read), and
 * nothing for a CALLRESULT / CALLERROR, which is never answered (decisions 020, 439). The handler itself
 * answers before its time-out (functions/ocpp/answer-deadline.ts); this is the stand-in's last resort, and it
 * writes no message log entry (the handler that would have written one failed). In AWS, API Gateway sends its
 * own error message instead, which is no OCPP frame.
 */
export function failedInvocationAnswer(text: string): string | undefined {
  const parsed = parseFrame(text, 'ocpp1.6');
  if (isAnswerFrame(parsed)) return undefined;
  const id = parsed.ok ? parsed.frame.id : parsed.id;
  return callError(id, 'InternalError', 'The central system could not process the message');
}

export interface WebSocketFrontOptions {
  decl: WebSocketDecl;
  domainName: () => string;
  idleTimeoutSeconds?: number;
  /** Frames that may wait per connection before it is closed (MAX_PENDING_FRAMES by default). */
  maxPendingFrames?: number;
  /** Connects handled at once (MAX_CONNECTS_IN_FLIGHT by default). */
  maxConnectsInFlight?: number;
  onError: (e: Error) => void;
}

const lowerHeaders = (req: IncomingMessage) =>
  Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [
      k.toLowerCase(),
      Array.isArray(v) ? v.join(',') : (v ?? ''),
    ]),
  );

export function createWebSocketFront({
  decl,
  domainName,
  idleTimeoutSeconds,
  maxPendingFrames = MAX_PENDING_FRAMES,
  maxConnectsInFlight = MAX_CONNECTS_IN_FLIGHT,
  onError,
}: WebSocketFrontOptions) {
  let connecting = 0;
  const connections = new Map<string, LiveConnection>();
  const chosenProtocol = new WeakMap<IncomingMessage, string | false>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: decl.maxMessageBytes,
    handleProtocols: (_offered, req) => chosenProtocol.get(req) ?? false,
  });
  const idleMs = (idleTimeoutSeconds ?? decl.idleTimeoutSeconds) * 1000;

  const requestContext = (
    connectionId: string,
    routeKey: string,
    eventType: string,
    extra: Record<string, unknown> = {},
  ) => ({
    routeKey,
    eventType,
    connectionId,
    messageDirection: 'IN',
    extendedRequestId: randomUUID(),
    requestId: randomUUID(),
    requestTimeEpoch: Date.now(),
    stage: 'local',
    domainName: domainName(),
    apiId: 'local',
    ...extra,
  });

  function refuse(socket: Duplex, status: number, message: string) {
    socket.end(`HTTP/1.1 ${status} ${message}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  }

  /**
   * Handles an HTTP upgrade whose path is under the OCPP prefix. It never throws: whatever a client sends is
   * answered on its own socket (a malformed id with 400), and the server goes on serving everyone else.
   */
  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    let admitted = false;
    try {
      const url = requestUrl(req.url, 'http://local');
      if (!url) return refuse(socket, 400, 'Bad Request');
      const rest = url.pathname.slice(decl.path.length).replace(/^\//, '');
      if (rest.includes('/')) return refuse(socket, 404, 'Not Found');
      const chargePointId = rest ? decodeComponent(rest) : (url.searchParams.get('chargePointId') ?? '');
      if (chargePointId === undefined) return refuse(socket, 400, 'Bad Request'); // a broken %-escape
      if (!chargePointId) return refuse(socket, 401, 'Unauthorized'); // the identity source is missing
      url.searchParams.set('chargePointId', chargePointId);
      if (connecting >= maxConnectsInFlight) return refuse(socket, 429, 'Too Many Requests');
      connecting++;
      admitted = true;

      const headers = lowerHeaders(req);
      const connectionId = randomBytes(12).toString('base64');
      const connectedAt = Date.now();
      const identity = {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      };
      const query = Object.fromEntries(url.searchParams);
      const verdict = await invoke<APIGatewayAuthorizerResult>(decl.authorizer, {
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:local:000000000000:local/local/$connect`,
        headers,
        queryStringParameters: query,
        stageVariables: {},
        requestContext: requestContext(connectionId, '$connect', 'CONNECT', { connectedAt, identity }),
      });
      const allowed = verdict.policyDocument.Statement.every((s) => s.Effect === 'Allow');
      if (!allowed) return refuse(socket, 403, 'Forbidden');
      const authorizer = { ...(verdict.context ?? {}), principalId: verdict.principalId };
      // A charger that gave up meanwhile (its handshake time-out, in a reconnect storm) gets no connection.
      const gone = () => !socket.readable || !socket.writable; // (ws then drops the upgrade silently)
      if (gone()) return socket.destroy();

      const result = await invoke<{ statusCode?: number; headers?: Record<string, string> }>(
        decl.routes.$connect,
        {
          headers,
          queryStringParameters: query,
          isBase64Encoded: false,
          requestContext: requestContext(connectionId, '$connect', 'CONNECT', {
            connectedAt,
            identity,
            authorizer,
          }),
        },
      );
      const status = result?.statusCode ?? 200;
      if (status < 200 || status > 299) return refuse(socket, status, 'Refused');
      const protocol = Object.entries(result?.headers ?? {}).find(
        ([k]) => k.toLowerCase() === 'sec-websocket-protocol',
      )?.[1];
      chosenProtocol.set(req, protocol ?? false);
      if (gone()) {
        // Gone during $connect: it ends like any connection, so presence does not show a ghost online.
        socket.destroy();
        await invoke(decl.routes.$disconnect, {
          requestContext: requestContext(connectionId, '$disconnect', 'DISCONNECT', {
            connectedAt,
            identity,
            authorizer,
            disconnectStatusCode: 1006,
            disconnectReason: '',
          }),
        });
        return;
      }

      wss.handleUpgrade(req, socket, head, (ws) => {
        const live: LiveConnection = {
          socket: ws,
          connectionId,
          connectedAt,
          lastActiveAt: Date.now(),
          ...identity,
          authorizer,
          queue: Promise.resolve(),
          pending: 0,
          flooded: false,
          timers: [],
        };
        connections.set(connectionId, live);
        const idle = () => {
          clearTimeout(live.timers[0]);
          live.timers[0] = setTimeout(() => ws.close(1001, 'Going away'), idleMs);
        };
        idle();
        live.timers[1] = setTimeout(() => ws.close(1001, 'Going away'), decl.maxConnectionSeconds * 1000);

        ws.on('message', (data, isBinary) => {
          live.lastActiveAt = Date.now();
          idle();
          if (live.flooded) return;
          if (live.pending >= maxPendingFrames) {
            live.flooded = true;
            ws.close(1008, 'Too many messages');
            return;
          }
          live.pending += 1;
          const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
          // Frames of one connection are handled in order.
          live.queue = live.queue.then(async () => {
            live.pending -= 1;
            if (live.flooded) return;
            try {
              const response = await invoke<{ body?: string } | undefined>(decl.routes.$default, {
                body,
                isBase64Encoded: isBinary,
                requestContext: requestContext(connectionId, '$default', 'MESSAGE', {
                  connectedAt,
                  identity,
                  authorizer,
                  messageId: randomUUID(),
                }),
              });
              if (typeof response?.body === 'string' && ws.readyState === ws.OPEN) ws.send(response.body);
            } catch (error) {
              // The invocation failed (the handler threw or outlived its time-out, the module did not load):
              // a frame that is answered still gets its one answer (docs/decisions/439-one-answer-per-ocpp-call.md).
              onError(error as Error);
              const fallback = failedInvocationAnswer(
                isBinary ? Buffer.from(body, 'base64').toString('utf8') : body,
              );
              if (fallback !== undefined && ws.readyState === ws.OPEN) ws.send(fallback);
            }
          });
        });
        ws.on('close', (code, reason) => {
          live.timers.forEach(clearTimeout);
          connections.delete(connectionId);
          live.queue = live.queue.then(() =>
            invoke(decl.routes.$disconnect, {
              requestContext: requestContext(connectionId, '$disconnect', 'DISCONNECT', {
                connectedAt,
                identity,
                authorizer,
                disconnectStatusCode: code,
                disconnectReason: reason.toString(),
              }),
            })
              .then(() => undefined)
              .catch((e: Error) => onError(e)),
          );
        });
        ws.on('error', (e: Error & { code?: string }) => {
          // A charger breaking the WebSocket protocol (a frame over 128 KB: 1009, invalid UTF-8, bad opcodes)
          // is closed by ws with the matching status; that is the charger's error, not the platform's.
          if (e.code?.startsWith('WS_ERR_')) return;
          onError(e);
        });
      });
    } catch (error) {
      onError(error as Error);
      refuse(socket, 500, 'Internal Server Error');
    } finally {
      if (admitted) connecting--;
    }
  }

  /** `@connections/{id}`: POST sends, GET describes, DELETE closes (as the API Gateway management API). */
  function manage(req: IncomingMessage, res: ServerResponse, connectionId: string, body: Buffer) {
    const live = connections.get(connectionId);
    if (!live || live.socket.readyState !== live.socket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      return res.end(JSON.stringify({ message: 'Gone' }));
    }
    if (req.method === 'POST') {
      if (body.length > decl.maxMessageBytes) {
        res.writeHead(413, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'PayloadTooLargeException',
        });
        return res.end(JSON.stringify({ message: 'Payload too large' }));
      }
      live.socket.send(body.toString('utf8'));
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'DELETE') {
      live.socket.close(1000, 'Closed by the server');
      res.writeHead(204);
      return res.end();
    }
    // The wire names of API Gateway's GetConnection answer (the SDK maps them to ConnectedAt...).
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        connectedAt: new Date(live.connectedAt).toISOString(),
        lastActiveAt: new Date(live.lastActiveAt).toISOString(),
        identity: { sourceIp: live.sourceIp, userAgent: live.userAgent },
      }),
    );
  }

  return {
    upgrade,
    manage,
    count: () => connections.size,
    /** Closes every connection and waits for its $disconnect to run (before the stand-ins stop). */
    close: async () => {
      const live = [...connections.values()];
      await Promise.all(
        live.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.socket.readyState === c.socket.CLOSED) return resolve();
              const force = setTimeout(() => c.socket.terminate(), 2000);
              c.socket.once('close', () => {
                clearTimeout(force);
                resolve();
              });
              c.socket.close(1001, 'Going away');
            }),
        ),
      );
      await Promise.all(live.map((c) => c.queue));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
