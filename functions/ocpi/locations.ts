/**
 * The OCPI locations module, sender interface (docs/decisions/426): the stations bound to a partner (/emspBind) as OCPI
 * 2.2.1 Locations. A station is a Location; each gun of a pile is an EVSE (it charges one car at a time:
 * OCPP 1.6's connectorId, 2.0.1's evseId), uid `{chargePointId}*{gun}`, with one Connector `1` of the pile's
 * standard, format, power type, voltage, current and power, and the gun's fee rule as its tariff id. The
 * EVSE status is the live state the monitor shows (docs/decisions/426 for the mapping).
 */
import { shownState, type ConnectorState } from '@shared/ocpp/connector-state.ts';
import { boundRuleId } from '@shared/resources/site/station.ts';
import { getLiveMany, type LiveState } from '@functions/chargepoints/live.ts';
import { pilesOfStation, stations } from '@functions/chargepoints/sites.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';
import { ciEquals } from '@shared/schemas/ocpi.ts';
import { alpha3 } from './countries.ts';
import { ownParty, type OwnParty } from './party.ts';
import type { Partner } from './partners.ts';

/** OCPI EVSE status of a connector state as the console shows it. */
const EVSE_STATUS: Record<ConnectorState, string> = {
  available: 'AVAILABLE',
  preparing: 'CHARGING',
  charging: 'CHARGING',
  suspendedEVSE: 'CHARGING',
  suspendedEV: 'CHARGING',
  finishing: 'CHARGING',
  reserved: 'RESERVED',
  unavailable: 'INOPERATIVE',
  faulted: 'OUTOFORDER',
  offline: 'UNKNOWN',
  unknown: 'UNKNOWN',
};

/** OCPI 2.2.1 parking types (the station's location types OTHER and UNKNOWN have none). */
const PARKING_TYPES = new Set([
  'ALONG_MOTORWAY',
  'PARKING_GARAGE',
  'PARKING_LOT',
  'ON_DRIVEWAY',
  'ON_STREET',
  'UNDERGROUND_GARAGE',
]);

/** A coordinate as OCPI writes it: a decimal string with six decimals. */
const coordinate = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0).toFixed(6);

const newest = (...times: (string | undefined)[]) =>
  times.filter((t): t is string => !!t).reduce((a, b) => (a > b ? a : b), '1970-01-01T00:00:00.000Z');

/** The eMI3 EVSE id: `{country}*{party}*E{charger}*{gun}`, the charger id kept to letters and digits. */
const evseId = (own: OwnParty, chargePointId: string, gun: number) =>
  `${own.countryCode}*${own.partyId}*E${chargePointId.toUpperCase().replace(/[^A-Z0-9]/g, '')}*${gun}`;

/** The EVSE uid of a pile's gun. */
export const evseUid = (chargePointId: string, gun: number) => `${chargePointId}*${gun}`;

/** An EVSE's status now (the same mapping the pushes use). */
export const evseStatus = (live: LiveState, gun: number) =>
  EVSE_STATUS[shownState(live.online, live.connectors[String(gun)]?.state)];

function openingTimes(station: Record_) {
  if (Number(station.openFlag) !== 1) return { twentyfourseven: true };
  const days = (station.workDays as number[] | undefined)?.length
    ? (station.workDays as number[])
    : [1, 2, 3, 4, 5, 6, 7];
  const periods = (station.openPeriods as { start: string; end: string }[] | undefined) ?? [];
  return {
    twentyfourseven: false,
    regular_hours: days.flatMap((weekday) =>
      periods.map((p) => ({
        weekday,
        period_begin: p.start,
        period_end: p.end === '24:00' ? '23:59' : p.end,
      })),
    ),
  };
}

function connectorOf(station: Record_, pile: Record_, gun: Record_, updated: string) {
  const tariff = boundRuleId(station, pile, gun);
  return {
    id: '1',
    standard: String(pile.connectorStandard ?? 'IEC_62196_T2'),
    format: String(pile.format ?? 'SOCKET'),
    power_type: String(pile.powerType ?? 'AC_3_PHASE'),
    max_voltage: Math.round(Number(pile.voltage ?? 400)),
    max_amperage: Math.round(Number(pile.maxCurrent ?? 32)),
    max_electric_power: Math.round(Number(pile.maxPower ?? 22) * 1000),
    ...(tariff ? { tariff_ids: [tariff] } : {}),
    last_updated: updated,
  };
}

