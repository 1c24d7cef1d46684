/**
 * The OCPP fuzz pass (docs/decisions/355-fuzz-pass.md, "nothing an outsider sends breaks the service"):
 * malformed frames of every class sent over real WebSockets on both subprotocols to a running local runtime,
 * while well-behaved chargers stay connected on other charge points and must keep getting every answer.
 *
 * The rules checked, frame by frame:
 * - a CALLRESULT or CALLERROR (message type 3 or 4) is never answered, however broken;
 * - anything else gets exactly one answer, with the frame's message id when it can be read and "-1" when
 *   not: a CALLRESULT or a CALLERROR of the standard's shape (a description of at most 255 characters, no
 *   stack), never an InternalError;
 * - a frame the WebSocket layer refuses closes the connection with the proper code (1009 over 128 KB, 1007
 *   invalid UTF-8), and nothing else closes it;
 * - the well-behaved chargers miss nothing, the runtime reports no error, /health is ok afterwards, and no
 *   prototype was polluted (the runtime runs in this process).
 *
 * Frames of a connection are handled in order, so the fuzzer sends a batch, then a Heartbeat as a marker:
 * once the marker is answered, every frame before it has been handled and its answer (if any) has arrived.
 * Each connection draws from its own PRNG stream of the seed, so a finding names the seed, the connection and
 * the frame that reproduce it.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { createCommand, getCommand, markSent } from '@functions/commands/store.ts';
import { registerChargers } from '@functions/devices/registration.ts';
import { chargePoints } from '@functions/chargepoints/sites.ts';
import { dynamoDocument } from '@functions/lib/aws.ts';
import { config } from '@functions/lib/config.ts';
import type { Runtime } from '@infra/local/runtime.ts';
import { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { topology } from '@shared/topology/index.ts';
import { prng } from './http-fuzz.ts';
import { waitDeadline } from '../helpers/waits.ts';

type Random = () => number;
type Protocol = 'ocpp1.6' | 'ocpp2.0.1';
type Json = Record<string, unknown>;

export const PROTOCOLS: readonly Protocol[] = ['ocpp1.6', 'ocpp2.0.1'];
/** The charge points the pass registers (once per data folder) under the demo company. */
const TENANT = '/demo-operator/';
const PASSWORD = 'fuzz-cp-secret';
const MAX_BYTES = topology.websocket.maxMessageBytes;
/** Frames a connection may have waiting before the platform closes it for flooding (MAX_PENDING_FRAMES). */
const MAX_BATCH = 60;

const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

// ---- Values and payloads ---------------------------------------------------------------------------------

/** Objects with own keys that would pollute a prototype if merged carelessly (JSON.parse keeps them own). */
const PROTO_OBJECTS = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function strangeValue(rnd: Random): unknown {
  const values: (() => unknown)[] = [
    () => pick(rnd, [0, -1, 1, 2 ** 31, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e308, 1.5, -0.0001, 1e-300]),
    () => pick(rnd, ['', ' ', '\u0000', '\ud800', '\u202e', 'é漢字ไทย', 'null', '1', '-1', 'NaN']),
    // Numbers as text, as 1.6 meter values are sent.
    () =>
      pick(rnd, ['1e400', '-1e400', '1e-400', 'Infinity', '0x10', '12345678901234567890123', '-0', '1,5']),
    () => pick(rnd, ['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2024-02-30T25:61:61Z', 'yesterday']),
    () => pick(rnd, PROTO_KEYS),
    () => 'x'.repeat(int(rnd, 21, 3000)),
    () => pick(rnd, [true, false, null]),
    () => pick(rnd, [[], [null], [1, 'a'], [{}], {}, { a: 1 }]),
    () => JSON.parse(pick(rnd, PROTO_OBJECTS)),
    () => nested(rnd, int(rnd, 2, 60)),
  ];
  return pick(rnd, values)();
}

function nested(rnd: Random, depth: number): unknown {
  let value: unknown = pick(rnd, [1, 'x', null, {}]);
  for (let i = 0; i < depth; i++) value = rnd() < 0.5 ? [value] : { a: value };
  return value;
}

const now = () => new Date().toISOString();

/** Tags the templates present: an unknown one, and the demo company's card (sessions then start for real). */
const ID_TAGS = ['FUZZ-TAG', 'SIM-TAG-001'];
/** 2.0.1 transaction ids the fuzzer starts, updates and ends (a 2.0.1 charger chooses them). */
const TRANSACTIONS_201 = ['fuzz-tx-1', 'fuzz-tx-2', 'fuzz-tx-3'];

/** A 1.6 transaction id the platform gave this connection (mostly), or one it never gave. */
const transaction16 = (g: Generator) =>
  g.transactions.length && g.rnd() < 0.8 ? pick(g.rnd, g.transactions) : int(g.rnd, 1, 999_999);
const energy = (g: Generator) => int(g.rnd, 0, 1_000_000);

/**
 * Schema-valid requests per version: the starting point of payload mutations and the valid CALLs. Sessions
 * use the transactions the platform started for this connection, so their later messages reach real ones.
 */
