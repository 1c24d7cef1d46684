/**
 * OCPI 2.2.1 (docs/decisions/426-ocpi-cpo.md; the platform is the CPO): the version, status codes, module
 * identifiers and the zod schemas of what a partner sends us (credentials, its versions and endpoints, its
 * answers' envelope). Field names are OCPI's own (snake_case), as on the wire.
 *
 * What the code relies on from the standard is written down in docs/ocpi.md (decision 437): an optional field
 * a partner sends may be `null` or left out (`optionalOrNull`, applied to every optional field read here);
 * CiString ids compare without regard to case (`ciKey`, `ciEquals`); a limit above the platform's maximum is
 * served with the maximum.
 */
import { z } from 'zod';

export const OCPI_VERSION = '2.2.1';

/** OCPI status codes (OCPI 2.2.1 part "Status codes"). */
export const OCPI_STATUS = {
  success: 1000,
  clientError: 2000,
  invalidParameters: 2001,
  notEnoughInformation: 2002,
  unknownLocation: 2003,
  unknownToken: 2004,
  serverError: 3000,
  unableToUseClientApi: 3001,
  unsupportedVersion: 3002,
  noMatchingEndpoints: 3003,
} as const;

/** The modules the platform offers as the CPO, with its interface role in each. */
export const CPO_MODULES = [
  { identifier: 'credentials', role: 'SENDER' },
  { identifier: 'credentials', role: 'RECEIVER' },
  { identifier: 'locations', role: 'SENDER' },
  { identifier: 'tariffs', role: 'SENDER' },
  { identifier: 'sessions', role: 'SENDER' },
  { identifier: 'cdrs', role: 'SENDER' },
  { identifier: 'tokens', role: 'RECEIVER' },
  { identifier: 'commands', role: 'RECEIVER' },
  // Smart charging and hubs (docs/decisions/438).
  { identifier: 'chargingprofiles', role: 'RECEIVER' },
  { identifier: 'hubclientinfo', role: 'RECEIVER' },
] as const;

/** The page size a pull gets when it asks for none, and the most it may ask for. */
export const OCPI_PAGE = { default: 50, max: 100 } as const;

/**
 * An optional field as a partner may send it: left out or `null` (OCPI 2.2.1: an unset optional may be
 * either). Both read as absent (`undefined`), so nothing downstream sees a null (docs/ocpi.md).
 */
export const optionalOrNull = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value): NonNullable<z.output<T>> | undefined => value ?? undefined);

/**
 * The one comparison key of a CiString (OCPI's case-insensitive string: ids of locations, EVSEs, connectors,
 * tokens, reservations, sessions, country codes and party ids): lower case. Every id a partner sends is
 * matched through it (docs/ocpi.md, decision 437).
 */
export const ciKey = (value: string) => value.toLowerCase();

/** Whether two CiStrings are the same id (docs/ocpi.md). */
export const ciEquals = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && ciKey(a) === ciKey(b);

/** CiString(n) of OCPI: printable ASCII. */
const ciString = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x7e]+$/);

export const ocpiUrl = z
  .string()
  .max(255)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  });

export const ocpiRoleSchema = z.object({
  role: z.enum(['CPO', 'EMSP', 'HUB', 'NAP', 'NSP', 'OTHER', 'SCSP']),
  party_id: z.string().regex(/^[A-Za-z0-9]{3}$/),
  country_code: z.string().regex(/^[A-Za-z]{2}$/),
  business_details: z
    .object({
      name: z.string().min(1).max(100),
      website: optionalOrNull(ocpiUrl),
      logo: optionalOrNull(z.object({ url: ocpiUrl }).loose()),
    })
    .loose(),
});

/** The credentials object (both directions of the handshake). */
export const ocpiCredentialsSchema = z.object({
  token: ciString(64),
  url: ocpiUrl,
  roles: z.array(ocpiRoleSchema).min(1),
});
export type OcpiCredentials = z.infer<typeof ocpiCredentialsSchema>;
/** Credentials as the platform sends them: its unset optionals left out (docs/ocpi.md). */
export type OcpiCredentialsSent = z.input<typeof ocpiCredentialsSchema>;

/** The envelope every OCPI answer comes in. */
export const ocpiEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  status_code: z.number().int(),
  status_message: optionalOrNull(z.string()),
  timestamp: z.string(),
});

/** A partner's versions list and one version's endpoints. */
export const ocpiVersionsSchema = z.array(z.object({ version: z.string(), url: ocpiUrl }));
export const ocpiVersionDetailsSchema = z.object({
  version: z.string(),
  endpoints: z.array(
    z.object({ identifier: z.string(), role: optionalOrNull(z.enum(['SENDER', 'RECEIVER'])), url: ocpiUrl }),
  ),
});
export type OcpiEndpoint = z.infer<typeof ocpiVersionDetailsSchema>['endpoints'][number];

/** The furthest offset a pull may ask for (decision 433). */
export const OCPI_OFFSET_MAX = 1_000_000;

