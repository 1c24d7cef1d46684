/**
 * The OCPI 2.2.1 endpoints of the platform as the CPO (docs/decisions/426): versions, version details,
 * credentials (register, update, unregister), locations, tariffs, sessions and CDRs (sender interfaces,
 * paginated), tokens (receiver: the eMSP pushes its tokens), commands (receiver: the eMSP starts, stops, unlocks
 * and reserves), chargingprofiles (receiver: the partner limits its own session) and hubclientinfo (receiver: a
 * hub says how its parties are connected; docs/decisions/438). Each request is read and checked here; OCPI's envelope, token and headers are functions/ocpi/http.ts. Bad input is 2001 before a
 * module runs (decision 433): a pull's query, a command's name, a command's `response_url`.
 */
import {
  ciEquals,
  CPO_MODULES,
  OCPI_STATUS,
  OCPI_VERSION,
  ocpiCommandSchemas,
  ocpiPageQuery,
  type OcpiCommandType,
} from '@shared/schemas/ocpi.ts';
import { checkOutboundUrl, OutboundRefused } from '@functions/lib/outbound-url.ts';
import { partnerCdrs } from './cdrs.ts';
import { clearChargingProfile, getActiveChargingProfile, setChargingProfile } from './chargingprofiles.ts';
import { receiveCommand } from './commands.ts';
import { deleteCredentials, getCredentials, postCredentials } from './credentials.ts';
import { invalidParameters, OcpiError } from './errors.ts';
import { ocpiHandler, OcpiPage, type OcpiRequest } from './http.ts';
import {
  fromParty,
  putClientInfo,
  receivedClientInfo,
  refuseSuspendedTokens,
  suspendedCommand,
} from './hubclientinfo.ts';
import { partnerLocation, partnerLocations } from './locations.ts';
import { noteExchange } from './partners.ts';
import { partnerSessions } from './sessions.ts';
import { partnerTariffs } from './tariffs.ts';
import { patchToken, putToken, receivedToken } from './tokens.ts';
// Every event reaction (functions/reactions.ts, docs/decisions/444-layers-you-can-see.md).
import '@functions/reactions.ts';

/**
 * A pull's page query, or 2001 saying which parameter is wrong and why (`date_from` after `date_to` included:
 * decision 433). Its dates come back as UTC instants (`...Z`), comparable as text.
 */
