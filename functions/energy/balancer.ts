/**
 * Dynamic load management (docs/decisions/427): a station's power balance plan (docs/product.md section 3:
 * mode, adjust cycles, transformer groups with rated and alarm power, stop electricity, offline maximum power)
 * acts on its chargers.
 *
 * One adjustment of a station (`balanceStation`), run by the schedule every normal cycle (every alarm cycle
 * while a group is over its alarm power) and at once when a session starts or ends, a charger comes, or the
 * plan is saved:
 * - per group: its sessions (active, on its piles' connectors) with what they draw (their last meter values),
 *   the load its energy box measures that is not charging, the power available, shared by functions/energy/
 *   share.ts;
 * - each session's limit is sent as a TxProfile of its transaction, each idle connector's as a TxDefaultProfile
 *   (stack level 1), through the command pipeline (stored, queued, sent over the charger's WebSocket), each
 *   with a schedule lasting three normal cycles: renewed every cycle while the platform reaches the charger,
 *   it lapses when it does not, and the charger falls back to its base TxDefaultProfile (stack level 0, no
 *   end): the plan's offline maximum power, sent when the plan is saved and whenever the charger comes;
 * - a group over its alarm power raises a transformer alarm (its template's level and mail) and is adjusted
 *   every alarm cycle; back under it, the alarm recovers; over its rated power with stop electricity on, every
 *   limit of the group is 0 until it is under again;
 * - what it found and sent is kept (functions/data/load-balance.ts) for the station detail;
 * - a roaming partner's charging profile on its session (functions/data/partner-charging-profiles.ts, OCPI
 *   chargingprofiles) caps that session's share, never raises it: the session is sent the partner's profile
 *   (functions/energy/partner-profiles.ts), each period the lower of the two (docs/decisions/438).
 * A limit is sent again only when it changed or its profile is due for renewal; a command refused (a command
 * pending on the connector, the charger offline) is tried at the next adjustment.
 */
import { POWER_MODE, type PowerBalance } from '@shared/resources/site/station.ts';
import { sendPlatformCommand } from '@functions/commands/send.ts';
import {
  claimLoadBalance,
  getLoadBalance,
  releaseLoadBalance,
  saveLoadBalance,
  type ConnectorLimit,
  type GroupState,
  type LoadBalanceState,
} from '@functions/data/load-balance.ts';
import { energyBoxStatesOf } from '@functions/data/energy-boxes.ts';
import {
  getPartnerChargingProfile,
  removePartnerChargingProfile,
  type PartnerChargingProfile,
} from '@functions/data/partner-charging-profiles.ts';
import { getLiveMany } from '@functions/chargepoints/live.ts';
import { chargePointById, stations } from '@functions/chargepoints/sites.ts';
import { energyBoxes } from '@functions/energybox/boxes.ts';
import { raiseGroupAlarm, recoverGroupAlarm } from '@functions/alarms/service.ts';
import { logger } from '@functions/lib/logger.ts';
import type { Record_ } from '@functions/api/resources.ts';
import { activeSessions, type Session } from '@functions/sessions/transactions.ts';
import { isPartnerProfileId, partnerLimitAt, partnerProfileParams } from './partner-profiles.ts';
import { renewableSources } from './renewable.ts';
import { sharePower, type ShareSession } from './share.ts';

/** Who the command results list names as the sender of load management's profiles. */
export const BALANCER_SENDER = 'platform:loadBalance';
/** The profiles load management owns on a charger (ids and stack levels no console profile should use). */
export const PROFILE = {
  offlineId: 9000,
  txId: (connectorNo: number) => 9100 + connectorNo,
  defaultId: (connectorNo: number) => 9200 + connectorNo,
  baseStack: 0,
  dynamicStack: 1,
} as const;
/** A profile's schedule lasts this many normal cycles: renewed each cycle, it lapses when the platform is gone. */
const LAPSE_CYCLES = 3;
/** One adjustment of a station at a time: the lease (ms). */
const LEASE_MS = 30_000;
/** Volts of one phase: an energy box's currents, and a profile in amperes. */
const PHASE_VOLTS = 230;
/** A profile is renewed once this share of a normal cycle has passed since it was sent. */
const RENEW_AT = 0.8;
/** A profile the charger rejected is sent again this many times in a row at most, this long after. */
const MAX_RETRIES = 3;
const RETRY_DELAY_MS = 500;
/** A limit this close to the one sent (W) is not sent again before its renewal. */
const CHANGE_W = 100;

