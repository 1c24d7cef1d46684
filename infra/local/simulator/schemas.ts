/**
 * The simulator's view of the official OCPP JSON schemas: the server's own loader and validators
 * (functions/ocpp-messages/schemas.ts), so the simulator and the server check frames against the same compiled
 * schemas. The simulator can check every frame it sends with this, and its tests check every frame it sends
 * and answers with it.
 */
import { hasSchema, validatePayload, type SchemaKind } from '@functions/ocpp-messages/schemas.ts';

export { hasSchema };
export type OcppProtocol = 'ocpp1.6' | 'ocpp2.0.1';
export type PayloadKind = SchemaKind;

/** Checks a payload; returns undefined when it is valid, else a readable reason. */
export function checkPayload(
  protocol: OcppProtocol,
  action: string,
  kind: PayloadKind,
  payload: unknown,
): string | undefined {
  if (!hasSchema(protocol, action, kind)) return `${action}.${kind} is not an ${protocol} message`;
  const result = validatePayload(protocol, action, kind, payload);
  return result.ok ? undefined : `${action}.${kind}: ${result.description}`;
}