/** A query parameter that is a whole number from `min` to `max`, written in decimal digits only. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/**
 * A DateTime of a query, as the UTC instant it names (`...Z`, milliseconds): instants of different offsets
 * then compare as text, as the stores' ranges do. Outside the years 0000 to 9999 once in UTC it is refused.
 */
const queryDateTime = z.iso
  .datetime({ offset: true, message: 'must be an RFC 3339 date and time' })
  .transform((value) => new Date(value).toISOString())
  .refine((utc) => /^\d{4}-/.test(utc), 'must be within the years 0000 to 9999');

/**
 * A pull's `limit`: a whole number of at least 1 in decimal digits; one above the platform's maximum is served
 * with the maximum (OCPI paging: the server may return fewer and says how many in `X-Limit`; decision 437).
 */
const pageLimit = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of at least 1')
  .transform(Number)
  .pipe(z.number().min(1, 'must be at least 1'))
  .transform((limit) => Math.min(limit, OCPI_PAGE.max));

/**
 * Pagination of a pull (`offset`, `limit`, `date_from`, `date_to`). A `date_from` after `date_to` is refused
 * (2001), not answered as an empty page: decision 433. A limit above the maximum is the maximum (decision 437).
 */
export const ocpiPageQuery = z
  .object({
    offset: wholeNumber(0, OCPI_OFFSET_MAX).default(0),
    limit: pageLimit.default(OCPI_PAGE.default),
    date_from: queryDateTime.optional(),
    date_to: queryDateTime.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_from'],
    message: 'must not be after date_to',
  });

/** OCPI 2.2.1 Token (an eMSP's driver credential), as pulled from or pushed by the eMSP. */
export const ocpiTokenSchema = z.object({
  country_code: z.string().regex(/^[A-Za-z]{2}$/),
  party_id: z.string().regex(/^[A-Za-z0-9]{3}$/),
  uid: ciString(36),
  type: z.enum(['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID']),
  contract_id: ciString(36),
  visual_number: optionalOrNull(z.string().max(64)),
  issuer: z.string().min(1).max(64),
  group_id: optionalOrNull(ciString(36)),
  valid: z.boolean(),
  whitelist: z.enum(['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER']),
  language: optionalOrNull(z.string().max(2)),
  default_profile_type: optionalOrNull(z.enum(['CHEAP', 'FAST', 'GREEN', 'REGULAR'])),
  energy_contract: optionalOrNull(
    z.object({ supplier_name: z.string().max(64), contract_id: optionalOrNull(z.string().max(64)) }),
  ),
  last_updated: z.iso.datetime({ offset: true }),
});
export type OcpiToken = z.infer<typeof ocpiTokenSchema>;

/** A PATCH of a Token: any of its fields, `last_updated` required (OCPI). */
export const ocpiTokenPatchSchema = ocpiTokenSchema.partial().required({ last_updated: true });

/** The eMSP's answer to a real-time authorization (AuthorizationInfo). */
export const ocpiAuthorizationInfoSchema = z.object({
  allowed: z.enum(['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED']),
  token: z.object({ uid: z.string(), contract_id: optionalOrNull(z.string()) }).loose(),
  location: optionalOrNull(z.object({ location_id: z.string() }).loose()),
  authorization_reference: optionalOrNull(z.string().max(36)),
  info: optionalOrNull(z.unknown()),
});

/**
 * How a session was authorised, as its Session and CDR say (OCPI AuthMethod): by the eMSP's command
 * (START_SESSION, RESERVE_NOW), by the token's whitelist without asking, or by asking the eMSP.
 */
export type OcpiAuthMethod = 'AUTH_REQUEST' | 'COMMAND' | 'WHITELIST';

/** The commands of the commands module, by their request bodies (2.2.1). */
const responseUrl = ocpiUrl;
export const ocpiCommandSchemas = {
  START_SESSION: z.object({
    response_url: responseUrl,
    token: ocpiTokenSchema,
    location_id: ciString(36),
    evse_uid: optionalOrNull(ciString(36)),
    connector_id: optionalOrNull(ciString(36)),
    authorization_reference: optionalOrNull(ciString(36)),
  }),
  STOP_SESSION: z.object({ response_url: responseUrl, session_id: ciString(64) }),
  UNLOCK_CONNECTOR: z.object({
    response_url: responseUrl,
    location_id: ciString(36),
    evse_uid: ciString(36),
    connector_id: ciString(36),
  }),
  RESERVE_NOW: z.object({
    response_url: responseUrl,
    token: ocpiTokenSchema,
    expiry_date: z.iso.datetime({ offset: true }),
    reservation_id: ciString(36),
    location_id: ciString(36),
    evse_uid: optionalOrNull(ciString(36)),
    authorization_reference: optionalOrNull(ciString(36)),
  }),
  CANCEL_RESERVATION: z.object({ response_url: responseUrl, reservation_id: ciString(36) }),
} as const;
export type OcpiCommandType = keyof typeof ocpiCommandSchemas;
