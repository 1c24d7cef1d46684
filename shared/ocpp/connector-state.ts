/**
 * Connector states (docs/product.md section 4) and how the charger's reports map onto them. OCPP 1.6 reports
 * the states directly (StatusNotification.status); OCPP 2.0.1 reports the connector (Available, Occupied,
 * Reserved, Unavailable, Faulted) and, during a transaction, the charging state (TransactionEvent
 * chargingState), which refines Occupied. `offline` is not reported by a charger: a connector of a charger
 * that is not connected reads offline whatever it last said.
 */
export const CONNECTOR_STATES = [
  'unknown',
  'available',
  'preparing',
  'charging',
  'suspendedEVSE',
  'suspendedEV',
  'finishing',
  'reserved',
  'unavailable',
  'faulted',
  'offline',
] as const;
export type ConnectorState = (typeof CONNECTOR_STATES)[number];

const V16: Record<string, ConnectorState> = {
  Available: 'available',
  Preparing: 'preparing',
  Charging: 'charging',
  SuspendedEVSE: 'suspendedEVSE',
  SuspendedEV: 'suspendedEV',
  Finishing: 'finishing',
  Reserved: 'reserved',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
};

const V201: Record<string, ConnectorState> = {
  Available: 'available',
  // Occupied without a transaction: a cable is plugged in, nothing is delivered yet.
  Occupied: 'preparing',
  Reserved: 'reserved',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
  // TransactionEvent chargingState.
  Charging: 'charging',
  EVConnected: 'preparing',
  SuspendedEV: 'suspendedEV',
  SuspendedEVSE: 'suspendedEVSE',
  Idle: 'finishing',
};

/** OCPP 1.6 ChargePointErrorCode (StatusNotification.errorCode); 2.0.1 reports faults as events instead. */
export const CHARGE_POINT_ERROR_CODES = [
  'NoError',
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;

/**
 * The 2.0.1 words that name no connector state of their own (Occupied and EVConnected read as preparing, Idle
 * as finishing): shown as said, in the user's language, where the charger's report is shown.
 */
export const REPORTED_ONLY_STATUSES = ['Occupied', 'EVConnected', 'Idle'] as const;

/** The state a reported status means in either version's words (a record may lack its protocol). */
export function reportedState(status: string): ConnectorState {
  const v16 = V16[status];
  return v16 ?? V201[status] ?? 'unknown';
}

/** The state a reported status means; an unknown text is `unknown`. */
export function connectorStateOf(protocol: string, status: string): ConnectorState {
  return (protocol === 'ocpp1.6' ? V16[status] : V201[status]) ?? 'unknown';
}

/** What the console shows: offline chargers' connectors read offline, never-reported ones unknown. */
export function shownState(online: boolean, state: ConnectorState | undefined): ConnectorState {
  if (!online) return 'offline';
  return state ?? 'unknown';
}

/**
 * 2.0.1: whether a charging-state report may replace the connector state. A connector that is Faulted or
 * Unavailable stays so until the charger's StatusNotification says otherwise; a transaction report of an
 * Occupied connector refines it.
 */
export function chargingStateApplies(current: ConnectorState | undefined): boolean {
  return current !== 'faulted' && current !== 'unavailable' && current !== 'reserved';
}

/** Counts per state (the monitor's header), every state present. */
export function countStates(states: Iterable<ConnectorState>): Record<ConnectorState, number> {
  const counts = Object.fromEntries(CONNECTOR_STATES.map((s) => [s, 0])) as Record<ConnectorState, number>;
  for (const state of states) counts[state] += 1;
  return counts;
}
