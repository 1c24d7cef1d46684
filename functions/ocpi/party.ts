/**
 * The platform's own OCPI party (docs/decisions/426): one CPO for the whole platform, its country
 * code, party id and name from the system parameters `OCPI_COUNTRY_CODE`, `OCPI_PARTY_ID` and `OCPI_NAME`
 * (the /parameter screen), else `DE`, `EVC` and "EV Charging Console".
 */
import { parameters } from '@functions/admin/parameters.ts';
import { PLATFORM_TENANT } from '@functions/lib/records.ts';

export interface OwnParty {
  countryCode: string;
  partyId: string;
  name: string;
}

export const OCPI_PARAMETER = {
  countryCode: 'OCPI_COUNTRY_CODE',
  partyId: 'OCPI_PARTY_ID',
  name: 'OCPI_NAME',
} as const;

export async function ownParty(): Promise<OwnParty> {
  const all = await parameters.repo.list(PLATFORM_TENANT);
  const value = (code: string) =>
    String(all.find((p) => p.code === code && p.enable !== false)?.value ?? '').trim();
  const countryCode = value(OCPI_PARAMETER.countryCode).toUpperCase();
  const partyId = value(OCPI_PARAMETER.partyId).toUpperCase();
  return {
    countryCode: /^[A-Z]{2}$/.test(countryCode) ? countryCode : 'DE',
    partyId: /^[A-Z0-9]{3}$/.test(partyId) ? partyId : 'EVC',
    name: value(OCPI_PARAMETER.name) || 'EV Charging Console',
  };
}

/** The platform's role in its credentials. */
export async function ownRoles() {
  const own = await ownParty();
  return [
    {
      role: 'CPO' as const,
      country_code: own.countryCode,
      party_id: own.partyId,
      business_details: { name: own.name },
    },
  ];
}
