/**
 * One simulated charger on one OCPP-J connection (1.6 or 2.0.1): Basic auth `id:password`, subprotocol
 * `ocpp1.6` / `ocpp2.0.1`, BootNotification (retried on Pending, Rejected or an error), heartbeats at the
 * interval the central system returns, status per connector, sessions with metered energy, faults, answers to
 * every command the console can send (commands16.ts, commands201.ts), reconnection with backoff, and an
 * outbox: CALLs go one at a time (OCPP-J allows one outstanding CALL per direction) and transaction messages
 * produced while disconnected wait for the next connection, in order.
 *
 * Time: protocol intervals are simulated seconds; `timeScale` simulated seconds pass per real second, so a
 * test can run an hour-long session in a second. Timestamps in frames are real time.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { CHARGE_POINT_ERROR_CODES } from '@shared/ocpp/connector-state.ts';
import { commands16 } from './commands16.ts';
import { commands201 } from './commands201.ts';
import {
  advance,
  randomEv,
  sampledValues16,
  sampledValues201,
  type Context,
  type Electrical,
  type Ev,
  type PowerType,
  type Reading,
} from './model.ts';
import { checkPayload, hasSchema, type OcppProtocol } from './schemas.ts';
import {
  configuration16,
  deviceModel201,
  variableKey,
  type ChargerIdentity,
  type ConfigEntry,
  type DeviceVariable,
} from './settings.ts';

export type OcppVersion = '1.6' | '2.0.1';
export type Json = Record<string, unknown>;

export const protocolOf = (version: OcppVersion): OcppProtocol =>
  version === '1.6' ? 'ocpp1.6' : 'ocpp2.0.1';

/** Connector states in OCPP 1.6 terms; 2.0.1 reports them as Available/Occupied/Reserved/Unavailable/Faulted. */
export type ConnectorStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEV'
  | 'SuspendedEVSE'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

/** Why a session ends: the OCPP 1.6 reasons plus a few 2.0.1 ones (mapped to the nearest of the other version). */
export type StopReason =
  | 'Local'
  | 'Remote'
  | 'EVDisconnected'
  | 'DeAuthorized'
  | 'EmergencyStop'
  | 'HardReset'
  | 'SoftReset'
  | 'Reboot'
  | 'PowerLoss'
  | 'UnlockCommand'
  | 'Other'
  | 'GroundFault'
  | 'OvercurrentFault'
  | 'SOCLimitReached'
  | 'EnergyLimitReached'
  | 'TimeLimitReached';

const stopReasons: Record<StopReason, { v16: string; v201: string; trigger: string }> = {
  Local: { v16: 'Local', v201: 'Local', trigger: 'StopAuthorized' },
  Remote: { v16: 'Remote', v201: 'Remote', trigger: 'RemoteStop' },
  EVDisconnected: { v16: 'EVDisconnected', v201: 'EVDisconnected', trigger: 'EVDeparted' },
  DeAuthorized: { v16: 'DeAuthorized', v201: 'DeAuthorized', trigger: 'Deauthorized' },
  EmergencyStop: { v16: 'EmergencyStop', v201: 'EmergencyStop', trigger: 'AbnormalCondition' },
  HardReset: { v16: 'HardReset', v201: 'ImmediateReset', trigger: 'ResetCommand' },
  SoftReset: { v16: 'SoftReset', v201: 'ImmediateReset', trigger: 'ResetCommand' },
  Reboot: { v16: 'Reboot', v201: 'Reboot', trigger: 'ResetCommand' },
  PowerLoss: { v16: 'PowerLoss', v201: 'PowerLoss', trigger: 'AbnormalCondition' },
  UnlockCommand: { v16: 'UnlockCommand', v201: 'Other', trigger: 'UnlockCommand' },
  Other: { v16: 'Other', v201: 'Other', trigger: 'AbnormalCondition' },
  GroundFault: { v16: 'Other', v201: 'GroundFault', trigger: 'AbnormalCondition' },
  OvercurrentFault: { v16: 'Other', v201: 'OvercurrentFault', trigger: 'AbnormalCondition' },
  SOCLimitReached: { v16: 'EVDisconnected', v201: 'SOCLimitReached', trigger: 'EnergyLimitReached' },
  EnergyLimitReached: { v16: 'Other', v201: 'EnergyLimitReached', trigger: 'EnergyLimitReached' },
  TimeLimitReached: { v16: 'Other', v201: 'TimeLimitReached', trigger: 'TimeLimitReached' },
};

/** OCPP 1.6 ChargePointErrorCode values of a fault; any other fault code is sent as OtherError with a vendor code. */
export const errorCodes16: readonly string[] = CHARGE_POINT_ERROR_CODES.filter((code) => code !== 'NoError');

export interface ChargerOptions {
  /** Base URL of the central system, e.g. ws://localhost:3000 (`/ocpp/{id}` is appended) or a URL ending in the path. */
  url: string;
  id: string;
  password?: string;
  ocpp?: OcppVersion;
  /** Connectors (1.6) or EVSEs with one connector each (2.0.1). Default 2. */
  connectors?: number;
  powerType?: PowerType;
  maxPowerKw?: number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  /** Simulated seconds per real second (default 1). */
  timeScale?: number;
  /** Real ms to wait for a CALLRESULT (default 30 s). */
  callTimeoutMs?: number;
  /** Reconnect backoff in real ms (default 1 s doubling to 30 s, with jitter). */
  reconnect?: { minMs?: number; maxMs?: number };
  /** Simulated seconds between BootNotification attempts after an error or time-out (default 60). */
  bootRetryS?: number;
  /** Simulated seconds from session end to the cable being unplugged (Finishing → Available; default 10). */
  unplugS?: number;
  /** Simulated seconds per firmware or upload step (default 5). */
  stepS?: number;
  /** Simulated seconds a reboot takes (default 5). */
  rebootS?: number;
  /** Boot automatically on start (default true). */
  autoBoot?: boolean;
  /** Send heartbeats after boot (default true). */
  heartbeat?: boolean;
  /**
   * Run sessions in a loop on every connector (simulated seconds); `firstStartS`: connector 1 starts its first
   * session that soon after start-up instead of after an idle time (a demo that is alive at once).
   */
  sessions?:
    boolean | { idleS?: [number, number]; durationS?: [number, number]; firstStartS?: [number, number] };
  /** Random faults now and then, recovered after a while (simulated seconds). */
  faults?: boolean | { meanIntervalS?: number; recoverS?: [number, number] };
  /** Id tags the session loop uses (default SIM-TAG-001). */
  idTags?: string[];
  /** Check every frame sent against the official schemas; invalid ones are reported ('invalid' event). */
  validate?: boolean;
  /** Most transaction messages kept while offline (oldest periodic meter values dropped first). */
  maxQueued?: number;
  log?: (line: string) => void;
  random?: () => number;
}

export interface SessionInfo {
  connectorId: number;
  transactionId: number | string | undefined;
  idTag: string;
  meterStartWh: number;
  meterStopWh?: number;
  reason?: StopReason;
}

export interface Stats {
  connects: number;
  disconnects: number;
  connectFailures: number;
  callsSent: number;
  callResults: number;
  callErrors: number;
  callTimeouts: number;
  commandsReceived: number;
  commandsNotImplemented: number;
  sessionsStarted: number;
  sessionsStopped: number;
  meterValuesSent: number;
  dropped: number;
  invalidFrames: number;
}

interface Session {
  idTag: string;
  transactionId?: number | string;
  startedAt: Date;
  meterStartWh: number;
  seqNo: number;
  ev: Ev;
  lastTickAt: number;
  lastReading: Reading;
  chargingState: 'EVConnected' | 'Charging' | 'SuspendedEV' | 'SuspendedEVSE';
  remoteStartId?: number;
  reservationId?: number;
  timer?: NodeJS.Timeout;
  /** Settles when the transaction is known to the central system (or failed to start). */
  begun: Promise<boolean>;
  stopping?: Promise<SessionInfo | undefined>;
}