type Pile = Record<string, unknown> & { id: string; connectors?: { connectorNo: number }[] };

/** A session's limit counts against its draw only once it has been in force this long (ms). */
const SETTLE_MS = 30_000;

/** The TxProfile limit a session has had for at least SETTLE_MS, if any. */
const settledLimit = (limit: ConnectorLimit | undefined) =>
  limit?.purpose === 'TxProfile' && limit.sentAt && Date.parse(limit.sentAt) + SETTLE_MS <= Date.now()
    ? limit.limitW
    : undefined;

const phasesOf = (pile: Pile) => (pile.powerType === 'AC_1_PHASE' ? 1 : 3);
const isAc = (pile: Pile) => pile.powerType !== 'DC';
const pileMaxW = (pile: Pile) => Math.max(0, Math.round(Number(pile.maxPower ?? 0) * 1000));
const keyOf = (chargePointId: string, connectorNo: number) => `${chargePointId}#${connectorNo}`;

/** SetChargingProfile's parameters for a limit of `watts` (AC piles in amperes per phase, DC in watts). */
export function profileParams(
  pile: Pile,
  watts: number,
  profile: { id: number; stackLevel: number; purpose: 'TxProfile' | 'TxDefaultProfile'; durationS?: number },
) {
  const phases = phasesOf(pile);
  const ac = isAc(pile);
  const limit = ac ? Math.floor((watts / (PHASE_VOLTS * phases)) * 10) / 10 : Math.floor(watts);
  return {
    chargingProfileId: profile.id,
    stackLevel: profile.stackLevel,
    purpose: profile.purpose,
    kind: 'Absolute',
    startSchedule: new Date().toISOString(),
    ...(profile.durationS ? { duration: profile.durationS } : {}),
    chargingRateUnit: ac ? 'A' : 'W',
    periods: [{ startPeriod: 0, limit, ...(ac ? { numberPhases: phases } : {}) }],
  };
}

/** The load an energy box measures (W): its phases' currents. */
function boxLoadW(report: Record<string, unknown> | undefined): number | undefined {
  if (!report) return undefined;
  const amps = ['l1Load', 'l2Load', 'l3Load'].map((f) => Number(report[f]));
  if (!amps.some((a) => Number.isFinite(a))) return undefined;
  return amps.reduce((sum, a) => sum + (Number.isFinite(a) ? a : 0), 0) * PHASE_VOLTS;
}

/**
 * What is measured of a group's load that is not charging: its boxes' load (those of the company's `boxes`
 * linked to its piles) less its sessions' draw.
 */
async function otherLoadW(boxes: Record_[], pileIds: Set<string>, chargingW: number): Promise<number> {
  boxes = boxes.filter((b) =>
    ((b.chargePointIds as string[] | undefined) ?? []).some((id) => pileIds.has(id)),
  );
  if (!boxes.length) return 0;
  const reports = await energyBoxStatesOf(boxes.map((b) => String(b.code)));
  let measured: number | undefined;
  for (const box of boxes) {
    const w = boxLoadW(reports.get(String(box.code)));
    if (w !== undefined) measured = (measured ?? 0) + w;
  }
  return measured === undefined ? 0 : Math.max(0, measured - chargingW);
}

/** A production report this old no longer says what the PV array produces now. */
const PRODUCTION_FRESH_MS = 5 * 60_000;

/**
 * A group in solar-surplus mode (a PV array of the station names it, with the mode on): what its arrays
 * produce now (their energy boxes' `pvPowerW`, shared by peak power among the arrays a box reports for) less
 * the site's other load. A box silent for PRODUCTION_FRESH_MS counts as producing nothing. Undefined: the
 * group is not in solar-surplus mode.
 */
