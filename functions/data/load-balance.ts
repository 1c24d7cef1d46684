/**
 * Dynamic load management's state per station (docs/decisions/427-dynamic-load-management.md,
 * functions/energy/balancer.ts): `LOADBAL#{stationId}` / `STATE`, what the last adjustment found and sent
 * (each transformer group's available power, measured load, alarm; each connector's limit), and when the next
 * is due. Access patterns:
 * - a station's state (the station detail shows it; the balancer reads what it sent last);
 * - the stations due for an adjustment (gsi1 `LOADBALDUE`, `{nextAt}#{stationId}`; sparse: a station without a
 *   plan in force is on no round), read by the schedule;
 * - a run's lease: one adjustment of a station at a time; a run asked for while one holds the lease is noted
 *   (`again`) and the holder runs once more.
 */
import { applied } from '@functions/lib/conditional.ts';
import { defineEntity, getRecord, model, PARAMS, putRecord, queryAll, send, withoutKeys } from './table.ts';

export interface GroupState {
  name: string;
  ratedW: number;
  alarmW: number;
  /** Rated less the load that is not charging. */
  availableW: number;
  /** What its sessions draw (their last meter values). */
  chargingW: number;
  /** The load its energy box measures that is not charging (0 without a box). */
  otherW: number;
  /** Its sum of limits now. */
  limitW: number;
  /** Over its alarm power (an alarm is open). */
  alarm: boolean;
  /** Over its rated power with stop electricity on: every limit 0. */
  stopped: boolean;
  /** Solar-surplus mode: the PV surplus it may charge with now (W). */
  surplusW?: number;
}

export interface ConnectorLimit {
  chargePointId: string;
  connectorNo: number;
  group: string;
  limitW: number;
  /** TxProfile (a session's) or TxDefaultProfile (an idle connector's). */
  purpose: 'TxProfile' | 'TxDefaultProfile';
  transactionId?: string;
  sentAt?: string;
  /** The command that sent it (its rejection is tried again). */
  commandId?: string;
  /** How many times in a row the charger rejected it (tried again up to a limit, then at the next cycle). */
  rejections?: number;
  /**
   * The roaming partner's profile it is capped by (its `setAt`): sent as the partner's profile, the lower of
   * the two (docs/decisions/438).
   */
  partner?: string;
}

export interface LoadBalanceState {
  stationId: string;
  tenant: string;
  at: string;
  groups: GroupState[];
  connectors: ConnectorLimit[];
  /** When the next adjustment is due (absent: no plan in force). */
  nextAt?: string;
  /** The offline maximum power last sent to each pile as its base default profile (W). */
  offlineSent?: Record<string, number>;
}

export const loadBalanceStates = defineEntity({
  model: model('LOADBAL'),
  attributes: {
    stationId: { type: 'string', required: true },
    nextAt: { type: 'string' },
    leaseUntil: { type: 'string' },
  },
  indexes: {
    byStation: {
      pk: { field: 'pk', composite: ['stationId'], template: 'LOADBAL#${stationId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'STATE', casing: 'none' },
    },
    due: {
      index: 'gsi1',
      // Sparse: only a station with a plan in force is on the round.
      condition: (attributes) => typeof attributes.nextAt === 'string',
      pk: { field: 'gsi1pk', composite: [], template: 'LOADBALDUE', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['nextAt', 'stationId'],
        template: '${nextAt}#${stationId}',
        casing: 'none',
      },
    },
  },
});

const key = (stationId: string) => ({ pk: `LOADBAL#${stationId}`, sk: 'STATE' });

export const getLoadBalance = (stationId: string) =>
  getRecord<LoadBalanceState & { leaseUntil?: string; again?: boolean }>(
    loadBalanceStates.get({ stationId }).params({ consistent: true }),
  );

/**
 * Takes the station's adjustment until `until` if nobody holds it; otherwise notes that another run is wanted
 * (the holder runs again) and says no.
 */
export async function claimLoadBalance(stationId: string, now: string, until: string): Promise<boolean> {
  const claimed = await applied(
    send.update({
      Key: key(stationId),
      UpdateExpression: 'SET leaseUntil = :until, stationId = :id REMOVE again',
      ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
      ExpressionAttributeValues: { ':until': until, ':now': now, ':id': stationId },
    }),
  );
  if (!claimed)
    await send.update({
      Key: key(stationId),
      UpdateExpression: 'SET again = :yes',
      ExpressionAttributeValues: { ':yes': true },
    });
  return claimed;
}

/**
 * Stores an adjustment's state and ends the lease; true when another run was asked for meanwhile (the caller
 * runs once more).
 */
export async function saveLoadBalance(state: LoadBalanceState): Promise<boolean> {
  const current = await getLoadBalance(state.stationId);
  await send.put(
    putRecord(loadBalanceStates.put({ stationId: state.stationId, nextAt: state.nextAt }).params(), state),
  );
  return current?.again === true;
}

/** Ends a lease without a state (the run failed): the next run may start at once. */
export const releaseLoadBalance = (stationId: string) =>
  send.update({ Key: key(stationId), UpdateExpression: 'REMOVE leaseUntil' });

/** Puts a station on the round now (its plan was saved), keeping what the last adjustment found. */
export async function loadBalanceDueNow(stationId: string, tenant: string, at: string): Promise<void> {
  const current = await getLoadBalance(stationId);
  const state: LoadBalanceState = {
    ...(current ?? { groups: [], connectors: [] }),
    stationId,
    tenant,
    at: current?.at ?? at,
    nextAt: at,
  };
  delete (state as { leaseUntil?: string }).leaseUntil;
  delete (state as { again?: boolean }).again;
  await send.put(putRecord(loadBalanceStates.put({ stationId, nextAt: at }).params(), state));
}

/** The stations due for an adjustment by `before`, soonest first (at most `limit`). */
export async function dueLoadBalances(
  before: string,
  limit = 100,
): Promise<{ stationId: string; nextAt: string }[]> {
  return (
    await queryAll(
      loadBalanceStates.query
        .due({})
        .lt({ nextAt: before })
        .params({ ...PARAMS, limit }),
      { limit },
    )
  )
    .slice(0, limit)
    .map((i) => withoutKeys<{ stationId: string; nextAt: string }>(i));
}

/** The next time any station is due, if one is on the round. */
export async function nextLoadBalanceAt(): Promise<string | undefined> {
  const [first] = await dueLoadBalances('9999', 1);
  return first?.nextAt;
}
