/**
 * OCPI 2.2.1 as the CPO (docs/decisions/426-ocpi-cpo.md). The wire endpoints (`/ocpi/...`,
 * functions/ocpi/handler.ts) are public to API Gateway: partners send `Authorization: Token ...`, which the
 * staff authorizer does not know, so the handler checks the token itself. The console's roaming calls
 * (`/admin/emsp/...`, functions/ocpi/console.ts) are staff calls like any other.
 */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { OCPI_VERSION } from '@shared/schemas/ocpi.ts';
import type { HttpMethod, HttpRouteDecl } from './types.ts';

const wire = (method: HttpMethod, path: string): HttpRouteDecl => ({
  method,
  path: `/ocpi${path}`,
  domain: 'ocpi',
  auth: 'public',
});
const V = `/${OCPI_VERSION}`;

export const ocpiRoutes: HttpRouteDecl[] = [
  wire('GET', '/versions'),
  wire('GET', V),
  wire('GET', `${V}/credentials`),
  wire('POST', `${V}/credentials`),
  wire('PUT', `${V}/credentials`),
  wire('DELETE', `${V}/credentials`),
  wire('GET', `${V}/locations`),
  wire('GET', `${V}/locations/{locationId}`),
  wire('GET', `${V}/locations/{locationId}/{evseUid}`),
  wire('GET', `${V}/locations/{locationId}/{evseUid}/{connectorId}`),
  wire('GET', `${V}/tariffs`),
  wire('GET', `${V}/sessions`),
  wire('GET', `${V}/cdrs`),
  wire('GET', `${V}/tokens/{countryCode}/{partyId}/{tokenUid}`),
  wire('PUT', `${V}/tokens/{countryCode}/{partyId}/{tokenUid}`),
  wire('PATCH', `${V}/tokens/{countryCode}/{partyId}/{tokenUid}`),
  wire('POST', `${V}/commands/{command}`),
  wire('GET', `${V}/chargingprofiles/{sessionId}`),
  wire('PUT', `${V}/chargingprofiles/{sessionId}`),
  wire('DELETE', `${V}/chargingprofiles/{sessionId}`),
  wire('GET', `${V}/hubclientinfo/{countryCode}/{partyId}`),
  wire('PUT', `${V}/hubclientinfo/{countryCode}/{partyId}`),
  {
    method: 'POST',
    path: API.admin.emsp.register,
    domain: 'roaming',
    auth: 'user',
    permission: CODE.emspEdit,
    audit: 'systemRes.audit.emspRegister',
  },
  { method: 'POST', path: API.admin.emsp.roaming, domain: 'roaming', auth: 'user', permission: CODE.emsp },
  {
    method: 'POST',
    path: API.admin.emsp.pullTokens,
    domain: 'roaming',
    auth: 'user',
    permission: CODE.emspEdit,
    audit: 'systemRes.audit.emspPullTokens',
  },
];
