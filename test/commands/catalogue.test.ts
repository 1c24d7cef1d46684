/**
 * The command catalogue without a charger: every command has its texts, the payload built for each version
 * it exists in fits the official schema, and the parameter rules of docs/product.md section 5 (charging
 * profile periods, monitoring pairs and types, display message source) hold.
 */
import { describe, expect, it } from 'vitest';
import {
  chargingProfileParams,
  COMMANDS,
  commandByKey,
  deviceKey,
  splitKey,
  variableMonitoringParams,
  type CommandContext,
} from '@shared/commands/catalogue.ts';
import { namedCommandKeys } from '@shared/i18n/areas/commands.ts';
import { en } from '@shared/i18n/en.ts';
import { validateRequest } from '@functions/ocpp-messages/schemas.ts';

const ctx: CommandContext = {
  connectorNo: 1,
  transactionId: '42',
  requestId: 1234,
  location: 'https://example.com/ocpp-files/x/',
};

const profile = {
  chargingProfileId: 7,
  stackLevel: 1,
  purpose: 'TxDefaultProfile',
  kind: 'Absolute',
  chargingRateUnit: 'A',
  startSchedule: '2030-01-01T00:00:00Z',
  duration: 3600,
  minChargingRate: 6,
  periods: [
    { startPeriod: 0, limit: 16.3, numberPhases: 3 },
    { startPeriod: 1800, limit: 10 },
  ],
};