async function surplusW(sources: Record_[], stationId: string, group: string, otherW: number) {
  const all = sources.filter((s) => s.stationId === stationId && s.sourceType === 'PV');
  const arrays = all.filter((s) => s.surplusMode === true && s.surplusGroup === group);
  if (!arrays.length) return undefined;
  const codes = [...new Set(arrays.map((s) => String(s.energyBoxCode ?? '')).filter(Boolean))];
  const reports = await energyBoxStatesOf(codes);
  let producedW = 0;
  for (const array of arrays) {
    const report = reports.get(String(array.energyBoxCode ?? ''));
    const power = Number(report?.pvPowerW);
    if (
      !report ||
      !Number.isFinite(power) ||
      Date.parse(String(report.updatedAt)) + PRODUCTION_FRESH_MS < Date.now()
    )
      continue;
    const peers = all.filter((s) => s.energyBoxCode === array.energyBoxCode);
    const peak = peers.reduce((sum, s) => sum + Number(s.peakPower ?? 0), 0);
    producedW += (Math.max(0, power) * Number(array.peakPower ?? 0)) / (peak || 1);
  }
  return Math.max(0, Math.floor(producedW - otherW));
}

interface Plan {
  tenant: string;
  agentId: string;
  stationName: string;
  plan: PowerBalance;
}

/** The station's plan, if one is in force (saved, power mode on). */
async function planOf(stationId: string): Promise<Plan | undefined> {
  const station = await stations.repo.getAny(stationId);
  const plan = station?.powerBalance as PowerBalance | undefined;
  if (!station || !plan || plan.powerMode === POWER_MODE.off || !plan.groups?.length) return undefined;
  return {
    tenant: String(station.tenant),
    agentId: String(station.agentId ?? ''),
    stationName: String(station.name ?? ''),
    plan,
  };
}

/** Whether a station is on load management's round (a plan in force, so its state has a next adjustment). */
export async function stationOnRound(stationId: string): Promise<boolean> {
  return typeof (await getLoadBalance(stationId))?.nextAt === 'string';
}

/**
 * Adjusts a station now. `resendPiles`: chargers whose base profile (offline maximum power) is sent again
 * (one that came back may have lost it). A run asked for while another holds the station makes that one run
 * again. Returns the state kept, or undefined when no plan is in force or another run holds the station.
 */
export async function balanceStation(
  stationId: string,
  resendPiles: string[] = [],
  resendConnectors: string[] = [],
): Promise<LoadBalanceState | undefined> {
  const now = Date.now();
  if (
    !(await claimLoadBalance(stationId, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString()))
  )
    return undefined;
  let state: LoadBalanceState | undefined;
  let again = false;
  try {
    state = await adjust(stationId, resendPiles, resendConnectors);
    again = await saveLoadBalance(state);
  } catch (error) {
    await releaseLoadBalance(stationId);
    throw error;
  }
  return again ? ((await balanceStation(stationId)) ?? state) : state;
}

