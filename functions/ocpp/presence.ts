/**
 * Whether a charger is online: its live state follows its WebSocket connection. A clean close shows the
 * charger offline at once; the offline alarm waits for the grace period so a quick reconnect raises none.
 */
export interface PresenceInput {
  chargePointId: string;
  connectionId: string;
  protocol?: string;
  /** Epoch milliseconds; now when absent. */
  at?: number;
}

export async function chargerConnected(_input: PresenceInput & { protocol: string }): Promise<void> {}

/** Only the connection the charger is known on counts: a stale socket closing after a reconnect changes nothing. */
export async function chargerDisconnected(_input: PresenceInput): Promise<void> {}