const TEMPLATES: Record<Protocol, Record<string, (g: Generator) => Json>> = {
  'ocpp1.6': {
    BootNotification: () => ({ chargePointVendor: 'Fuzz', chargePointModel: 'F1' }),
    Heartbeat: () => ({}),
    StatusNotification: (g) => ({
      connectorId: int(g.rnd, 0, 2),
      errorCode: pick(g.rnd, ['NoError', 'GroundFailure', 'OtherError']),
      status: pick(g.rnd, ['Available', 'Preparing', 'Charging', 'Faulted', 'Unavailable']),
      timestamp: now(),
    }),
    Authorize: (g) => ({ idTag: pick(g.rnd, ID_TAGS) }),
    MeterValues: (g) => ({
      connectorId: int(g.rnd, 1, 2),
      ...(g.rnd() < 0.7 ? { transactionId: transaction16(g) } : {}),
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [
            { value: String(energy(g)), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: String(int(g.rnd, 0, 22_000)), measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    }),
    StartTransaction: (g) => ({
      connectorId: int(g.rnd, 1, 2),
      idTag: pick(g.rnd, ID_TAGS),
      meterStart: energy(g),
      timestamp: now(),
    }),
    StopTransaction: (g) => ({
      transactionId: transaction16(g),
      meterStop: energy(g),
      timestamp: now(),
      ...(g.rnd() < 0.5 ? { idTag: pick(g.rnd, ID_TAGS), reason: 'Local' } : {}),
    }),
    DataTransfer: () => ({ vendorId: 'fuzz', messageId: 'm', data: 'x' }),
    DiagnosticsStatusNotification: () => ({ status: 'Idle' }),
    FirmwareStatusNotification: () => ({ status: 'Idle' }),
  },
  'ocpp2.0.1': {
    BootNotification: () => ({ reason: 'PowerUp', chargingStation: { model: 'F1', vendorName: 'Fuzz' } }),
    Heartbeat: () => ({}),
    StatusNotification: (g) => ({
      timestamp: now(),
      connectorStatus: pick(g.rnd, ['Available', 'Occupied', 'Faulted', 'Unavailable']),
      evseId: int(g.rnd, 1, 2),
      connectorId: 1,
    }),
    Authorize: (g) => ({ idToken: { idToken: pick(g.rnd, ID_TAGS), type: 'ISO14443' } }),
    MeterValues: (g) => ({
      evseId: int(g.rnd, 1, 2),
      meterValue: [
        {
          timestamp: now(),
          sampledValue: [{ value: energy(g), measurand: 'Energy.Active.Import.Register' }],
        },
      ],
    }),
    TransactionEvent: (g) => {
      const eventType = pick(g.rnd, ['Started', 'Updated', 'Ended']);
      return {
        eventType,
        timestamp: now(),
        triggerReason: pick(g.rnd, ['Authorized', 'MeterValuePeriodic', 'EVDeparted', 'CablePluggedIn']),
        seqNo: int(g.rnd, 0, 100),
        transactionInfo: {
          transactionId: pick(g.rnd, TRANSACTIONS_201),
          ...(eventType === 'Ended' ? { stoppedReason: 'Local' } : { chargingState: 'Charging' }),
        },
        evse: { id: int(g.rnd, 1, 2), connectorId: 1 },
        ...(g.rnd() < 0.6 ? { idToken: { idToken: pick(g.rnd, ID_TAGS), type: 'ISO14443' } } : {}),
        meterValue: [
          {
            timestamp: now(),
            sampledValue: [{ value: energy(g), measurand: 'Energy.Active.Import.Register' }],
          },
        ],
      };
    },
    DataTransfer: () => ({ vendorId: 'fuzz', messageId: 'm', data: { any: ['thing'] } }),
    NotifyReport: () => ({ requestId: 1, generatedAt: now(), seqNo: 0 }),
    SecurityEventNotification: () => ({ type: 'FuzzEvent', timestamp: now() }),
    FirmwareStatusNotification: () => ({ status: 'Idle' }),
    LogStatusNotification: () => ({ status: 'Idle' }),
  },
};

/** Breaks (or bends) a payload: fields set to strange values, removed, added, nested values changed. */
function mutate(rnd: Random, value: unknown, depth = 0): unknown {
  if (depth > 3 || value === null || typeof value !== 'object') return strangeValue(rnd);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Json) };
  const keys = Object.keys(copy);
  for (let n = int(rnd, 1, 3); n > 0; n--) {
    const op = rnd();
    const key = keys.length ? pick(rnd, keys) : undefined;
    if (op < 0.35 && key !== undefined) (copy as Json)[key] = strangeValue(rnd);
    else if (op < 0.5 && key !== undefined) {
      if (Array.isArray(copy)) copy.splice(Number(key), 1);
      else delete copy[key];
    } else if (op < 0.65 && !Array.isArray(copy))
      Object.defineProperty(copy, pick(rnd, [...PROTO_KEYS, 'extra', 'x'.repeat(200)]), {
        value: strangeValue(rnd),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    else if (op < 0.95 && key !== undefined)
      (copy as Json)[key] = mutate(rnd, (copy as Json)[key], depth + 1);
    else return strangeValue(rnd);
  }
  return copy;
}

// ---- Frames ----------------------------------------------------------------------------------------------

export interface FuzzFrame {
  cls: string;
  data: string | Buffer;
  /** Sent as a binary WebSocket frame. */
  binary?: boolean;
  /** The action of a CALL built from a template (its answer may name a transaction to use later). */
  action?: string;
}

/** What the platform must do with a frame. */
type Expectation =
  { kind: 'answer'; id: string } | { kind: 'none'; id?: string } | { kind: 'close'; codes: number[] };

/** The rule of the pass (functions/ocpp-messages/frames.ts): only what is not a CALLRESULT / CALLERROR is answered. */
export function expectationOf(frame: FuzzFrame): Expectation {
  if (frame.cls === 'oversize') return { kind: 'close', codes: [1009] };
  if (frame.cls === 'badUtf8') return { kind: 'close', codes: [1007] };
  const text = typeof frame.data === 'string' ? frame.data : frame.data.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'answer', id: '-1' };
  }
  if (!Array.isArray(value) || value.length === 0) return { kind: 'answer', id: '-1' };
  const [type, id] = value;
  if (type === 3 || type === 4) return { kind: 'none', id: typeof id === 'string' ? id : undefined };
  return { kind: 'answer', id: typeof id === 'string' && id.length > 0 && id.length <= 36 ? id : '-1' };
}

