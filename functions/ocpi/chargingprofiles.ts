/**
 * The OCPI chargingprofiles module, receiver interface as the CPO offers it
 * (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): a partner (the eMSP of the session's token,
 * or a smart-charging provider it registered as) sets, reads and clears the charging profile of one of its own
 * sessions in progress:
 * - `PUT /chargingprofiles/{session_id}` (SetChargingProfile): the profile reaches the charger as an OCPP
 *   SetChargingProfile, a TxProfile of the session (functions/energy/partner-profiles.ts), each period the lower
 *   of the partner's limit and what load management allows the connector: load management stays the ceiling,
 *   and keeps it so when it shares the station's power again (functions/energy/balancer.ts reads the profile,
 *   kept per session by functions/data/partner-charging-profiles.ts);
 * - `GET /chargingprofiles/{session_id}?duration=&response_url=`: the charger's composite schedule
 *   (GetCompositeSchedule) as an ActiveChargingProfile;
 * - `DELETE /chargingprofiles/{session_id}?response_url=`: the partner's profile cleared (ClearChargingProfile
 *   of its id); the charger is back on load management's own profiles.
 * When load management later gives the session other limits (the station shared again), the partner is told
 * the session's new ActiveChargingProfile on its chargingprofiles sender interface, if it offers one
 * (`PUT {url}/{session_id}`, queued).
 * Each answers at once with a ChargingProfileResponse (ACCEPTED; REJECTED when it cannot be sent: the charger
 * offline, the session ended; NOT_SUPPORTED when the charger's OCPP lacks it; TOO_OFTEN while another command is
 * pending on the connector; UNKNOWN_SESSION for a session that is not the caller's: another party's, a local
 * driver's, or none), and the charger's answer is POSTed to `response_url` when the command ends
 * (ActiveChargingProfileResult, ChargingProfileResult, ClearProfileResult), through the command pipeline
 * (functions/commands/send.ts, recorded as sent by `ocpi:{partnerId}`) and the OCPI push queue like a command's
 * result (functions/ocpi/commands.ts). Input is checked strictly (2001, nothing sent or kept); a `response_url`
 * the outbound guard refuses is 2001 before anything is taken (decision 433).
 */
import { ROAMING_SENDER } from '@functions/commands/remote-start-marks.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import { commandAnswerTimeoutSeconds, getCommand, type CommandRecord } from '@functions/commands/store.ts';
import {
  getPartnerChargingProfile,
  notePartnerProfileTold,
  putPartnerChargingProfile,
  removePartnerChargingProfile,
  restorePartnerChargingProfile,
  revertPartnerChargingProfile,
  type PartnerChargingProfile,
} from '@functions/data/partner-charging-profiles.ts';
import { putRoamingCommand } from '@functions/data/roaming-commands.ts';
import { chargePointById } from '@functions/chargepoints/sites.ts';
import { BALANCER_SENDER, loadCeiling } from '@functions/energy/balancer.ts';
import {
  isAc,
  isPartnerProfileId,
  PARTNER_PROFILE,
  partnerProfileParams,
  wattsOf,
} from '@functions/energy/partner-profiles.ts';
import { AppError } from '@functions/lib/errors.ts';
import { logger } from '@functions/lib/logger.ts';
import { translate } from '@functions/lib/i18n.ts';
import { checkOutboundUrl, OutboundRefused } from '@functions/lib/outbound-url.ts';
import { getSession, type Session } from '@functions/sessions/transactions.ts';
import {
  ocpiActiveProfileQuery,
  ocpiClearProfileQuery,
  ocpiSetChargingProfileSchema,
  type ChargingProfileResponseType,
  type ChargingProfileResultType,
} from '@shared/schemas/ocpi-charging-profiles.ts';
import { ciEquals } from '@shared/schemas/ocpi.ts';
import { endpointOf, joinUrl, ocpiCall } from './client.ts';
import { invalidParameters } from './errors.ts';
import type { Party } from './hub-status.ts';
import { partyOf, suspendedRefusal } from './hubclientinfo.ts';
import { noteExchange, partnerById, type Partner } from './partners.ts';
import { queuePush } from './queue.ts';
import { partnerSession } from './sessions.ts';

