/** OCPP-J framing (RPC over WebSocket): CALL [2,id,action,payload], CALLRESULT [3,id,payload], CALLERROR [4,id,code,desc,details]. */
export type Frame =
  | { type: 2; id: string; action: string; payload: Record<string, unknown> }
  | { type: 3; id: string; payload: Record<string, unknown> }
  | { type: 4; id: string; code: string; description: string; details: Record<string, unknown> };

/** A failure names the message type when the frame has a valid one (an answer is not answered back). */
export type ParseResult =
  { ok: true; frame: Frame } | { ok: false; id: string; code: string; description: string; type?: 2 | 3 | 4 };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isV16 = (protocol: string) => protocol === 'ocpp1.6';

/** The error code for a payload that is not what a frame needs (FormationViolation in 1.6). */
export const formatErrorCode = (protocol: string) =>
  isV16(protocol) ? 'FormationViolation' : 'FormatViolation';

/**
 * The error code for a message that is not a valid RPC frame at all (not JSON, not an OCPP-J array, no
 * readable message id, missing elements). OCPP 2.0.1 names RpcFrameworkError for it; 1.6 has only
 * FormationViolation.
 */
export const frameErrorCode = (protocol: string) =>
  isV16(protocol) ? 'FormationViolation' : 'RpcFrameworkError';

export function parseFrame(text: string, protocol: string): ParseResult {
  const bad = (id: string, description: string, code = frameErrorCode(protocol), type?: 2 | 3 | 4) =>
    ({ ok: false, id, code, description, ...(type ? { type } : {}) }) as const;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad('-1', 'Message is not valid JSON');
  }
  if (!Array.isArray(value) || value.length === 0) return bad('-1', 'Message is not an OCPP-J array');
  const [type, id] = value;
  // The type is read first: a CALLRESULT or CALLERROR is never answered back, however broken it is.
  const known = type === 2 || type === 3 || type === 4 ? type : undefined;
  if (typeof id !== 'string' || id.length === 0 || id.length > 36)
    return bad('-1', 'Invalid message id', frameErrorCode(protocol), known);
  if (!known)
    return bad(
      id,
      `Unknown message type ${String(type)}`,
      isV16(protocol) ? 'ProtocolError' : 'MessageTypeNotSupported',
    );
  if (known === 2 && value.length === 4 && typeof value[2] === 'string') {
    if (isObject(value[3]))
      return { ok: true, frame: { type: known, id, action: value[2], payload: value[3] } };
    return bad(id, 'The payload of a CALL must be a JSON object', formatErrorCode(protocol), known);
  }
  if (known === 3 && value.length === 3) {
    if (isObject(value[2])) return { ok: true, frame: { type: known, id, payload: value[2] } };
    return bad(id, 'The payload of a CALLRESULT must be a JSON object', formatErrorCode(protocol), known);
  }
  if (
    known === 4 &&
    value.length === 5 &&
    typeof value[2] === 'string' &&
    typeof value[3] === 'string' &&
    isObject(value[4])
  )
    return {
      ok: true,
      frame: { type: known, id, code: value[2], description: value[3], details: value[4] },
    };
  return bad(id, 'Message does not have the shape of its type', frameErrorCode(protocol), known);
}

/**
 * Whether a frame is a charger's CALLRESULT or CALLERROR, which is never answered, however broken (decision
 * 020). Every other frame gets exactly one answer: a CALL its CALLRESULT or CALLERROR, anything else a
 * CALLERROR with its message id when it can be read and "-1" when not (decision 435).
 */
export const isAnswerFrame = (parsed: ParseResult): boolean =>
  parsed.ok ? parsed.frame.type !== 2 : parsed.type === 3 || parsed.type === 4;

export const callResult = (id: string, payload: unknown) => JSON.stringify([3, id, payload]);
/** OCPP 2.0.1 caps errorDescription at 255 characters (1.6 sets no cap; the same one is kept). */
export const callError = (id: string, code: string, description: string) =>
  JSON.stringify([4, id, code, description.slice(0, 255), {}]);
export const call = (id: string, action: string, payload: unknown) =>
  JSON.stringify([2, id, action, payload]);

/**
 * The handler of a CALL a charger sent (functions/ocpp/actions.ts): the charger's identity and the payload
 * in, the CALLRESULT payload out. Here, below the handlers, so that the session store can wrap one.
 */
export interface ActionInput {
  chargePointId: string;
  protocol: string;
  payload: Record<string, unknown>;
  /** The WebSocket connection the CALL came on. */
  connectionId: string;
  /** The OCPP message id of the CALL. */
  messageId: string;
}
export type Action = (input: ActionInput) => Promise<Record<string, unknown>>;