interface Generator {
  rnd: Random;
  protocol: Protocol;
  /** A fresh message id. */
  id(): string;
  /** A command id of another charger (answers to it must change nothing). */
  foreignId: string;
  /** 1.6 transaction ids the platform gave this connection (the latest few). */
  transactions: number[];
}

const text = (cls: string, data: unknown): FuzzFrame => ({
  cls,
  data: typeof data === 'string' ? data : JSON.stringify(data),
});
const actionsOf = (protocol: Protocol) => Object.keys(TEMPLATES[protocol]);
const validCall = (g: Generator, action = pick(g.rnd, actionsOf(g.protocol))): unknown[] => [
  2,
  g.id(),
  action,
  TEMPLATES[g.protocol][action]!(g),
];

/** Frames of every class; `weight` is how often each is drawn (the closing ones are rare: they reconnect). */
const CLASSES: { cls: string; weight: number; make: (g: Generator) => FuzzFrame }[] = [
  {
    cls: 'invalidJson',
    weight: 8,
    make: (g) => {
      const valid = JSON.stringify(validCall(g));
      const garbage = Array.from({ length: int(g.rnd, 1, 80) }, () =>
        String.fromCharCode(int(g.rnd, 1, 0x2fff)),
      ).join('');
      return text(
        'invalidJson',
        pick(g.rnd, [
          '',
          ' ',
          '[',
          ']',
          '{',
          '[2,',
          "[2,'a','Heartbeat',{}]",
          `[2,"${g.id()}","Heartbeat",{},]`,
          `[2,"${g.id()}","Heartbeat",{}]]`,
          '[NaN]',
          'undefined',
          '\u0000',
          valid.slice(0, int(g.rnd, 1, valid.length - 1)),
          garbage,
        ]),
      );
    },
  },
  {
    cls: 'notArray',
    weight: 4,
    make: (g) =>
      text(
        'notArray',
        pick(g.rnd, [
          '{}',
          '[]',
          '{"0":2,"1":"a","2":"Heartbeat","3":{}}',
          '2',
          '"[2]"',
          'null',
          'true',
          '1e309',
          '-0',
          '{"__proto__":[]}',
          JSON.stringify({ messageTypeId: 2, id: g.id(), action: 'Heartbeat', payload: {} }),
        ]),
      ),
  },
  {
    cls: 'arity',
    weight: 6,
    make: (g) => {
      const type = pick(g.rnd, [2, 3, 4]);
      const right = type === 2 ? 4 : type === 3 ? 3 : 5;
      let length = int(g.rnd, 1, 7);
      if (length === right) length = right + 1;
      const full =
        type === 2 ? validCall(g) : type === 3 ? [3, g.id(), {}] : [4, g.id(), 'GenericError', '', {}];
      const frame = full.slice(0, length);
      while (frame.length < length) frame.push(strangeValue(g.rnd));
      return text('arity', frame);
    },
  },
  {
    cls: 'wrongType',
    weight: 10,
    make: (g) => {
      const type = pick(g.rnd, [2, 3, 4]);
      const frame: unknown[] =
        type === 2 ? validCall(g) : type === 3 ? [3, g.id(), {}] : [4, g.id(), 'GenericError', 'x', {}];
      const position = int(g.rnd, 0, frame.length - 1);
      const wrong = [0, 1, 2.5, -3, 'x', '2', true, null, [], {}, [2], ...PROTO_KEYS];
      frame[position] = pick(g.rnd, wrong);
      return text('wrongType', frame);
    },
  },
  {
    cls: 'unknownType',
    weight: 4,
    make: (g) => {
      const type = pick(g.rnd, [
        0,
        1,
        5,
        6,
        7,
        8,
        -1,
        2.5,
        1e10,
        1e300,
        -1e300,
        1e-200,
        '2',
        '3',
        null,
        true,
        [2],
        {},
      ]);
      return text('unknownType', [
        type,
        g.id(),
        ...pick(g.rnd, [['Heartbeat', {}], [{}], ['x', 'y', {}], []]),
      ]);
    },
  },
  {
    cls: 'hugeId',
    weight: 4,
    make: (g) => {
      const id = pick(g.rnd, ['', 'i'.repeat(37), 'i'.repeat(int(g.rnd, 38, 90_000)), '\ud800'.repeat(37)]);
      const type = pick(g.rnd, [2, 2, 3, 4]);
      const frame =
        type === 2 ? [2, id, 'Heartbeat', {}] : type === 3 ? [3, id, {}] : [4, id, 'GenericError', '', {}];
      return text('hugeId', frame);
    },
  },
  {
    cls: 'unknownAction',
    weight: 6,
    make: (g) => {
      const other = g.protocol === 'ocpp1.6' ? 'TransactionEvent' : 'StartTransaction';
      const action = pick(g.rnd, [
        'NoSuchAction',
        '',
        ' ',
        'heartbeat',
        'Heartbeat ',
        other,
        'RemoteStartTransaction',
        'Reset',
        'GetConfiguration',
        'x'.repeat(int(g.rnd, 100, 20_000)),
        'ไทย漢字',
        '\u0000',
        '../Heartbeat',
      ]);
      return text('unknownAction', [2, g.id(), action, {}]);
    },
  },
  {
    cls: 'mutatedPayload',
    weight: 24,
    make: (g) => {
      const frame = validCall(g);
      frame[3] = mutate(g.rnd, frame[3]);
      return { ...text('mutatedPayload', frame), action: frame[2] as string };
    },
  },
  {
    cls: 'prototype',
    weight: 5,
    make: (g) => {
      if (g.rnd() < 0.4)
        return text('prototype', [2, g.id(), pick(g.rnd, [...PROTO_KEYS, '__defineGetter__']), {}]);
      // A real action's payload with every prototype key added (written as text: an object literal would set
      // the prototype instead of a key).
      const [, id, action, payload] = validCall(g) as [2, string, string, Json];
      const keys = [JSON.stringify(payload).slice(1, -1), ...PROTO_OBJECTS.map((o) => o.slice(1, -1))];
      return text('prototype', `[2,"${id}","${action}",{${keys.filter(Boolean).join(',')}}]`);
    },
  },
  {
    cls: 'binary',
    weight: 4,
    make: (g) => {
      const choice = g.rnd();
      const data =
        choice < 0.4
          ? Buffer.from(Array.from({ length: int(g.rnd, 1, 300) }, () => int(g.rnd, 0, 255)))
          : choice < 0.8
            ? Buffer.from(JSON.stringify(validCall(g)))
            : Buffer.from(JSON.stringify([3, g.id(), {}]));
      return { cls: 'binary', data, binary: true };
    },
  },
  {
    cls: 'deepNesting',
    weight: 3,
    make: (g) => {
      const depth = int(g.rnd, 100, 40_000);
      const open = g.rnd() < 0.5 ? '['.repeat(depth) : '{"a":'.repeat(depth);
      const close = open.startsWith('[') ? ']'.repeat(depth) : '}'.repeat(depth);
      const where = g.rnd();
      const inner = `${open}1${close}`;
      const frame =
        where < 0.3
          ? inner
          : where < 0.6
            ? `[2,"${g.id()}","DataTransfer",{"vendorId":"fuzz","data":${inner}}]`
            : where < 0.8
              ? `[2,"${g.id()}","Heartbeat",${open.startsWith('[') ? `{"a":${inner}}` : inner}]`
              : `[3,"${g.id()}",{"a":${inner}}]`;
      return text('deepNesting', frame.length < MAX_BYTES - 1024 ? frame : inner.slice(0, 1000));
    },
  },
  {
    cls: 'longString',
    weight: 3,
    make: (g) => {
      const multibyte = g.rnd() < 0.3;
      const long = multibyte
        ? 'ไ'.repeat(int(g.rnd, 10_000, 38_000))
        : 'x'.repeat(int(g.rnd, 10_000, 115_000));
      const frame = validCall(g, pick(g.rnd, ['DataTransfer', 'BootNotification', 'Authorize']));
      const payload = frame[3] as Json;
      if (frame[2] === 'DataTransfer') payload.data = long;
      else if (frame[2] === 'Authorize' && g.protocol === 'ocpp1.6') payload.idTag = long;
      else if (frame[2] === 'Authorize') (payload.idToken as Json).idToken = long;
      else if (g.protocol === 'ocpp1.6') payload.chargePointVendor = long;
      else (payload.chargingStation as Json).model = long;
      return text('longString', frame);
    },
  },
  {
    cls: 'answerUnknownId',
    weight: 5,
    make: (g) =>
      text(
        'answerUnknownId',
        g.rnd() < 0.5
          ? [3, pick(g.rnd, [randomUUID(), g.id(), '-1']), mutate(g.rnd, { status: 'Accepted' })]
          : [4, pick(g.rnd, [randomUUID(), g.id(), '-1']), 'GenericError', 'unknown', {}],
      ),
  },
  {
    cls: 'answerMalformed',
    weight: 5,
    make: (g) => {
      const id = g.id();
      return text(
        'answerMalformed',
        pick(g.rnd, [
          `[3,"${id}"]`,
          `[4,"${id}"]`,
          '[3]',
          '[4]',
          `[3,17,{}]`,
          `[4,null,"GenericError","",{}]`,
          `[3,"${id}","Accepted"]`,
          `[3,"${id}",[]]`,
          `[3,"${id}",{},{}]`,
          `[4,"${id}",5,"d",{}]`,
          `[4,"${id}","GenericError",7,{}]`,
          `[4,"${id}","GenericError","d",[]]`,
          `[4,"${id}","GenericError","d",{},1]`,
          `[3,"${id}",${PROTO_OBJECTS[0]}]`,
        ]),
      );
    },
  },
  {
    cls: 'answerForeign',
    weight: 3,
    make: (g) =>
      text(
        'answerForeign',
        g.rnd() < 0.5
          ? [3, g.foreignId, { status: 'Accepted' }]
          : [4, g.foreignId, 'GenericError', 'not mine', {}],
      ),
  },
  {
    cls: 'validCall',
    weight: 8,
    make: (g) => {
      const frame = validCall(g);
      return { ...text('validCall', frame), action: frame[2] as string };
    },
  },
  {
    cls: 'oversize',
    weight: 0.15,
    make: (g) =>
      text('oversize', [2, g.id(), 'DataTransfer', { vendorId: 'x', data: 'x'.repeat(MAX_BYTES) }]),
  },
  {
    cls: 'badUtf8',
    weight: 0.15,
    make: (g) => ({
      cls: 'badUtf8',
      data: Buffer.concat([
        Buffer.from(`[2,"${g.id()}","DataTransfer",{"vendorId":"`),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}]'),
      ]),
    }),
  },
];