/** The roaming command types of this module (where a result goes: functions/data/roaming-commands.ts). */
export const PROFILE_COMMANDS = {
  set: 'SET_CHARGING_PROFILE',
  get: 'GET_ACTIVE_CHARGING_PROFILE',
  clear: 'CLEAR_PROFILE',
} as const;
const PROFILE_COMMAND_TYPES = new Set<string>(Object.values(PROFILE_COMMANDS));

/** A command refused because one is pending on the connector is tried again this often, this long apart. */
const PENDING_TRIES = 5;
const PENDING_PAUSE_MS = 400;

/** A partner's profile is kept this long after it was set at most (its session is over long before). */
const KEPT_SECONDS = 8 * 86_400;

const response = (result: ChargingProfileResponseType) => ({
  result,
  timeout: commandAnswerTimeoutSeconds(),
});

/** The first thing a schema refused, as OCPI's 2001. */
function invalid(what: string, error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0];
  const path = issue?.path.map(String).join('.') || what;
  return invalidParameters(`Invalid ${path}: ${issue?.message ?? 'invalid'}`);
}

/**
 * A charging-profile request as the handler read it: the partner, the path's session id, the query, the body,
 * and the party it comes from through a hub (OCPI's routing headers), if it says.
 */
export interface ProfileRequest {
  partner: Partner;
  sessionId: string;
  query: Record<string, string | undefined>;
  body: unknown;
  from?: Party;
}

/** The path's session id: OCPI's string(36). */
function sessionIdOf(req: ProfileRequest): string {
  const id = req.sessionId;
  if (!id || id.length > 36) throw invalidParameters('Invalid session_id: 1 to 36 characters');
  return id;
}

/** A `response_url` the outbound guard would refuse to call: 2001 now, noted on the partner (decision 433). */
async function checkResponseUrl(partner: Partner, url: string) {
  try {
    await checkOutboundUrl(url);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    await noteExchange(partner, { call: `response_url ${url}`, answer: error.message });
    throw invalidParameters(`Invalid response_url: ${error.message}`);
  }
}

/** Whether two parties are the same (CiStrings: any case). */
const sameParty = (a: Party | undefined, b: Party | undefined) =>
  Boolean(a && b && ciEquals(a.countryCode, b.countryCode) && ciEquals(a.partyId, b.partyId));

/**
 * The partner's own session in progress that `sessionId` names, or the ChargingProfileResponse that says why
 * not: UNKNOWN_SESSION when the partner was never given it (a local driver's session, another partner's, none)
 * or, through a hub, when it is another party's than the one the request comes from; REJECTED when it ended or
 * a party of it is SUSPENDED at the hub.
 */
async function partnerSessionInProgress(
  req: ProfileRequest,
  sessionId: string,
): Promise<{ session: Session; sessionId: string } | ReturnType<typeof response>> {
  const { partner, from } = req;
  const kept = await partnerSession(partner, sessionId);
  const session = kept && (await getSession(kept.chargePointId, kept.transactionId));
  if (!kept || !session || session.roaming?.partnerId !== partner.id) return response('UNKNOWN_SESSION');
  const tokenParty = partyOf((kept.body as { cdr_token?: unknown } | undefined)?.cdr_token);
  // A hub routes requests of many parties: only the token's own party may touch its session.
  if (from && !sameParty(from, partner) && tokenParty && !sameParty(from, tokenParty))
    return response('UNKNOWN_SESSION');
  if (await suspendedRefusal(partner, [from, tokenParty])) return response('REJECTED');
  if (session.status !== 'active') return response('REJECTED');
  return { session, sessionId: kept.id };
}

/**
 * Sends an OCPP command for the partner, its result's destination stored first (under the command's id), as
 * the commands module does. A command pending on the connector (load management's limit, most often, answered
 * within a second) is waited for a little before the answer is TOO_OFTEN.
 */
async function sendFor(
  partner: Partner,
  type: string,
  responseUrl: string,
  command: Omit<Parameters<typeof sendPlatformCommand>[0], 'commandId' | 'createdBy'>,
  commandId: string = crypto.randomUUID(),
): Promise<string> {
  await putRoamingCommand({
    commandId,
    partnerId: partner.id,
    type,
    responseUrl,
    createdAt: new Date().toISOString(),
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await sendPlatformCommand({ ...command, commandId, createdBy: `${ROAMING_SENDER}${partner.id}` });
      return commandId;
    } catch (error) {
      const pending = error instanceof AppError && error.message === 'commandRes.server.pending';
      if (!pending || attempt >= PENDING_TRIES) throw error;
      await new Promise((r) => setTimeout(r, PENDING_PAUSE_MS));
    }
  }
}

