/**
 * Who a connected charger is: its charge point record (company, station, connectors). A memo of a minute
 * per function instance keeps chargers from reading their record on every message (a charger reporting every
 * few seconds would otherwise double the reads); console edits reach the OCPP side within that minute.
 */
import type { Connector } from '@shared/resources/site/charge-point.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { timedMemo } from '@functions/lib/memo.ts';

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

const memo = timedMemo<string, ChargerContext | undefined>(60_000);

export function chargerContext(chargePointId: string): Promise<ChargerContext | undefined> {
  return memo.get(chargePointId, async () => {
    const record = await chargePointById(chargePointId);
    if (!record) return undefined;
    return {
      chargePointId,
      name: String(record.name ?? chargePointId),
      tenant: record.tenant,
      agentId: String(record.agentId ?? ''),
      stationId: String(record.stationId ?? ''),
      stationName: record.stationName as string | undefined,
      connectors: (record.connectors as Connector[]) ?? [],
      protocol: String(record.protocol ?? ''),
    };
  });
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