const TOTAL_WEIGHT = CLASSES.reduce((sum, c) => sum + c.weight, 0);

function nextFrame(g: Generator): FuzzFrame {
  let r = g.rnd() * TOTAL_WEIGHT;
  for (const c of CLASSES) {
    r -= c.weight;
    if (r < 0) return c.make(g);
  }
  return CLASSES[0]!.make(g);
}

/** Whether a frame is a Heartbeat CALL (which the platform answers without logging it when it is valid). */
function isHeartbeat(frame: FuzzFrame): boolean {
  const text = typeof frame.data === 'string' ? frame.data : frame.data.toString('utf8');
  if (!text.includes('Heartbeat')) return false;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) && value[0] === 2 && value[2] === 'Heartbeat';
  } catch {
    return false;
  }
}

// ---- Figures ---------------------------------------------------------------------------------------------

export interface OcppFuzzFigures {
  seed: number;
  framesSent: number;
  bySubprotocol: Record<Protocol, number>;
  byClass: Record<string, number>;
  /** Frames that must get exactly one answer. */
  callsSent: number;
  answersReceived: number;
  callResultsReceived: number;
  callErrorsReceived: number;
  callErrorsByCode: Record<string, number>;
  /** Answers to a CALLRESULT or CALLERROR (must be 0). */
  unexpectedAnswers: number;
  /** Frames that should have been answered and were not (must be 0). */
  missingAnswers: number;
  /** Answers naming no frame sent, or sent twice (must be 0). */
  strayAnswers: number;
  /** Answers that are not a CALLRESULT / CALLERROR of the standard's shape, or leak a stack (must be 0). */
  malformedAnswers: number;
  /** CALLERRORs with InternalError: the platform failed on what it was sent (must be 0). */
  internalErrors: number;
  /** CALLs the platform sent to a fuzzing connection (none expected; not counted as answers). */
  platformCalls: number;
  /** Frames that reached the platform and are missing from the message log (must be 0). */
  framesNotLogged: number;
  /** 1.6 sessions the platform started for the fuzzers (their later messages name them). */
  transactionsStarted: number;
  closesByCode: Record<string, number>;
  /** Closes no frame asked for, or with another code than the frame's (must be 0). */
  unexpectedCloses: number;
  wellBehavedCalls: number;
  wellBehavedAnswered: number;
  /** CALLERRORs, time-outs and disconnects of the well-behaved chargers (must be 0). */
  wellBehavedErrors: number;
  wellBehavedDisconnects: number;
  /** Another charger's command is unchanged by answers naming it. */
  foreignCommandUntouched: boolean;
  prototypePolluted: boolean;
  /** Errors the runtime reported during the pass. */
  runtimeErrors: string[];
  runtimeHealthy: boolean;
  durationMs: number;
  framesPerSecond: number;
  /** The first problems found, each with what reproduces it. */
  problems: string[];
}

