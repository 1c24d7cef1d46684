/**
 * OCPP actions a charger may call, per protocol version. Each is a function of the charger's identity and the
 * payload returning the CALLRESULT payload. The OCPP issue adds BootNotification, StatusNotification,
 * transactions and the rest, with schema validation; until then other actions get NotImplemented, which is
 * the standard answer for an action the central system does not support.
 */
export interface ActionInput {
  chargePointId: string;
  protocol: string;
  payload: Record<string, unknown>;
}
export type Action = (input: ActionInput) => Promise<Record<string, unknown>>;

const heartbeat: Action = async () => ({ currentTime: new Date().toISOString() });

const byProtocol: Record<string, Record<string, Action>> = {
  'ocpp1.6': { Heartbeat: heartbeat },
  'ocpp2.0.1': { Heartbeat: heartbeat },
};

export const actionsFor = (protocol: string): Record<string, Action> => byProtocol[protocol] ?? {};
