/**
 * A charging order's event timeline (POST /biz/chargeOrder/timeline?id=, 4101 like the order's detail;
 * docs/decisions/464-a-sessions-event-timeline.md): authorize, remote start, start, the connector's status
 * changes, the meter values (summarised: how many, the first and last register and their times), remote stop
 * and stop, in time order.
 *
 * Read from the order's own charger's message log (its partition, nothing else) over the session's window
 * (a little before its start, a little after its end), keeping only what is the order's: its transaction
 * (1.6 transactionId, 2.0.1 transactionInfo.transactionId, the station's own id for a session that reused
 * one: decision 441), its token (Authorize, remote start) and its connector (status). What the log no longer
 * holds (it keeps OCPP_LOG_RETENTION_DAYS) comes from the session's stored record and samples: the order's
 * start and stop, the stored meter samples. An order the caller may not see is "not found".
 */
import type { OrderTimeline, TimelineEvent } from '@shared/schemas/order-timeline.ts';
import { messagesBetween, type LoggedMessage } from '@functions/ocpp-messages/message-log.ts';
import { normalise, sessionSamples, stationTransactionIdOf } from '@functions/sessions/transactions.ts';
import type { Identity } from '@functions/identity/access.ts';
import { visibleOrder } from './queries.ts';

/** An Authorize or a remote start this long before the start is the session's. */
const BEFORE_START_MS = 10 * 60_000;
/** The connector's states this long after the stop (Finishing, then Available) are the session's. */
const AFTER_STOP_MS = 5 * 60_000;
const ENERGY = 'Energy.Active.Import.Register';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const compact = (e: TimelineEvent): TimelineEvent =>
  Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as unknown as TimelineEvent;

/** The frame of a logged message as [type, id, action?, payload]. */
function frameOf(m: LoggedMessage): { type?: number; id?: string; action?: string; payload: Json } {
  try {
    const f = JSON.parse(m.frame) as unknown[];
    if (!Array.isArray(f)) return { payload: {} };
    if (f[0] === 2) return { type: 2, id: str(f[1]), action: str(f[2]), payload: obj(f[3]) };
    return { type: Number(f[0]), id: str(f[1]), payload: obj(f[2]) };
  } catch {
    return { payload: {} };
  }
}

/** The energy register (Wh) of an OCPP 1.6 or 2.0.1 MeterValue, when it has one. */
function energyOf(meterValue: unknown): { at?: string; wh?: number; count: number }[] {
  return (Array.isArray(meterValue) ? meterValue : []).map((mv) => {
    const sampled = (Array.isArray(obj(mv).sampledValue) ? obj(mv).sampledValue : []) as unknown[];
    const values = sampled.map(obj).filter((v) => (str(v.measurand) ?? ENERGY) === ENERGY);
    const pick = values.find((v) => !v.phase) ?? values[0];
    let wh: number | undefined;
    if (pick) {
      const measure = obj(pick.unitOfMeasure);
      const unit = str(pick.unit) ?? str(measure.unit) ?? 'Wh';
      const value = num(pick.value);
      if (value !== undefined)
        wh = normalise({ value: value * 10 ** (num(measure.multiplier) ?? 0), measurand: ENERGY, unit });
    }
    return { at: str(obj(mv).timestamp), wh, count: 1 };
  });
}

const tokenOf = (p: Json) => str(p.idTag) ?? str(obj(p.idToken).idToken);

interface Sample {
  at: string;
  wh?: number;
}

/** The samples summarised as one event: how many, the first and the last register and their times. */
function meterSummary(samples: Sample[], source: TimelineEvent['source']): TimelineEvent | undefined {
  if (!samples.length) return undefined;
  const sorted = [...samples].sort((a, b) => a.at.localeCompare(b.at));
  const withEnergy = sorted.filter((s) => s.wh !== undefined);
  return compact({
    type: 'meterValues',
    at: sorted[0]!.at,
    until: sorted.at(-1)!.at,
    source,
    count: sorted.length,
    firstWh: withEnergy[0]?.wh,
    lastWh: withEnergy.at(-1)?.wh,
  });
}