async function adjust(
  stationId: string,
  resendPiles: string[],
  resendConnectors: string[],
): Promise<LoadBalanceState> {
  const at = new Date().toISOString();
  const previous = await getLoadBalance(stationId);
  const found = await planOf(stationId);
  if (!found) {
    // No plan in force (removed, power mode off): off the round; its alarms recover.
    for (const g of previous?.groups ?? [])
      if (g.alarm) await recoverGroupAlarm({ tenant: previous!.tenant, stationId }, { group: g.name, at });
    return { stationId, tenant: previous?.tenant ?? '', at, groups: [], connectors: [] };
  }
  const { plan, tenant } = found;
  const cycleS = plan.normalCycle;
  const lapseS = Math.min(31 * 86_400, cycleS * LAPSE_CYCLES);
  const sent = new Map((previous?.connectors ?? []).map((c) => [keyOf(c.chargePointId, c.connectorNo), c]));
  const offlineSent = { ...(previous?.offlineSent ?? {}) };
  const groups: GroupState[] = [];
  const connectors: ConnectorLimit[] = [];
  const allPiles = plan.groups.flatMap((g) => g.chargePointIds);
  // The company's energy boxes and renewable sources, read once for all its groups.
  const [live, boxes, sources] = await Promise.all([
    getLiveMany(allPiles),
    energyBoxes.repo.list(tenant),
    renewableSources.repo.list(tenant),
  ]);

  for (const group of plan.groups) {
    const piles = (await Promise.all(group.chargePointIds.map((id) => chargePointById(id))))
      .filter((p) => Boolean(p && p.stationId === stationId))
      .map((p) => p as unknown as Pile);
    const sessions = new Map<string, Session>();
    // The partners' profiles on their sessions: each caps its session (docs/decisions/438).
    const partnerProfiles = new Map<string, PartnerChargingProfile>();
    for (const pile of piles)
      for (const s of await activeSessions(pile.id)) {
        const key = keyOf(pile.id, s.connectorNo);
        sessions.set(key, s);
        const profile = s.roaming ? await getPartnerChargingProfile(pile.id, s.transactionId) : undefined;
        if (profile) partnerProfiles.set(key, profile);
      }
    const chargingW = [...sessions.values()].reduce((sum, s) => sum + Math.max(0, s.lastPowerW ?? 0), 0);
    const otherW = await otherLoadW(boxes, new Set(piles.map((p) => p.id)), chargingW);
    const ratedW = Math.round(group.ratedPower * 1000);
    const alarmW = Math.round(group.alarmPower * 1000);
    const loadW = chargingW + otherW;
    const stopped = plan.stopElectricity && loadW > ratedW;

    const shareSessions: ShareSession[] = [];
    const idle: { key: string; maxW: number }[] = [];
    const pileOf = new Map<string, Pile>();
    for (const pile of piles)
      for (const c of pile.connectors ?? []) {
        const key = keyOf(pile.id, c.connectorNo);
        pileOf.set(key, pile);
        const session = sessions.get(key);
        const profile = partnerProfiles.get(key);
        const partnerW = profile && partnerLimitAt(profile, Date.now());
        if (session)
          shareSessions.push({
            key,
            // What the partner leaves is shared among the others.
            maxW: Math.min(pileMaxW(pile), partnerW ?? Infinity),
            drawW: session.lastPowerW,
            // What the EV draws says what it wants only once it has had its limit a while.
            limitW: settledLimit(sent.get(key)),
            startTime: session.startTime,
          });
        else idle.push({ key, maxW: pileMaxW(pile) });
      }
    // Solar-surplus mode: what the group's PV arrays produce now beyond the other load, at most.
    const surplus = await surplusW(sources, stationId, group.name, otherW);
    const shared = sharePower({
      mode: plan.powerMode,
      ratedW,
      otherW,
      sessions: shareSessions,
      idle,
      ...(surplus !== undefined ? { capW: surplus } : {}),
    });
    const limitOf = (key: string) => (stopped ? 0 : (shared.limits[key] ?? shared.idleLimits[key] ?? 0));

    for (const [key, pile] of pileOf) {
      const connectorNo = Number(key.slice(key.lastIndexOf('#') + 1));
      const session = sessions.get(key);
      const wanted: ConnectorLimit = {
        chargePointId: pile.id,
        connectorNo,
        group: group.name,
        limitW: limitOf(key),
        purpose: session ? 'TxProfile' : 'TxDefaultProfile',
        ...(session ? { transactionId: session.transactionId } : {}),
        ...(session && partnerProfiles.has(key) ? { partner: partnerProfiles.get(key)!.setAt } : {}),
      };
      const last = sent.get(key);
      // Rejected by the charger (a TxProfile that came before the charger knew its transaction): sent again,
      // a few times in a row at most, then at the next cycle.
      const retry = resendConnectors.includes(key) && (last?.rejections ?? 0) < MAX_RETRIES;
      const due =
        retry ||
        !last?.sentAt ||
        last.purpose !== wanted.purpose ||
        last.transactionId !== wanted.transactionId ||
        last.partner !== wanted.partner ||
        Math.abs(last.limitW - wanted.limitW) >= CHANGE_W ||
        (wanted.limitW === 0) !== (last.limitW === 0) ||
        // Renewed every cycle (a little early: the schedule's own timing varies).
        Date.parse(last.sentAt) + cycleS * 1000 * RENEW_AT <= Date.now();
      if (!live.get(pile.id)?.online || !due) {
        connectors.push(
          last && !due ? last : { ...wanted, ...(last?.sentAt ? { sentAt: last.sentAt } : {}) },
        );
        continue;
      }
      const commandId = await send(pile, connectorNo, wanted, lapseS, partnerProfiles.get(key));
      connectors.push(
        commandId
          ? {
              ...wanted,
              sentAt: new Date().toISOString(),
              commandId,
              ...(retry ? { rejections: (last?.rejections ?? 0) + 1 } : {}),
            }
          : { ...wanted },
      );
    }

    // The base profile: the offline maximum power, on every charger that does not have it yet.
    const offlineW = Math.round(plan.offlineMaxPower * 1000);
    for (const pile of piles) {
      if (!live.get(pile.id)?.online) continue;
      if (offlineSent[pile.id] === offlineW && !resendPiles.includes(pile.id)) continue;
      const ok = await sendProfile(
        pile,
        0,
        undefined,
        profileParams(pile, offlineW, {
          id: PROFILE.offlineId,
          stackLevel: PROFILE.baseStack,
          purpose: 'TxDefaultProfile',
        }),
      );
      if (ok !== undefined) offlineSent[pile.id] = offlineW;
    }

    const state: GroupState = {
      name: group.name,
      ratedW,
      alarmW,
      availableW: shared.availableW,
      chargingW,
      otherW,
      limitW: connectors.filter((c) => c.group === group.name).reduce((sum, c) => sum + c.limitW, 0),
      alarm: loadW > alarmW,
      stopped,
      ...(surplus !== undefined ? { surplusW: surplus } : {}),
    };
    groups.push(state);
    const wasAlarm = previous?.groups.find((g) => g.name === group.name)?.alarm === true;
    const ref = {
      tenant,
      agentId: found.agentId,
      stationId,
      stationName: found.stationName,
      chargePointId: piles[0]?.id ?? group.chargePointIds[0]!,
      chargePointName: String(piles[0]?.name ?? ''),
    };
    if (state.alarm && !wasAlarm)
      await raiseGroupAlarm(ref, {
        group: group.name,
        at,
        info: `${group.name}: ${(loadW / 1000).toFixed(1)} kW, alarm power ${group.alarmPower} kW`,
      });
    else if (!state.alarm && wasAlarm) await recoverGroupAlarm(ref, { group: group.name, at });
  }
  // A group removed from the plan: its alarm recovers.
  for (const g of previous?.groups ?? [])
    if (g.alarm && !groups.some((x) => x.name === g.name))
      await recoverGroupAlarm({ tenant, stationId }, { group: g.name, at });

  const alarmOn = groups.some((g) => g.alarm);
  const nextAt = new Date(Date.now() + (alarmOn ? plan.alarmCycle : plan.normalCycle) * 1000).toISOString();
  return { stationId, tenant, at, groups, connectors, nextAt, offlineSent };
}