function evsesOf(own: OwnParty, station: Record_, pile: Record_, live: LiveState) {
  return ((pile.connectors as Record_[] | undefined) ?? []).map((gun) => {
    const no = Number(gun.connectorNo);
    const updated = newest(String(pile.updateTime ?? ''), live.connectors[String(no)]?.at);
    return {
      uid: evseUid(String(pile.id), no),
      evse_id: evseId(own, String(pile.id), no),
      status: evseStatus(live, no),
      capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', ...(pile.reserveFlag ? ['RESERVABLE'] : [])],
      connectors: [connectorOf(station, pile, gun, updated)],
      last_updated: updated,
    };
  });
}

/** A station as an OCPI Location, with its piles' guns as EVSEs and their live status. */
export async function locationOf(own: OwnParty, station: Record_) {
  const piles = await pilesOfStation(String(station.tenant), String(station.id));
  const live = await getLiveMany(piles.map((p) => p.id));
  const evses = piles.flatMap((pile) => evsesOf(own, station, pile, live.get(pile.id)!));
  const parking = String(station.locationType ?? '');
  return {
    country_code: own.countryCode,
    party_id: own.partyId,
    id: String(station.id),
    publish: true,
    name: String(station.name ?? ''),
    address: String(station.address ?? ''),
    city: String(station.city ?? ''),
    ...(station.postalCode ? { postal_code: String(station.postalCode) } : {}),
    country: alpha3(String(station.countryCode ?? '')),
    coordinates: { latitude: coordinate(station.latitude), longitude: coordinate(station.longitude) },
    ...(PARKING_TYPES.has(parking) ? { parking_type: parking } : {}),
    evses,
    time_zone: String(station.timeZone ?? 'UTC'),
    opening_times: openingTimes(station),
    last_updated: newest(String(station.updateTime ?? ''), ...evses.map((e) => e.last_updated)),
  };
}

export type OcpiLocation = Awaited<ReturnType<typeof locationOf>>;

/** The stations bound to a partner, by id (a station removed since it was bound is left out). */
export async function boundStations(partner: Partner): Promise<Record_[]> {
  const ids = [...new Set(partner.stationIds ?? [])].sort();
  const found = await Promise.all(ids.map((id) => stations.repo.getAny(id)));
  return found.filter((s): s is NonNullable<typeof s> => !!s);
}

/** The partner's locations, by station id. */
export async function partnerLocations(partner: Partner): Promise<OcpiLocation[]> {
  const own = await ownParty();
  return Promise.all((await boundStations(partner)).map((s) => locationOf(own, s)));
}

/**
 * The id of the station bound to the partner that a location id names: a CiString, so any case
 * (docs/ocpi.md, decision 437).
 */
export const boundStationId = (partner: Partner, locationId: string) =>
  (partner.stationIds ?? []).find((id) => ciEquals(id, locationId));

/** One bound location by id (any case), if the partner may see it. */
export async function partnerLocation(partner: Partner, id: string): Promise<OcpiLocation | undefined> {
  const stationId = boundStationId(partner, id);
  if (!stationId) return undefined;
  const station = await stations.repo.get(PLATFORM_TENANT, stationId);
  return station ? locationOf(await ownParty(), station) : undefined;
}

/** A pile's gun at a bound location, as an EVSE uid names it. */
export interface EvseGun {
  stationId: string;
  chargePointId: string;
  connectorNo: number;
  tenant: string;
}

/**
 * The pile and gun an EVSE uid (`{chargePointId}*{gun}`, a CiString: any case) names at a location bound to
 * the partner (its id any case too), if it is one of that location's.
 */
export async function evseAt(
  partner: Partner,
  locationId: string,
  uid: string | undefined,
): Promise<EvseGun | undefined> {
  const stationId = boundStationId(partner, locationId);
  if (!stationId || !uid) return undefined;
  const station = await stations.repo.get(PLATFORM_TENANT, stationId);
  if (!station) return undefined;
  for (const pile of await pilesOfStation(String(station.tenant), stationId))
    for (const gun of (pile.connectors as { connectorNo: number }[] | undefined) ?? [])
      if (ciEquals(evseUid(String(pile.id), Number(gun.connectorNo)), uid))
        return {
          stationId,
          chargePointId: String(pile.id),
          connectorNo: Number(gun.connectorNo),
          tenant: String(pile.tenant),
        };
  return undefined;
}