/** The order's events of its charger's log messages (oldest first). */
export function eventsOfLog(
  messages: LoggedMessage[],
  order: { transactionId: string; connectorNo: number; idTag?: string; startMs: number; endMs: number },
): { events: TimelineEvent[]; samples: Sample[] } {
  const tx = order.transactionId;
  // Answers by message id: an answer goes the other way from its CALL.
  const answers = new Map<string, Json>();
  for (const m of messages) {
    const f = frameOf(m);
    if (f.type === 3 && f.id) answers.set(`${m.direction}|${f.id}`, f.payload);
  }
  const answerTo = (m: LoggedMessage, id: string | undefined) =>
    answers.get(`${m.direction === 'in' ? 'out' : 'in'}|${id ?? ''}`);
  const events: TimelineEvent[] = [];
  const samples: Sample[] = [];
  const beforeStart = (ms: number) => ms >= order.startMs - BEFORE_START_MS && ms <= order.startMs + 60_000;
  const inSession = (ms: number) =>
    ms >= order.startMs - BEFORE_START_MS && ms <= order.endMs + AFTER_STOP_MS;
  let chargingState: string | undefined;
  const addSamples = (meterValue: unknown, at: string) =>
    samples.push(...energyOf(meterValue).map((s) => ({ at, wh: s.wh })));

  for (const m of messages) {
    const f = frameOf(m);
    if (f.type !== 2) continue;
    const p = f.payload;
    const at = m.at.split('#')[0]!;
    const ms = Date.parse(at);
    const answer = answerTo(m, f.id);
    if (m.direction === 'in') {
      switch (f.action) {
        case 'Authorize':
          if (order.idTag && tokenOf(p) === order.idTag && beforeStart(ms))
            events.push({
              type: 'authorize',
              at,
              source: 'log',
              idTag: order.idTag,
              result: str(obj(answer?.idTagInfo ?? answer?.idTokenInfo).status),
            });
          break;
        case 'StartTransaction':
          if (str(answer?.transactionId) === tx)
            events.push(
              compact({ type: 'start', at, source: 'log', idTag: tokenOf(p), meterWh: num(p.meterStart) }),
            );
          break;
        case 'MeterValues':
          if (str(p.transactionId) === tx) addSamples(p.meterValue, at);
          break;
        case 'StopTransaction':
          if (str(p.transactionId) === tx) {
            addSamples(p.transactionData, at);
            events.push(
              compact({ type: 'stop', at, source: 'log', meterWh: num(p.meterStop), reason: str(p.reason) }),
            );
          }
          break;
        case 'StatusNotification': {
          const connector = num(p.connectorId) ?? num(p.evseId);
          if (connector === order.connectorNo && inSession(ms))
            events.push(
              compact({
                type: 'status',
                at,
                source: 'log',
                status: str(p.status) ?? str(p.connectorStatus),
                errorCode: p.errorCode && p.errorCode !== 'NoError' ? str(p.errorCode) : undefined,
              }),
            );
          break;
        }
        case 'TransactionEvent': {
          const info = obj(p.transactionInfo);
          if (str(info.transactionId) !== tx) break;
          // 2.0.1 tells charging, suspended and connected in the transaction (its StatusNotification only
          // Available, Occupied...): each change of it is a status change.
          const state = str(info.chargingState);
          if (state && state !== chargingState && p.eventType !== 'Ended')
            events.push({ type: 'status', at, source: 'log', status: state });
          if (state) chargingState = state;
          const readings = energyOf(p.meterValue).filter((r) => r.wh !== undefined);
          // Every sample of the transaction counts, those its start and end carry too.
          addSamples(p.meterValue, at);
          if (p.eventType === 'Started')
            events.push(
              compact({ type: 'start', at, source: 'log', idTag: tokenOf(p), meterWh: readings[0]?.wh }),
            );
          else if (p.eventType === 'Ended')
            events.push(
              compact({
                type: 'stop',
                at,
                source: 'log',
                meterWh: readings.at(-1)?.wh,
                reason: str(info.stoppedReason),
              }),
            );
          break;
        }
      }
    } else {
      switch (f.action) {
        case 'RemoteStartTransaction':
        case 'RequestStartTransaction': {
          const connector = num(p.connectorId) ?? num(p.evseId);
          if (
            order.idTag &&
            tokenOf(p) === order.idTag &&
            (connector === undefined || connector === order.connectorNo) &&
            beforeStart(ms)
          )
            events.push(
              compact({
                type: 'remoteStart',
                at,
                source: 'log',
                idTag: order.idTag,
                result: str(answer?.status),
              }),
            );
          break;
        }
        case 'RemoteStopTransaction':
        case 'RequestStopTransaction':
          if (str(p.transactionId) === tx)
            events.push(compact({ type: 'remoteStop', at, source: 'log', result: str(answer?.status) }));
          break;
      }
    }
  }
  return { events, samples };
}