/** The ChargingProfileResponse of a request the platform took (ACCEPTED) or could not send. */
async function answerOf(run: () => Promise<unknown>) {
  try {
    await run();
    return response('ACCEPTED');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.message === 'commandRes.server.pending') return response('TOO_OFTEN');
    if (error.message === 'commandRes.server.notInVersion') return response('NOT_SUPPORTED');
    // The charger offline, the payload refused by its schema...: REJECTED (the response has no message field).
    logger.info('OCPI charging profile request not sent', {
      reason: translate('en', error.message, error.values),
    });
    return response('REJECTED');
  }
}

/** PUT `/chargingprofiles/{session_id}`: the partner's profile to the charger, capped by load management. */
export async function setChargingProfile(req: ProfileRequest) {
  const { partner } = req;
  const id = sessionIdOf(req);
  const parsed = ocpiSetChargingProfileSchema.safeParse(req.body);
  if (!parsed.success) throw invalid('body', parsed.error);
  const { charging_profile: profile, response_url: responseUrl } = parsed.data;
  await checkResponseUrl(partner, responseUrl);
  const found = await partnerSessionInProgress(req, id);
  if ('result' in found) return found;
  const { session } = found;
  const pile = await chargePointById(session.chargePointId);
  // Amperes are per phase of an AC pile; a DC pile is limited in watts only.
  if (!pile || (profile.charging_rate_unit === 'A' && !isAc(pile))) return response('REJECTED');
  const now = new Date();
  const kept: PartnerChargingProfile = {
    chargePointId: session.chargePointId,
    transactionId: session.transactionId,
    connectorNo: session.connectorNo,
    partnerId: partner.id,
    sessionId: found.sessionId,
    // OCPI: without a start, the schedule is relative to the start of charging.
    startsAt: new Date(profile.start_date_time ?? session.startTime).toISOString(),
    ...(profile.duration !== undefined ? { durationS: profile.duration } : {}),
    periods: (profile.charging_profile_period ?? []).map((p) => ({
      startS: p.start_period,
      limitW: wattsOf(pile, profile.charging_rate_unit, p.limit),
    })),
    profile: Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)),
    setAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
  };
  // Load management's limit for the connector now is the ceiling; without a plan in force, the pile's maximum.
  const stationId = String(pile.stationId ?? '');
  const ceiling = stationId
    ? await loadCeiling(stationId, session.chargePointId, session.connectorNo)
    : undefined;
  const pileMaxW = Math.round(Number(pile.maxPower ?? 0) * 1000);
  const params = partnerProfileParams(
    pile,
    session.connectorNo,
    kept,
    ceiling ?? (pileMaxW > 0 ? { ceilingW: pileMaxW } : {}),
  );
  // A schedule already over limits nothing.
  if (!params) return response('REJECTED');
  // Kept before it is sent, under the command that sends it, so a charger that answers at once cannot outrun
  // it: load management caps the session by it from now on; the charger's refusal removes it again
  // (functions/energy/balancer.ts), and a command that could not be sent puts back what was kept before.
  const commandId = crypto.randomUUID();
  const previous = await getPartnerChargingProfile(session.chargePointId, session.transactionId);
  const told = toldOf(params);
  if (!(await putPartnerChargingProfile({ ...kept, commandId, told }))) return response('TOO_OFTEN');
  return answerOf(async () => {
    try {
      await sendFor(
        partner,
        PROFILE_COMMANDS.set,
        responseUrl,
        {
          chargePointId: session.chargePointId,
          connectorNo: session.connectorNo,
          command: 'setChargingProfile',
          params,
          transactionId: session.transactionId,
        },
        commandId,
      );
    } catch (error) {
      await revertPartnerChargingProfile(session.chargePointId, session.transactionId, commandId, previous);
      throw error;
    }
  });
}

