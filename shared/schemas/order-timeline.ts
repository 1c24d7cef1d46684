/**
 * A charging order's event timeline (POST /biz/chargeOrder/timeline?id=, docs/decisions/464-a-sessions-event-timeline.md):
 * what happened to its session in time order, from its charger's OCPP message log and, where the log no
 * longer holds it, from the session's stored record and samples. Data only: the console shows it on the
 * order page.
 */

export const TIMELINE_EVENT_TYPES = [
  'authorize',
  'remoteStart',
  'start',
  'status',
  'meterValues',
  'remoteStop',
  'stop',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** Where an event was read: the message log, or the session's stored record (the log keeps 30 days). */
export type TimelineSource = 'log' | 'session';

export interface TimelineEvent {
  type: TimelineEventType;
  /** ISO time (the charger's for what it reports, the wire's otherwise). */
  at: string;
  source: TimelineSource;
  /** authorize, start: the token; remote start too. */
  idTag?: string;
  /** authorize, remote start and stop: the answer's status (Accepted, Rejected...). */
  result?: string;
  /** status: the connector state the charger reported; and its error code when it is not NoError. */
  status?: string;
  errorCode?: string;
  /** start, stop: the meter register in Wh. */
  meterWh?: number;
  /** stop: the reason the charger gave. */
  reason?: string;
  /** meterValues: the samples summarised (first and last register and time, how many). */
  count?: number;
  until?: string;
  firstWh?: number;
  lastWh?: number;
}

export interface OrderTimeline {
  orderNo: string;
  chargePointId: string;
  transactionId: string;
  events: TimelineEvent[];
  /** The log held more than one timeline reads: the latest events may be missing. */
  capped?: boolean;
}
