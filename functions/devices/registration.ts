/**
 * Registering a station with charge points in one go, outside the API: the demo seed, tests and the OCPP
 * benchmark. Records go through the same repositories (and the same schemas) as the console's calls; the
 * password is hashed once per process (hashSeedSecret) and shared by the chargers registered together.
 */
import { chargePointSchema, type ChargePointInput } from '@shared/resources/site/charge-point.ts';
import { stationSchema, type StationInput } from '@shared/resources/site/station.ts';
import { hashSeedSecret } from '@functions/lib/password.ts';
import { newId } from '@functions/lib/records.ts';
import { agentIdOf, chargePoints, recountStation, stations } from '@functions/chargepoints/sites.ts';
import { connectorWrites } from '@functions/chargepoints/connector-limit.ts';

export interface ChargerRegistration {
  chargePointId: string;
  name?: string;
  protocol: 'ocpp1.6' | 'ocpp2.0.1';
  connectors: number;
  powerType?: ChargePointInput['powerType'];
  maxPower?: number;
}

export const DEFAULT_STATION: StationInput = stationSchema.parse({
  name: 'Station',
  status: 1,
  address: '1 Charging Road',
  country: 'Germany',
  countryCode: 'DE',
  city: 'Berlin',
  postalCode: '10115',
  longitude: 13.405,
  latitude: 52.52,
  timeZone: 'Europe/Berlin',
  locationType: 'PARKING_LOT',
  type: 1,
  serviceHotline: '+49 30 123456',
  openFlag: 0,
  feeSetMode: 1,
  ownerType: 0,
});

/** Creates the station and its charge points under `tenant` (a company path); returns the station id. */
export async function registerChargers(input: {
  tenant: string;
  station?: Partial<StationInput>;
  chargePoints: ChargerRegistration[];
  password: string;
}): Promise<{ stationId: string }> {
  const station = stationSchema.parse({ ...DEFAULT_STATION, ...input.station });
  const stationId = newId();
  await stations.repo.create({ ...station, id: stationId, tenant: input.tenant }, input.tenant);
  const passwordHash = await hashSeedSecret(input.password);
  const ac = (c: ChargerRegistration) => (c.powerType ?? 'AC_3_PHASE') !== 'DC';
  for (const c of input.chargePoints) {
    const record = chargePointSchema.parse({
      chargePointId: c.chargePointId,
      name: c.name ?? c.chargePointId,
      stationId,
      protocol: c.protocol,
      maxPower: c.maxPower ?? (ac(c) ? 22 : 150),
      powerType: c.powerType ?? 'AC_3_PHASE',
      connectorStandard: ac(c) ? 'IEC_62196_T2' : 'IEC_62196_T2_COMBO',
      format: ac(c) ? 'SOCKET' : 'CABLE',
      voltage: ac(c) ? 400 : 800,
      maxCurrent: ac(c) ? 32 : 200,
      connectors: Array.from({ length: c.connectors }, (_, i) => ({ connectorNo: i + 1 })),
    });
    const pile = {
      ...record,
      id: c.chargePointId,
      tenant: input.tenant,
      stationName: station.name,
      agentId: agentIdOf(input.tenant),
      passwordHash,
    };
    // Counted with the company's connectors, not limited: machine registration (the seed, tests).
    await chargePoints.repo.create(
      pile,
      input.tenant,
      {},
      await connectorWrites(input.tenant, pile, undefined, false),
    );
  }
  await recountStation(input.tenant, stationId);
  return { stationId };
}