/** GET `/chargingprofiles/{session_id}`: the charger's composite schedule, posted to `response_url`. */
export async function getActiveChargingProfile(req: ProfileRequest) {
  const { partner } = req;
  const id = sessionIdOf(req);
  const parsed = ocpiActiveProfileQuery.safeParse(req.query);
  if (!parsed.success) throw invalid('query', parsed.error);
  await checkResponseUrl(partner, parsed.data.response_url);
  const found = await partnerSessionInProgress(req, id);
  if ('result' in found) return found;
  const { session } = found;
  return answerOf(() =>
    sendFor(partner, PROFILE_COMMANDS.get, parsed.data.response_url, {
      chargePointId: session.chargePointId,
      connectorNo: session.connectorNo,
      command: 'getCompositeSchedule',
      params: { duration: parsed.data.duration },
    }),
  );
}

/** DELETE `/chargingprofiles/{session_id}`: the partner's profile cleared at the charger and no longer kept. */
export async function clearChargingProfile(req: ProfileRequest) {
  const { partner } = req;
  const id = sessionIdOf(req);
  const parsed = ocpiClearProfileQuery.safeParse(req.query);
  if (!parsed.success) throw invalid('query', parsed.error);
  await checkResponseUrl(partner, parsed.data.response_url);
  const found = await partnerSessionInProgress(req, id);
  if ('result' in found) return found;
  const { session } = found;
  // No longer kept first: a load management run from now on does not send it again.
  const removed = await removePartnerChargingProfile(session.chargePointId, session.transactionId);
  return answerOf(async () => {
    try {
      await sendFor(partner, PROFILE_COMMANDS.clear, parsed.data.response_url, {
        chargePointId: session.chargePointId,
        connectorNo: session.connectorNo,
        command: 'clearChargingProfile',
        params: { chargingProfileId: PARTNER_PROFILE.id(session.connectorNo) },
      });
    } catch (error) {
      // Not sent: the profile stays as it was (unless the partner set another meanwhile).
      if (removed) await restorePartnerChargingProfile(removed).catch(() => undefined);
      throw error;
    }
  });
}

/** The limits a SetChargingProfile's parameters give, as a key: what the partner knows to be in force. */
function toldOf(params: Record<string, unknown>): string {
  const periods = (params.periods as { limit: number }[] | undefined) ?? [];
  return `${String(params.chargingRateUnit)}:${periods.map((p) => p.limit).join(',')}`;
}

/** A message of the push queue: a partner's session got other limits from load management (decision 438). */
export interface ActiveProfilePush {
  kind: 'activeProfile';
  commandId: string;
}

/**
 * A SetChargingProfile ended: when load management sent a partner's session other limits than the partner knows
 * (the station shared again) and the charger took them, the partner is told its session's new active profile
 * (queued; OCPI: the CPO updates the party that set the profile when it changes for another reason). A profile
 * the partner's own request set is answered by its result instead.
 */
export async function queueActiveProfileUpdate(
  command: CommandRecord & { createdBy?: string },
): Promise<void> {
  if (command.createdBy !== BALANCER_SENDER || command.action !== 'SetChargingProfile') return;
  if (!isPartnerProfileId(command.params?.chargingProfileId)) return;
  if (command.status !== 'answered' || (command.result as { status?: unknown })?.status !== 'Accepted')
    return;
  await queuePush({ kind: 'activeProfile', commandId: command.commandId } satisfies ActiveProfilePush);
}

/** The transaction a SetChargingProfile named (1.6 `csChargingProfiles`, 2.0.1 `chargingProfile`). */
function transactionOf(payload: Record<string, unknown>): string | undefined {
  const profile = (payload.csChargingProfiles ?? payload.chargingProfile) as
    { transactionId?: unknown } | undefined;
  return profile?.transactionId === undefined ? undefined : String(profile.transactionId);
}

/**
 * PUTs a partner session's active profile to the partner's chargingprofiles sender interface (`{url}/{session_id}`,
 * an ActiveChargingProfile: the schedule load management sent the charger), when the partner offers that
 * interface, its profile is still the session's and the limits are not those it knows. Throws when the partner
 * did not take it (the queue tries again).
 */