/**
 * Sends a connector's limit (its session's TxProfile, or the idle connector's TxDefaultProfile); a session
 * with a partner's profile gets that profile capped by the limit instead (docs/decisions/438).
 */
function send(
  pile: Pile,
  connectorNo: number,
  limit: ConnectorLimit,
  lapseS: number,
  partner?: PartnerChargingProfile,
) {
  const tx = limit.purpose === 'TxProfile';
  const partnerParams =
    tx && partner
      ? partnerProfileParams(pile, connectorNo, partner, { ceilingW: limit.limitW, lapseS })
      : undefined;
  if (partnerParams) return sendProfile(pile, connectorNo, limit.transactionId, partnerParams);
  return sendProfile(
    pile,
    connectorNo,
    limit.transactionId,
    profileParams(pile, limit.limitW, {
      id: tx ? PROFILE.txId(connectorNo) : PROFILE.defaultId(connectorNo),
      stackLevel: PROFILE.dynamicStack,
      purpose: limit.purpose,
      durationS: lapseS,
    }),
  );
}

/** One SetChargingProfile through the pipeline: its command id; none when it could not be sent now. */
async function sendProfile(
  pile: Pile,
  connectorNo: number,
  transactionId: string | undefined,
  params: Record<string, unknown>,
): Promise<string | undefined> {
  try {
    const { commandId } = await sendPlatformCommand({
      chargePointId: pile.id,
      connectorNo,
      command: 'setChargingProfile',
      params,
      ...(transactionId ? { transactionId } : {}),
      createdBy: BALANCER_SENDER,
    });
    return commandId;
  } catch (error) {
    logger.warn('A load limit was not sent', { chargePointId: pile.id, connectorNo, error: String(error) });
    return undefined;
  }
}

