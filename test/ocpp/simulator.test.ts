/**
 * The charger simulator (infra/local/simulator) against a small fake central system in the test: every frame
 * the simulator sends (its CALLs and its answers to commands) is checked against the official OCPP schemas;
 * sessions meter rising energy and state of charge; every console command gets a valid answer and its
 * follow-up messages; faults, reconnection with backoff and the offline buffer; and, on the real local
 * runtime, connect + Heartbeat.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  SimulatedCharger,
  type ChargerOptions,
  type Json,
  type OcppVersion,
} from '@infra/local/simulator/charger.ts';
import { checkPayload, type OcppProtocol } from '@infra/local/simulator/schemas.ts';
import { DEMO_CHARGER_PASSWORD } from '@infra/local/seed/demo-chargers.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';

type Answer = Json | { error: string };
interface Received {
  chargerId: string;
  protocol: OcppProtocol;
  action: string;
  payload: Json;
  at: number;
}

/** A central system just good enough to drive the simulator: answers every CALL, sends commands. */
class FakeCsms {
  readonly received: Received[] = [];
  readonly invalid: string[] = [];
  readonly sockets = new Map<string, WebSocket>();
  /** Connections refused while set (HTTP 503), to keep a charger offline. */
  refuse = false;
  /** Per-action answer overrides (a function of the payload). */
  answers: Record<string, (payload: Json, r: Received) => Answer> = {};
  port = 0;
  private transactionSeq = 100;
  private commandSeq = 0;
  private readonly pending = new Map<string, (frame: unknown[]) => void>();
  private readonly server = http.createServer();
  private readonly wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => [...offered].find((p) => p === 'ocpp1.6' || p === 'ocpp2.0.1') ?? false,
  });
  private waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];

  async start() {
    this.server.on('upgrade', (req, socket, head) => {
      const id = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').at(-1) ?? '');
      const expected = `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`;
      if (this.refuse) return socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      if (req.headers.authorization !== expected)
        return socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(id, ws));
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop() {
    for (const ws of this.sockets.values()) ws.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  get url() {
    return `ws://127.0.0.1:${this.port}`;
  }

  private accept(id: string, ws: WebSocket) {
    const protocol = ws.protocol as OcppProtocol;
    this.sockets.set(id, ws);
    ws.on('close', () => {
      if (this.sockets.get(id) === ws) this.sockets.delete(id);
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as unknown[];
      const [type, messageId] = frame as [number, string];
      if (type === 3 || type === 4) {
        this.pending.get(messageId)?.(frame);
        this.pending.delete(messageId);
        return;
      }
      const action = String(frame[2]);
      const payload = (frame[3] ?? {}) as Json;
      const problem = checkPayload(protocol, action, 'req', payload);
      if (problem) this.invalid.push(`${id} ${problem}`);
      const r: Received = { chargerId: id, protocol, action, payload, at: this.received.length };
      this.received.push(r);
      const answer = this.answers[action]?.(payload, r) ?? this.defaultAnswer(protocol, action, payload);
      if ('error' in answer) ws.send(JSON.stringify([4, messageId, answer.error, '', {}]));
      else ws.send(JSON.stringify([3, messageId, answer]));
      this.waiters = this.waiters.filter((w) => (w.test(r) ? (w.resolve(r), false) : true));
    });
  }

  private defaultAnswer(protocol: OcppProtocol, action: string, payload: Json): Json {
    const now = new Date().toISOString();
    const v16 = protocol === 'ocpp1.6';
    switch (action) {
      case 'BootNotification':
        return { status: 'Accepted', currentTime: now, interval: 300 };
      case 'Heartbeat':
        return { currentTime: now };
      case 'Authorize':
        return v16 ? { idTagInfo: { status: 'Accepted' } } : { idTokenInfo: { status: 'Accepted' } };
      case 'StartTransaction':
        return { transactionId: ++this.transactionSeq, idTagInfo: { status: 'Accepted' } };
      case 'StopTransaction':
        return { idTagInfo: { status: 'Accepted' } };
      case 'TransactionEvent':
        return payload.idToken ? { idTokenInfo: { status: 'Accepted' } } : {};
      case 'DataTransfer':
        return { status: 'Accepted' };
      default:
        return {};
    }
  }

  /** The first CALL (already received or coming) that passes the test. */
  next(test: (r: Received) => boolean, timeoutMs = 10_000): Promise<Received> {
    const found = this.received.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching CALL from the simulator')), timeoutMs);
      this.waiters.push({ test, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  }

  /** The first CALL after `from` received items that passes the test. */
  nextAfter(from: number, test: (r: Received) => boolean, timeoutMs = 10_000) {
    return this.next((r) => r.at >= from && test(r), timeoutMs);
  }

  of(chargerId: string, action?: string) {
    return this.received.filter((r) => r.chargerId === chargerId && (!action || r.action === action));
  }

  /** Sends a command to a charger and returns its answer frame; a CALLRESULT is checked against the schema. */
  async command(chargerId: string, action: string, payload: Json): Promise<unknown[]> {
    const ws = this.sockets.get(chargerId);
    if (!ws) throw new Error(`${chargerId} is not connected`);
    const id = `cmd-${++this.commandSeq}`;
    const answer = new Promise<unknown[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${action}`)), 10_000);
      this.pending.set(id, (frame) => (clearTimeout(timer), resolve(frame)));
    });
    ws.send(JSON.stringify([2, id, action, payload]));
    const frame = await answer;
    if (frame[0] === 3) {
      const problem = checkPayload(ws.protocol as OcppProtocol, action, 'conf', frame[2]);
      if (problem) this.invalid.push(`${chargerId} answer: ${problem}`);
    }
    return frame;
  }

  kill(chargerId: string) {
    this.sockets.get(chargerId)?.terminate();
  }
}

let csms: FakeCsms;
const chargers: SimulatedCharger[] = [];
let seq = 0;

/** A simulator on the fake central system, fast: 1000 simulated seconds per real second. */
function charger(ocpp: OcppVersion, options: Partial<ChargerOptions> = {}) {
  const c = new SimulatedCharger({
    url: csms.url,
    id: `SIM-${ocpp}-${++seq}`,
    password: 'secret',
    ocpp,
    connectors: 2,
    timeScale: 1000,
    reconnect: { minMs: 20, maxMs: 200 },
    callTimeoutMs: 5000,
    validate: true,
    ...options,
  });
  chargers.push(c);
  return c;
}

async function started(c: SimulatedCharger) {
  await c.start();
  await c.whenBooted(10_000);
  return c;
}

const energy16 = (r: Received) => {
  const mv = (r.payload.meterValue as { sampledValue: { measurand?: string; value: string }[] }[])[0]!;
  return Number(mv.sampledValue.find((s) => s.measurand === 'Energy.Active.Import.Register')!.value);
};
const soc16 = (r: Received) => {
  const mv = (r.payload.meterValue as { sampledValue: { measurand?: string; value: string }[] }[])[0]!;
  return Number(mv.sampledValue.find((s) => s.measurand === 'SoC')!.value);
};
const energy201 = (r: Received) => {
  const mv = (r.payload.meterValue as { sampledValue: { measurand?: string; value: number }[] }[])[0]!;
  return mv.sampledValue.find((s) => s.measurand === 'Energy.Active.Import.Register')!.value;
};
const statuses16 = (id: string, connectorId: number) =>
  csms
    .of(id, 'StatusNotification')
    .filter((r) => r.payload.connectorId === connectorId)
    .map((r) => r.payload.status);

beforeAll(async () => {
  csms = new FakeCsms();
  await csms.start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.stop()));
  expect(csms.invalid).toEqual([]);
  csms.answers = {};
  csms.refuse = false;
});
afterAll(async () => {
  await csms?.stop();
});

describe('simulator, OCPP 1.6', () => {
  it('boots with vendor, model, serial and firmware, reports every connector and heartbeats at the interval', async () => {
    csms.answers.BootNotification = () => ({
      status: 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 50,
    });
    const c = await started(charger('1.6', { firmwareVersion: '3.2.1' }));
    const boot = await csms.next((r) => r.chargerId === c.id && r.action === 'BootNotification');
    expect(boot.payload).toMatchObject({
      chargePointVendor: expect.any(String),
      chargePointModel: expect.any(String),
    });
    expect(boot.payload.firmwareVersion).toBe('3.2.1');
    expect(boot.payload.chargePointSerialNumber).toBeTruthy();
    await waitFor(() => csms.of(c.id, 'StatusNotification').length >= 3 || undefined, 5000, 'statuses');
    expect(new Set(csms.of(c.id, 'StatusNotification').map((r) => r.payload.connectorId))).toEqual(
      new Set([0, 1, 2]),
    );
    // 50 simulated seconds at 1000x: a heartbeat every 50 ms.
    await waitFor(() => csms.of(c.id, 'Heartbeat').length >= 3 || undefined, 5000, 'heartbeats');
    expect(c.heartbeatIntervalS()).toBe(50);
  });

  it('retries a refused or failed BootNotification and can still send Heartbeat before boot', async () => {
    let boots = 0;
    csms.answers.BootNotification = () => {
      boots++;
      if (boots === 1) return { error: 'NotImplemented' };
      if (boots === 2) return { status: 'Pending', currentTime: new Date().toISOString(), interval: 20 };
      if (boots === 3) return { status: 'Rejected', currentTime: new Date().toISOString(), interval: 20 };
      return { status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 };
    };
    const c = charger('1.6', { bootRetryS: 20 });
    await c.start();
    const beat = await c.call('Heartbeat', {});
    expect(typeof beat.currentTime).toBe('string');
    await c.whenBooted(5000);
    expect(boots).toBe(4);
    expect(c.bootStatus).toBe('Accepted');
  });

  it('starts its first session at once when asked (the demo is alive at first start), not after an idle time', async () => {
    // Real time, an hour's idle between sessions: only the first start may come early, on connector 1.
    const c = await started(
      charger('1.6', {
        timeScale: 1,
        sessions: { firstStartS: [0, 1], idleS: [3600, 3600], durationS: [3600, 3600] },
      }),
    );
    const start = await waitFor(() => csms.of(c.id, 'StartTransaction')[0], 8000, 'first start');
    expect(start.payload).toMatchObject({ connectorId: 1 });
    expect(csms.of(c.id, 'StartTransaction')).toHaveLength(1);
    await c.stop();
  });

  it('runs a session: Authorize, StartTransaction, Preparing → Charging, rising meter values, StopTransaction', async () => {
    const c = await started(charger('1.6'));
    const session = await c.startSession(1, 'TAG-0001', {
      ev: { socPct: 20, targetSocPct: 100, batteryWh: 40_000, maxPowerW: 22_000 },
    });
    expect(typeof session.transactionId).toBe('number');
    await waitFor(() => csms.of(c.id, 'MeterValues').length >= 4 || undefined, 5000, 'meter values');
    const stopped = await c.stopSession(1, 'Local');
    await c.drain();
    await waitFor(() => statuses16(c.id, 1).at(-1) === 'Available' || undefined, 5000, 'Available');

    const [authorize] = csms.of(c.id, 'Authorize');
    expect(authorize!.payload).toEqual({ idTag: 'TAG-0001' });
    const [start] = csms.of(c.id, 'StartTransaction');
    expect(start!.payload).toMatchObject({
      connectorId: 1,
      idTag: 'TAG-0001',
      meterStart: session.meterStartWh,
    });
    const meters = csms.of(c.id, 'MeterValues');
    expect(meters.every((m) => m.payload.transactionId === session.transactionId)).toBe(true);
    const energies = meters.map(energy16);
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1]!);
    expect(soc16(meters.at(-1)!)).toBeGreaterThan(soc16(meters[0]!));
    // At most 22 kW AC for about 60 simulated seconds (timers in a busy test run late): a few hundred Wh a sample.
    expect(energies[1]! - energies[0]!).toBeGreaterThan(50);
    expect(energies[1]! - energies[0]!).toBeLessThan(1200);
    const mv = (
      meters[0]!.payload.meterValue as { sampledValue: { measurand: string; value: string }[] }[]
    )[0]!;
    const value = (measurand: string) =>
      Number(mv.sampledValue.find((s) => s.measurand === measurand)!.value);
    // The EV draws 7.4 to 22 kW on three phases of about 230 V.
    expect(value('Power.Active.Import')).toBeGreaterThan(7000);
    expect(value('Power.Active.Import')).toBeLessThan(22_500);
    expect(value('Voltage')).toBeGreaterThan(225);
    expect(value('Current.Import')).toBeCloseTo(value('Power.Active.Import') / (3 * value('Voltage')), 0);
    expect(mv.sampledValue.map((s) => s.measurand)).toEqual([
      'Energy.Active.Import.Register',
      'Power.Active.Import',
      'Current.Import',
      'Voltage',
      'SoC',
    ]);
    const [stop] = csms.of(c.id, 'StopTransaction');
    expect(stop!.payload).toMatchObject({
      transactionId: session.transactionId,
      reason: 'Local',
      idTag: 'TAG-0001',
    });
    expect(stop!.payload.meterStop).toBe(stopped!.meterStopWh);
    expect(stop!.payload.meterStop).toBeGreaterThanOrEqual(energies.at(-1)!);
    expect(stop!.payload.transactionData).toHaveLength(2);
    expect(statuses16(c.id, 1)).toEqual(['Available', 'Preparing', 'Charging', 'Finishing', 'Available']);
    expect(c.stats.sessionsStarted).toBe(1);
    expect(c.stats.invalidFrames).toBe(0);
  });

  it('refuses a session whose id tag is not accepted', async () => {
    csms.answers.Authorize = () => ({ idTagInfo: { status: 'Invalid' } });
    const c = await started(charger('1.6'));
    await expect(c.startSession(1, 'BAD')).rejects.toThrow('Authorize Invalid');
    expect(csms.of(c.id, 'StartTransaction')).toHaveLength(0);
    await waitFor(() => statuses16(c.id, 1).at(-1) === 'Available' || undefined, 5000, 'Available');
  });

  it('reports a fault with its error code and recovers (alarms)', async () => {
    const c = await started(charger('1.6'));
    await c.startSession(2, 'TAG-2');
    await c.fault(2, 'GroundFailure', { info: 'RCD tripped' });
    const faulted = await csms.next((r) => r.chargerId === c.id && r.payload.status === 'Faulted');
    expect(faulted.payload).toMatchObject({
      connectorId: 2,
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
    });
    const stop = await csms.next((r) => r.chargerId === c.id && r.action === 'StopTransaction');
    expect(stop.payload.reason).toBe('Other');
    await expect(c.startSession(2, 'TAG-2')).rejects.toThrow('unavailable');
    c.recover(2);
    await waitFor(
      () =>
        csms
          .of(c.id, 'StatusNotification')
          .find((r) => r.at > faulted.at && r.payload.connectorId === 2 && r.payload.status === 'Available'),
      5000,
      'recovered',
    );
    await c.fault(1, 'Overheated cable');
    const other = await csms.next((r) => r.chargerId === c.id && r.payload.errorCode === 'OtherError');
    expect(other.payload).toMatchObject({
      connectorId: 1,
      status: 'Faulted',
      vendorErrorCode: 'Overheated cable',
    });
  });

  it('answers every command the console can send with a valid CALLRESULT, and follows up', async () => {
    const c = await started(charger('1.6'));
    const id = c.id;
    const ok = async (action: string, payload: Json) => {
      const frame = await csms.command(id, action, payload);
      expect(frame[0], `${action}: ${JSON.stringify(frame)}`).toBe(3);
      return frame[2] as Json;
    };
    const soon = new Date(Date.now() - 1000).toISOString();

    expect(await ok('GetConfiguration', {})).toMatchObject({ configurationKey: expect.any(Array) });
    expect(await ok('GetConfiguration', { key: ['HeartbeatInterval', 'Nope'] })).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['Nope'],
    });
    expect(await ok('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '30' })).toEqual({
      status: 'Accepted',
    });
    expect(c.meterIntervalS()).toBe(30);
    expect(await ok('ChangeConfiguration', { key: 'NumberOfConnectors', value: '5' })).toEqual({
      status: 'Rejected',
    });
    expect(await ok('ChangeConfiguration', { key: 'HeartbeatInterval', value: 'soon' })).toEqual({
      status: 'Rejected',
    });
    expect(await ok('ChangeConfiguration', { key: 'Unknown', value: '1' })).toEqual({
      status: 'NotSupported',
    });
    expect(await ok('ClearCache', {})).toEqual({ status: 'Accepted' });
    expect(await ok('DataTransfer', { vendorId: 'evc', messageId: 'ping', data: 'x' })).toEqual({
      status: 'Accepted',
      data: 'x',
    });

    // Availability: Inoperative → Unavailable, Operative → Available.
    expect(await ok('ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({
      status: 'Accepted',
    });
    await waitFor(() => statuses16(id, 2).at(-1) === 'Unavailable' || undefined, 5000, 'Unavailable');
    expect(await ok('ChangeAvailability', { connectorId: 2, type: 'Operative' })).toEqual({
      status: 'Accepted',
    });
    await waitFor(() => statuses16(id, 2).at(-1) === 'Available' || undefined, 5000, 'Available again');

    // Reservations.
    const expiry = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      await ok('ReserveNow', { connectorId: 2, expiryDate: expiry, idTag: 'RES-1', reservationId: 7 }),
    ).toEqual({
      status: 'Accepted',
    });
    await waitFor(() => statuses16(id, 2).at(-1) === 'Reserved' || undefined, 5000, 'Reserved');
    expect(await ok('CancelReservation', { reservationId: 7 })).toEqual({ status: 'Accepted' });
    expect(await ok('CancelReservation', { reservationId: 7 })).toEqual({ status: 'Rejected' });
    await waitFor(() => statuses16(id, 2).at(-1) === 'Available' || undefined, 5000, 'reservation cancelled');

    // Local list.
    expect(
      await ok('SendLocalList', {
        listVersion: 3,
        updateType: 'Full',
        localAuthorizationList: [{ idTag: 'A', idTagInfo: { status: 'Accepted' } }],
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await ok('GetLocalListVersion', {})).toEqual({ listVersion: 3 });
    expect(await ok('SendLocalList', { listVersion: 2, updateType: 'Differential' })).toEqual({
      status: 'VersionMismatch',
    });

    // Remote start: a real session starts (AuthorizeRemoteTxRequests is true: Authorize first).
    const mark = csms.received.length;
    expect(await ok('RemoteStartTransaction', { connectorId: 1, idTag: 'REMOTE-1' })).toEqual({
      status: 'Accepted',
    });
    const start = await csms.nextAfter(mark, (r) => r.chargerId === id && r.action === 'StartTransaction');
    expect(start.payload).toMatchObject({ connectorId: 1, idTag: 'REMOTE-1' });
    const transactionId = await waitFor(() => c.sessions[0]?.transactionId, 5000, 'remote session');
    expect(await ok('RemoteStartTransaction', { connectorId: 1, idTag: 'REMOTE-2' })).toEqual({
      status: 'Rejected',
    });

    // Smart charging: a 16 A limit lowers the power; composite schedule reports it; clearing lifts it.
    const profile = {
      chargingProfileId: 11,
      stackLevel: 1,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      transactionId,
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    };
    expect(await ok('SetChargingProfile', { connectorId: 1, csChargingProfiles: profile })).toEqual({
      status: 'Accepted',
    });
    const schedule = await ok('GetCompositeSchedule', {
      connectorId: 1,
      duration: 3600,
      chargingRateUnit: 'A',
    });
    expect(schedule).toMatchObject({
      status: 'Accepted',
      connectorId: 1,
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    });
    expect(await ok('ClearChargingProfile', { id: 11 })).toEqual({ status: 'Accepted' });
    expect(await ok('ClearChargingProfile', { id: 11 })).toEqual({ status: 'Unknown' });

    // Triggered messages are sent.
    for (const requestedMessage of [
      'BootNotification',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'StatusNotification',
    ]) {
      const before = csms.received.length;
      expect(await ok('TriggerMessage', { requestedMessage, connectorId: 1 })).toEqual({
        status: 'Accepted',
      });
      await csms.nextAfter(before, (r) => r.chargerId === id && r.action === requestedMessage, 5000);
    }

    // Remote stop ends the session.
    expect(await ok('RemoteStopTransaction', { transactionId: 999_999 })).toEqual({ status: 'Rejected' });
    expect(await ok('RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    const stop = await csms.next((r) => r.chargerId === id && r.action === 'StopTransaction');
    expect(stop.payload).toMatchObject({ transactionId, reason: 'Remote' });

    // Unlock.
    expect(await ok('UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await ok('UnlockConnector', { connectorId: 9 })).toEqual({ status: 'NotSupported' });

    // Diagnostics: a file name, then Uploading → Uploaded.
    const diag = await ok('GetDiagnostics', { location: 'ftp://logs.example.com/in/' });
    expect(String(diag.fileName)).toMatch(/^diagnostics-/);
    await waitFor(
      () =>
        csms.of(id, 'DiagnosticsStatusNotification').some((r) => r.payload.status === 'Uploaded') ||
        undefined,
      5000,
      'Uploaded',
    );

    // Security extension.
    expect(
      await ok('GetLog', {
        logType: 'SecurityLog',
        requestId: 4,
        log: { remoteLocation: 'ftp://logs.example.com/' },
      }),
    ).toMatchObject({ status: 'Accepted', filename: expect.any(String) });
    await waitFor(
      () => csms.of(id, 'LogStatusNotification').some((r) => r.payload.status === 'Uploaded') || undefined,
      5000,
      'log Uploaded',
    );
    expect(await ok('ExtendedTriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({
      status: 'Accepted',
    });
    expect(
      await ok('GetInstalledCertificateIds', { certificateType: 'CentralSystemRootCertificate' }),
    ).toEqual({
      status: 'NotFound',
    });

    // Firmware: Downloading → Downloaded → Installing, reboot (a new BootNotification with the new version), Installed.
    const boots = csms.of(id, 'BootNotification').length;
    expect(
      await ok('UpdateFirmware', { location: 'https://fw.example.com/sim-2.0.0.bin', retrieveDate: soon }),
    ).toEqual({});
    await waitFor(
      () =>
        csms.of(id, 'FirmwareStatusNotification').some((r) => r.payload.status === 'Installed') || undefined,
      10_000,
      'Installed',
    );
    const firmware = csms
      .of(id, 'FirmwareStatusNotification')
      .map((r) => r.payload.status)
      .filter((s) => s !== 'Idle');
    expect(firmware).toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
    const reboot = csms.of(id, 'BootNotification');
    expect(reboot.length).toBeGreaterThan(boots);
    expect(reboot.at(-1)!.payload.firmwareVersion).toBe('2.0.0');

    // A failing download.
    const before = csms.received.length;
    await ok('UpdateFirmware', { location: 'https://fw.example.com/download-fail.bin', retrieveDate: soon });
    await csms.nextAfter(before, (r) => r.chargerId === id && r.payload.status === 'DownloadFailed', 5000);

    // Reset: the charger reboots and boots again.
    await c.whenBooted();
    const bootsBeforeReset = csms.of(id, 'BootNotification').length;
    expect(await ok('Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    await waitFor(
      () => csms.of(id, 'BootNotification').length > bootsBeforeReset || undefined,
      5000,
      'reboot',
    );

    // Anything else: NotImplemented.
    await c.whenBooted();
    const unknown = await csms.command(id, 'GetVariables', { getVariableData: [] });
    expect(unknown[0]).toBe(4);
    expect(unknown[2]).toBe('NotImplemented');
    // A malformed payload: FormationViolation.
    const bad = await csms.command(id, 'Reset', { type: 'Sideways' });
    expect(bad[2]).toBe('FormationViolation');
    expect(c.stats.invalidFrames).toBe(0);
  });

  it('reconnects with backoff and sends what happened offline afterwards, in order', async () => {
    const c = await started(charger('1.6'));
    const session = await c.startSession(1, 'TAG-OFF');
    await waitFor(() => csms.of(c.id, 'MeterValues').length >= 2 || undefined, 5000, 'meter values');
    const bootsBefore = csms.of(c.id, 'BootNotification').length;

    // The central system goes away and refuses connections for a while.
    csms.refuse = true;
    csms.kill(c.id);
    await c.waitFor('disconnected', () => true, 5000);
    const offlineFrom = csms.received.length;
    await new Promise((r) => setTimeout(r, 300)); // meter values pile up (60 ms apart)
    const stopped = await c.stopSession(1, 'EVDisconnected');
    expect(c.queued).toBeGreaterThan(2);
    await waitFor(() => c.stats.connectFailures >= 2 || undefined, 5000, 'reconnect attempts');
    expect(csms.received.length).toBe(offlineFrom);

    csms.refuse = false;
    await c.drain(10_000);
    const after = csms.received.slice(offlineFrom).filter((r) => r.chargerId === c.id);
    const transactional = after.filter((r) => r.action === 'MeterValues' || r.action === 'StopTransaction');
    expect(transactional.length).toBeGreaterThan(2);
    expect(transactional.at(-1)!.action).toBe('StopTransaction');
    expect(transactional.at(-1)!.payload).toMatchObject({
      transactionId: session.transactionId,
      reason: 'EVDisconnected',
      meterStop: stopped!.meterStopWh,
    });
    const energies = transactional.filter((r) => r.action === 'MeterValues').map(energy16);
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1]!);
    // A reconnection is not a reboot: no new BootNotification; the connectors are reported again.
    expect(csms.of(c.id, 'BootNotification')).toHaveLength(bootsBefore);
    expect(after.some((r) => r.action === 'StatusNotification')).toBe(true);
    expect(c.stats.connects).toBe(2);
  });

  it('starts a session while offline when asked (local authorisation): the start waits in the buffer', async () => {
    const c = await started(charger('1.6'));
    csms.refuse = true;
    csms.kill(c.id);
    await c.waitFor('disconnected', () => true, 5000);
    await expect(c.startSession(1, 'TAG-LOCAL')).rejects.toThrow('Not connected');
    const from = csms.received.length;
    const starting = c.startSession(1, 'TAG-LOCAL', { offline: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(c.queued).toBeGreaterThan(0);
    csms.refuse = false;
    const session = await starting;
    const after = csms.received.slice(from).filter((r) => r.chargerId === c.id);
    expect(after.some((r) => r.action === 'Authorize')).toBe(false);
    expect(after.find((r) => r.action === 'StartTransaction')!.payload).toMatchObject({ idTag: 'TAG-LOCAL' });
    expect(session.transactionId).toBeGreaterThan(0);
  });
});

describe('simulator, OCPP 2.0.1', () => {
  it('boots, reports every EVSE and heartbeats', async () => {
    csms.answers.BootNotification = () => ({
      status: 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 50,
    });
    const c = await started(charger('2.0.1'));
    const boot = await csms.next((r) => r.chargerId === c.id && r.action === 'BootNotification');
    expect(boot.payload).toMatchObject({ reason: 'PowerUp', chargingStation: { model: expect.any(String) } });
    await waitFor(() => csms.of(c.id, 'StatusNotification').length >= 2 || undefined, 5000, 'statuses');
    expect(
      csms.of(c.id, 'StatusNotification').map((r) => [r.payload.evseId, r.payload.connectorStatus]),
    ).toEqual([
      [1, 'Available'],
      [2, 'Available'],
    ]);
    await waitFor(() => csms.of(c.id, 'Heartbeat').length >= 2 || undefined, 5000, 'heartbeats');
  });

  it('runs a session: TransactionEvent Started, Updated with rising meter values, Ended', async () => {
    const c = await started(charger('2.0.1', { powerType: 'DC', maxPowerKw: 50 }));
    const session = await c.startSession(1, 'TOKEN-1', { ev: { socPct: 30, targetSocPct: 100 } });
    expect(String(session.transactionId)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(
      () =>
        csms.of(c.id, 'TransactionEvent').filter((r) => r.payload.triggerReason === 'MeterValuePeriodic')
          .length >= 3 || undefined,
      5000,
      'meter values',
    );
    await c.stopSession(1, 'Local');
    await c.drain();
    const events = csms.of(c.id, 'TransactionEvent');
    expect(events[0]!.payload).toMatchObject({
      eventType: 'Started',
      triggerReason: 'Authorized',
      seqNo: 0,
      idToken: { idToken: 'TOKEN-1', type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
      transactionInfo: { transactionId: session.transactionId },
    });
    expect(events.map((e) => e.payload.seqNo)).toEqual(events.map((_, i) => i));
    expect(new Set(events.map((e) => (e.payload.transactionInfo as Json).transactionId))).toEqual(
      new Set([session.transactionId]),
    );
    const periodic = events.filter((e) => e.payload.triggerReason === 'MeterValuePeriodic');
    const energies = periodic.map(energy201);
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1]!);
    const ended = events.at(-1)!;
    expect(ended.payload).toMatchObject({
      eventType: 'Ended',
      triggerReason: 'StopAuthorized',
      transactionInfo: { stoppedReason: 'Local' },
    });
    expect(energy201(ended)).toBeGreaterThanOrEqual(energies.at(-1)!);
    expect(events.some((e) => (e.payload.transactionInfo as Json).chargingState === 'Charging')).toBe(true);
    await waitFor(
      () =>
        csms
          .of(c.id, 'StatusNotification')
          .filter((r) => r.payload.evseId === 1)
          .map((r) => r.payload.connectorStatus)
          .join() === 'Available,Occupied,Available' || undefined,
      5000,
      'Occupied → Available',
    );
  });

  it('reports a fault with a NotifyEvent and clears it', async () => {
    const c = await started(charger('2.0.1'));
    await c.fault(1, 'HighTemperature', { recoverAfterS: 100 });
    const event = await csms.next((r) => r.chargerId === c.id && r.action === 'NotifyEvent');
    expect((event.payload.eventData as Json[])[0]).toMatchObject({
      techCode: 'HighTemperature',
      actualValue: 'true',
      component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
      variable: { name: 'Problem' },
    });
    await csms.next((r) => r.chargerId === c.id && r.payload.connectorStatus === 'Faulted');
    const cleared = await csms.next(
      (r) =>
        r.chargerId === c.id &&
        r.action === 'NotifyEvent' &&
        (r.payload.eventData as Json[])[0]!.cleared === true,
    );
    expect(cleared).toBeTruthy();
    await csms.nextAfter(
      cleared.at,
      (r) => r.chargerId === c.id && r.payload.connectorStatus === 'Available',
    );
  });

  it('answers every command the console can send with a valid CALLRESULT, and follows up', async () => {
    const c = await started(charger('2.0.1'));
    const id = c.id;
    const ok = async (action: string, payload: Json) => {
      const frame = await csms.command(id, action, payload);
      expect(frame[0], `${action}: ${JSON.stringify(frame)}`).toBe(3);
      return frame[2] as Json;
    };
    const now = new Date().toISOString();
    const hb = { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } };

    expect(
      await ok('GetVariables', {
        getVariableData: [
          hb,
          { component: { name: 'Nope' }, variable: { name: 'X' } },
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'X' } },
        ],
      }),
    ).toEqual({
      getVariableResult: [
        { ...hb, attributeStatus: 'Accepted', attributeValue: '300' },
        { component: { name: 'Nope' }, variable: { name: 'X' }, attributeStatus: 'UnknownComponent' },
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'X' }, attributeStatus: 'UnknownVariable' },
      ],
    });
    expect(
      await ok('SetVariables', {
        setVariableData: [
          { ...hb, attributeValue: '120' },
          { component: { name: 'ChargingStation' }, variable: { name: 'Model' }, attributeValue: 'X' },
        ],
      }),
    ).toEqual({
      setVariableResult: [
        { ...hb, attributeStatus: 'Accepted' },
        { component: { name: 'ChargingStation' }, variable: { name: 'Model' }, attributeStatus: 'Rejected' },
      ],
    });
    expect(c.heartbeatIntervalS()).toBe(120);

    // Reports.
    expect(await ok('GetBaseReport', { requestId: 5, reportBase: 'FullInventory' })).toEqual({
      status: 'Accepted',
    });
    await waitFor(
      () => csms.of(id, 'NotifyReport').find((r) => r.payload.requestId === 5 && r.payload.tbc === false),
      5000,
      'NotifyReport',
    );
    expect(
      await ok('GetReport', {
        requestId: 6,
        componentVariable: [{ component: { name: 'EVSE', evse: { id: 1 } } }],
      }),
    ).toEqual({ status: 'Accepted' });
    await waitFor(
      () => csms.of(id, 'NotifyReport').find((r) => r.payload.requestId === 6),
      5000,
      'GetReport',
    );

    // Monitoring.
    const setMon = await ok('SetVariableMonitoring', {
      setMonitoringData: [{ value: 90, type: 'UpperThreshold', severity: 4, ...hb }],
    });
    const monitorId = (setMon.setMonitoringResult as Json[])[0]!.id as number;
    expect((setMon.setMonitoringResult as Json[])[0]).toMatchObject({ status: 'Accepted' });
    expect(await ok('GetMonitoringReport', { requestId: 8 })).toEqual({ status: 'Accepted' });
    await csms.next((r) => r.chargerId === id && r.action === 'NotifyMonitoringReport');
    expect(await ok('ClearVariableMonitoring', { id: [monitorId, 999] })).toEqual({
      clearMonitoringResult: [
        { id: monitorId, status: 'Accepted' },
        { id: 999, status: 'NotFound' },
      ],
    });
    expect(await ok('SetMonitoringBase', { monitoringBase: 'All' })).toEqual({ status: 'Accepted' });
    expect(await ok('SetMonitoringLevel', { severity: 5 })).toEqual({ status: 'Accepted' });

    // Display messages.
    const message = { id: 3, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Welcome' } };
    expect(await ok('SetDisplayMessage', { message })).toEqual({ status: 'Accepted' });
    expect(await ok('GetDisplayMessages', { requestId: 9 })).toEqual({ status: 'Accepted' });
    const shown = await csms.next((r) => r.chargerId === id && r.action === 'NotifyDisplayMessages');
    expect(shown.payload.messageInfo).toEqual([message]);
    expect(await ok('ClearDisplayMessage', { id: 3 })).toEqual({ status: 'Accepted' });
    expect(await ok('ClearDisplayMessage', { id: 3 })).toEqual({ status: 'Unknown' });

    expect(
      await ok('SetNetworkProfile', {
        configurationSlot: 1,
        connectionData: {
          ocppVersion: 'OCPP20',
          ocppTransport: 'JSON',
          ocppCsmsUrl: 'wss://csms.example.com/ocpp',
          messageTimeout: 30,
          securityProfile: 1,
          ocppInterface: 'Wired0',
        },
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await ok('ClearCache', {})).toEqual({ status: 'Accepted' });
    expect(await ok('DataTransfer', { vendorId: 'evc', data: { a: 1 } })).toEqual({
      status: 'Accepted',
      data: { a: 1 },
    });
    expect(
      await ok('SendLocalList', {
        versionNumber: 2,
        updateType: 'Full',
        localAuthorizationList: [
          { idToken: { idToken: 'A', type: 'ISO14443' }, idTokenInfo: { status: 'Accepted' } },
        ],
      }),
    ).toEqual({
      status: 'Accepted',
    });
    expect(await ok('GetLocalListVersion', {})).toEqual({ versionNumber: 2 });

    // Availability.
    expect(await ok('ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 2 } })).toEqual({
      status: 'Accepted',
    });
    await csms.next(
      (r) => r.chargerId === id && r.payload.evseId === 2 && r.payload.connectorStatus === 'Unavailable',
    );
    expect(await ok('ChangeAvailability', { operationalStatus: 'Operative', evse: { id: 2 } })).toEqual({
      status: 'Accepted',
    });

    // Reservation.
    const expiryDateTime = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      await ok('ReserveNow', {
        id: 4,
        expiryDateTime,
        evseId: 2,
        idToken: { idToken: 'R', type: 'ISO14443' },
      }),
    ).toEqual({ status: 'Accepted' });
    await csms.next(
      (r) => r.chargerId === id && r.payload.evseId === 2 && r.payload.connectorStatus === 'Reserved',
    );
    expect(await ok('CancelReservation', { reservationId: 4 })).toEqual({ status: 'Accepted' });
    await csms.next((r) => r.chargerId === id && r.action === 'ReservationStatusUpdate');

    // Remote start and stop.
    expect(
      await ok('RequestStartTransaction', {
        evseId: 1,
        remoteStartId: 77,
        idToken: { idToken: 'REMOTE', type: 'Central' },
      }),
    ).toEqual({ status: 'Accepted' });
    const startedEvent = await csms.next(
      (r) => r.chargerId === id && r.action === 'TransactionEvent' && r.payload.eventType === 'Started',
    );
    expect(startedEvent.payload).toMatchObject({
      triggerReason: 'RemoteStart',
      transactionInfo: { remoteStartId: 77 },
    });
    const transactionId = (startedEvent.payload.transactionInfo as Json).transactionId;
    await waitFor(() => c.sessions.length === 1 || undefined, 5000, 'session');
    expect(await ok('GetTransactionStatus', { transactionId })).toMatchObject({ ongoingIndicator: true });
    expect(await ok('UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({
      status: 'OngoingAuthorizedTransaction',
    });

    // Smart charging.
    const profile = {
      id: 21,
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      transactionId,
      chargingSchedule: [
        { id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7000 }] },
      ],
    };
    expect(await ok('SetChargingProfile', { evseId: 1, chargingProfile: profile })).toEqual({
      status: 'Accepted',
    });
    expect(
      await ok('GetCompositeSchedule', { evseId: 1, duration: 600, chargingRateUnit: 'W' }),
    ).toMatchObject({
      status: 'Accepted',
      schedule: { evseId: 1, chargingSchedulePeriod: [{ startPeriod: 0, limit: 7000 }] },
    });
    expect(
      await ok('GetChargingProfiles', {
        requestId: 12,
        chargingProfile: { chargingProfilePurpose: 'TxProfile' },
      }),
    ).toEqual({
      status: 'Accepted',
    });
    await csms.next((r) => r.chargerId === id && r.action === 'ReportChargingProfiles');
    expect(await ok('ClearChargingProfile', { chargingProfileId: 21 })).toEqual({ status: 'Accepted' });

    // Triggers.
    for (const requestedMessage of [
      'BootNotification',
      'LogStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'StatusNotification',
      'TransactionEvent',
    ]) {
      const before = csms.received.length;
      expect(await ok('TriggerMessage', { requestedMessage, evse: { id: 1 } })).toEqual({
        status: 'Accepted',
      });
      await csms.nextAfter(before, (r) => r.chargerId === id && r.action === requestedMessage, 5000);
    }
    expect(await ok('TriggerMessage', { requestedMessage: 'SignV2GCertificate' })).toEqual({
      status: 'NotImplemented',
    });

    expect(await ok('RequestStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    const endedEvent = await csms.next(
      (r) => r.chargerId === id && r.action === 'TransactionEvent' && r.payload.eventType === 'Ended',
    );
    expect(endedEvent.payload).toMatchObject({
      triggerReason: 'RemoteStop',
      transactionInfo: { stoppedReason: 'Remote' },
    });
    expect(await ok('RequestStopTransaction', { transactionId })).toEqual({ status: 'Rejected' });
    expect(await ok('UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({ status: 'Unlocked' });

    // Log upload.
    expect(
      await ok('GetLog', {
        logType: 'DiagnosticsLog',
        requestId: 31,
        log: { remoteLocation: 'ftp://logs.example.com/' },
      }),
    ).toMatchObject({ status: 'Accepted' });
    await waitFor(
      () =>
        csms
          .of(id, 'LogStatusNotification')
          .find((r) => r.payload.status === 'Uploaded' && r.payload.requestId === 31),
      5000,
      'log uploaded',
    );
    expect(await ok('CustomerInformation', { requestId: 1, report: true, clear: false })).toEqual({
      status: 'Accepted',
    });
    expect(await ok('CostUpdated', { totalCost: 1.5, transactionId })).toEqual({});

    // Firmware, through a reboot with reason FirmwareUpdate.
    expect(
      await ok('UpdateFirmware', {
        requestId: 41,
        firmware: { location: 'https://fw.example.com/station-4.1.0.bin', retrieveDateTime: now },
      }),
    ).toEqual({ status: 'Accepted' });
    await waitFor(
      () => csms.of(id, 'FirmwareStatusNotification').find((r) => r.payload.status === 'Installed'),
      10_000,
      'Installed',
    );
    expect(
      csms
        .of(id, 'FirmwareStatusNotification')
        .filter((r) => r.payload.requestId === 41)
        .map((r) => r.payload.status),
    ).toEqual(['Downloading', 'Downloaded', 'Installing', 'InstallRebooting', 'Installed']);
    const reboot = csms.of(id, 'BootNotification').find((r) => r.payload.reason === 'FirmwareUpdate');
    expect((reboot!.payload.chargingStation as Json).firmwareVersion).toBe('4.1.0');

    // Reset.
    await c.whenBooted();
    expect(await ok('Reset', { type: 'Immediate' })).toEqual({ status: 'Accepted' });
    await csms.next(
      (r) => r.chargerId === id && r.action === 'BootNotification' && r.payload.reason === 'RemoteReset',
    );

    // Anything else.
    await c.whenBooted();
    const unknown = await csms.command(id, 'GetConfiguration', {});
    expect(unknown[2]).toBe('NotImplemented');
    expect(c.stats.invalidFrames).toBe(0);
  });

  it('marks transaction events produced offline and sends them in order after reconnecting', async () => {
    const c = await started(charger('2.0.1'));
    await c.startSession(1, 'TOKEN-OFF');
    await c.goOffline();
    await new Promise((r) => setTimeout(r, 200));
    await c.stopSession(1, 'EVDisconnected');
    const from = csms.received.length;
    c.goOnline();
    await c.drain(10_000);
    const events = csms.received
      .slice(from)
      .filter((r) => r.chargerId === c.id && r.action === 'TransactionEvent');
    // (an event in flight when the connection dropped is sent again as it was, without the offline flag)
    expect(events.filter((e) => e.payload.offline === true).length).toBeGreaterThan(1);
    const seqNos = events.map((e) => e.payload.seqNo as number);
    expect(seqNos).toEqual([...seqNos].sort((a, b) => a - b));
    expect(events.at(-1)!.payload).toMatchObject({
      eventType: 'Ended',
      offline: true,
      triggerReason: 'EVDeparted',
      transactionInfo: { stoppedReason: 'EVDisconnected' },
    });
  });
});

describe('simulator on the local runtime', () => {
  let rt: Awaited<ReturnType<typeof startTestRuntime>>;
  beforeAll(async () => {
    // Two of the runtime's own simulated chargers (SIM_CHARGERS), DEMO-CP-001 and 002.
    rt = await startTestRuntime({ simChargers: 2 });
  });
  afterAll(async () => {
    await rt?.cleanup();
    // Stopping the runtime stops its simulated chargers (and they do not reconnect).
    expect(rt?.simulators?.chargers.some((c) => c.isOpen())).toBe(false);
  });

  it('starts SIM_CHARGERS demo chargers in-process, with one banner line', async () => {
    expect(rt.simulators!.chargers.map((c) => c.id)).toEqual(['DEMO-CP-001', 'DEMO-CP-002']);
    expect(
      rt.seeded.lines.filter((l) => l.startsWith('Simulated chargers: DEMO-CP-001 (OCPP 1.6)')),
    ).toHaveLength(1);
    await waitFor(() => rt.simulators!.chargers.every((c) => c.isOpen()) || undefined, 15_000, 'connected');
  });

  it('connects with Basic auth on both versions and gets Heartbeat answered', async () => {
    for (const [id, ocpp] of [
      ['DEMO-CP-003', '1.6'],
      ['DEMO-CP-004', '2.0.1'],
    ] as const) {
      const c = new SimulatedCharger({
        url: rt.url,
        id,
        password: DEMO_CHARGER_PASSWORD,
        ocpp,
        validate: true,
      });
      chargers.push(c);
      await c.start();
      expect(c.isOpen(), `${c.lastError} ${rt.errors.join('; ')}`).toBe(true);
      const answer = await c.call('Heartbeat', {});
      expect(Date.parse(String(answer.currentTime))).toBeGreaterThan(0);
    }
    const wrong = new SimulatedCharger({
      url: rt.url,
      id: 'DEMO-CP-005',
      password: 'wrong',
      reconnect: { minMs: 60_000 },
    });
    chargers.push(wrong);
    await wrong.start();
    expect(wrong.isOpen()).toBe(false);
    expect(wrong.lastError).toBe('HTTP 403');
  });
});
