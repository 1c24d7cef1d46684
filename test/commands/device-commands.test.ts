/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loose JSON; the assertions check them */
/**
 * The rest of the remote commands end to end against the project's simulator, in each OCPP
 * version that has them: firmware (download through a signed, expiring URL, with the charger's progress
 * recorded on the command), diagnostics and logs (uploaded to the platform and offered with the command),
 * local lists, charging profiles, variable monitoring, display messages, network profiles, device model
 * reads and writes, reports and the 1.6 security extension. Plus the rules: profile periods, monitoring
 * pairs, records in the caller's scope, no local list from a platform account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '@functions/commands/files.ts';
import type { SimulatedCharger } from '@infra/local/simulator/charger.ts';
import { api, login } from '../helpers/identity.ts';
import { startTestRuntime, waitFor } from '../helpers/runtime.ts';
import { commandClient, startChargers } from './harness.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let operator: string;
let admin: string;
let chargers = new Map<string, SimulatedCharger>();
const V16 = 'DEMO-CP-001';
const V201 = 'DEMO-CP-004';
const firmwareBytes = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 31 + 7) % 256);
const ids: Record<string, string> = {};

const client = commandClient(() => ({ url: rt.url, token: operator }));
const { send, row } = client;

/** Sends a command and waits for its answer. */
async function run(...args: Parameters<typeof client.run>) {
  const done = await client.run(...args);
  expect(done.status, `${args[1]}: ${JSON.stringify(done)}`).toBe('answered');
  return done;
}