/**
 * What load management allows a session's connector now (W), for a partner's profile set between two
 * adjustments, and how long its profiles last (s): the connector's limit last sent (its session's, or the idle
 * default it started with), else the plan's offline maximum power. Undefined when no plan is in force at the
 * station (the partner's profile is then capped only by the pile's maximum).
 */
export async function loadCeiling(
  stationId: string,
  chargePointId: string,
  connectorNo: number,
): Promise<{ ceilingW: number; lapseS: number } | undefined> {
  const found = await planOf(stationId);
  if (!found || !found.plan.groups.some((g) => g.chargePointIds.includes(chargePointId))) return undefined;
  const state = await getLoadBalance(stationId);
  const limit = state?.connectors.find(
    (c) => c.chargePointId === chargePointId && c.connectorNo === connectorNo,
  );
  return {
    ceilingW: limit?.limitW ?? Math.round(found.plan.offlineMaxPower * 1000),
    lapseS: Math.min(31 * 86_400, found.plan.normalCycle * LAPSE_CYCLES),
  };
}

/**
 * A profile load management sent ended. Not accepted and still the connector's latest: the station is adjusted
 * again with that connector's limit sent again (a few times in a row at most). A connector whose limit could
 * not be sent at all (this command was still pending on it): the station is adjusted again now that it ended.
 */
export async function limitCommandEnded(command: {
  commandId: string;
  action: string;
  status: string;
  result?: unknown;
  createdBy?: string;
  stationId?: string;
  chargePointId: string;
  connectorNo?: number;
  params?: Record<string, unknown>;
}): Promise<void> {
  if (!command.stationId) return;
  const accepted =
    command.status === 'answered' &&
    (command.result as { status?: string } | undefined)?.status === 'Accepted';
  // A partner's profile was set or cleared (functions/ocpi/chargingprofiles.ts): one the charger did not take is
  // no longer kept (the partner is told REJECTED); the station is shared again at once, what the partner leaves
  // going to the others, and load management's profiles follow the partner's (docs/decisions/438).
  if (
    String(command.createdBy ?? '') !== BALANCER_SENDER &&
    ['SetChargingProfile', 'ClearChargingProfile'].includes(command.action) &&
    isPartnerProfileId(command.params?.chargingProfileId)
  ) {
    if (command.action === 'SetChargingProfile' && !accepted)
      for (const session of await activeSessions(command.chargePointId, command.connectorNo))
        await removePartnerChargingProfile(command.chargePointId, session.transactionId, command.commandId);
    if (await stationOnRound(command.stationId)) await balanceStation(command.stationId);
    return;
  }
  if (command.createdBy !== BALANCER_SENDER || command.action !== 'SetChargingProfile') return;
  const state = await getLoadBalance(command.stationId);
  if (!state) return;
  const limit = state.connectors.find((c) => c.commandId === command.commandId);
  const retry = !accepted && limit && (limit.rejections ?? 0) < MAX_RETRIES;
  const unsent = state.connectors.some((c) => c.chargePointId === command.chargePointId && !c.sentAt);
  if (!retry && !unsent) return;
  // A moment for the charger to take in what it lacked (its transaction's answer).
  if (retry) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  await balanceStation(command.stationId, [], retry ? [keyOf(limit.chargePointId, limit.connectorNo)] : []);
}
