/**
 * A roaming partner's charging profile on its session, as the charger gets it
 * (docs/decisions/438-ocpi-charging-profiles-and-hub-client-info.md): load management stays the ceiling, so
 * what reaches the charger is, at every moment, the lower of the partner's limit and what load management
 * allows the connector (docs/decisions/427). Pure: the OCPI module (functions/ocpi/chargingprofiles.ts) and the
 * balancer (functions/energy/balancer.ts) build the SetChargingProfile with it.
 *
 * The profile is a TxProfile of the session with its own id (9300 + connector) one stack level above load
 * management's (so the charger applies it, not the TxProfile below it), which the partner's DELETE clears
 * (ClearChargingProfile of that id): the charger is then back on load management's own profiles.
 */
import type {
  PartnerChargingProfile,
  PartnerProfilePeriod,
} from '@functions/data/partner-charging-profiles.ts';

/** The partner profiles' ids and stack level (load management owns 9000 to 9299, decision 427). */
export const PARTNER_PROFILE = {
  id: (connectorNo: number) => 9300 + connectorNo,
  stackLevel: 2,
} as const;

/** Whether a charging profile id is a partner's (9300 to 9399). */
export const isPartnerProfileId = (id: unknown) => typeof id === 'number' && id >= 9300 && id < 9400;

/** Volts of one phase, as load management counts them. */
const PHASE_VOLTS = 230;

/** A pile as the conversion reads it: its `powerType` (AC_1_PHASE, AC_3_PHASE, DC). */
export type PilePower = Record<string, unknown>;

export const phasesOf = (pile: PilePower) => (pile.powerType === 'AC_1_PHASE' ? 1 : 3);
export const isAc = (pile: PilePower) => pile.powerType !== 'DC';

/** Watts of a partner's limit: amperes per phase at 230 V on the pile's phases (exact: tenths of amperes). */
export function wattsOf(pile: PilePower, unit: 'A' | 'W', limit: number): number {
  if (unit === 'W') return Math.floor(limit);
  return Math.round(limit * 10) * ((PHASE_VOLTS * phasesOf(pile)) / 10);
}

/** The partner's limit in force at `atMs` (W), if its schedule is in force then. */
export function partnerLimitAt(profile: PartnerChargingProfile, atMs: number): number | undefined {
  const elapsedS = (atMs - Date.parse(profile.startsAt)) / 1000;
  if (elapsedS < 0) return undefined;
  if (profile.durationS !== undefined && elapsedS >= profile.durationS) return undefined;
  let limit: number | undefined;
  for (const period of profile.periods) if (period.startS <= elapsedS) limit = period.limitW;
  return limit;
}

/** A limit as the charger gets it: AC piles in tenths of amperes per phase (rounded down), DC in watts. */
function chargerLimit(pile: PilePower, watts: number) {
  if (!isAc(pile)) return { limit: Math.max(0, Math.floor(watts)) };
  const volts = PHASE_VOLTS * phasesOf(pile);
  // Whole numbers first: W x 10 / V is exact where the watts came from tenths of amperes.
  return {
    limit: Math.max(0, Math.floor((Math.floor(watts) * 10) / volts)) / 10,
    numberPhases: phasesOf(pile),
  };
}

/**
 * SetChargingProfile's parameters (the command catalogue's `setChargingProfile`) for the partner's profile on
 * connector `connectorNo`, each period the lower of the partner's limit and `ceilingW`:
 * - with load management in force (`lapseS` given): from now, lasting `lapseS` like load management's own
 *   profiles (renewed every cycle; when the platform cannot reach the charger it lapses with them), the
 *   ceiling where the partner's schedule is not in force;
 * - without (`lapseS` absent): the partner's schedule as it is, from its start for its duration, each limit
 *   at most `ceilingW` (the pile's maximum).
 * Undefined when nothing is left to send (the partner's schedule is over).
 */
export function partnerProfileParams(
  pile: PilePower,
  connectorNo: number,
  profile: PartnerChargingProfile,
  options: { ceilingW?: number; lapseS?: number; nowMs?: number },
): Record<string, unknown> | undefined {
  const now = options.nowMs ?? Date.now();
  const ceiling = options.ceilingW ?? Infinity;
  const startsAt = Date.parse(profile.startsAt);
  const cap = (w: number) => Math.min(w, ceiling);
  let startSchedule: string;
  let duration: number | undefined;
  let periods: PartnerProfilePeriod[];
  if (options.lapseS !== undefined) {
    const horizon = options.lapseS;
    const offset = (ms: number) => Math.ceil((ms - now) / 1000);
    const changes = new Set<number>([0]);
    for (const p of profile.periods) changes.add(offset(startsAt + p.startS * 1000));
    changes.add(offset(startsAt));
    if (profile.durationS !== undefined) changes.add(offset(startsAt + profile.durationS * 1000));
    periods = [...changes]
      .filter((s) => s >= 0 && s < horizon)
      .sort((a, b) => a - b)
      .map((s) => ({ startS: s, limitW: cap(partnerLimitAt(profile, now + s * 1000) ?? Infinity) }));
    // Load management in force always has a ceiling; without one there is nothing to send for the gaps.
    if (periods.some((p) => !Number.isFinite(p.limitW))) return undefined;
    startSchedule = new Date(now).toISOString();
    duration = horizon;
  } else {
    const end = profile.durationS === undefined ? undefined : startsAt + profile.durationS * 1000;
    if (end !== undefined && end <= now) return undefined;
    periods = profile.periods.map((p) => ({ startS: p.startS, limitW: cap(p.limitW) }));
    startSchedule = profile.startsAt;
    duration = profile.durationS;
  }
  // One period per change of the limit the charger gets.
  const merged: { startPeriod: number; limit: number; numberPhases?: number }[] = [];
  for (const p of periods) {
    const limit = chargerLimit(pile, p.limitW);
    const last = merged.at(-1);
    if (last && last.limit === limit.limit) continue;
    merged.push({ startPeriod: p.startS, ...limit });
  }
  if (!merged.length) return undefined;
  return {
    chargingProfileId: PARTNER_PROFILE.id(connectorNo),
    stackLevel: PARTNER_PROFILE.stackLevel,
    purpose: 'TxProfile',
    kind: 'Absolute',
    startSchedule,
    ...(duration !== undefined ? { duration } : {}),
    chargingRateUnit: isAc(pile) ? 'A' : 'W',
    periods: merged,
  };
}
