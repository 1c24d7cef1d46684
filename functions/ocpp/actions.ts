/**
 * OCPP actions a charger may call, per protocol version (handlers in v16/ and v201/). Each is a function of
 * the charger's identity and the payload returning the CALLRESULT payload; an action without a handler gets
 * NotImplemented, the standard answer for an action the central system does not support.
 */
import { actions16 } from './v16/index.ts';
import { actions201 } from './v201/index.ts';
import type { Action } from '@functions/ocpp-messages/frames.ts';

export type { Action, ActionInput } from '@functions/ocpp-messages/frames.ts';

const byProtocol: Record<string, Record<string, Action>> = {
  'ocpp1.6': actions16,
  'ocpp2.0.1': actions201,
};

export const actionsFor = (protocol: string): Record<string, Action> => byProtocol[protocol] ?? {};
