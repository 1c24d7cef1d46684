/**
 * The OCPP message log (table `ocppLog`): every frame a charger sends and every frame sent to it, per charge
 * point, sorted by time, kept for a retention period (TTL `expiresAt`, env OCPP_LOG_RETENTION_DAYS, 30 days
 * by default). DynamoDB Local never expires items, so reads skip expired ones. Message queries cover at most
 * 3 days (docs/product.md section 5): a longer window is refused (`server.rangeTooLong`), and the window used is
 * returned with the messages.
 *
 * Frames are ordered as they went over the wire: a frame's position (its sort key) is taken when it is received
 * or sent (`wirePosition`), not when its entry is written, which can be later (an outgoing command is written
 * once PostToConnection has returned, by when the charger may have answered it).
 */
import { exchangesPage, positionMs, putExchange, sortKey } from '@functions/data/message-log.ts';
import { badRequest, refused } from '@functions/lib/errors.ts';
import { MAX_MESSAGES, MESSAGE_WINDOW_DAYS } from '@shared/schemas/message-log.ts';

export { sortKey };

export type Direction = 'in' | 'out';

export interface LoggedMessage {
  chargePointId: string;
  /** ISO time of the message plus a suffix that keeps two messages of the same millisecond apart. */
  at: string;
  direction: Direction;
  /** OCPP-J message type: 2 CALL, 3 CALLRESULT, 4 CALLERROR; absent for a frame that could not be read. */
  messageType?: number;
  messageId?: string;
  action?: string;
  connectionId?: string;
  /** The frame as it went over the wire. */
  frame: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface LogInput {
  chargePointId: string;
  direction: Direction;
  /** The frame text, or the frame as an array (serialised as it is sent). */
  frame: string | unknown[];
  action?: string;
  messageId?: string;
  connectionId?: string;
  /** A position from `wirePosition()`, or epoch milliseconds; now when absent. */
  at?: string | number;
  /**
   * The answer sent back to this frame: stored in the same item (one write per exchange), read back as its
   * own message.
   */
  reply?: { frame: string; action?: string; at?: string | number };
}

/** A stored exchange: the charger's frame and, when one was sent, the answer. */
interface StoredItem extends LoggedMessage {
  reply?: string;
  replyAt?: string;
  replyAction?: string;
}

export const MESSAGE_WINDOW_MS = MESSAGE_WINDOW_DAYS * 24 * 3600 * 1000;
/**
 * The latest an answer is positioned after the frame it answers: the answer is chosen in the invocation that
 * received the frame, within its answer deadline (8 s, functions/ocpp/answer-deadline.ts; a 10 s Lambda
 * time-out; API Gateway waits 29 s at most). An exchange's item sorts under its frame, so the reader relies on
 * this bound to order answers among the items around them.
 */
export const REPLY_WITHIN_MS = 30_000;
const DAY_SECONDS = 24 * 3600;

export const retentionDays = (): number => {
  const days = Number(process.env.OCPP_LOG_RETENTION_DAYS);
  return Number.isFinite(days) && days > 0 ? days : 30;
};

/** The log position of a frame going over the wire now (pass it as `at` when the entry is written later). */
export const wirePosition = (): string => sortKey(Date.now());

const positionOf = (at: string | number | undefined): string =>
  typeof at === 'string' ? at : sortKey(at ?? Date.now());

/** Reads type, id and action from a frame when it is a readable OCPP-J array. */
function describeFrame(frame: string | unknown[]): {
  messageType?: number;
  messageId?: string;
  action?: string;
} {
  let value: unknown = frame;
  if (typeof frame === 'string') {
    try {
      value = JSON.parse(frame);
    } catch {
      return {};
    }
  }
  if (!Array.isArray(value)) return {};
  const [type, id, action] = value;
  return {
    // Only a number DynamoDB can store (1e300 or 1e-200 would fail the write and lose the entry).
    messageType: Number.isSafeInteger(type) ? (type as number) : undefined,
    messageId: typeof id === 'string' ? id.slice(0, 64) : undefined,
    action: type === 2 && typeof action === 'string' ? action.slice(0, 64) : undefined,
  };
}

/** Stores one message (one PutCommand). */
export async function logMessage(input: LogInput): Promise<LoggedMessage> {
  const at = positionOf(input.at);
  const atMs = positionMs(at);
  const text = typeof input.frame === 'string' ? input.frame : JSON.stringify(input.frame);
  const read = describeFrame(input.frame);
  const item: LoggedMessage = {
    chargePointId: input.chargePointId,
    at,
    direction: input.direction,
    messageType: read.messageType,
    messageId: input.messageId ?? read.messageId,
    action: (input.action ?? read.action)?.slice(0, 64),
    connectionId: input.connectionId,
    frame: text,
    expiresAt: Math.floor(atMs / 1000) + Math.round(retentionDays() * DAY_SECONDS),
  };
  let replyAt = input.reply ? positionOf(input.reply.at) : undefined;
  // Kept within the bound the reader relies on (only a stalled invocation answers later, if ever).
  if (replyAt && positionMs(replyAt) > atMs + REPLY_WITHIN_MS) replyAt = sortKey(atMs + REPLY_WITHIN_MS);
  const stored: StoredItem = input.reply
    ? {
        ...item,
        reply: input.reply.frame,
        replyAt,
        replyAction: (input.reply.action ?? item.action)?.slice(0, 64),
      }
    : item;
  await putExchange(stored);
  return item;
}

/** The messages of a stored item, newest first: the answer (when there is one), then the frame. */
function messagesOf(stored: StoredItem): LoggedMessage[] {
  const { reply, replyAt, replyAction, ...message } = stored;
  if (reply === undefined) return [message];
  const read = describeFrame(reply);
  return [
    {
      ...message,
      at: replyAt ?? message.at,
      direction: message.direction === 'in' ? 'out' : 'in',
      messageType: read.messageType,
      messageId: read.messageId ?? message.messageId,
      action: replyAction ?? message.action,
      frame: reply,
    },
    message,
  ];
}

export interface RecentQuery {
  /** At most this many messages (1 to 500, 50 when absent). */
  limit?: number;
  /** Window start and end, epoch milliseconds or ISO time; the end is now and the start 3 days before it by default. */
  from?: number | string;
  to?: number | string;
  /** Continue after this `at` (the last one of the previous page). */
  before?: string;
}

export interface RecentMessages {
  items: LoggedMessage[];
  /** The window searched (ISO). */
  from: string;
  to: string;
  /** The `at` to pass as `before` for the next page, when there may be more. */
  next?: string;
}

const toMs = (value: number | string | undefined, field: string, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest('server.validation', { [field]: 'validation.dateFormat' });
  return ms;
};

/**
 * The window a message query covers: `to` (default now) and `from` (default 3 days before `to`). A reversed
 * window or one longer than 3 days is refused (docs/product.md section 5), with the catalog's range messages.
 */
export function messageWindow(from?: number | string, to?: number | string): { from: number; to: number } {
  const end = toMs(to, 'to', Date.now());
  const start = toMs(from, 'from', end - MESSAGE_WINDOW_MS);
  if (end < start) throw refused('server.rangeReversed');
  if (end - start > MESSAGE_WINDOW_MS) throw refused('server.rangeTooLong', { days: MESSAGE_WINDOW_DAYS });
  return { from: start, to: end };
}

/**
 * The messages of a charge point in a window, newest first as they went over the wire, expired ones skipped;
 * `limit` bounds the messages returned (a frame and its answer are two).
 *
 * An exchange is stored under its frame's position and its answer sorts later, by at most REPLY_WITHIN_MS, so
 * items are read newest first until the page is certain: every item not read yet starts before the last one
 * read, so none of its messages can be newer than that one's time plus REPLY_WITHIN_MS.
 */
export async function recentMessages(
  chargePointId: string,
  query: RecentQuery = {},
): Promise<RecentMessages> {
  const wanted = Number.isFinite(query.limit) ? Math.trunc(query.limit as number) : 50;
  const limit = Math.min(Math.max(wanted, 1), MAX_MESSAGES);
  const window = messageWindow(query.from, query.to);
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  // Positions are "<ISO>#<suffix>": "~" sorts after "#", so the end bound includes its whole millisecond.
  // `before` continues a previous page: only messages strictly before it are returned.
  const end = query.before && query.before < `${to}~` ? query.before : `${to}~`;
  if (end < from) return { items: [], from, to };
  const inPage = (m: LoggedMessage) => m.at >= from && m.at <= end && m.at !== query.before;
  // An exchange that began before the window may have answered inside it.
  const lower = new Date(window.from - REPLY_WITHIN_MS).toISOString();
  const now = Math.floor(Date.now() / 1000);
  const messages: LoggedMessage[] = [];
  let lastRead = Infinity;
  const settled = () => messages.filter((m) => positionMs(m.at) > lastRead + REPLY_WITHIN_MS).length;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await exchangesPage(
      chargePointId,
      { from: lower, to: end, nowSeconds: now, limit: limit + 1 },
      ExclusiveStartKey,
    );
    for (const item of page.items as unknown as StoredItem[]) {
      messages.push(...messagesOf(item).filter(inPage));
      lastRead = Math.min(lastRead, positionMs(item.at));
    }
    ExclusiveStartKey = page.next;
  } while (ExclusiveStartKey && settled() <= limit);
  messages.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const items = messages.slice(0, limit);
  return { items, from, to, next: messages.length > limit ? items.at(-1)?.at : undefined };
}

