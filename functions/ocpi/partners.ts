/**
 * The eMSP partners as OCPI parties (docs/decisions/426): each /emsp record is one OCPI
 * registration. Its fields as OCPI uses them:
 * - `cpoToken`: the token the eMSP calls the platform with (the token it registers with, then the one the
 *   handshake gave it); looked up by its hash (`cpoTokenKey`, a unique guard), so a call finds its partner in
 *   one read;
 * - `emspToken`: the token the platform calls the eMSP with;
 * - `requestUrl`: the eMSP's versions URL; `cpoUrl`: the platform's versions URL given to it;
 * - `registerFlag`: whether the handshake is done (kept by the server, never by the form);
 * - `ocpi`: what the handshake learnt and the last exchange (`version`, `endpoints`, `roles`,
 *   `lastExchangeAt`, `lastError`); every failed exchange is also listed on its own
 *   (functions/data/roaming-failures.ts, docs/decisions/437).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { emsp, emspTokenKey as tokenKey } from '@functions/admin/system-resources.ts';
import { noteRoamingFailure } from '@functions/data/roaming-failures.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { uniqueOwner } from '@functions/data/repository.ts';
import { EMSP_FLAG } from '@shared/resources/system/emsp.ts';
import type { OcpiEndpoint } from '@shared/schemas/ocpi.ts';

/** What the platform keeps of a partner's OCPI side. */
export interface OcpiState {
  version?: string;
  endpoints?: OcpiEndpoint[];
  /** The partner's roles as its credentials gave them (party id, country code, name). */
  roles?: unknown[];
  lastExchangeAt?: string;
  lastError?: string;
}

export type Partner = Record_ &
  Stored & {
    name: string;
    countryCode: string;
    partyId: string;
    requestUrl: string;
    cpoUrl: string;
    emspToken?: string;
    cpoToken?: string;
    enableFlag: number;
    registerFlag: number;
    stationIds?: string[];
    ocpi?: OcpiState;
    /** Whether the handshake is done. */
    registered: boolean;
  };

/** The guard name of the partners' token hashes (the emsp resource's unique `cpoTokenKey`). */
const TOKEN_GUARD = 'EMSP.cpoTokenKey';

/** A new token for a partner: 32 random bytes, base64url (43 characters, within OCPI's 64). */
export const newToken = () => randomBytes(32).toString('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const asPartner = (record: Record_ & Stored): Partner =>
  ({ ...record, registered: record.registerFlag === EMSP_FLAG.yes }) as Partner;

/** The enabled partner whose platform token this is, if any. */
export async function partnerByToken(token: string): Promise<Partner | undefined> {
  const id = await uniqueOwner(TOKEN_GUARD, `${PLATFORM_TENANT}|${tokenKey(token)}`);
  const record = id ? await emsp.repo.get(PLATFORM_TENANT, id) : undefined;
  if (!record || record.enableFlag !== EMSP_FLAG.yes) return undefined;
  if (typeof record.cpoToken !== 'string' || !sameText(record.cpoToken, token)) return undefined;
  return asPartner(record);
}

/** A partner by id (the console's calls). */
export async function partnerById(id: string): Promise<Partner | undefined> {
  const record = await emsp.repo.get(PLATFORM_TENANT, id);
  return record ? asPartner(record) : undefined;
}

/** Whether a partner takes a station's drivers and pushes now: enabled, registered, the station bound to it. */
export const servesStation = (partner: Record<string, unknown>, stationId: string) =>
  partner.enableFlag === EMSP_FLAG.yes &&
  partner.registerFlag === EMSP_FLAG.yes &&
  ((partner.stationIds as string[] | undefined) ?? []).includes(stationId);

/**
 * Saves a partner's OCPI side: changed tokens (the token guard moves with the platform token), the register
 * flag and the OCPI state. Refused as stale if the record changed meanwhile (the caller reads it again).
 */
export async function savePartner(
  current: Partner,
  change: {
    cpoToken?: string;
    emspToken?: string;
    registered?: boolean;
    ocpi?: OcpiState;
    requestUrl?: string;
  },
): Promise<Partner> {
  const { registered: _registered, ...stored } = current;
  const cpoToken = change.cpoToken ?? current.cpoToken;
  const next = {
    ...stored,
    ...(change.requestUrl ? { requestUrl: change.requestUrl } : {}),
    cpoToken,
    cpoTokenKey: cpoToken ? tokenKey(cpoToken) : undefined,
    emspToken: change.emspToken ?? current.emspToken,
    registerFlag:
      change.registered === undefined
        ? current.registerFlag
        : change.registered
          ? EMSP_FLAG.yes
          : EMSP_FLAG.no,
    ocpi: { ...(current.ocpi ?? {}), ...(change.ocpi ?? {}) },
  };
  return asPartner(await emsp.repo.update(current, next as Record_));
}

/** A failed exchange: the call (method and URL; empty when none was made) and what came back or why. */
export interface ExchangeFailure {
  call: string;
  answer: string;
}

/** A failure as the roaming view lists it: a call error's call and answer, else its message as the answer. */
function failureOf(error: string | Error | ExchangeFailure): ExchangeFailure {
  if (typeof error === 'string') return { call: '', answer: error };
  if (error instanceof Error) {
    const { call, answer } = error as Error & Partial<ExchangeFailure>;
    return typeof call === 'string' && typeof answer === 'string'
      ? { call, answer }
      : { call: '', answer: error.message };
  }
  return error;
}

/**
 * Notes an exchange with the partner: when, and its error (cleared by one that went well). A failure is also
 * added to the partner's failed exchanges (functions/data/roaming-failures.ts), which the roaming view lists
 * with the call and the answer (docs/decisions/437). Noting never fails the caller.
 */
export async function noteExchange(
  current: Partner,
  error?: string | Error | ExchangeFailure,
): Promise<void> {
  const failure = error === undefined ? undefined : failureOf(error);
  const lastError = failure ? (failure.call ? `${failure.call}: ${failure.answer}` : failure.answer) : '';
  if (failure) await noteRoamingFailure(current.id, failure).catch(() => undefined);
  const fresh = (await partnerById(current.id).catch(() => undefined)) ?? current;
  await savePartner(fresh, {
    ocpi: { lastExchangeAt: new Date().toISOString(), lastError },
  }).catch(() => undefined);
}