async function ok(token: string, path: string, body: unknown) {
  const answer = await api(rt.url, token, path, body);
  expect(answer.code, `${path}: ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

async function uploadFirmware(token: string, name: string) {
  const form = new FormData();
  form.set('firmwareName', name);
  form.set('firmwareVersion', '2.0.0');
  form.append('file', new Blob([firmwareBytes], { type: 'application/octet-stream' }), `${name}.bin`);
  const res = await fetch(`${rt.url}/biz/firmware/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

/** The version's status of a command answer. */
const statusOf = (r: any) => r.result?.status;

beforeAll(async () => {
  process.env.AUTH_CAPTCHA = 'off';
  rt = await startTestRuntime();
  operator = await login(rt.url, 'operator', 'Operator12345');
  admin = await login(rt.url, 'admin', 'Admin12345');
  chargers = await startChargers(rt.url, [
    [V16, '1.6'],
    [V201, '2.0.1'],
  ]);
  ids.firmware = (await uploadFirmware(operator, 'Station firmware')).id;
  ids.platformFirmware = (await uploadFirmware(admin, 'Platform firmware')).id;
  ids.list = (
    await ok(operator, '/biz/listVersion/add', {
      name: 'Fleet cards',
      listVersion: 7,
      type: 1,
      capacity: 100,
      entries: [
        { idTag: 'CARD-1', idTagStatus: 'Accepted', idTagExpiryDate: '2031-01-01T00:00:00.000Z' },
        { idTag: 'CARD-2', idTagStatus: 'Blocked', parentIdTag: 'CARD-1' },
      ],
    })
  ).id;
  ids.display = (
    await ok(operator, '/biz/display/add', {
      name: 'Welcome',
      format: 'UTF8',
      language: 'en',
      content: 'Welcome, plug in to charge',
      priority: 'NormalCycle',
      state: 'Idle',
    })
  ).id;
  ids.network = (
    await ok(operator, '/biz/network/add', {
      name: 'Backup CSMS',
      ocppVersion: 'OCPP20',
      ocppTransport: 'JSON',
      ocppCsmsUrl: 'wss://backup.example.com/ocpp',
      messageTimeout: 30,
      securityProfile: 2,
      configurationSlot: 2,
      vpnServer: 'vpn.example.com',
      vpnUser: 'cp',
      vpnPassword: 'vpn-secret',
      vpnKey: 'psk-secret',
      vpnType: 'IKEv2',
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await Promise.all([...chargers.values()].map((c) => c.stop()));
  await rt?.cleanup();
});

const profile = {
  chargingProfileId: 11,
  stackLevel: 2,
  purpose: 'TxDefaultProfile',
  kind: 'Absolute',
  startSchedule: new Date().toISOString(),
  duration: 7200,
  chargingRateUnit: 'A',
  minChargingRate: 6,
  periods: [
    { startPeriod: 0, limit: 16 },
    { startPeriod: 3600, limit: 10.5, numberPhases: 3 },
  ],
};

describe.each([V16, V201])('new commands to %s', (id) => {
  const v201 = id === V201;

  it('sends a local list, fully then as a difference, and the charger reports its version', async () => {
    expect(statusOf(await run(id, 'sendLocalList', { listVersionId: ids.list, updateType: 1 }))).toBe(
      'Accepted',
    );
    const version = await run(id, 'getLocalListVersion');
    expect(v201 ? version.result.versionNumber : version.result.listVersion).toBe(7);
    // The same version again as a difference is not newer.
    expect(statusOf(await run(id, 'sendLocalList', { listVersionId: ids.list, updateType: 0 }))).toBe(
      'VersionMismatch',
    );
  });

  it('sets a charging profile on a connector and clears it', async () => {
    const set = await run(id, 'setChargingProfile', profile, 1);
    expect(statusOf(set)).toBe('Accepted');
    expect(set.payload).toMatchObject(
      v201
        ? { evseId: 1, chargingProfile: { id: 11, chargingSchedule: [{ chargingRateUnit: 'A' }] } }
        : { connectorId: 1, csChargingProfiles: { chargingProfileId: 11, chargingProfileKind: 'Absolute' } },
    );
    if (v201)
      expect(statusOf(await run(id, 'getChargingProfiles', { chargingProfileId: 11 }, 1))).toBe('Accepted');
    expect(statusOf(await run(id, 'clearChargingProfile', { chargingProfileId: 11 }))).toBe('Accepted');
  });

  it('asks for logs with a log type (GetLog; 1.6 through its security extension)', async () => {
    const log = await run(id, 'getLog', { logType: 'SecurityLog' });
    expect(statusOf(log)).toBe('Accepted');
    expect(log.payload).toMatchObject({
      logType: 'SecurityLog',
      log: { remoteLocation: expect.any(String) },
    });
  });

  it('runs the commands only its version has, and refuses the others before sending', async () => {
    if (v201) {
      const monitor = await run(id, 'setVariableMonitoring', {
        variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' }],
        monitorTypes: ['UpperThreshold', 'Delta'],
        monitorValue: 600,
        severity: 5,
      });
      const results = monitor.result.setMonitoringResult as any[];
      expect(results.map((r) => r.status)).toEqual(['Accepted', 'Accepted']);
      expect(
        statusOf(await run(id, 'getMonitoringReport', { monitoringCriteria: ['DeltaMonitoring'] })),
      ).toBe('Accepted');
      const cleared = await run(id, 'clearVariableMonitoring', { monitorIds: results.map((r) => r.id) });
      expect(cleared.result.clearMonitoringResult.map((r: any) => r.status)).toEqual([
        'Accepted',
        'Accepted',
      ]);
      expect(statusOf(await run(id, 'setMonitoringBase', { monitorBase: 'FactoryDefault' }))).toBe(
        'Accepted',
      );
      expect(statusOf(await run(id, 'setMonitoringLevel', { monitorLevel: 4 }))).toBe('Accepted');

      // A display message from the stored template, read back, cleared.
      const shown = await run(id, 'setDisplayMessage', { displayId: ids.display, displayMessageId: 5 });
      expect(statusOf(shown)).toBe('Accepted');
      expect(shown.payload.message).toMatchObject({
        id: 5,
        priority: 'NormalCycle',
        state: 'Idle',
        message: { format: 'UTF8', content: 'Welcome, plug in to charge' },
      });
      expect(statusOf(await run(id, 'getDisplayMessages', { displayMessageIds: [5] }))).toBe('Accepted');
      expect(statusOf(await run(id, 'clearDisplayMessage', { displayMessageId: 5 }))).toBe('Accepted');
      expect(statusOf(await run(id, 'clearDisplayMessage', { displayMessageId: 5 }))).toBe('Unknown');
      // Or from the fields directly.
      expect(
        statusOf(
          await run(id, 'setDisplayMessage', { format: 'ASCII', content: 'Closed', priority: 'InFront' }),
        ),
      ).toBe('Accepted');

      // The network profile from the stored configuration; its secrets are not shown in the results.
      const network = await run(id, 'setNetworkProfile', {
        networkId: ids.network,
        ocppInterface: 'Wireless0',
      });
      expect(statusOf(network)).toBe('Accepted');
      expect(network.payload).toMatchObject({
        configurationSlot: 2,
        connectionData: {
          ocppCsmsUrl: 'wss://backup.example.com/ocpp',
          ocppInterface: 'Wireless0',
          vpn: { server: 'vpn.example.com', password: '******', key: '******' },
        },
      });
      expect(JSON.stringify(network)).not.toContain('vpn-secret');
      expect(chargers.get(id)!.networkProfiles.get(2)).toMatchObject({ vpn: { password: 'vpn-secret' } });

      const set = await run(id, 'setVariables', {
        variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', attributeValue: '300' }],
      });
      expect(set.result.setVariableResult[0].attributeStatus).toBe('Accepted');
      const got = await run(id, 'getVariables', {
        variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', attributeType: 'Actual' }],
      });
      expect(got.result.getVariableResult[0]).toMatchObject({
        attributeStatus: 'Accepted',
        attributeValue: '300',
      });
      expect(statusOf(await run(id, 'getReport', { componentCriteria: ['Available'] }))).toBeDefined();

      // "Read a charger's keys" without naming any: the base report, assembled from its parts.
      const base = await run(id, 'getBaseReport', { reportBase: 'FullInventory' });
      expect(statusOf(base)).toBe('Accepted');
      const report = await waitFor(async () => {
        const r = await api(rt.url, operator, `/biz/command/report?id=${base.commandId}`, {});
        return r.data?.complete ? r.data : undefined;
      });
      const model = chargers.get(id)!.deviceModel;
      expect(report.variables).toHaveLength(model.size); // more than one part of 20
      expect(report.variables).toContainEqual(
        expect.objectContaining({ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', value: '300' }),
      );
      expect(report.variables).toContainEqual(
        expect.objectContaining({ component: 'EVSE', evse: 2, variable: 'Power', mutability: 'ReadOnly' }),
      );
      // An instanced key from the report is changed by its name.
      const timeout = await run(id, 'changeConfiguration', {
        configKey: 'OCPPCommCtrlr/MessageTimeout.Default',
        configValue: '45',
      });
      expect(timeout.result.setVariableResult[0].attributeStatus).toBe('Accepted');
      expect([...model.values()].find((v) => v.variable.name === 'MessageTimeout')?.value).toBe('45');
      // A command that is not one of the caller's has no report.
      expect((await api(rt.url, operator, '/biz/command/report?id=nope', {})).code).not.toBe(0);
      expect((await run(id, 'getTransactionStatus')).result).toHaveProperty('messagesInQueue');

      const refused = await send({
        chargePointId: id,
        command: 'extendedTriggerMessage',
        params: { requestedMessage: 'Heartbeat' },
      });
      expect(refused.msg).toBe('This command does not exist in OCPP 2.0.1');
    } else {
      expect(
        statusOf(await run(id, 'extendedTriggerMessage', { requestedMessage: 'StatusNotification' })),
      ).toBe('Accepted');
      for (const [command, params] of [
        ['setMonitoringLevel', { monitorLevel: 1 }],
        ['getVariables', { variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' }] }],
        ['setDisplayMessage', { displayId: ids.display }],
        ['setNetworkProfile', { networkId: ids.network }],
      ] as const) {
        const refused = await send({ chargePointId: id, command, params });
        expect(refused.msg, command).toBe('This command does not exist in OCPP 1.6');
      }
    }
  });
});

describe('file transfer', () => {
  /** The location a command's payload gives the charger. */
  const locationOf = (r: any): string =>
    r.payload.location ?? r.payload.firmware?.location ?? r.payload.log?.remoteLocation;

  it.each([
    [V16, 'updateFirmware'],
    [V201, 'updateFirmware'],
    [V16, 'signedUpdateFirmware'],
    [V201, 'signedUpdateFirmware'],
  ])('%s %s: the charger downloads the file and its progress is kept on the command', async (id, command) => {
    const params =
      command === 'updateFirmware'
        ? { firmwareId: ids.firmware, retries: 1, retryInterval: 30 }
        : {
            firmwareId: ids.firmware,
            signingCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
            signature: 'c2lnbmF0dXJl',
          };
    const answered = await run(id, command, params);
    const location = locationOf(answered);
    expect(location).toMatch(
      new RegExp(`^${rt.url}/ocpp-files/firmware/[\\w-]+\\.[a-z0-9]+\\.[\\w-]+/Station_firmware\\.bin$`),
    );

    // What a charger does with the location: fetch it.
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(firmwareBytes);

    const progress = await waitFor(
      async () => {
        const r = await row(id, answered.commandId);
        const statuses = (r.progress ?? []).map((p: any) => p.status);
        return statuses.includes('Installed') ? statuses : undefined;
      },
      20_000,
      'firmware installed',
    );
    expect(progress.slice(0, 2)).toEqual(['Downloading', 'Downloaded']);
    expect(progress).toContain('Installing');
    if (command === 'signedUpdateFirmware') expect(progress).toContain('SignatureVerified');
    await chargers.get(id)!.whenBooted();
  });

  it('refuses a forged, altered or expired firmware link', async () => {
    const answered = await run(V16, 'updateFirmware', { firmwareId: ids.firmware });
    const location = locationOf(answered);
    const [base, token, name] = /^(.*\/firmware\/)([^/]+)\/(.+)$/.exec(location)!.slice(1);
    const [subject, expiry, signature] = token!.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    const path = Buffer.from(subject!, 'base64url').toString('utf8');
    for (const forged of [
      `${subject}.${expiry}.${flipped}`,
      // Another file with the same signature.
      `${Buffer.from(path.replace(/[^/]+$/, 'other.bin')).toString('base64url')}.${expiry}.${signature}`,
      // A later expiry with the same signature.
      `${subject}.${(parseInt(expiry!, 36) + 86_400).toString(36)}.${signature}`,
      // Correctly signed, but expired.
      signToken('firmware', path, Date.now() - 1000),
      'garbage',
    ]) {
      const res = await fetch(`${base}${forged}/${name}`);
      expect(res.status, forged).toBe(403);
    }
    await waitFor(
      async () =>
        ((await row(V16, answered.commandId)).progress ?? []).some((p: any) => p.status === 'Installed'),
      20_000,
    );
    await chargers.get(V16)!.whenBooted();
  });

  it.each([
    [V16, 'getDiagnostics'],
    [V201, 'getDiagnostics'],
    [V201, 'getLog'],
  ])('%s %s: the charger uploads its log, stored and linked on the command', async (id, command) => {
    const params =
      command === 'getLog' ? { logType: 'DiagnosticsLog' } : { startTime: '2024-01-01T00:00:00Z' };
    const answered = await run(id, command, params);
    expect(locationOf(answered)).toMatch(new RegExp(`^${rt.url}/ocpp-files/log/[\\w.-]+/$`));
    const uploaded = await waitFor(
      async () => {
        const r = await row(id, answered.commandId);
        return r.upload && (r.progress ?? []).some((p: any) => p.status === 'Uploaded') ? r : undefined;
      },
      15_000,
      'log uploaded',
    );
    expect(uploaded.upload).toMatchObject({
      fileName: expect.stringMatching(/\.log$/),
      size: expect.any(Number),
    });
    expect(uploaded.progress.map((p: any) => p.status)).toEqual(['Uploading', 'Uploaded']);

    const file = await fetch(`${rt.url}/biz/command/file?id=${answered.commandId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(uploaded.upload.fileName);
    const text = await file.text();
    expect(text).toContain(id);
    expect(text.length).toBe(uploaded.upload.size);
  });

  it('takes a multipart upload too, and refuses a forged upload link', async () => {
    const answered = await run(V16, 'getDiagnostics', { retries: 0 });
    await waitFor(async () => (await row(V16, answered.commandId)).upload, 15_000);
    const location = locationOf(answered);
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from([0, 1, 2, 255])]), 'dump.bin');
    expect((await fetch(location, { method: 'POST', body: form })).status).toBe(200);
    expect((await row(V16, answered.commandId)).upload).toMatchObject({ fileName: 'dump.bin', size: 4 });

    const forged = location.replace(/\.([\w-]+)\/$/, (_m, sig: string) => `.${sig.slice(1)}x/`);
    expect((await fetch(forged, { method: 'PUT', body: 'x' })).status).toBe(403);
    // A command without an uploaded file says so.
    const none = await api(
      rt.url,
      operator,
      `/biz/command/file?id=${(await run(V16, 'clearCache')).commandId}`,
    );
    expect(none.msg).toBe('The charger has not uploaded a file for this command');
  });
});

describe('command rules', () => {
  const refusedFields = async (command: string, params: Record<string, unknown>, chargePointId = V201) => {
    const answer = await send({ chargePointId, command, params });
    expect(answer.status).toBe(400);
    return answer.data;
  };

  it('refuses a charging profile without periods or with overlapping ones', async () => {
    expect(await refusedFields('setChargingProfile', { ...profile, periods: [] })).toEqual({
      periods: 'Add at least one period',
    });
    expect(
      await refusedFields('setChargingProfile', {
        ...profile,
        periods: [
          { startPeriod: 0, limit: 16 },
          { startPeriod: 3600, limit: 10 },
          { startPeriod: 1800, limit: 8 },
        ],
      }),
    ).toEqual({
      'periods.2.startPeriod': 'Each period must start after the previous one (periods must not overlap)',
    });
  });

  it('refuses variable monitoring without a pair, with a pair twice or without a type', async () => {
    const base = { monitorValue: 1, severity: 1 };
    expect(
      await refusedFields('setVariableMonitoring', { ...base, variables: [], monitorTypes: ['Delta'] }),
    ).toEqual({
      variables: 'Add at least one component and variable',
    });
    expect(
      await refusedFields('setVariableMonitoring', {
        ...base,
        variables: [
          { component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' },
          { component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' },
        ],
        monitorTypes: [],
      }),
    ).toEqual({
      'variables.1.variable': 'This component and variable are already in the list',
      monitorTypes: 'Check at least one monitor type',
    });
  });

  it('refuses a local list from a platform account', async () => {
    const answer = await send(
      { chargePointId: V16, command: 'sendLocalList', params: { listVersionId: ids.list, updateType: 1 } },
      admin,
    );
    expect(answer.code).not.toBe(0);
    expect(answer.msg).toBe('Only company accounts can send a local list');
  });

  it('loads records in the caller scope only', async () => {
    // The platform's firmware is not the company's.
    expect(await refusedFields('updateFirmware', { firmwareId: ids.platformFirmware })).toEqual({
      firmwareId: 'The chosen record does not exist',
    });
    expect(await refusedFields('setNetworkProfile', { networkId: 'nope' })).toEqual({
      networkId: 'The chosen record does not exist',
    });
  });
});
