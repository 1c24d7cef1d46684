/**
 * OCPP actions a charger may call, per protocol version (handlers in v16/ and v201/). Each is a function of
 * the charger's identity and the payload returning the CALLRESULT payload; an action without a handler gets
 * NotImplemented, the standard answer for an action the central system does not support.
 */
import { actions16 } from './v16/index.ts';
import { actions201 } from './v201/index.ts';

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

const byProtocol: Record<string, Record<string, Action>> = {
  'ocpp1.6': actions16,
  'ocpp2.0.1': actions201,
};

export const actionsFor = (protocol: string): Record<string, Action> => byProtocol[protocol] ?? {};