export interface OcppFuzzOptions {
  frames: number;
  seed?: number;
  /** Fuzzing connections per subprotocol (3 by default). */
  connections?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

const MAX_PROBLEMS = 30;

class Tally {
  readonly figures: Omit<
    OcppFuzzFigures,
    | 'seed'
    | 'wellBehavedCalls'
    | 'wellBehavedAnswered'
    | 'wellBehavedErrors'
    | 'wellBehavedDisconnects'
    | 'foreignCommandUntouched'
    | 'prototypePolluted'
    | 'runtimeErrors'
    | 'runtimeHealthy'
    | 'durationMs'
    | 'framesPerSecond'
  > = {
    framesSent: 0,
    bySubprotocol: { 'ocpp1.6': 0, 'ocpp2.0.1': 0 },
    byClass: {},
    callsSent: 0,
    answersReceived: 0,
    callResultsReceived: 0,
    callErrorsReceived: 0,
    callErrorsByCode: {},
    unexpectedAnswers: 0,
    missingAnswers: 0,
    strayAnswers: 0,
    malformedAnswers: 0,
    internalErrors: 0,
    platformCalls: 0,
    framesNotLogged: 0,
    transactionsStarted: 0,
    closesByCode: {},
    unexpectedCloses: 0,
    problems: [],
  };

  problem(line: string) {
    if (this.figures.problems.length < MAX_PROBLEMS) this.figures.problems.push(line);
  }