/**
 * Every message of a charge point between two times (epoch milliseconds, both included), oldest first as they
 * went over the wire, expired ones skipped; at most `cap` stored exchanges are read (a session's timeline,
 * functions/orders/timeline.ts, docs/decisions/464-a-sessions-event-timeline.md). Unlike a console query the
 * window may be longer than 3 days: it is one session's, read from its own charger's partition.
 */
export async function messagesBetween(
  chargePointId: string,
  fromMs: number,
  toMs: number,
  cap = 20_000,
): Promise<{ items: LoggedMessage[]; capped: boolean }> {
  const from = new Date(fromMs).toISOString();
  const to = `${new Date(toMs).toISOString()}~`;
  const lower = new Date(fromMs - REPLY_WITHIN_MS).toISOString();
  const now = Math.floor(Date.now() / 1000);
  const messages: LoggedMessage[] = [];
  let read = 0;
  let next: Record<string, unknown> | undefined;
  do {
    const page = await exchangesPage(
      chargePointId,
      { from: lower, to, nowSeconds: now, limit: Math.min(1000, cap - read) },
      next,
    );
    read += page.items.length;
    for (const item of page.items as unknown as StoredItem[])
      messages.push(...messagesOf(item).filter((m) => m.at >= from && m.at <= to));
    next = page.next;
  } while (next && read < cap);
  messages.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { items: messages, capped: !!next };
}