/** Parameters per command for the payload check (commands without any take none). */
const samples: Record<string, Record<string, unknown>> = {
  reset: { resetType: 0 },
  changeAvailability: { availType: 1 },
  getConfiguration: { configKeys: ['OCPPCommCtrlr/HeartbeatInterval'] },
  changeConfiguration: { configKey: 'HeartbeatInterval', configValue: '60' },
  remoteStart: { idTag: 'TAG-1' },
  reserveNow: { idTag: 'TAG-1', expiryDate: '2030-01-01T00:00:00Z' },
  cancelReservation: { reservationId: 3 },
  getCompositeSchedule: { duration: 600 },
  triggerMessage: { requestedMessage: 'Heartbeat' },
  dataTransfer: { vendorId: 'com.example' },
  getBaseReport: {},
  updateFirmware: { firmwareId: 'fw1', retrieveDate: '2030-01-01T00:00:00Z', retries: 2, retryInterval: 60 },
  signedUpdateFirmware: {
    firmwareId: 'fw1',
    installDateTime: '2030-01-02T00:00:00Z',
    signingCertificate: '-----BEGIN CERTIFICATE-----',
    signature: 'c2lnbmF0dXJl',
  },
  getDiagnostics: { startTime: '2029-12-01T00:00:00Z', stopTime: '2030-01-01T00:00:00Z' },
  getLog: { logType: 'SecurityLog', retries: 1 },
  sendLocalList: { listVersionId: 'l1', updateType: 1 },
  setChargingProfile: profile,
  getChargingProfiles: { purpose: 'TxProfile', chargingLimitSource: ['CSO'] },
  setVariableMonitoring: {
    variables: [{ component: 'EVSE', variable: 'Power', evseId: 1 }],
    monitorTypes: ['UpperThreshold', 'Delta'],
    monitorValue: 22000,
    severity: 4,
  },
  clearVariableMonitoring: { monitorIds: [1, 2] },
  setMonitoringBase: { monitorBase: 'All' },
  setMonitoringLevel: { monitorLevel: 5 },
  getMonitoringReport: { monitoringCriteria: ['DeltaMonitoring'], variables: [{ component: 'EVSE' }] },
  getReport: { componentCriteria: ['Problem'], variables: [{ component: 'OCPPCommCtrlr', variable: 'X' }] },
  getVariables: { variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' }] },
  setVariables: {
    variables: [{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', attributeValue: '60' }],
  },
  setDisplayMessage: { format: 'UTF8', content: 'Hello', priority: 'NormalCycle', language: 'en' },
  getDisplayMessages: { displayMessageIds: [1] },
  clearDisplayMessage: { displayMessageId: 1 },
  setNetworkProfile: { networkId: 'n1' },
  getTransactionStatus: { transactionId: 'tx-1' },
  extendedTriggerMessage: { requestedMessage: 'LogStatusNotification' },
};

/** What the server loads for commands with a `load` step. */
const records: Record<string, Record<string, unknown>> = {
  sendLocalList: {
    listVersion: 5,
    entries: [
      { idTag: 'A', idTagStatus: 'Accepted', idTagExpiryDate: '2031-01-01T00:00:00Z', parentIdTag: 'P' },
      { idTag: 'B', idTagStatus: 'Blocked' },
    ],
  },
  setNetworkProfile: {
    ocppVersion: 'OCPP20',
    ocppTransport: 'JSON',
    ocppCsmsUrl: 'wss://csms.example.com/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    configurationSlot: 1,
    vpnServer: 'vpn.example.com',
    vpnUser: 'u',
    vpnPassword: 'p',
    vpnType: 'IKEv2',
    apn: 'internet',
    apnAuthentication: 'AUTO',
    simPin: '1234',
  },
};

describe('the command catalogue', () => {
  it('names every command, with its button code and a permission-style code', () => {
    expect(COMMANDS.map((c) => c.key).filter((k) => !namedCommandKeys.includes(k))).toEqual([]);
    expect(new Set(COMMANDS.map((c) => c.key)).size).toBe(COMMANDS.length);
    for (const c of COMMANDS) expect(c.code).toMatch(/^22[1-6]\d$/);
  });

  it('labels every parameter a command takes', () => {
    const labels = en.commandRes.params as Record<string, string>;
    const names = new Set<string>();
    // Every object field anywhere in a schema (through optional, default, preprocess and arrays).
    const walk = (schema: unknown) => {
      const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
      if (!def) return;
      if (def.type === 'object')
        for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
          names.add(name);
          walk(field);
        }
      for (const key of ['innerType', 'element', 'in', 'out', 'schema']) walk(def[key]);
    };
    for (const c of COMMANDS) walk(c.params);
    expect(names.size).toBeGreaterThan(40);
    expect([...names].filter((n) => !labels[n])).toEqual([]);
  });

  for (const def of COMMANDS)
    for (const [protocol, variant] of [
      ['ocpp1.6', def.ocpp16],
      ['ocpp2.0.1', def.ocpp201],
    ] as const)
      if (variant)
        it(`builds a valid ${protocol} ${variant.action} for ${def.key}`, () => {
          const params = def.params.parse(samples[def.key] ?? {}) as Record<string, unknown>;
          const payload = variant.payload(params, { ...ctx, record: records[def.key] });
          const valid = validateRequest(protocol, variant.action, payload);
          expect(valid, JSON.stringify(payload)).toEqual({ ok: true });
        });
});

describe('payload mapping', () => {
  const build = (key: string, protocol: 'ocpp16' | 'ocpp201', params = samples[key]!, extra = {}) => {
    const def = commandByKey.get(key)!;
    return def[protocol]!.payload(def.params.parse(params) as Record<string, unknown>, {
      ...ctx,
      record: records[key],
      ...extra,
    });
  };

  it('reads 2.0.1 keys with their EVSE, connector and instance, as the report lists them', () => {
    expect(
      build('changeConfiguration', 'ocpp201', { configKey: 'EVSE@2:1/Power.Max', configValue: '7' }),
    ).toEqual({
      setVariableData: [
        {
          attributeValue: '7',
          component: { name: 'EVSE', evse: { id: 2, connectorId: 1 } },
          variable: { name: 'Power', instance: 'Max' },
        },
      ],
    });
    expect(build('getConfiguration', 'ocpp201', { configKeys: ['HeartbeatInterval'] })).toEqual({
      getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
    });
    for (const v of [
      { component: 'OCPPCommCtrlr', variable: 'MessageTimeout', instance: 'Default' },
      { component: 'EVSE', evse: 1, variable: 'Available' },
      { component: 'Connector', evse: 1, connector: 1, variable: 'ConnectorType' },
    ]) {
      const { component, variable } = splitKey(deviceKey(v));
      expect({
        component: component.name,
        evse: component.evse?.id,
        connector: component.evse?.connectorId,
        variable: variable.name,
        instance: variable.instance,
      }).toEqual({ evse: undefined, connector: undefined, instance: undefined, ...v });
    }
  });

  it('sets a charging profile on the pile or a connector, 2.0.1 purposes renamed', () => {
    expect(build('setChargingProfile', 'ocpp16', profile, { connectorNo: undefined })).toMatchObject({
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 7,
        chargingProfileKind: 'Absolute',
        chargingSchedule: { chargingSchedulePeriod: [{ startPeriod: 0, limit: 16.3, numberPhases: 3 }, {}] },
      },
    });
    expect(
      build('setChargingProfile', 'ocpp201', { ...profile, purpose: 'ChargePointMaxProfile' }),
    ).toMatchObject({
      evseId: 1,
      chargingProfile: { id: 7, chargingProfilePurpose: 'ChargingStationMaxProfile', chargingSchedule: [{}] },
    });
  });

  it('sends a local list fully or as a difference, 2.0.1 as id tokens', () => {
    expect(build('sendLocalList', 'ocpp16')).toEqual({
      listVersion: 5,
      updateType: 'Full',
      localAuthorizationList: [
        {
          idTag: 'A',
          idTagInfo: { status: 'Accepted', expiryDate: '2031-01-01T00:00:00Z', parentIdTag: 'P' },
        },
        { idTag: 'B', idTagInfo: { status: 'Blocked' } },
      ],
    });
    const v201 = build('sendLocalList', 'ocpp201', { listVersionId: 'l1', updateType: 0 });
    expect(v201).toMatchObject({ versionNumber: 5, updateType: 'Differential' });
    expect((v201.localAuthorizationList as unknown[])[0]).toMatchObject({
      idToken: { idToken: 'A' },
      idTokenInfo: { groupIdToken: { idToken: 'P' } },
    });
  });

  it('monitors every pair with every checked type', () => {
    const payload = build('setVariableMonitoring', 'ocpp201', {
      variables: [
        { component: 'EVSE', variable: 'Power', evseId: 1 },
        { component: 'EVSE', variable: 'Power', evseId: 2 },
      ],
      monitorTypes: ['UpperThreshold', 'LowerThreshold'],
      monitorValue: 10,
      severity: 3,
      transaction: 'true',
    });
    expect(payload.setMonitoringData).toHaveLength(4);
    expect((payload.setMonitoringData as unknown[])[0]).toEqual({
      value: 10,
      type: 'UpperThreshold',
      severity: 3,
      transaction: true,
      component: { name: 'EVSE', evse: { id: 1 } },
      variable: { name: 'Power' },
    });
  });

  it('takes a display message from its template, the fields given overriding it', () => {
    const payload = build(
      'setDisplayMessage',
      'ocpp201',
      { displayId: 'd1', priority: 'AlwaysFront' },
      {
        record: { format: 'ASCII', language: 'de', content: 'Hallo', priority: 'NormalCycle', state: 'Idle' },
      },
    );
    expect(payload).toEqual({
      message: {
        id: 1234,
        priority: 'AlwaysFront',
        state: 'Idle',
        message: { format: 'ASCII', language: 'de', content: 'Hallo' },
      },
    });
  });

  it('sends a network configuration with its VPN and APN', () => {
    const payload = build('setNetworkProfile', 'ocpp201');
    expect(payload).toMatchObject({
      configurationSlot: 1,
      connectionData: {
        ocppInterface: 'Wired0',
        vpn: { server: 'vpn.example.com', key: '', type: 'IKEv2' },
        apn: { apn: 'internet', simPin: 1234 },
      },
    });
  });
});

describe('parameter rules', () => {
  const issues = (
    schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
    v: unknown,
  ) =>
    (schema.safeParse(v).error?.issues ?? []).map((i) => {
      const issue = i as { path: (string | number)[]; message: string };
      return `${issue.path.join('.')}: ${issue.message}`;
    });

  it('needs at least one period', () => {
    expect(issues(chargingProfileParams, { ...profile, periods: [] })).toEqual([
      'periods: commandRes.validation.periodRequired',
    ]);
  });

  it('starts the first period at 0 and each after the one before (no overlap)', () => {
    expect(
      issues(chargingProfileParams, {
        ...profile,
        periods: [
          { startPeriod: 60, limit: 10 },
          { startPeriod: 60, limit: 8 },
          { startPeriod: 30, limit: 8 },
        ],
      }),
    ).toEqual([
      'periods.0.startPeriod: commandRes.validation.firstPeriodAtStart',
      'periods.1.startPeriod: commandRes.validation.periodOverlap',
      'periods.2.startPeriod: commandRes.validation.periodOverlap',
    ]);
  });

  it('keeps periods within the duration, limits at one decimal and above the minimum rate', () => {
    expect(
      issues(chargingProfileParams, {
        ...profile,
        duration: 1000,
        periods: [
          { startPeriod: 0, limit: 6 },
          { startPeriod: 500, limit: 10.25 },
        ],
      }),
    ).toEqual(['periods.1.limit: commandRes.validation.oneDecimal']);
    expect(
      issues(chargingProfileParams, {
        ...profile,
        duration: 1000,
        periods: [
          { startPeriod: 0, limit: 5 },
          { startPeriod: 1000, limit: 10 },
        ],
      }),
    ).toEqual([
      'periods.0.limit: commandRes.validation.belowMinimum',
      'periods.1.startPeriod: commandRes.validation.periodBeyondDuration',
    ]);
  });

  it('checks the profile kind against recurrence and start, and validity end after start', () => {
    expect(issues(chargingProfileParams, { ...profile, kind: 'Recurring', startSchedule: '' })).toEqual([
      'recurrencyKind: validation.required',
      'startSchedule: commandRes.validation.recurringStart',
    ]);
    expect(issues(chargingProfileParams, { ...profile, kind: 'Relative', recurrencyKind: 'Daily' })).toEqual([
      'recurrencyKind: commandRes.validation.recurrencyOnlyRecurring',
      'startSchedule: commandRes.validation.relativeNoStart',
    ]);
    expect(
      issues(chargingProfileParams, {
        ...profile,
        validFrom: '2030-01-02T00:00:00Z',
        validTo: '2030-01-01T00:00:00Z',
      }),
    ).toEqual(['validTo: commandRes.validation.endAfterStart']);
  });

  it('needs at least one monitoring pair, no pair twice and at least one type', () => {
    const base = { monitorValue: 1, severity: 1 };
    expect(issues(variableMonitoringParams, { ...base, variables: [], monitorTypes: ['Delta'] })).toEqual([
      'variables: commandRes.validation.pairRequired',
    ]);
    expect(
      issues(variableMonitoringParams, {
        ...base,
        variables: [
          { component: 'EVSE', variable: 'Power' },
          { component: 'evse', variable: 'power' },
        ],
        monitorTypes: [],
      }),
    ).toEqual([
      'variables.1.variable: commandRes.validation.duplicatePair',
      'monitorTypes: commandRes.validation.typeRequired',
    ]);
    // The same variable of two EVSEs, or two instances, are two pairs.
    expect(
      issues(variableMonitoringParams, {
        ...base,
        variables: [
          { component: 'EVSE', variable: 'Power', evseId: 1 },
          { component: 'EVSE', variable: 'Power', evseId: 2 },
          { component: 'EVSE', variable: 'Power', evseId: 2, instance: 'L1' },
        ],
        monitorTypes: ['Periodic'],
      }),
    ).toEqual([]);
  });

  it('sets a display message from a template or from format, content and priority', () => {
    const schema = commandByKey.get('setDisplayMessage')!.params;
    expect(issues(schema, { content: 'x' })).toEqual([
      'format: commandRes.validation.templateOrFields',
      'priority: commandRes.validation.templateOrFields',
    ]);
    expect(issues(schema, { displayId: 'd1' })).toEqual([]);
  });
});