  close(code: number) {
    this.figures.closesByCode[code] = (this.figures.closesByCode[code] ?? 0) + 1;
  }
}

const excerpt = (frame: FuzzFrame) => {
  const t = typeof frame.data === 'string' ? frame.data : `<binary> ${frame.data.toString('utf8')}`;
  return t.length > 160 ? `${t.slice(0, 160)}… (${t.length} chars)` : t;
};

// ---- Connections -----------------------------------------------------------------------------------------

interface Connection {
  socket: WebSocket;
  /** Frames received since the last reset (parsed; text that is not JSON is kept as a string). */
  received: unknown[];
  closed: Promise<number>;
  /** Resolves when a frame passing the test arrives. */
  until(test: (frame: unknown) => boolean, timeoutMs: number): Promise<boolean>;
}

function openConnection(baseUrl: string, chargePointId: string, protocol: Protocol): Promise<Connection> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${topology.websocket.path}/${encodeURIComponent(chargePointId)}`;
  const authorization = `Basic ${Buffer.from(`${chargePointId}:${PASSWORD}`).toString('base64')}`;
  const socket = new WebSocket(url, [protocol], { headers: { authorization }, maxPayload: 4 * MAX_BYTES });
  const received: unknown[] = [];
  const waiters = new Set<{ test: (f: unknown) => boolean; done: (ok: boolean) => void }>();
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  socket.on('message', (data) => {
    let frame: unknown;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      frame = data.toString();
    }
    received.push(frame);
    for (const w of waiters) if (w.test(frame)) w.done(true);
  });
  socket.on('close', (code) => {
    resolveClosed(code);
    for (const w of waiters) w.done(false);
  });
  socket.on('error', () => undefined); // the close that follows is what counts
  const until = (test: (f: unknown) => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (socket.readyState !== WebSocket.OPEN) return resolve(false);
      const waiter = {
        test,
        done: (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      waiters.add(waiter);
    });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`${chargePointId}: HTTP ${res.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () => resolve({ socket, received, closed, until }));
  });
}

/** A CALLRESULT or CALLERROR of the standard's shape, without a stack or a path in its description. */
function answerProblem(frame: unknown): string | undefined {
  if (!Array.isArray(frame)) return 'not an OCPP-J array';
  if (frame[0] === 3)
    return frame.length === 3 && typeof frame[1] === 'string' ? undefined : 'bad CALLRESULT';
  if (frame[0] !== 4) return 'neither a CALLRESULT nor a CALLERROR';
  const [, id, code, description, details] = frame as unknown[];
  if (
    frame.length !== 5 ||
    typeof id !== 'string' ||
    typeof code !== 'string' ||
    typeof description !== 'string'
  )
    return 'bad CALLERROR';
  if (typeof details !== 'object' || details === null || Array.isArray(details))
    return 'bad CALLERROR details';
  if (description.length > 255) return 'CALLERROR description over 255 characters';
  if (/\n\s+at |node_modules|\/work\/|\.ts:\d/.test(description))
    return 'CALLERROR description leaks a stack';
  return undefined;
}

// ---- The pass --------------------------------------------------------------------------------------------

const chargerIds = (connections: number) =>
  PROTOCOLS.flatMap((protocol) =>
    Array.from({ length: connections }, (_, i) => ({
      id: `FUZZ-CP-${protocol === 'ocpp1.6' ? '16' : '201'}-${i + 1}`,
      protocol,
    })),
  );
const goodIds = PROTOCOLS.map((protocol) => ({
  id: `FUZZ-OK-${protocol === 'ocpp1.6' ? '16' : '201'}`,
  protocol,
}));

/** Registers the pass's charge points under the demo company, once per data folder. */
async function ensureChargers(list: { id: string; protocol: Protocol }[]) {
  const missing: typeof list = [];
  for (const c of list) if (!(await chargePoints.repo.getAny(c.id))) missing.push(c);
  if (missing.length)
    await registerChargers({
      tenant: TENANT,
      station: { name: 'Fuzz station' },
      password: PASSWORD,
      chargePoints: missing.map((c) => ({ chargePointId: c.id, protocol: c.protocol, connectors: 2 })),
    });
}