/** POST /biz/chargeOrder/timeline?id=: the order's events in time order (an order of the caller's). */
export async function orderTimeline(
  identity: Identity,
  id: unknown,
  now = Date.now(),
): Promise<OrderTimeline> {
  const order = await visibleOrder(identity, id);
  const chargePointId = String(order.chargePointId);
  const transactionId = String(order.transactionId);
  const startMs = Date.parse(String(order.startTime));
  const endMs = order.endTime === undefined ? now : Date.parse(String(order.endTime));
  const [stationTx, read, stored] = await Promise.all([
    stationTransactionIdOf(chargePointId, transactionId),
    Number.isFinite(startMs) && Number.isFinite(endMs)
      ? messagesBetween(chargePointId, startMs - BEFORE_START_MS, endMs + AFTER_STOP_MS)
      : { items: [], capped: false },
    sessionSamples(
      chargePointId,
      transactionId,
      order.endTime === undefined ? undefined : String(order.endTime),
    ),
  ]);
  const { events, samples } = eventsOfLog(read.items, {
    transactionId: stationTx,
    connectorNo: Number(order.connectorNo),
    idTag: typeof order.idTag === 'string' ? order.idTag : undefined,
    startMs,
    endMs,
  });
  // What the log no longer holds: the session's own record and samples.
  if (!events.some((e) => e.type === 'start') && order.startTime)
    events.push(
      compact({
        type: 'start',
        at: String(order.startTime),
        source: 'session',
        idTag: typeof order.idTag === 'string' ? order.idTag : undefined,
        meterWh: num(order.meterStart),
      }),
    );
  if (!events.some((e) => e.type === 'stop') && order.endTime)
    events.push(
      compact({
        type: 'stop',
        at: String(order.endTime),
        source: 'session',
        meterWh: num(order.meterEnd),
        reason: str(order.stopReason),
      }),
    );
  const meter =
    meterSummary(samples, 'log') ??
    meterSummary(
      stored.map((s) => ({
        at: s.timestamp,
        wh: s.values.filter((v) => v.measurand === ENERGY).map(normalise)[0],
      })),
      'session',
    );
  if (meter) events.push(meter);
  // Time order; at the same time, the order things happen in a session.
  const rank = (e: TimelineEvent) =>
    ['remoteStart', 'authorize', 'start', 'status', 'meterValues', 'remoteStop', 'stop'].indexOf(e.type);
  events.sort((a, b) => a.at.localeCompare(b.at) || rank(a) - rank(b));
  return {
    orderNo: String(order.orderNo ?? order.id),
    chargePointId,
    transactionId,
    events,
    ...(read.capped ? { capped: true } : {}),
  };
}
