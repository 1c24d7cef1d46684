/**
 * Who a connected charger is: its charge point record (company, station, connectors). A memo of a minute
 * per function instance keeps chargers from reading their record on every message (a charger reporting every
 * few seconds would otherwise double the reads); console edits reach the OCPP side within that minute.
 */
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { chargePointById } from '@functions/devices/sites.ts';

export interface ChargerContext {
  chargePointId: string;
  name: string;
  tenant: string;
  agentId: string;
  stationId: string;
  stationName?: string;
  connectors: Connector[];
  protocol: string;
}

const MEMO_MS = 60_000;
const memo = new Map<string, { at: number; value: ChargerContext | undefined }>();

export async function chargerContext(chargePointId: string): Promise<ChargerContext | undefined> {
  const hit = memo.get(chargePointId);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.value;
  const record = await chargePointById(chargePointId);
  const value = record
    ? {
        chargePointId,
        name: String(record.name ?? chargePointId),
        tenant: record.tenant,
        agentId: String(record.agentId ?? ''),
        stationId: String(record.stationId ?? ''),
        stationName: record.stationName as string | undefined,
        connectors: (record.connectors as Connector[]) ?? [],
        protocol: String(record.protocol ?? ''),
      }
    : undefined;
  memo.set(chargePointId, { at: Date.now(), value });
  return value;
}

/** The alarm service's view of a charger. */
export const chargerRef = (c: ChargerContext) => ({
  tenant: c.tenant,
  agentId: c.agentId,
  stationId: c.stationId,
  stationName: c.stationName,
  chargePointId: c.chargePointId,
  chargePointName: c.name,
});