async function fuzzOne(
  runtime: Runtime,
  tally: Tally,
  who: { id: string; protocol: Protocol; index: number },
  quota: number,
  seed: number,
  foreignId: string,
): Promise<number | undefined> {
  const rnd = prng((seed ^ Math.imul(who.index + 1, 0x9e3779b1)) >>> 0);
  let counter = 0;
  const g: Generator = {
    rnd,
    protocol: who.protocol,
    id: () => `f${who.index}-${(counter++).toString(36)}`,
    foreignId,
    transactions: [],
  };
  const f = tally.figures;
  let conn = await openConnection(runtime.url, who.id, who.protocol);
  let sent = 0;
  let batchNo = 0;
  /** Frames the platform handled (the markers too; not the ones the WebSocket layer refused); unknown after a close no frame asked for. */
  let handled: number | undefined = 0;
  const where = (n: number, frame: FuzzFrame) =>
    `seed ${seed}, ${who.id} (${who.protocol}), frame ${n} [${frame.cls}]: ${excerpt(frame)}`;

  while (sent < quota) {
    // Each frame with what the platform must do with it (worked out once: frames may be 120 KB of JSON).
    const batch: { frame: FuzzFrame; expect: Expectation }[] = [];
    let closing: { frame: FuzzFrame; expect: Extract<Expectation, { kind: 'close' }> } | undefined;
    const size = Math.min(quota - sent, int(rnd, 10, MAX_BATCH));
    while (batch.length < size) {
      const frame = nextFrame(g);
      const expect = expectationOf(frame);
      if (expect.kind === 'close') {
        closing = { frame, expect };
        break;
      }
      batch.push({ frame, expect });
    }
    const first = sent;
    conn.received.length = 0;
    for (const { frame } of batch) conn.socket.send(frame.data, { binary: frame.binary === true });
    const marker = `sync-${who.index}-${batchNo++}`;
    conn.socket.send(JSON.stringify([2, marker, 'Heartbeat', {}]));
    const synced = await conn.until((r) => Array.isArray(r) && r[1] === marker, 60_000);
    sent += batch.length;
    // A Heartbeat answered with its CALLRESULT (the marker too) writes nothing, the log included (decision
    // 430): every other frame the platform handled is logged.
    const heartbeatIds = new Set(
      batch.flatMap(({ frame, expect }) =>
        expect.kind === 'answer' && isHeartbeat(frame) ? [expect.id] : [],
      ),
    );
    const unlogged = conn.received.filter(
      (r) => Array.isArray(r) && r[0] === 3 && typeof r[1] === 'string' && heartbeatIds.has(r[1]),
    ).length;
    if (handled !== undefined) handled = synced ? handled + batch.length - unlogged : undefined;
    f.framesSent += batch.length;
    f.bySubprotocol[who.protocol] += batch.length;

    // Check the batch: every answer matched to the frame it answers.
    const expected = new Map<string, number>();
    const unanswerable = new Set<string>();
    for (const { frame, expect } of batch) {
      f.byClass[frame.cls] = (f.byClass[frame.cls] ?? 0) + 1;
      if (expect.kind === 'answer') {
        f.callsSent++;
        expected.set(expect.id, (expected.get(expect.id) ?? 0) + 1);
      } else if (expect.kind === 'none') unanswerable.add(expect.id ?? '-1');
    }
    /** The frame an answer's id names, for the report. */
    const culprit = (id: string, kind: Expectation['kind']) => {
      const i = batch.findIndex(
        ({ expect }) => expect.kind === kind && expect.kind !== 'close' && (expect.id ?? '-1') === id,
      );
      return i < 0 ? `seed ${seed}, ${who.id}: id ${id}` : where(first + i, batch[i]!.frame);
    };
    const answers = conn.received.filter((r) => !(Array.isArray(r) && r[1] === marker));
    for (const answer of answers) {
      if (Array.isArray(answer) && answer[0] === 2) {
        f.platformCalls++;
        continue;
      }
      f.answersReceived++;
      const problem = answerProblem(answer);
      if (problem) {
        f.malformedAnswers++;
        tally.problem(`seed ${seed}, ${who.id}: ${problem}: ${JSON.stringify(answer).slice(0, 300)}`);
        continue;
      }
      const [type, id, code] = answer as [number, string, string];
      if (type === 3) f.callResultsReceived++;
      else {
        f.callErrorsReceived++;
        f.callErrorsByCode[code] = (f.callErrorsByCode[code] ?? 0) + 1;
      }
      const left = expected.get(id) ?? 0;
      if (left > 0) {
        expected.set(id, left - 1);
        const result = (answer as unknown[])[2] as { transactionId?: unknown };
        if (type === 3 && typeof result.transactionId === 'number') {
          const started = batch.find(
            ({ frame, expect }) =>
              frame.action === 'StartTransaction' && expect.kind === 'answer' && expect.id === id,
          );
          if (started) {
            f.transactionsStarted++;
            g.transactions = [...g.transactions, result.transactionId].slice(-5);
          }
        }
        if (code === 'InternalError') {
          f.internalErrors++;
          tally.problem(`InternalError for ${culprit(id, 'answer')}`);
        }
      } else if (unanswerable.has(id)) {
        f.unexpectedAnswers++;
        tally.problem(`answered a non-CALL: ${culprit(id, 'none')}`);
      } else {
        f.strayAnswers++;
        tally.problem(`seed ${seed}, ${who.id}: stray answer ${JSON.stringify(answer).slice(0, 200)}`);
      }
    }
    for (const [id, left] of expected)
      if (left > 0) {
        f.missingAnswers += left;
        tally.problem(`no answer: ${culprit(id, 'answer')}`);
      }

    if (!synced) {
      // The marker got no answer: the connection closed (or hung), which no frame of the batch asked for.
      const code = await Promise.race([
        conn.closed,
        new Promise<number>((r) => setTimeout(() => r(-1), waitDeadline(5_000))),
      ]);
      tally.close(code);
      f.unexpectedCloses++;
      tally.problem(
        `seed ${seed}, ${who.id}: batch ${batchNo - 1} ended by close ${code}, frames ${first}..${sent - 1}`,
      );
      conn.socket.terminate();
      conn = await openConnection(runtime.url, who.id, who.protocol);
    }

    if (closing) {
      // A frame the WebSocket layer refuses: the connection must close with its code; then a new one.
      conn.socket.send(closing.frame.data, { binary: false });
      sent++;
      f.framesSent++;
      f.bySubprotocol[who.protocol]++;
      f.byClass[closing.frame.cls] = (f.byClass[closing.frame.cls] ?? 0) + 1;
      const code = await Promise.race([
        conn.closed,
        // However busy the machine: the close comes late, not never (test/helpers/waits.ts).
        new Promise<number>((r) => setTimeout(() => r(-1), waitDeadline(10_000))),
      ]);
      tally.close(code);
      if (!closing.expect.codes.includes(code)) {
        f.unexpectedCloses++;
        tally.problem(
          `closed with ${code}, expected ${closing.expect.codes.join('/')}: ${where(sent - 1, closing.frame)}`,
        );
        conn.socket.terminate();
      }
      conn = await openConnection(runtime.url, who.id, who.protocol);
    }
  }
  await new Promise<void>((resolve) => {
    if (conn.socket.readyState === WebSocket.CLOSED) return resolve();
    conn.socket.once('close', () => resolve());
    conn.socket.close(1000);
  });
  return handled;
}