export async function deliverActiveProfile(commandId: string): Promise<void> {
  const command = await getCommand(commandId);
  const transactionId = command && transactionOf(command.payload ?? {});
  if (!command || !transactionId) return;
  const kept = await getPartnerChargingProfile(command.chargePointId, transactionId);
  const params = command.params ?? {};
  const told = toldOf(params);
  if (!kept || kept.told === told) return;
  const partner = await partnerById(kept.partnerId);
  const offered = partner?.ocpi?.endpoints?.some(
    (e) => e.identifier === 'chargingprofiles' && e.role === 'SENDER',
  );
  const url = offered ? endpointOf(partner?.ocpi?.endpoints, 'chargingprofiles', 'SENDER') : undefined;
  if (!partner?.registered || !partner.emspToken || !url) return;
  const start = String(params.startSchedule ?? command.answeredAt ?? new Date().toISOString());
  const periods = (params.periods as { startPeriod: number; limit: number }[] | undefined) ?? [];
  const duration = Number(params.duration);
  const active = {
    start_date_time: start,
    charging_profile: {
      start_date_time: start,
      ...(Number.isInteger(duration) && duration > 0 ? { duration } : {}),
      charging_rate_unit: String(params.chargingRateUnit),
      charging_profile_period: periods.map((p) => ({ start_period: p.startPeriod, limit: p.limit })),
    },
  };
  try {
    await ocpiCall(partner, partner.emspToken, 'PUT', joinUrl(url, kept.sessionId), active);
  } catch (error) {
    await noteExchange(partner, error as Error);
    throw error;
  }
  await notePartnerProfileTold(command.chargePointId, transactionId, kept.setAt, told);
}

const iso = (value: unknown) => {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
};

/**
 * An OCPP GetCompositeSchedule answer (1.6 `chargingSchedule`, 2.0.1 `schedule`) as OCPI's
 * ActiveChargingProfile; undefined when it holds no readable schedule.
 */
export function activeProfileOf(answer: unknown, answeredAt?: string) {
  const a = (answer ?? {}) as Record<string, unknown>;
  const schedule = (a.chargingSchedule ?? a.schedule) as Record<string, unknown> | undefined;
  if (!schedule || !['W', 'A'].includes(String(schedule.chargingRateUnit))) return undefined;
  const periods = schedule.chargingSchedulePeriod;
  if (!Array.isArray(periods)) return undefined;
  const read = periods.map((p: { startPeriod?: unknown; limit?: unknown }) => ({
    start_period: Number(p.startPeriod),
    limit: Number(p.limit),
  }));
  if (read.some((p) => !Number.isInteger(p.start_period) || !Number.isFinite(p.limit))) return undefined;
  const start =
    iso(a.scheduleStart) ?? iso(schedule.scheduleStart) ?? iso(schedule.startSchedule) ?? iso(answeredAt);
  if (!start) return undefined;
  const duration = Number(schedule.duration);
  const minimum = Number(schedule.minChargingRate);
  return {
    start_date_time: start,
    charging_profile: {
      start_date_time: start,
      ...(Number.isInteger(duration) && duration > 0 ? { duration } : {}),
      charging_rate_unit: String(schedule.chargingRateUnit),
      ...(schedule.minChargingRate !== undefined && Number.isFinite(minimum)
        ? { min_charging_rate: minimum }
        : {}),
      charging_profile_period: read,
    },
  };
}

/**
 * What a charging-profile request's end posts to its `response_url` (an ActiveChargingProfileResult,
 * ChargingProfileResult or ClearProfileResult); undefined for a roaming command of another module. Anything
 * but the charger's acceptance (a refusal, no answer in time, a call error) is REJECTED; a clear the charger
 * found nothing to clear for is UNKNOWN.
 */
export function chargingProfileResultOf(
  type: string,
  command: CommandRecord,
): Record<string, unknown> | undefined {
  if (!PROFILE_COMMAND_TYPES.has(type)) return undefined;
  const status =
    command.status === 'answered'
      ? String((command.result as { status?: unknown } | undefined)?.status ?? '')
      : '';
  const result = (value: ChargingProfileResultType) => ({ result: value });
  if (type === PROFILE_COMMANDS.set) return result(status === 'Accepted' ? 'ACCEPTED' : 'REJECTED');
  if (type === PROFILE_COMMANDS.clear)
    return result(status === 'Accepted' ? 'ACCEPTED' : status === 'Unknown' ? 'UNKNOWN' : 'REJECTED');
  const profile = status === 'Accepted' ? activeProfileOf(command.result, command.answeredAt) : undefined;
  return profile ? { ...result('ACCEPTED'), profile } : result('REJECTED');
}
