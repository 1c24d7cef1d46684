/**
 * The OCPP WebSocket API: `$connect`, `$default` and `$disconnect` in one handler. A charger's CALL is
 * answered in the `$default` route response (one invocation per request); CALLRESULT / CALLERROR frames
 * answer commands the platform sent, correlated by message id.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { topology } from '@infra/topology/index.ts';
import { recordCommandAnswer } from '@functions/commands/store.ts';
import { removeConnection, saveConnection, touchConnection } from './connections.ts';
import { callError, callResult, parseFrame } from './frames.ts';
import { actionsFor } from './actions.ts';

interface WsEvent {
  requestContext: {
    routeKey: string;
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    connectionId: string;
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

export async function handler(event: WsEvent): Promise<APIGatewayProxyResultV2> {
  const { eventType, connectionId, authorizer = {} } = event.requestContext;

  if (eventType === 'CONNECT') {
    const headers = Object.fromEntries(
      Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const protocol = negotiateProtocol(headers['sec-websocket-protocol']);
    if (!protocol) return { statusCode: 400, body: 'No supported OCPP subprotocol offered' };
    await saveConnection({
      connectionId,
      chargePointId: String(authorizer.chargePointId),
      agentId: String(authorizer.agentId ?? ''),
      protocol,
    });
    return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': protocol } };
  }

  if (eventType === 'DISCONNECT') {
    await removeConnection(connectionId);
    return { statusCode: 200 };
  }

  const chargePointId = String(authorizer.chargePointId);
  // API Gateway does not repeat the negotiated subprotocol on messages; the connection item has it.
  const connection = await touchConnection(connectionId);
  const protocol = connection?.protocol ?? 'ocpp1.6';
  const text = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  const parsed = parseFrame(text, protocol);
  if (!parsed.ok) return { statusCode: 200, body: callError(parsed.id, parsed.code, parsed.description) };

  const frame = parsed.frame;
  if (frame.type === 2) {
    const action = actionsFor(protocol)[frame.action];
    if (!action)
      return {
        statusCode: 200,
        body: callError(frame.id, 'NotImplemented', `${frame.action} is not supported`),
      };
    const payload = await action({ chargePointId, protocol, payload: frame.payload });
    return { statusCode: 200, body: callResult(frame.id, payload) };
  }
  await recordCommandAnswer(chargePointId, frame);
  return { statusCode: 200 };
}