/** Frames a charger sent that the message log holds since `since` (each is one item, with its answer). */
async function loggedFrames(chargePointId: string, since: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocument().send(
      new QueryCommand({
        TableName: config.tableName('ocppLog'),
        KeyConditionExpression: 'chargePointId = :id AND #at >= :since',
        FilterExpression: 'direction = :in',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':id': chargePointId, ':since': since, ':in': 'in' },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** A well-behaved charger calling valid requests until told to stop. */
async function behave(charger: SimulatedCharger, stop: { done: boolean }, problems: (line: string) => void) {
  const idTag = 'SIM-TAG-001';
  while (!stop.done) {
    const choice = Math.random();
    const status = charger.statusPayload(charger.connectors.find((c) => c.id > 0)!)!;
    try {
      if (choice < 0.5) await charger.call('Heartbeat', {});
      else if (choice < 0.8) await charger.call(status.action, status.payload);
      else if (charger.version === '1.6') await charger.call('Authorize', { idTag });
      else await charger.call('Authorize', { idToken: { idToken: idTag, type: 'ISO14443' } });
    } catch (error) {
      problems(`well-behaved ${charger.id}: ${(error as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs the pass against a runtime started in this process (test/helpers/runtime.ts or `npm run fuzz`):
 * `frames` malformed frames spread over `connections` fuzzing connections per subprotocol.
 */
export async function runOcppFuzz(runtime: Runtime, options: OcppFuzzOptions): Promise<OcppFuzzFigures> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const since = new Date(started).toISOString();
  const errorsBefore = [...runtime.errors];
  const fuzzers = chargerIds(options.connections ?? 3);
  await ensureChargers([...fuzzers, ...goodIds]);
  const tally = new Tally();

  // Another charger's command, sent and waiting for its answer: answers naming it from a fuzzer change nothing.
  const foreignId = randomUUID();
  await createCommand({
    commandId: foreignId,
    chargePointId: goodIds[0]!.id,
    agentId: 'demo-operator',
    action: 'ClearCache',
    payload: {},
  });
  await markSent(foreignId);

  const good = goodIds.map(
    (c) =>
      new SimulatedCharger({
        url: runtime.url.replace(/^http/, 'ws'),
        id: c.id,
        password: PASSWORD,
        ocpp: c.protocol === 'ocpp1.6' ? '1.6' : '2.0.1',
        connectors: 1,
        validate: true,
        callTimeoutMs: 30_000,
        log: () => undefined,
      }),
  );
  await Promise.all(good.map((c) => c.start()));
  await Promise.all(good.map((c) => c.whenBooted()));
  const stop = { done: false };
  const behaving = good.map((c) => behave(c, stop, (line) => tally.problem(line)));

  const quota = Math.ceil(options.frames / fuzzers.length);
  const progress = setInterval(
    () => log(`ocpp fuzz: ${tally.figures.framesSent}/${quota * fuzzers.length} frames`),
    10_000,
  );
  try {
    const handled = await Promise.all(
      fuzzers.map((who, index) =>
        fuzzOne(runtime, tally, { ...who, index }, quota, seed, foreignId).catch((error: Error) => {
          tally.problem(`seed ${seed}, ${who.id}: the pass stopped: ${error.message}`);
          return undefined;
        }),
      ),
    );
    // Every frame that reached the platform is in the message log.
    for (const [i, who] of fuzzers.entries()) {
      const expected = handled[i];
      if (expected === undefined) continue;
      const missing = expected - (await loggedFrames(who.id, since));
      if (missing > 0) {
        tally.figures.framesNotLogged += missing;
        tally.problem(
          `seed ${seed}, ${who.id}: ${missing} of ${expected} frames missing from the message log`,
        );
      }
    }
  } finally {
    clearInterval(progress);
    stop.done = true;
    await Promise.all(behaving);
    await Promise.all(good.map((c) => c.drain(30_000)));
  }
  const stats = good.map((c) => ({ ...c.stats }));
  await Promise.all(good.map((c) => c.stop()));

  const foreign = await getCommand(foreignId);
  const health = await fetch(`${runtime.url}/health`)
    .then(async (res) => res.ok && ((await res.json()) as { status?: string }).status === 'ok')
    .catch(() => false);
  const polluted = ({} as Record<string, unknown>).polluted !== undefined || 'polluted' in Object.prototype;
  const durationMs = Date.now() - started;
  // Every failed rule is a problem too, so a caller may check `problems` alone.
  const sum = (key: keyof SimulatedCharger['stats']) => stats.reduce((n, s) => n + s[key], 0);
  const runtimeErrors = runtime.errors.filter((e) => !errorsBefore.includes(e));
  const foreignCommandUntouched = foreign?.status === 'sent' || foreign?.status === 'timeout';
  if (
    sum('callResults') + sum('callErrors') !== sum('callsSent') ||
    sum('callErrors') ||
    sum('invalidFrames')
  )
    tally.problem(`well-behaved chargers: ${JSON.stringify(stats)}`);
  if (sum('disconnects')) tally.problem(`well-behaved chargers disconnected ${sum('disconnects')} times`);
  if (!foreignCommandUntouched) tally.problem(`another charger's command was changed: ${foreign?.status}`);
  if (polluted) tally.problem('a prototype was polluted');
  for (const e of runtimeErrors) tally.problem(`runtime error: ${e}`);
  if (!health) tally.problem('/health is not ok afterwards');
  return {
    seed,
    ...tally.figures,
    wellBehavedCalls: sum('callsSent'),
    wellBehavedAnswered: sum('callResults') + sum('callErrors'),
    wellBehavedErrors: sum('callErrors') + sum('callTimeouts') + sum('invalidFrames'),
    wellBehavedDisconnects: sum('disconnects'),
    foreignCommandUntouched,
    prototypePolluted: polluted,
    runtimeErrors,
    runtimeHealthy: health,
    durationMs,
    framesPerSecond: Math.round((tally.figures.framesSent / durationMs) * 1000),
  };
}
