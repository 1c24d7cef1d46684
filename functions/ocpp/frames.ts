/** OCPP-J framing (RPC over WebSocket): CALL [2,id,action,payload], CALLRESULT [3,id,payload], CALLERROR [4,id,code,desc,details]. */
export type Frame =
  | { type: 2; id: string; action: string; payload: Record<string, unknown> }
  | { type: 3; id: string; payload: Record<string, unknown> }
  | { type: 4; id: string; code: string; description: string; details: Record<string, unknown> };

export type ParseResult =
  { ok: true; frame: Frame } | { ok: false; id: string; code: string; description: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The error code for a malformed frame differs between versions (FormationViolation in 1.6). */
export const formatErrorCode = (protocol: string) =>
  protocol === 'ocpp1.6' ? 'FormationViolation' : 'FormatViolation';

export function parseFrame(text: string, protocol: string): ParseResult {
  const bad = (id: string, description: string, code = formatErrorCode(protocol)) =>
    ({ ok: false, id, code, description }) as const;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad('-1', 'Message is not valid JSON');
  }
  if (!Array.isArray(value) || value.length < 3) return bad('-1', 'Message is not an OCPP-J array');
  const [type, id] = value;
  if (typeof id !== 'string' || id.length === 0 || id.length > 36) return bad('-1', 'Invalid message id');
  if (type === 2 && value.length === 4 && typeof value[2] === 'string' && isObject(value[3]))
    return { ok: true, frame: { type, id, action: value[2], payload: value[3] } };
  if (type === 3 && value.length === 3 && isObject(value[2]))
    return { ok: true, frame: { type, id, payload: value[2] } };
  if (
    type === 4 &&
    value.length === 5 &&
    typeof value[2] === 'string' &&
    typeof value[3] === 'string' &&
    isObject(value[4])
  )
    return { ok: true, frame: { type, id, code: value[2], description: value[3], details: value[4] } };
  if (type !== 2 && type !== 3 && type !== 4)
    return bad(
      id,
      `Unknown message type ${String(type)}`,
      protocol === 'ocpp1.6' ? 'ProtocolError' : 'MessageTypeNotSupported',
    );
  return bad(id, 'Message does not have the shape of its type');
}

export const callResult = (id: string, payload: unknown) => JSON.stringify([3, id, payload]);
export const callError = (id: string, code: string, description: string) =>
  JSON.stringify([4, id, code, description, {}]);
export const call = (id: string, action: string, payload: unknown) =>
  JSON.stringify([2, id, action, payload]);