export interface ChargingProfile {
  id: number;
  purpose: string;
  stackLevel: number;
  transactionId?: number | string;
  unit: 'A' | 'W';
  periods: { startPeriod: number; limit: number; numberPhases?: number }[];
  startsAt: number;
  /** When its schedule's duration ends (none: it goes on). */
  endsAt?: number;
  raw: Json;
}

export interface Connector {
  id: number;
  status: ConnectorStatus;
  errorCode: string;
  operative: boolean;
  /** ChangeAvailability received during a session: applied when it ends. */
  pendingOperative?: boolean;
  fault?: { code: string; info?: string; eventId: number };
  reservation?: { id: number; idTag: string; expiresAt: number; timer: NodeJS.Timeout };
  session?: Session;
  registerWh: number;
  profiles: Map<number, ChargingProfile>;
  unplugTimer?: NodeJS.Timeout;
  electrical: Electrical;
}

interface Outgoing {
  action: string;
  payload: Json;
  persistent: boolean;
  beforeBoot: boolean;
  droppable: boolean;
  attempts: number;
  resolve: (payload: Json) => void;
  reject: (error: Error) => void;
}

/** A CALLERROR answer. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly action: string,
  ) {
    super(`${action}: ${code} ${description}`.trim());
  }
}

export type CommandOutcome = { result: Json; after?: () => unknown };
export type CommandHandler = (
  charger: SimulatedCharger,
  payload: Json,
) => CommandOutcome | Promise<CommandOutcome>;

const ISO = () => new Date().toISOString();
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class SimulatedCharger extends EventEmitter {
  readonly id: string;
  readonly version: OcppVersion;
  readonly protocol: OcppProtocol;
  readonly connectors: Connector[];
  readonly stats: Stats = {
    connects: 0,
    disconnects: 0,
    connectFailures: 0,
    callsSent: 0,
    callResults: 0,
    callErrors: 0,
    callTimeouts: 0,
    commandsReceived: 0,
    commandsNotImplemented: 0,
    sessionsStarted: 0,
    sessionsStopped: 0,
    meterValuesSent: 0,
    dropped: 0,
    invalidFrames: 0,
  };
  /** OCPP 1.6 configuration keys. */
  readonly configuration: Map<string, ConfigEntry>;
  /** OCPP 2.0.1 device model. */
  readonly deviceModel: Map<string, DeviceVariable>;
  readonly identity: ChargerIdentity;
  firmwareVersion: string;
  booted = false;
  /** Last BootNotification answer. */
  bootStatus: string | undefined;
  /** Last connection failure (e.g. `HTTP 403`). */
  lastError: string | undefined;
  /** Local authorisation list (SendLocalList). */
  localList = { version: 0, entries: new Map<string, Json>() };
  /** Firmware / diagnostics progress, reported when TriggerMessage asks. */
  firmware: { status: string; requestId?: number } = { status: 'Idle' };
  diagnostics: { status: string; requestId?: number } = { status: 'Idle' };
  /** 2.0.1 display messages, monitors and network profiles set by the console. */
  displayMessages = new Map<number, Json>();
  monitors = new Map<number, Json>();
  networkProfiles = new Map<number, Json>();
  monitoring = { base: 'All', level: 9 };
  bootReason = 'PowerUp';
  /** Runs after the next accepted BootNotification (e.g. the Installed firmware status). */
  readonly afterBoot: (() => void)[] = [];

  private readonly options: ChargerOptions;
  private readonly url: string;
  private readonly scale: number;
  private readonly callTimeoutMs: number;
  private readonly random: () => number;
  private socket?: WebSocket;
  private outbox: Outgoing[] = [];
  private inFlight?: { entry: Outgoing; id: string; timer: NodeJS.Timeout; sentAt: number };
  private messageSeq = 0;
  private stopped = true;
  private offline = false;
  private rebooting = false;
  private booting = false;
  private loopsStarted = false;
  private reconnectAttempts = 0;
  private heartbeatTimer?: NodeJS.Timeout;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private drainWaiters: (() => void)[] = [];
  private eventSeq = 0;
  private lastBootIntervalS = 0;

  constructor(options: ChargerOptions) {
    super();
    this.options = options;
    this.id = options.id;
    this.version = options.ocpp ?? '1.6';
    this.protocol = protocolOf(this.version);
    this.scale = options.timeScale && options.timeScale > 0 ? options.timeScale : 1;
    this.callTimeoutMs = options.callTimeoutMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.url = chargerUrl(options.url, options.id);
    const powerType = options.powerType ?? 'AC';
    const maxPowerW = (options.maxPowerKw ?? (powerType === 'AC' ? 22 : 50)) * 1000;
    const count = Math.max(1, options.connectors ?? 2);
    this.identity = {
      id: options.id,
      vendor: (options.vendor ?? 'EVC Simulator').slice(0, 20),
      model: (options.model ?? `SIM-${powerType}${Math.round(maxPowerW / 1000)}`).slice(0, 20),
      connectors: count,
      maxPowerW,
      powerType,
    };
    this.firmwareVersion = options.firmwareVersion ?? '1.0.0';
    this.configuration = configuration16(this.identity);
    this.deviceModel = deviceModel201(this.identity);
    this.connectors = Array.from({ length: count + 1 }, (_, id) => ({
      id,
      status: 'Available' as ConnectorStatus,
      errorCode: 'NoError',
      operative: true,
      registerWh: Math.round(1_000_000 + this.random() * 4_000_000),
      profiles: new Map<number, ChargingProfile>(),
      electrical: { powerType, maxPowerW, phases: powerType === 'AC' ? 3 : 1 },
    }));
    // An EventEmitter without an 'error' listener throws; a charger reports problems as events and logs instead.
    this.on('error', () => undefined);
  }

  // ---------------------------------------------------------------- lifecycle

  /** Connects (and boots, unless autoBoot is false). Resolves once the first connection attempt settled. */
  start(): Promise<void> {
    if (!this.stopped) return Promise.resolve();
    this.stopped = false;
    this.offline = false;
    return new Promise((resolve) => {
      const done = () => {
        this.off('connected', done);
        this.off('connectFailed', done);
        resolve();
      };
      this.on('connected', done);
      this.on('connectFailed', done);
      this.connect();
    });
  }

  /** Closes the connection for good: timers cleared, pending calls rejected, no reconnect. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Powered off: the next start() boots again.
    this.booted = false;
    this.loopsStarted = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    clearTimeout(this.heartbeatTimer);
    for (const c of this.connectors) {
      clearTimeout(c.session?.timer);
      clearTimeout(c.unplugTimer);
      clearTimeout(c.reservation?.timer);
      c.session = undefined;
      c.reservation = undefined;
      c.status = this.idleStatus(c);
    }
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
    const socket = this.socket;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => socket.terminate(), 2000);
        socket.once('close', () => {
          clearTimeout(force);
          resolve();
        });
        if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
        else socket.close(1000, 'Charger stopped');
      });
    }
    this.failQueued(new Error('Charger stopped'), true);
  }

  /** Drops the connection (network loss) and stays offline until goOnline(). */
  goOffline(): Promise<void> {
    this.offline = true;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.terminate();
    });
  }

  /** Reconnects after goOffline(). */
  goOnline(): void {
    if (!this.offline) return;
    this.offline = false;
    if (!this.stopped && !this.isOpen()) this.connect();
  }

  isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Messages waiting to be sent (offline buffer) plus the one in flight. */
  get queued(): number {
    return this.outbox.length + (this.inFlight ? 1 : 0);
  }

  /** Resolves when booted (at once if already). */
  whenBooted(timeoutMs = 30_000): Promise<void> {
    if (this.booted) return Promise.resolve();
    return this.waitFor('booted', () => true, timeoutMs).then(() => undefined);
  }

  /** The next event of a kind that passes the test. */
  waitFor<T = unknown>(
    event: string,
    test: (value: T) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off(event, listener);
        reject(new Error(`${this.id}: timed out waiting for ${event}`));
      }, timeoutMs);
      const listener = (value: T) => {
        if (!test(value)) return;
        clearTimeout(timer);
        this.off(event, listener);
        resolve(value);
      };
      this.on(event, listener);
    });
  }

  /** Resolves when every queued message has been answered (or the time-out passed). */
  drain(timeoutMs = 30_000): Promise<boolean> {
    if (!this.queued) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.drainWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  // ---------------------------------------------------------------- time

  /** Real ms for simulated seconds. */
  realMs(simulatedSeconds: number): number {
    return Math.max(1, (simulatedSeconds * 1000) / this.scale);
  }

  /** A timer cleared when the charger stops. */
  later(ms: number, fn: () => unknown): NodeJS.Timeout {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.stopped) return;
        try {
          const r = fn();
          if (r instanceof Promise) r.catch((e: Error) => this.log(`${e.message}`));
        } catch (e) {
          this.log((e as Error).message);
        }
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    this.timers.add(timer);
    return timer;
  }

  /** Waits real ms (returns early when the charger stops). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(ms, MAX_TIMER_MS));
      this.sleepers.add(wake);
    });
  }

  log(line: string): void {
    this.emit('log', line);
    this.options.log?.(`${this.id}: ${line}`);
  }

  // ---------------------------------------------------------------- connection

  private connect() {
    if (this.stopped || this.offline) return;
    const headers: Record<string, string> = {};
    if (this.options.password !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${this.id}:${this.options.password}`).toString('base64')}`;
    }
    const socket = new WebSocket(this.url, [this.protocol], { headers, handshakeTimeout: 15_000 });
    this.socket = socket;
    // (a benchmark times each connect from here to 'connected' or 'connectFailed')
    this.emit('connecting');
    let opened = false;
    socket.on('open', () => {
      opened = true;
      this.reconnectAttempts = 0;
      this.lastError = undefined;
      this.stats.connects++;
      if (socket.protocol !== this.protocol) this.log(`server chose subprotocol "${socket.protocol}"`);
      this.emit('connected');
      if (this.booted) {
        // A reconnection, not a reboot: report the connectors again and send what waited.
        this.sendAllStatuses();
        this.pump();
      } else if (this.options.autoBoot !== false) {
        void this.bootLoop();
      }
    });
    socket.on('message', (data) => this.onMessage(data.toString()));
    socket.on('error', (e) => {
      this.lastError = e.message.replace(/^Unexpected server response: (\d+)$/, 'HTTP $1');
      // (a failed connection is reported by the connectFailed event)
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = undefined;
      clearTimeout(this.heartbeatTimer);
      this.requeueInFlight();
      this.failQueued(new Error('Disconnected'), false);
      if (opened) {
        this.stats.disconnects++;
        this.emit('disconnected', { code, reason: reason.toString() });
      } else {
        this.stats.connectFailures++;
        this.emit('connectFailed', this.lastError);
      }
      if (this.stopped || this.offline) return;
      if (this.rebooting) {
        this.rebooting = false;
        this.later(this.realMs(this.options.rebootS ?? 5), () => this.connect());
        return;
      }
      const { minMs = 1000, maxMs = 30_000 } = this.options.reconnect ?? {};
      const delay = Math.min(maxMs, minMs * 2 ** this.reconnectAttempts) * (0.75 + this.random() * 0.5);
      this.reconnectAttempts = Math.min(this.reconnectAttempts + 1, 16);
      this.later(delay, () => this.connect());
    });
  }

  private sendRaw(frame: unknown[]): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    const text = JSON.stringify(frame);
    socket.send(text);
    this.emit('frame', { direction: 'out', text });
    return true;
  }

  private onMessage(text: string) {
    this.emit('frame', { direction: 'in', text });
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return this.log(`unreadable frame: ${text.slice(0, 100)}`);
    }
    if (!Array.isArray(frame) || typeof frame[1] !== 'string')
      return this.log(`not an OCPP-J frame: ${text}`);
    const [type, id] = frame as [number, string, ...unknown[]];
    if (type === 2) void this.onCall(id, String(frame[2]), (frame[3] ?? {}) as Json);
    else if (type === 3 || type === 4) this.onAnswer(id, frame);
    else this.sendRaw([4, id, this.version === '1.6' ? 'ProtocolError' : 'MessageTypeNotSupported', '', {}]);
  }

  // ---------------------------------------------------------------- outgoing CALLs

  /**
   * Sends a CALL now, whether booted or not (for tests and the benchmark); rejects with CallError on a
   * CALLERROR and with an Error on a time-out or when disconnected.
   */
  call(action: string, payload: Json = {}): Promise<Json> {
    return this.enqueue(action, payload, { beforeBoot: true });
  }

  /**
   * Queues a CALL. Transaction messages are `persistent`: kept while disconnected and sent after reconnecting;
   * the others fail at once when there is no connection. Only `beforeBoot` ones go out before boot is accepted.
   */
  enqueue(
    action: string,
    payload: Json,
    options: { persistent?: boolean; beforeBoot?: boolean; droppable?: boolean } = {},
  ): Promise<Json> {
    if (this.options.validate) {
      const problem = checkPayload(this.protocol, action, 'req', payload);
      if (problem) this.reportInvalid(action, 'req', problem);
    }
    return new Promise<Json>((resolve, reject) => {
      const entry: Outgoing = {
        action,
        payload,
        persistent: options.persistent ?? false,
        beforeBoot: options.beforeBoot ?? false,
        droppable: options.droppable ?? false,
        attempts: 0,
        resolve,
        reject,
      };
      if (this.stopped) return reject(new Error('Charger stopped'));
      if (!entry.persistent && !this.isOpen()) return reject(new Error('Disconnected'));
      this.outbox.push(entry);
      this.trimOutbox();
      this.pump();
    });
  }

  /** Fire-and-forget: queued like enqueue, a failure is only logged. */
  fire(action: string, payload: Json, options: { persistent?: boolean; droppable?: boolean } = {}): void {
    this.enqueue(action, payload, options).catch((e: Error) => {
      if (e.message !== 'Disconnected' && e.message !== 'Charger stopped')
        this.log(`${action}: ${e.message}`);
    });
  }

  private trimOutbox() {
    const max = this.options.maxQueued ?? 5000;
    while (this.outbox.length > max) {
      let i = this.outbox.findIndex((e) => e.droppable);
      if (i < 0) i = 0;
      const [dropped] = this.outbox.splice(i, 1);
      this.stats.dropped++;
      dropped!.reject(new Error('Dropped: offline buffer full'));
    }
  }

  private pump() {
    if (this.inFlight || !this.isOpen()) return this.checkDrained();
    const i = this.outbox.findIndex((e) => this.booted || e.beforeBoot);
    if (i < 0) return this.checkDrained();
    const entry = this.outbox.splice(i, 1)[0]!;
    const id = `${(++this.messageSeq).toString(36)}-${randomUUID().slice(0, 8)}`;
    const sentAt = performance.now();
    entry.attempts++;
    const timer = setTimeout(() => {
      if (this.inFlight?.id !== id) return;
      this.inFlight = undefined;
      this.stats.callTimeouts++;
      this.emit('roundtrip', { action: entry.action, ms: performance.now() - sentAt, ok: false });
      // A transaction message is tried again (TransactionMessageAttempts); anything else fails.
      if (entry.persistent && entry.attempts < 3) this.outbox.unshift(entry);
      else entry.reject(new Error(`${entry.action}: no answer within ${this.callTimeoutMs} ms`));
      this.pump();
    }, this.callTimeoutMs);
    this.inFlight = { entry, id, timer, sentAt };
    this.stats.callsSent++;
    if (
      entry.action === 'MeterValues' ||
      (entry.action === 'TransactionEvent' && entry.payload.eventType === 'Updated')
    )
      this.stats.meterValuesSent++;
    this.sendRaw([2, id, entry.action, entry.payload]);
  }

  private onAnswer(id: string, frame: unknown[]) {
    const flight = this.inFlight;
    if (!flight || flight.id !== id) return this.log(`answer to an unknown message ${id}`);
    clearTimeout(flight.timer);
    this.inFlight = undefined;
    const ms = performance.now() - flight.sentAt;
    const { entry } = flight;
    if (frame[0] === 3) {
      this.stats.callResults++;
      this.emit('roundtrip', { action: entry.action, ms, ok: true });
      entry.resolve((frame[2] ?? {}) as Json);
    } else {
      this.stats.callErrors++;
      this.emit('roundtrip', { action: entry.action, ms, ok: false });
      const error = new CallError(String(frame[2]), String(frame[3] ?? ''), entry.action);
      this.emit('callError', error);
      // As real chargers do, a transaction message refused by the platform (an InternalError when it could
      // not finish in time, docs/ocpp.md) is tried again after a pause, TransactionMessageAttempts in all.
      if (entry.persistent && entry.attempts < 3 && error.code === 'InternalError') {
        const retry = setTimeout(() => {
          if (this.stopped) return entry.reject(error);
          this.outbox.unshift(entry);
          this.pump();
        }, 1_000 * entry.attempts);
        retry.unref?.();
      } else entry.reject(error);
    }
    this.pump();
  }

  private requeueInFlight() {
    const flight = this.inFlight;
    if (!flight) return;
    clearTimeout(flight.timer);
    this.inFlight = undefined;
    if (flight.entry.persistent) this.outbox.unshift(flight.entry);
    else flight.entry.reject(new Error('Disconnected'));
  }

  /** Rejects queued messages: the non-persistent ones on a disconnect, everything when stopping. */
  private failQueued(error: Error, all: boolean) {
    const keep: Outgoing[] = [];
    for (const e of this.outbox) {
      if (all || !e.persistent) e.reject(error);
      else keep.push(e);
    }
    this.outbox = keep;
    if (all && this.inFlight) {
      clearTimeout(this.inFlight.timer);
      this.inFlight.entry.reject(error);
      this.inFlight = undefined;
    }
    this.checkDrained();
  }

  private checkDrained() {
    if (this.queued || !this.drainWaiters.length) return;
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    waiters.forEach((w) => w());
  }

  private reportInvalid(action: string, kind: 'req' | 'conf', problem: string) {
    this.stats.invalidFrames++;
    this.log(`invalid ${action}.${kind}: ${problem}`);
    this.emit('invalid', { action, kind, problem });
  }

  // ---------------------------------------------------------------- incoming CALLs (commands)

  private async onCall(id: string, action: string, payload: Json) {
    this.stats.commandsReceived++;
    const handler = (this.version === '1.6' ? commands16 : commands201)[action];
    if (!handler || !hasSchema(this.protocol, action, 'req')) {
      this.stats.commandsNotImplemented++;
      this.sendRaw([4, id, 'NotImplemented', `${action} is not supported`, {}]);
      this.emit('command', { action, payload, error: 'NotImplemented' });
      return;
    }
    const wrong = checkPayload(this.protocol, action, 'req', payload);
    if (wrong) {
      const code = this.version === '1.6' ? 'FormationViolation' : 'FormatViolation';
      this.sendRaw([4, id, code, wrong.slice(0, 200), {}]);
      this.emit('command', { action, payload, error: code });
      return;
    }
    let outcome: CommandOutcome;
    try {
      outcome = await handler(this, payload);
    } catch (e) {
      this.log(`${action} failed: ${(e as Error).message}`);
      this.sendRaw([4, id, 'InternalError', (e as Error).message.slice(0, 200), {}]);
      this.emit('command', { action, payload, error: 'InternalError' });
      return;
    }
    if (this.options.validate) {
      const problem = checkPayload(this.protocol, action, 'conf', outcome.result);
      if (problem) this.reportInvalid(action, 'conf', problem);
    }
    this.sendRaw([3, id, outcome.result]);
    this.emit('command', { action, payload, result: outcome.result });
    if (outcome.after) {
      try {
        const r = outcome.after();
        if (r instanceof Promise) r.catch((e: Error) => this.log(`after ${action}: ${e.message}`));
      } catch (e) {
        this.log(`after ${action}: ${(e as Error).message}`);
      }
    }
  }

  // ---------------------------------------------------------------- boot and heartbeat

  bootPayload(): Json {
    const serial = (this.options.serialNumber ?? `SN-${this.id}`).slice(0, 25);
    if (this.version === '1.6') {
      return {
        chargePointVendor: this.identity.vendor,
        chargePointModel: this.identity.model,
        chargePointSerialNumber: serial,
        chargeBoxSerialNumber: serial,
        firmwareVersion: this.firmwareVersion.slice(0, 50),
        meterType: 'SIM-METER',
        meterSerialNumber: `M-${serial}`.slice(0, 25),
      };
    }
    return {
      reason: this.bootReason,
      chargingStation: {
        model: this.identity.model,
        vendorName: this.identity.vendor,
        serialNumber: serial,
        firmwareVersion: this.firmwareVersion.slice(0, 50),
      },
    };
  }

  /** One BootNotification and its effect; returns the status (or `Error:Code`). */
  async boot(): Promise<string> {
    try {
      const conf = await this.enqueue('BootNotification', this.bootPayload(), { beforeBoot: true });
      const status = String(conf.status);
      this.bootStatus = status;
      const interval = Number(conf.interval);
      this.lastBootIntervalS = interval;
      if (status === 'Accepted') {
        if (interval > 0) this.setHeartbeatInterval(interval);
        const first = !this.booted;
        this.booted = true;
        this.bootReason = 'PowerUp';
        if (first) this.onBooted();
        this.emit('booted', conf);
      } else {
        this.emit('bootRefused', conf);
      }
      return status;
    } catch (e) {
      const code = e instanceof CallError ? e.code : (e as Error).message;
      this.bootStatus = `Error:${code}`;
      this.lastBootIntervalS = 0;
      this.emit('bootRefused', { status: this.bootStatus });
      return this.bootStatus;
    }
  }

  private async bootLoop() {
    if (this.booting) return;
    this.booting = true;
    try {
      while (!this.stopped && this.isOpen() && !this.booted) {
        const socket = this.socket;
        const status = await this.boot();
        if (this.booted || this.stopped || this.socket !== socket || !this.isOpen()) return;
        const interval = this.lastBootIntervalS;
        const waitS =
          status.startsWith('Error:') || !(interval > 0) ? (this.options.bootRetryS ?? 60) : interval;
        this.log(`boot ${status}, retrying in ${waitS} s`);
        await this.sleep(this.realMs(waitS));
      }
    } finally {
      this.booting = false;
    }
  }

  private onBooted() {
    this.sendAllStatuses();
    this.scheduleHeartbeat();
    for (const task of this.afterBoot.splice(0)) task();
    this.pump();
    if (!this.loopsStarted) {
      this.loopsStarted = true;
      if (this.options.sessions) for (const c of this.connectors.slice(1)) void this.sessionLoop(c);
      if (this.options.faults) void this.faultLoop();
    }
  }

  heartbeatIntervalS(): number {
    const raw =
      this.version === '1.6'
        ? this.configuration.get('HeartbeatInterval')?.value
        : this.variable('OCPPCommCtrlr', 'HeartbeatInterval')?.value;
    const n = Number(raw);
    return n > 0 ? n : 300;
  }

  setHeartbeatInterval(seconds: number): void {
    if (this.version === '1.6') this.configuration.get('HeartbeatInterval')!.value = String(seconds);
    else this.variable('OCPPCommCtrlr', 'HeartbeatInterval')!.value = String(seconds);
    if (this.booted) this.scheduleHeartbeat();
  }

  meterIntervalS(): number {
    const raw =
      this.version === '1.6'
        ? this.configuration.get('MeterValueSampleInterval')?.value
        : this.variable('SampledDataCtrlr', 'TxUpdatedInterval')?.value;
    const n = Number(raw);
    return n > 0 ? n : 60;
  }

  authorizeRemoteStart(): boolean {
    const raw =
      this.version === '1.6'
        ? this.configuration.get('AuthorizeRemoteTxRequests')?.value
        : this.variable('AuthCtrlr', 'AuthorizeRemoteStart')?.value;
    return raw !== 'false';
  }

  variable(component: string, variable: string, evseId?: number): DeviceVariable | undefined {
    return this.deviceModel.get(
      variableKey({ name: component, ...(evseId ? { evse: { id: evseId } } : {}) }, { name: variable }),
    );
  }

  private scheduleHeartbeat() {
    clearTimeout(this.heartbeatTimer);
    if (this.options.heartbeat === false || this.stopped) return;
    this.heartbeatTimer = setTimeout(() => {
      if (this.booted && this.isOpen()) this.fire('Heartbeat', {});
      this.scheduleHeartbeat();
    }, this.realMs(this.heartbeatIntervalS()));
  }

  // ---------------------------------------------------------------- status

  connector(connectorId: number): Connector | undefined {
    return this.connectors[connectorId];
  }

  /** 2.0.1 connector status for a 1.6-style state. */
  static connectorStatus201(status: ConnectorStatus): string {
    if (status === 'Available' || status === 'Reserved' || status === 'Unavailable' || status === 'Faulted')
      return status;
    return 'Occupied';
  }

  statusPayload(c: Connector): { action: string; payload: Json } | undefined {
    if (this.version === '1.6') {
      const payload: Json = { connectorId: c.id, errorCode: c.errorCode, status: c.status, timestamp: ISO() };
      if (c.fault?.info) payload.info = c.fault.info.slice(0, 50);
      if (c.fault && c.errorCode === 'OtherError') payload.vendorErrorCode = c.fault.code.slice(0, 50);
      return { action: 'StatusNotification', payload };
    }
    if (c.id === 0) return undefined;
    return {
      action: 'StatusNotification',
      payload: {
        timestamp: ISO(),
        connectorStatus: SimulatedCharger.connectorStatus201(c.status),
        evseId: c.id,
        connectorId: 1,
      },
    };
  }

  /** Changes a connector's state and reports it (when the protocol would see a change). */
  setStatus(
    c: Connector,
    status: ConnectorStatus,
    options: { persistent?: boolean; force?: boolean } = {},
  ): void {
    const before =
      this.version === '1.6' ? `${c.status}/${c.errorCode}` : SimulatedCharger.connectorStatus201(c.status);
    c.status = status;
    c.errorCode = status === 'Faulted' && c.fault ? errorCode16(c.fault.code) : 'NoError';
    const after =
      this.version === '1.6' ? `${c.status}/${c.errorCode}` : SimulatedCharger.connectorStatus201(c.status);
    this.emit('status', { connectorId: c.id, status });
    if (before === after && !options.force) return;
    const message = this.statusPayload(c);
    if (message && this.booted)
      this.fire(message.action, message.payload, { persistent: options.persistent });
  }

  sendAllStatuses(): void {
    for (const c of this.connectors) {
      const message = this.statusPayload(c);
      if (message) this.fire(message.action, message.payload);
    }
  }

  /** The state a connector rests in when nothing happens on it. */
  idleStatus(c: Connector): ConnectorStatus {
    if (c.fault) return 'Faulted';
    if (!c.operative || (c.id !== 0 && !this.connectors[0]!.operative)) return 'Unavailable';
    if (c.reservation) return 'Reserved';
    return 'Available';
  }

  // ---------------------------------------------------------------- sessions

  /** Sessions in progress, by connector. */
  get sessions(): SessionInfo[] {
    return this.connectors.filter((c) => c.session).map((c) => this.sessionInfo(c, c.session!));
  }

  private sessionInfo(c: Connector, s: Session): SessionInfo {
    return {
      connectorId: c.id,
      transactionId: s.transactionId,
      idTag: s.idTag,
      meterStartWh: s.meterStartWh,
    };
  }

  findTransaction(transactionId: unknown): Connector | undefined {
    return this.connectors.find(
      (c) => c.session && String(c.session.transactionId) === String(transactionId),
    );
  }

  /** Authorize; returns the id tag's status, or `Error:Code` when the central system answered with an error. */
  async authorize(idTag: string): Promise<string> {
    try {
      if (this.version === '1.6') {
        const conf = await this.enqueue('Authorize', { idTag: idTag.slice(0, 20) });
        return String((conf.idTagInfo as Json | undefined)?.status);
      }
      const conf = await this.enqueue('Authorize', { idToken: idToken(idTag) });
      return String((conf.idTokenInfo as Json | undefined)?.status);
    } catch (e) {
      return `Error:${e instanceof CallError ? e.code : (e as Error).message}`;
    }
  }

  /**
   * Plugs an EV in on a connector and starts a session: Authorize (unless remote and not required),
   * StartTransaction / TransactionEvent Started, Preparing → Charging, periodic meter values.
   * Rejects when the connector is busy or unavailable, the id tag is refused, or the start fails.
   * `offline`: a booted charger that lost its connection starts anyway, authorising the tag itself (as with
   * LocalAuthorizeOffline); the start waits in the offline buffer and the promise settles once it is answered.
   */
  async startSession(
    connectorId = 1,
    idTag: string = this.options.idTags?.[0] ?? 'SIM-TAG-001',
    options: { remote?: boolean; remoteStartId?: number; ev?: Partial<Ev>; offline?: boolean } = {},
  ): Promise<SessionInfo> {
    const c = connectorId > 0 ? this.connectors[connectorId] : undefined;
    if (!c) throw new Error(`No connector ${connectorId}`);
    if (c.session) throw new Error(`Connector ${connectorId} is busy`);
    if (c.fault || !c.operative || !this.connectors[0]!.operative)
      throw new Error(`Connector ${connectorId} is unavailable`);
    const offline = !this.isOpen();
    if (!this.booted || (offline && !options.offline)) throw new Error('Not connected');
    let reservationId: number | undefined;
    if (c.reservation) {
      if (c.reservation.idTag !== idTag) throw new Error(`Connector ${connectorId} is reserved`);
      reservationId = c.reservation.id;
      this.clearReservation(c, false);
    }
    clearTimeout(c.unplugTimer);
    let begin!: (ok: boolean) => void;
    const ev = { ...randomEv(c.electrical, this.random), ...options.ev };
    const s: Session = {
      idTag,
      startedAt: new Date(),
      meterStartWh: Math.round(c.registerWh),
      seqNo: 0,
      ev,
      lastTickAt: performance.now(),
      lastReading: advance(c.electrical, ev, c.registerWh, 0, undefined, this.random),
      chargingState: 'EVConnected',
      remoteStartId: options.remoteStartId,
      reservationId,
      begun: new Promise<boolean>((resolve) => (begin = resolve)),
    };
    c.session = s;
    const refuse = (reason: string) => {
      begin(false);
      if (c.session === s) c.session = undefined;
      this.setStatus(c, this.idleStatus(c));
      this.emit('sessionRejected', { connectorId, idTag, reason });
      return new Error(`Session on connector ${connectorId} refused: ${reason}`);
    };
    this.setStatus(c, 'Preparing');
    if (!offline && (!options.remote || this.authorizeRemoteStart())) {
      const status = await this.authorize(idTag);
      if (status !== 'Accepted') throw refuse(`Authorize ${status}`);
    }
    if (this.stopped) throw refuse('charger stopped');
    let accepted = true;
    try {
      if (this.version === '1.6') {
        const payload: Json = {
          connectorId,
          idTag: idTag.slice(0, 20),
          meterStart: s.meterStartWh,
          timestamp: s.startedAt.toISOString(),
        };
        if (reservationId !== undefined) payload.reservationId = reservationId;
        const conf = await this.enqueue('StartTransaction', payload, { persistent: true });
        s.transactionId = Number(conf.transactionId);
        accepted = (conf.idTagInfo as Json | undefined)?.status === 'Accepted';
      } else {
        s.transactionId = randomUUID();
        const conf = await this.enqueue(
          'TransactionEvent',
          this.transactionEvent(c, s, 'Started', options.remote ? 'RemoteStart' : 'Authorized', {
            idToken: idToken(idTag),
            meterValue: [
              {
                timestamp: s.startedAt.toISOString(),
                sampledValue: this.sampled(s.lastReading, 'Transaction.Begin', true),
              },
            ],
            ...(reservationId !== undefined ? { reservationId } : {}),
          }),
          { persistent: true },
        );
        const status = (conf.idTokenInfo as Json | undefined)?.status;
        accepted = status === undefined || status === 'Accepted';
      }
    } catch (e) {
      throw refuse(
        `${this.version === '1.6' ? 'StartTransaction' : 'TransactionEvent'} failed: ${(e as Error).message}`,
      );
    }
    begin(true);
    this.stats.sessionsStarted++;
    const info = this.sessionInfo(c, s);
    if (!accepted) {
      this.log(`transaction ${s.transactionId} not accepted: stopping it`);
      await this.stopSession(connectorId, 'DeAuthorized');
      this.emit('sessionRejected', { connectorId, idTag, reason: 'not accepted' });
      throw new Error(`Session on connector ${connectorId} refused: id tag not accepted`);
    }
    this.setChargingState(c, 'Charging');
    this.scheduleMeter(c);
    this.emit('sessionStarted', info);
    return info;
  }

  /**
   * Ends the session on a connector: final reading, Finishing, StopTransaction / TransactionEvent Ended
   * (queued while offline), then Available once the cable is unplugged. Resolves when the session has ended
   * locally; `drain()` waits for the central system's answer.
   */
  stopSession(connectorId: number, reason: StopReason = 'Local'): Promise<SessionInfo | undefined> {
    const c = this.connectors[connectorId];
    const s = c?.session;
    if (!c || !s) return Promise.resolve(undefined);
    if (s.stopping) return s.stopping;
    s.stopping = (async () => {
      clearTimeout(s.timer);
      if (!(await s.begun)) return undefined;
      clearTimeout(s.timer);
      const reading = this.tick(c, s);
      const meterStopWh = Math.round(reading.energyWh);
      this.setStatus(c, 'Finishing');
      const mapped = stopReasons[reason];
      const now = ISO();
      if (this.version === '1.6') {
        this.fire(
          'StopTransaction',
          {
            transactionId: s.transactionId,
            idTag: s.idTag.slice(0, 20),
            meterStop: meterStopWh,
            timestamp: now,
            reason: mapped.v16,
            transactionData: [
              {
                timestamp: s.startedAt.toISOString(),
                sampledValue: sampledValues16(
                  { ...reading, energyWh: s.meterStartWh },
                  'Transaction.Begin',
                  true,
                ),
              },
              { timestamp: now, sampledValue: sampledValues16(reading, 'Transaction.End', true) },
            ],
          },
          { persistent: true },
        );
      } else {
        const remote = reason === 'Remote';
        this.fire(
          'TransactionEvent',
          this.transactionEvent(c, s, 'Ended', mapped.trigger, {
            ...(reason === 'Local' ? { idToken: idToken(s.idTag) } : {}),
            meterValue: [{ timestamp: now, sampledValue: this.sampled(reading, 'Transaction.End', true) }],
            stoppedReason: mapped.v201,
            chargingState: remote || reason === 'Local' ? 'EVConnected' : 'Idle',
          }),
          { persistent: true },
        );
      }
      const info: SessionInfo = { ...this.sessionInfo(c, s), meterStopWh, reason };
      c.session = undefined;
      for (const [id, p] of c.profiles) if (p.purpose === 'TxProfile') c.profiles.delete(id);
      this.stats.sessionsStopped++;
      this.emit('sessionStopped', info);
      c.unplugTimer = this.later(this.realMs(this.options.unplugS ?? 10), () => this.unplugged(c));
      return info;
    })();
    return s.stopping;
  }

  /** The cable is out: pending availability changes apply, the connector rests. */
  private unplugged(c: Connector) {
    if (c.session) return;
    if (c.pendingOperative !== undefined) {
      c.operative = c.pendingOperative;
      c.pendingOperative = undefined;
    }
    this.setStatus(c, this.idleStatus(c));
  }

  private setChargingState(c: Connector, state: Session['chargingState']) {
    const s = c.session;
    if (!s) return;
    const changed = s.chargingState !== state;
    s.chargingState = state;
    if (state === 'Charging' || state === 'SuspendedEV' || state === 'SuspendedEVSE')
      this.setStatus(c, state);
    if (changed && this.version === '2.0.1' && s.transactionId)
      this.fire('TransactionEvent', this.transactionEvent(c, s, 'Updated', 'ChargingStateChanged', {}), {
        persistent: true,
      });
  }

  /** A 2.0.1 TransactionEvent with the next sequence number. */
  private transactionEvent(
    c: Connector,
    s: Session,
    eventType: 'Started' | 'Updated' | 'Ended',
    triggerReason: string,
    extra: {
      idToken?: Json;
      meterValue?: Json[];
      stoppedReason?: string;
      chargingState?: string;
      reservationId?: number;
    },
  ): Json {
    const transactionInfo: Json = {
      transactionId: String(s.transactionId),
      chargingState: extra.chargingState ?? s.chargingState,
      timeSpentCharging: Math.round(((Date.now() - s.startedAt.getTime()) / 1000) * this.scale),
    };
    if (extra.stoppedReason) transactionInfo.stoppedReason = extra.stoppedReason;
    if (s.remoteStartId !== undefined) transactionInfo.remoteStartId = s.remoteStartId;
    const event: Json = {
      eventType,
      timestamp: ISO(),
      triggerReason,
      seqNo: s.seqNo++,
      transactionInfo,
      evse: { id: c.id, connectorId: 1 },
    };
    if (!this.isOpen()) event.offline = true;
    if (eventType === 'Started' && c.electrical.powerType === 'AC')
      event.numberOfPhasesUsed = c.electrical.phases;
    if (extra.idToken) event.idToken = extra.idToken;
    if (extra.meterValue) event.meterValue = extra.meterValue;
    if (extra.reservationId !== undefined) event.reservationId = extra.reservationId;
    return event;
  }

  private sampled(reading: Reading, context: Context, energyOnly = false) {
    return this.version === '1.6'
      ? sampledValues16(reading, context, energyOnly)
      : sampledValues201(reading, context, energyOnly);
  }

  /** Advances the session's EV to now and returns the reading. */
  private tick(c: Connector, s: Session): Reading {
    const now = performance.now();
    const seconds = ((now - s.lastTickAt) / 1000) * this.scale;
    s.lastTickAt = now;
    const reading = advance(c.electrical, s.ev, c.registerWh, seconds, this.limitW(c), this.random);
    c.registerWh = reading.energyWh;
    s.lastReading = reading;
    return reading;
  }

  private scheduleMeter(c: Connector) {
    const s = c.session;
    if (!s) return;
    clearTimeout(s.timer);
    s.timer = this.later(this.realMs(this.meterIntervalS()), () => {
      if (c.session !== s || s.stopping) return;
      this.sendMeterValues(c, 'Sample.Periodic');
      const full = s.ev.socPct >= s.ev.targetSocPct;
      if (full && s.chargingState === 'Charging') this.setChargingState(c, 'SuspendedEV');
      this.scheduleMeter(c);
    });
  }

  /** Sends the connector's current reading (periodic, or triggered by the central system). */
  sendMeterValues(c: Connector, context: Context): void {
    const s = c.session;
    const reading = s
      ? this.tick(c, s)
      : advance(c.electrical, undefined, c.registerWh, 0, undefined, this.random);
    this.emit('meterValues', { connectorId: c.id, reading, transactionId: s?.transactionId });
    const timestamp = ISO();
    if (this.version === '1.6') {
      const payload: Json = {
        connectorId: c.id,
        meterValue: [{ timestamp, sampledValue: sampledValues16(reading, context, !s) }],
      };
      if (s?.transactionId !== undefined) payload.transactionId = s.transactionId;
      this.fire('MeterValues', payload, { persistent: !!s, droppable: true });
    } else if (s?.transactionId !== undefined) {
      this.fire(
        'TransactionEvent',
        this.transactionEvent(c, s, 'Updated', context === 'Trigger' ? 'Trigger' : 'MeterValuePeriodic', {
          meterValue: [{ timestamp, sampledValue: sampledValues201(reading, context) }],
        }),
        { persistent: true, droppable: true },
      );
    } else {
      this.fire('MeterValues', {
        evseId: c.id,
        meterValue: [{ timestamp, sampledValue: sampledValues201(reading, context, true) }],
      });
    }
  }

  /** Sends a TransactionEvent Updated with triggerReason Trigger for the session on an EVSE (2.0.1). */
  triggerTransactionEvent(c: Connector): boolean {
    const s = c.session;
    if (!s || s.transactionId === undefined || this.version !== '2.0.1') return false;
    this.fire('TransactionEvent', this.transactionEvent(c, s, 'Updated', 'Trigger', {}), {
      persistent: true,
    });
    return true;
  }

  // ---------------------------------------------------------------- faults

  /**
   * A fault on a connector (0 = the whole charger in 1.6): a running session stops, the connector reports
   * Faulted with the error code (1.6) / Faulted plus a NotifyEvent (2.0.1). `recoverAfterS` clears it later.
   */
  async fault(
    connectorId: number,
    code = 'GroundFailure',
    options: { info?: string; recoverAfterS?: number } = {},
  ) {
    const c = this.connectors[connectorId];
    if (!c) throw new Error(`No connector ${connectorId}`);
    if (c.session) {
      const reason: StopReason =
        code === 'GroundFailure'
          ? 'GroundFault'
          : code === 'OverCurrentFailure'
            ? 'OvercurrentFault'
            : 'Other';
      await this.stopSession(connectorId, reason);
    }
    clearTimeout(c.unplugTimer);
    c.fault = { code, info: options.info, eventId: ++this.eventSeq };
    this.setStatus(c, 'Faulted', { persistent: true });
    if (this.version === '2.0.1') this.notifyProblem(c, true);
    this.emit('fault', { connectorId, code });
    if (options.recoverAfterS !== undefined)
      this.later(this.realMs(options.recoverAfterS), () => this.recover(connectorId));
  }

  /** Clears a fault: NotifyEvent cleared (2.0.1) and the connector back to its resting state. */
  recover(connectorId: number): void {
    const c = this.connectors[connectorId];
    if (!c?.fault) return;
    if (this.version === '2.0.1') this.notifyProblem(c, false);
    c.fault = undefined;
    this.setStatus(
      c,
      c.session
        ? c.session.chargingState === 'Charging'
          ? 'Charging'
          : 'SuspendedEVSE'
        : this.idleStatus(c),
      {
        persistent: true,
      },
    );
    this.emit('recovered', { connectorId });
  }

  private notifyProblem(c: Connector, active: boolean) {
    const fault = c.fault!;
    const component: Json =
      c.id === 0 ? { name: 'ChargingStation' } : { name: 'Connector', evse: { id: c.id, connectorId: 1 } };
    const data: Json = {
      eventId: fault.eventId,
      timestamp: ISO(),
      trigger: 'Delta',
      actualValue: active ? 'true' : 'false',
      techCode: fault.code.slice(0, 50),
      eventNotificationType: 'HardWiredNotification',
      component,
      variable: { name: 'Problem' },
    };
    if (fault.info) data.techInfo = fault.info.slice(0, 500);
    if (!active) data.cleared = true;
    this.fire(
      'NotifyEvent',
      { generatedAt: ISO(), seqNo: 0, tbc: false, eventData: [data] },
      { persistent: true },
    );
  }

  // ---------------------------------------------------------------- availability, reservations, profiles

  /** ChangeAvailability: Accepted, or Scheduled when a session runs (applied when it ends). */
  changeAvailability(connectorId: number, operative: boolean): 'Accepted' | 'Scheduled' | 'Rejected' {
    const targets = connectorId === 0 ? this.connectors : [this.connectors[connectorId]];
    if (targets.some((c) => !c)) return 'Rejected';
    let scheduled = false;
    for (const c of targets as Connector[]) {
      if (c.session) {
        c.pendingOperative = operative;
        scheduled = true;
        continue;
      }
      c.operative = operative;
      c.pendingOperative = undefined;
    }
    // Report after the answer: the connectors that changed go Available / Unavailable.
    this.later(1, () => {
      for (const c of this.connectors)
        if (!c.session && c.status !== 'Finishing') this.setStatus(c, this.idleStatus(c));
    });
    return scheduled ? 'Scheduled' : 'Accepted';
  }

  /** ReserveNow: the answer status of the version's enum (Accepted, Occupied, Faulted, Unavailable, Rejected). */
  reserve(connectorId: number, reservationId: number, idTag: string, expiresAt: number): string {
    if (
      this.version === '1.6' &&
      this.configuration.get('ReserveConnectorZeroSupported')?.value !== 'true' &&
      connectorId === 0
    )
      return 'Rejected';
    const existing = this.connectors.find((c) => c.reservation?.id === reservationId);
    if (existing) this.clearReservation(existing, false);
    const candidates = connectorId === 0 ? this.connectors.slice(1) : [this.connectors[connectorId]];
    const c = candidates.find(
      (x) => x && !x.session && !x.fault && x.operative && !x.reservation && x.status !== 'Finishing',
    );
    if (!c) {
      const any = candidates[0];
      if (!any) return 'Rejected';
      if (any.fault) return 'Faulted';
      if (!any.operative) return 'Unavailable';
      return 'Occupied';
    }
    const timer = this.later(Math.max(1, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)), () =>
      this.clearReservation(c, true),
    );
    c.reservation = { id: reservationId, idTag, expiresAt, timer };
    this.later(1, () => this.setStatus(c, this.idleStatus(c)));
    return 'Accepted';
  }

  cancelReservation(reservationId: number): boolean {
    const c = this.connectors.find((x) => x.reservation?.id === reservationId);
    if (!c) return false;
    this.clearReservation(c, false, true);
    return true;
  }

  private clearReservation(c: Connector, expired: boolean, removed = false) {
    const r = c.reservation;
    if (!r) return;
    clearTimeout(r.timer);
    c.reservation = undefined;
    if (this.version === '2.0.1' && (expired || removed))
      this.fire('ReservationStatusUpdate', {
        reservationId: r.id,
        reservationUpdateStatus: expired ? 'Expired' : 'Removed',
      });
    if (!c.session) this.later(1, () => this.setStatus(c, this.idleStatus(c)));
  }

  /**
   * The power limit in force on a connector (W), as OCPP ranks profiles: the session's TxProfile of the highest
   * stack level in force, else the TxDefaultProfile of the highest stack level in force (the connector's before
   * the charger's at the same level), capped by the charger's maximum profile. A profile is in force from its
   * schedule's start until its duration ends.
   */
  limitW(c: Connector): number | undefined {
    const now = Date.now();
    const inForce = (p: ChargingProfile) => p.startsAt <= now && (p.endsAt === undefined || now < p.endsAt);
    const wattsOf = (p: ChargingProfile) => {
      const elapsed = (now - p.startsAt) / 1000;
      const period = [...p.periods].reverse().find((x) => x.startPeriod <= elapsed) ?? p.periods[0];
      if (!period) return undefined;
      const phases = period.numberPhases ?? c.electrical.phases;
      const volts = c.electrical.powerType === 'AC' ? 230 * phases : 400;
      return p.unit === 'W' ? period.limit : period.limit * volts;
    };
    /** The profile of `purpose` with the highest stack level in force, connector `c` first on a tie. */
    const top = (purposes: string[], holders: Connector[]) => {
      let best: ChargingProfile | undefined;
      for (const holder of holders)
        for (const p of holder.profiles.values())
          if (purposes.includes(p.purpose) && inForce(p) && (!best || p.stackLevel > best.stackLevel))
            best = p;
      return best;
    };
    const station = this.connectors[0]!;
    const own = c.id === 0 ? [station] : [c, station];
    const tx = (c.session ? top(['TxProfile'], [c]) : undefined) ?? top(['TxDefaultProfile'], own);
    const max = top(['ChargePointMaxProfile', 'ChargingStationMaxProfile'], [station]);
    const limits = [tx, max].flatMap((p) => {
      const w = p && wattsOf(p);
      return w === undefined ? [] : [w];
    });
    return limits.length ? Math.min(...limits) : undefined;
  }

  setProfile(connectorId: number, profile: ChargingProfile): boolean {
    const c = this.connectors[connectorId];
    if (!c) return false;
    if (profile.purpose === 'TxProfile' && !c.session) return false;
    for (const holder of this.connectors) holder.profiles.delete(profile.id);
    c.profiles.set(profile.id, profile);
    return true;
  }

  clearProfiles(match: (connectorId: number, p: ChargingProfile) => boolean): number {
    let removed = 0;
    for (const c of this.connectors) {
      for (const [id, p] of c.profiles) {
        if (!match(c.id, p)) continue;
        c.profiles.delete(id);
        removed++;
      }
    }
    return removed;
  }

  // ---------------------------------------------------------------- reboot, firmware, uploads

  /**
   * Reboots: sessions end (reason per reset type), queued messages get a moment to leave, the connection
   * closes, and after `rebootS` the charger connects and boots again.
   */
  async reboot(stopReason: StopReason, bootReason: string): Promise<void> {
    await Promise.all(
      this.connectors.filter((c) => c.session).map((c) => this.stopSession(c.id, stopReason)),
    );
    await this.drain(Math.min(this.callTimeoutMs, 5000));
    this.log(`rebooting (${bootReason})`);
    this.booted = false;
    this.bootReason = bootReason;
    clearTimeout(this.heartbeatTimer);
    for (const c of this.connectors) {
      clearTimeout(c.unplugTimer);
      if (c.reservation) this.clearReservation(c, false);
      c.fault = undefined;
      c.status = this.idleStatus(c);
      c.errorCode = 'NoError';
    }
    this.emit('rebooting', { reason: bootReason });
    if (!this.isOpen()) return;
    this.rebooting = true;
    this.socket?.close(1000, 'Rebooting');
  }

  /** Waits until no session runs (installs wait for that). */
  async whenIdle(): Promise<void> {
    while (!this.stopped && this.connectors.some((c) => c.session))
      await this.sleep(this.realMs(this.options.stepS ?? 5));
  }

  stepMs(): number {
    return this.realMs(this.options.stepS ?? 5);
  }

  /**
   * The firmware update sequence: Downloading, Downloaded, (SignatureVerified), Installing, (InstallRebooting),
   * reboot, then Installed after the next boot. A location containing `download-fail` or `install-fail`
   * makes that step fail. `notify(status)` sends the version's status message.
   */
  async updateFirmware(
    location: string,
    retrieveAt: number,
    notify: (status: string) => void,
    options: { signed?: boolean; rebootingStatus?: boolean } = {},
  ): Promise<void> {
    const wait = Math.min(Math.max(0, retrieveAt - Date.now()), 24 * 3600_000);
    if (wait) await this.sleep(wait);
    const step = async (status: string) => {
      if (this.stopped) throw new Error('Charger stopped');
      this.firmware.status = status;
      notify(status);
      await this.sleep(this.stepMs());
    };
    await step('Downloading');
    if (location.includes('download-fail'))
      return void (await step('DownloadFailed'), (this.firmware.status = 'Idle'));
    await step('Downloaded');
    if (options.signed) await step('SignatureVerified');
    await this.whenIdle();
    await step('Installing');
    if (location.includes('install-fail'))
      return void (await step('InstallationFailed'), (this.firmware.status = 'Idle'));
    if (options.rebootingStatus) await step('InstallRebooting');
    this.firmwareVersion = nextFirmwareVersion(this.firmwareVersion, location);
    this.afterBoot.push(() => {
      this.firmware.status = 'Installed';
      notify('Installed');
      this.firmware = { status: 'Idle' };
    });
    await this.reboot('Reboot', 'FirmwareUpdate');
  }

  /**
   * Diagnostics / log upload: Uploading, then Uploaded or a failure. An http(s) location gets a real PUT of a
   * small log file (the file name appended when the location ends with `/`); other schemes are pretended.
   */
  async upload(
    location: string,
    fileName: string,
    notify: (status: 'Uploading' | 'Uploaded' | 'Failed') => void,
  ) {
    notify('Uploading');
    await this.sleep(this.stepMs());
    let ok = !location.includes('upload-fail');
    if (ok && /^https?:\/\//i.test(location)) {
      const target = location.endsWith('/') ? `${location}${fileName}` : location;
      const body = `${ISO()} ${this.id} ${this.protocol} firmware ${this.firmwareVersion}\n${JSON.stringify(this.stats)}\n`;
      ok = await fetch(target, { method: 'PUT', body, signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.ok,
        () => false,
      );
    }
    notify(ok ? 'Uploaded' : 'Failed');
  }

  // ---------------------------------------------------------------- loops (demo and CLI)

  private async sessionLoop(c: Connector) {
    const cfg = typeof this.options.sessions === 'object' ? this.options.sessions : {};
    const [idleMin, idleMax] = cfg.idleS ?? [60, 600];
    const [durMin, durMax] = cfg.durationS ?? [600, 2400];
    const between = (a: number, b: number) => a + this.random() * (b - a);
    const tags = this.options.idTags?.length ? this.options.idTags : ['SIM-TAG-001'];
    const first = c.id === 1 ? cfg.firstStartS : undefined;
    // Connectors do not all start at the same moment (connector 1 at once when asked to).
    await this.sleep(this.realMs(first ? between(first[0], first[1]) : between(0, idleMax)));
    let idle = !first;
    while (!this.stopped) {
      if (idle) await this.sleep(this.realMs(between(idleMin, idleMax)));
      if (this.stopped) return;
      if (c.session || c.fault || !c.operative || c.reservation || !this.booted || !this.isOpen()) {
        // A first session due at once waits only until the charger is up.
        if (!idle) await this.sleep(this.realMs(2));
        continue;
      }
      idle = true;
      const tag = tags[Math.floor(this.random() * tags.length)]!;
      // A refusal is reported as a sessionRejected event; the loop just tries again later.
      const started = await this.startSession(c.id, tag).then(
        () => true,
        () => false,
      );
      if (!started) continue;
      await this.sleep(this.realMs(between(durMin, durMax)));
      const running = c.session as Session | undefined; // (changed while sleeping)
      if (running && !running.stopping)
        await this.stopSession(c.id, this.random() < 0.5 ? 'Local' : 'EVDisconnected');
    }
  }

  private async faultLoop() {
    const cfg = typeof this.options.faults === 'object' ? this.options.faults : {};
    const mean = cfg.meanIntervalS ?? 3600;
    const [recMin, recMax] = cfg.recoverS ?? [60, 300];
    const codes =
      this.version === '1.6'
        ? [
            'GroundFailure',
            'HighTemperature',
            'OverCurrentFailure',
            'PowerMeterFailure',
            'ConnectorLockFailure',
          ]
        : [
            'GroundFailure',
            'HighTemperature',
            'OverCurrentFailure',
            'PowerMeterFailure',
            'ConnectorLockFailure',
          ];
    while (!this.stopped) {
      await this.sleep(this.realMs(-Math.log(1 - this.random()) * mean));
      if (this.stopped || !this.booted) continue;
      const c = this.connectors[1 + Math.floor(this.random() * (this.connectors.length - 1))]!;
      if (c.fault) continue;
      const code = codes[Math.floor(this.random() * codes.length)]!;
      await this.fault(c.id, code, { recoverAfterS: recMin + this.random() * (recMax - recMin) }).catch(
        (e: Error) => this.log(e.message),
      );
    }
  }
}

/** `ws://host:3000` → `ws://host:3000/ocpp/ID`; a URL with a path gets `/ID` appended to that path. */
export function chargerUrl(base: string, id: string): string {
  const url = new URL(base.replace(/^http/, 'ws'));
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = `${path || '/ocpp'}/${encodeURIComponent(id)}`;
  return url.toString();
}

export function errorCode16(code: string): string {
  return errorCodes16.includes(code) ? code : 'OtherError';
}

export function idToken(tag: string): Json {
  return { idToken: tag.slice(0, 36), type: 'ISO14443' };
}

/** The version after an update: taken from the file name when it holds one (e.g. fw-2.1.0.bin), else bumped. */
export function nextFirmwareVersion(current: string, location: string): string {
  const file = location.split(/[/?#]/).filter(Boolean).at(-1) ?? '';
  const named = /(\d+\.\d+(?:\.\d+)*)/.exec(file)?.[1];
  if (named && named !== current) return named;
  const m = /^(.*?)(\d+)$/.exec(current);
  return m ? `${m[1]}${Number(m[2]) + 1}` : `${current}.1`;
}
