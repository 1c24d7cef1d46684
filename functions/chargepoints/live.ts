/**
 * The live facts of a charge point, kept by the platform from what the charger says (never edited in the
 * console): online state, boot information, firmware, and each connector's state. One item per charge
 * point beside its record (`CHARGEPOINT#{id}` / `LIVE`), so a status update never races a console edit.
 *
 * Connector updates carry the charger's timestamp and are applied only when newer than the stored one: a
 * late or replayed StatusNotification does not roll a connector back.
 */
import { connectorStateOf, type ConnectorState } from '@shared/ocpp/connector-state.ts';
import {
  getLiveItem,
  getLiveItems,
  setConnectorStatus,
  setLiveFacts,
  withoutSignature,
} from '@functions/data/live-state.ts';

export interface ConnectorLive {
  /** The state as docs/product.md section 4 names it. */
  state: ConnectorState;
  /** The charger's own status text (1.6 ChargePointStatus, 2.0.1 ConnectorStatus / chargingState). */
  status: string;
  errorCode?: string;
  vendorErrorCode?: string;
  info?: string;
  /** The charger's timestamp of this status (ISO). */
  at: string;
  transactionId?: string;
}

export interface BootInfo {
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  iccid?: string;
  imsi?: string;
  meterType?: string;
  meterSerialNumber?: string;
  reason?: string;
  at: string;
}

export interface LiveState {
  chargePointId: string;
  online: boolean;
  protocol?: string;
  connectionId?: string;
  connectedAt?: string;
  disconnectedAt?: string;
  lastMessageAt?: string;
  boot?: BootInfo;
  firmwareVersion?: string;
  firmwareStatus?: string;
  diagnosticsStatus?: string;
  /** ChangeAvailability: whether the pile accepts sessions. */
  operative?: boolean;
  connectors: Record<string, ConnectorLive>;
}

const fromItem = (chargePointId: string, item: Record<string, unknown> | undefined): LiveState => ({
  chargePointId,
  online: false,
  connectors: {},
  ...(item ?? {}),
  ...(item ? { connectors: connectorsOf(item.connectors) } : {}),
});

const connectorsOf = (stored: unknown): Record<string, ConnectorLive> =>
  Object.fromEntries(
    Object.entries((stored ?? {}) as Record<string, Record<string, unknown>>).map(([no, status]) => [
      no,
      withoutSignature(status) as unknown as ConnectorLive,
    ]),
  );

export async function getLive(chargePointId: string): Promise<LiveState> {
  return fromItem(chargePointId, await getLiveItem(chargePointId));
}

/** Live states of many charge points (BatchGet, 100 at a time); a charge point never heard of is offline. */
export async function getLiveMany(ids: string[], consistent = false): Promise<Map<string, LiveState>> {
  const out = new Map<string, LiveState>();
  const unique = [...new Set(ids)];
  for (const item of await getLiveItems(unique, consistent))
    out.set(String(item.chargePointId), fromItem(String(item.chargePointId), item));
  for (const id of unique) if (!out.has(id)) out.set(id, fromItem(id, undefined));
  return out;
}

/** Sets top-level live attributes (creating the item when needed). */
export async function setLive(chargePointId: string, values: Record<string, unknown>, remove: string[] = []) {
  await setLiveFacts(chargePointId, values, remove);
}

/**
 * Records a connector's status if it is newer than the stored one and says something else (the same status
 * again writes nothing and does not apply). Returns the previous live connector (undefined when none) and
 * whether the update applied.
 */
export async function setConnector(
  chargePointId: string,
  connectorNo: number,
  next: Omit<ConnectorLive, 'state'> & { state?: ConnectorState },
  protocol: string,
  retried = false,
): Promise<{ applied: boolean; previous?: ConnectorLive; current: ConnectorLive }> {
  const current: ConnectorLive = {
    ...next,
    state: next.state ?? connectorStateOf(protocol, next.status),
  };
  try {
    const { applied, previous } = await setConnectorStatus(
      chargePointId,
      connectorNo,
      stripUndefined(current),
    );
    return applied
      ? { applied, previous: previous as ConnectorLive | undefined, current }
      : { applied, current };
  } catch (error) {
    // The connectors map is made on connect; a report without one (an item from before) makes it first.
    if ((error as Error).name === 'ValidationException' && !retried) {
      await setLive(chargePointId, {});
      return setConnector(chargePointId, connectorNo, next, protocol, true);
    }
    throw error;
  }
}

const stripUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
