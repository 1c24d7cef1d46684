/**
 * The OCPI credentials module (docs/decisions/426), both directions of the handshake:
 * - an eMSP registers with the platform: it calls with the token the operator gave it (the partner's
 *   `cpoToken`), POSTs its own token and versions URL; the platform reads the eMSP's 2.2.1 endpoints with that
 *   token, keeps it as `emspToken`, and answers a new platform token that replaces the first one;
 * - the platform registers at an eMSP (the /emsp screen's "Register"): with the token the eMSP gave
 *   (`emspToken`) it reads the eMSP's endpoints, POSTs a new platform token and its versions URL, and keeps the
 *   token the eMSP answers as `emspToken`. Run again on a registered partner, it is OCPI's update (PUT).
 * Updating (PUT) and unregistering (DELETE) by the eMSP as OCPI defines them; `registerFlag` follows.
 * A versions or version-details URL the outbound-URL guard refuses is the caller's invalid parameter (2001),
 * noted on the partner with the reason (decision 433).
 */
import {
  ocpiCredentialsSchema,
  OCPI_STATUS,
  type OcpiCredentials,
  type OcpiCredentialsSent,
} from '@shared/schemas/ocpi.ts';
import {
  OcpiCallError,
  OcpiUrlRefused,
  discoverEndpoints,
  endpointOf,
  issueOf,
  ocpiCall,
  UnsupportedVersion,
} from './client.ts';
import { OcpiError, invalidParameters } from './errors.ts';
import { newToken, noteExchange, partnerById, savePartner, type Partner } from './partners.ts';
import { ownRoles } from './party.ts';
import { queueTokensPull } from './push.ts';

/** The platform's credentials as a partner gets them: its token, versions URL and role. */
async function ownCredentials(token: string, base: string): Promise<OcpiCredentialsSent> {
  return { token, url: `${base}/versions`, roles: await ownRoles() };
}

/** The partner's credentials from a request body, or 2001 saying what is wrong. */
function credentialsOf(body: unknown): OcpiCredentials {
  const parsed = ocpiCredentialsSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidParameters(
      `Invalid credentials: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** The partner's endpoints read with its token, or the OCPI 3xxx error a handshake answers. */
async function endpointsFrom(partner: Partner, credentials: OcpiCredentials) {
  try {
    const found = await discoverEndpoints(partner, credentials.token, credentials.url);
    if (!endpointOf(found.endpoints, 'credentials'))
      throw new OcpiError(400, OCPI_STATUS.noMatchingEndpoints, 'The eMSP offers no credentials endpoint');
    return found;
  } catch (error) {
    if (error instanceof OcpiError) throw error;
    await noteExchange(partner, error as Error);
    if (error instanceof OcpiUrlRefused)
      throw invalidParameters(`The versions URL cannot be used: ${error.message}`);
    if (error instanceof UnsupportedVersion)
      throw new OcpiError(400, OCPI_STATUS.unsupportedVersion, `The eMSP offers no OCPI 2.2.1`);
    throw new OcpiError(400, OCPI_STATUS.unableToUseClientApi, `Unable to use the eMSP's API`);
  }
}

/** What a credentials call of a partner carries: who, with which token, its body, and the platform's base. */
export interface CredentialsCall {
  partner: Partner;
  token: string;
  body: unknown;
  base: string;
}

/** GET: the platform's credentials as this partner holds them. */
export const getCredentials = async (call: CredentialsCall) => ownCredentials(call.token, call.base);

/**
 * POST (register) and PUT (update): the partner's token and endpoints kept, a new platform token answered. A
 * POST by a registered partner, or a PUT by one that is not, is 405 as OCPI says.
 */
export async function postCredentials(call: CredentialsCall, update: boolean) {
  const { partner } = call;
  if (partner.registered !== update)
    throw new OcpiError(405, OCPI_STATUS.clientError, update ? 'Not registered' : 'Already registered');
  const credentials = credentialsOf(call.body);
  const { version, endpoints } = await endpointsFrom(partner, credentials);
  const token = newToken();
  await savePartner(partner, {
    cpoToken: token,
    emspToken: credentials.token,
    requestUrl: credentials.url,
    registered: true,
    ocpi: {
      version,
      endpoints,
      roles: credentials.roles,
      lastExchangeAt: new Date().toISOString(),
      lastError: '',
    },
  });
  // Its tokens, so its drivers are known at the chargers (queued: the handshake answers at once).
  await queueTokensPull(partner.id);
  return ownCredentials(token, call.base);
}

/** DELETE (unregister): neither token is valid any more; the operator gives the partner a new one to register. */
export async function deleteCredentials({ partner }: CredentialsCall) {
  if (!partner.registered) throw new OcpiError(405, OCPI_STATUS.clientError, 'Not registered');
  await savePartner(partner, {
    cpoToken: '',
    emspToken: '',
    registered: false,
    ocpi: { endpoints: [], lastExchangeAt: new Date().toISOString(), lastError: '' },
  });
  return null;
}

/**
 * The platform registers at the partner (or, registered, updates its credentials there): the result says
 * whether it went through and what the partner answered, and is noted on the partner either way.
 */
export async function registerAtPartner(
  id: string,
  base: string,
): Promise<{ registered: boolean; error?: string }> {
  const partner = await partnerById(id);
  if (!partner) throw new OcpiCallError('', 'unknown partner');
  if (!partner.emspToken || !partner.requestUrl) {
    const error = 'The eMSP token and the request URL (its versions URL) are needed';
    await noteExchange(partner, error);
    return { registered: partner.registered, error };
  }
  let pending: Partner | undefined;
  try {
    const { version, endpoints } = await discoverEndpoints(partner, partner.emspToken, partner.requestUrl);
    const url = endpointOf(endpoints, 'credentials');
    if (!url) throw new OcpiCallError('', 'The eMSP offers no credentials endpoint');
    // The new platform token is stored first: the eMSP may call back with it during the handshake.
    const token = newToken();
    pending = await savePartner(partner, { cpoToken: token });
    const method = partner.registered ? 'PUT' : 'POST';
    const answer = ocpiCredentialsSchema.safeParse(
      await ocpiCall(partner, partner.emspToken, method, url, await ownCredentials(token, base)),
    );
    if (!answer.success)
      throw new OcpiCallError(
        `${method} ${url}`,
        `The eMSP answered no valid credentials (${issueOf(answer.error)})`,
      );
    await savePartner(pending, {
      emspToken: answer.data.token,
      registered: true,
      ocpi: {
        version,
        endpoints,
        roles: answer.data.roles,
        lastExchangeAt: new Date().toISOString(),
        lastError: '',
      },
    });
    await queueTokensPull(partner.id);
    return { registered: true };
  } catch (error) {
    const message = (error as Error).message;
    // The token the partner held stays valid: the handshake did not go through.
    if (pending) await savePartner(pending, { cpoToken: partner.cpoToken ?? '' }).catch(() => undefined);
    await noteExchange(partner, error as Error);
    return { registered: partner.registered, error: message };
  }
}