function pageQuery(req: OcpiRequest) {
  const parsed = ocpiPageQuery.safeParse(req.query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidParameters(
      `Invalid ${String(issue?.path[0] ?? 'query')} parameter: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** A page of everything the partner may pull, within `date_from` / `date_to` of their last update. */
async function page(req: OcpiRequest, all: () => Promise<{ last_updated: string }[]>) {
  const query = pageQuery(req);
  const from = query.date_from;
  const to = query.date_to;
  const items = (await all()).filter(
    (o) => (!from || o.last_updated >= from) && (!to || o.last_updated < to),
  );
  return new OcpiPage(
    items.slice(query.offset, query.offset + query.limit),
    items.length,
    query.offset,
    query.limit,
  );
}

/** A page of a pull whose store reads the `date_from` / `date_to` window itself (sessions, CDRs). */
async function windowPage(
  req: OcpiRequest,
  read: (
    window: { from?: string; to?: string },
    offset: number,
    limit: number,
  ) => Promise<{ items: unknown[]; total: number }>,
) {
  const query = pageQuery(req);
  const window = { from: query.date_from, to: query.date_to };
  const { items, total } = await read(window, query.offset, query.limit);
  return new OcpiPage(items, total, query.offset, query.limit);
}

const unknownLocation = () => new OcpiError(404, OCPI_STATUS.unknownLocation, 'Unknown location');

/** A location, one of its EVSEs, or one of that EVSE's connectors, by the path's ids (CiStrings: any case). */
async function locationPart(req: OcpiRequest) {
  const { locationId, evseUid: uid, connectorId } = req.params;
  const location = await partnerLocation(req.partner!, String(locationId));
  if (!location) throw unknownLocation();
  if (!uid) return location;
  const evse = location.evses.find((e) => ciEquals(e.uid, uid));
  if (!evse) throw unknownLocation();
  if (!connectorId) return evse;
  const connector = evse.connectors.find((c) => ciEquals(c.id, connectorId));
  if (!connector) throw unknownLocation();
  return connector;
}

/**
 * The `{command}` of `/commands/{command}` as one of OCPI's CommandTypes, or 2001: an own-property check, so
 * `__proto__`, `constructor` or `toString` name no command (decision 433).
 */
function commandOf(req: OcpiRequest): OcpiCommandType {
  const command = req.params.command ?? '';
  if (!Object.hasOwn(ocpiCommandSchemas, command)) throw invalidParameters(`Unknown command ${command}`);
  return command as OcpiCommandType;
}

/**
 * A command's `response_url` as the outbound-URL guard sees it, before the command is taken: one the platform
 * would refuse to call is 2001 now, noted on the partner, rather than a result lost later (decision 433). The
 * result's delivery is guarded again (the name may resolve elsewhere by then).
 */
async function checkResponseUrl(req: OcpiRequest) {
  const body = req.body;
  const url =
    body && typeof body === 'object' ? (body as { response_url?: unknown }).response_url : undefined;
  if (typeof url !== 'string') return; // the command's own schema says what is wrong
  try {
    await checkOutboundUrl(url);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    await noteExchange(req.partner!, { call: `response_url ${url}`, answer: error.message });
    throw invalidParameters(`Invalid response_url: ${error.message}`);
  }
}

const V = `/ocpi/${OCPI_VERSION}`;

/** A charging-profile request as the module takes it (docs/decisions/438). */
const profileRequest = (req: OcpiRequest) => ({
  partner: req.partner!,
  sessionId: req.params.sessionId ?? '',
  query: req.query,
  body: req.body,
  from: fromParty(req.event.headers),
});

/** A credentials call as the service takes it. */
const call = (req: OcpiRequest) => ({
  partner: req.partner!,
  token: req.token,
  body: req.body,
  base: req.base,
});

export const handler = ocpiHandler({
  'GET /ocpi/versions': {
    auth: 'any',
    run: async (req) => [{ version: OCPI_VERSION, url: `${req.base}/${OCPI_VERSION}` }],
  },
  [`GET ${V}`]: {
    auth: 'any',
    run: async (req) => ({
      version: OCPI_VERSION,
      endpoints: CPO_MODULES.map((m) => ({
        identifier: m.identifier,
        role: m.role,
        url: `${req.base}/${OCPI_VERSION}/${m.identifier}`,
      })),
    }),
  },
  [`GET ${V}/credentials`]: { auth: 'any', run: (req) => getCredentials(call(req)) },
  [`POST ${V}/credentials`]: { auth: 'any', run: (req) => postCredentials(call(req), false) },
  [`PUT ${V}/credentials`]: { auth: 'any', run: (req) => postCredentials(call(req), true) },
  [`DELETE ${V}/credentials`]: { auth: 'any', run: (req) => deleteCredentials(call(req)) },
  [`GET ${V}/locations`]: {
    auth: 'registered',
    run: (req) => page(req, () => partnerLocations(req.partner!)),
  },
  [`GET ${V}/locations/{locationId}`]: { auth: 'registered', run: locationPart },
  [`GET ${V}/locations/{locationId}/{evseUid}`]: { auth: 'registered', run: locationPart },
  [`GET ${V}/locations/{locationId}/{evseUid}/{connectorId}`]: { auth: 'registered', run: locationPart },
  [`GET ${V}/tokens/{countryCode}/{partyId}/{tokenUid}`]: {
    auth: 'registered',
    run: (req) => receivedToken(req.partner!, req.params),
  },
  [`PUT ${V}/tokens/{countryCode}/{partyId}/{tokenUid}`]: {
    auth: 'registered',
    run: async (req) => {
      await refuseSuspendedTokens(req.partner!, req.params, fromParty(req.event.headers)); // decision 438
      return putToken(req.partner!, req.params, req.body);
    },
  },
  [`PATCH ${V}/tokens/{countryCode}/{partyId}/{tokenUid}`]: {
    auth: 'registered',
    run: async (req) => {
      await refuseSuspendedTokens(req.partner!, req.params, fromParty(req.event.headers));
      return patchToken(req.partner!, req.params, req.body);
    },
  },
  [`POST ${V}/commands/{command}`]: {
    auth: 'registered',
    run: async (req) => {
      const command = commandOf(req);
      await checkResponseUrl(req);
      // A party the hub reports SUSPENDED: REJECTED (docs/decisions/438).
      const refused = await suspendedCommand(req.partner!, req.body, fromParty(req.event.headers));
      return refused ?? receiveCommand(req.partner!, command, req.body);
    },
  },
  // Charging profiles and hub client info, receiver interfaces (docs/decisions/438).
  [`GET ${V}/chargingprofiles/{sessionId}`]: {
    auth: 'registered',
    run: (req) => getActiveChargingProfile(profileRequest(req)),
  },
  [`PUT ${V}/chargingprofiles/{sessionId}`]: {
    auth: 'registered',
    run: (req) => setChargingProfile(profileRequest(req)),
  },
  [`DELETE ${V}/chargingprofiles/{sessionId}`]: {
    auth: 'registered',
    run: (req) => clearChargingProfile(profileRequest(req)),
  },
  [`GET ${V}/hubclientinfo/{countryCode}/{partyId}`]: {
    auth: 'registered',
    run: (req) => receivedClientInfo(req.partner!, req.params),
  },
  [`PUT ${V}/hubclientinfo/{countryCode}/{partyId}`]: {
    auth: 'registered',
    run: (req) => putClientInfo(req.partner!, req.params, req.body),
  },
  [`GET ${V}/tariffs`]: {
    auth: 'registered',
    run: (req) => page(req, () => partnerTariffs(req.partner!)),
  },
  [`GET ${V}/sessions`]: {
    auth: 'registered',
    run: (req) =>
      windowPage(req, (window, offset, limit) => partnerSessions(req.partner!, window, offset, limit)),
  },
  [`GET ${V}/cdrs`]: {
    auth: 'registered',
    run: (req) =>
      windowPage(req, (window, offset, limit) => partnerCdrs(req.partner!, window, offset, limit)),
  },
});
