/**
 * OCPP 2.0.1 commands a simulated charging station answers, each with a schema-valid CALLRESULT and the
 * follow-up messages a real station sends (reports, firmware and log progress, a started session...).
 * EVSE n has one connector (connector 1); the station itself is "connector 0" internally.
 */
import type { ChargingProfile, CommandHandler, Json, SimulatedCharger } from './charger.ts';
import {
  fitsType,
  variableKey,
  type ComponentRef,
  type DeviceVariable,
  type VariableRef,
} from './settings.ts';

const ISO = () => new Date().toISOString();
const accepted = (status = 'Accepted') => ({ result: { status } });

interface Schedule201 {
  chargingRateUnit: 'A' | 'W';
  chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
  startSchedule?: string;
}
interface Profile201 {
  id: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  transactionId?: string;
  chargingSchedule: Schedule201[];
}

function toProfile(p: Profile201): ChargingProfile {
  const schedule = p.chargingSchedule[0]!;
  const start = schedule.startSchedule ? Date.parse(schedule.startSchedule) : Date.now();
  return {
    id: p.id,
    purpose: p.chargingProfilePurpose,
    stackLevel: p.stackLevel,
    transactionId: p.transactionId,
    unit: schedule.chargingRateUnit,
    periods: [...schedule.chargingSchedulePeriod].sort((a, b) => a.startPeriod - b.startPeriod),
    startsAt: Number.isFinite(start) ? start : Date.now(),
    raw: p as unknown as Json,
  };
}

/** Looks a component/variable pair up: the variable, or why it is not there. */
function lookup(ch: SimulatedCharger, component: ComponentRef, variable: VariableRef) {
  const found = ch.deviceModel.get(variableKey(component, variable));
  if (found) return { found };
  const prefix = variableKey(component, { name: '' }).replace(/\|\|$/, '|');
  const componentKnown = [...ch.deviceModel.keys()].some((k) => k.startsWith(prefix));
  return { status: componentKnown ? 'UnknownVariable' : 'UnknownComponent' };
}

function reportEntry(v: DeviceVariable): Json {
  return {
    component: v.component,
    variable: v.variable,
    variableAttribute: [
      {
        type: 'Actual',
        ...(v.mutability === 'WriteOnly' ? {} : { value: v.value }),
        mutability: v.mutability,
      },
    ],
    variableCharacteristics: {
      dataType: v.dataType,
      supportsMonitoring: true,
      ...(v.unit ? { unit: v.unit } : {}),
    },
  };
}

/** NotifyReport in parts of 20 entries (seqNo counts up, tbc on all but the last). */
function sendReport(ch: SimulatedCharger, requestId: number, variables: DeviceVariable[]) {
  const parts: DeviceVariable[][] = [];
  for (let i = 0; i < variables.length; i += 20) parts.push(variables.slice(i, i + 20));
  parts.forEach((part, seqNo) =>
    ch.fire('NotifyReport', {
      requestId,
      generatedAt: ISO(),
      seqNo,
      tbc: seqNo < parts.length - 1,
      reportData: part.map(reportEntry),
    }),
  );
}

function trigger(ch: SimulatedCharger, message: string, evseId?: number): boolean {
  const one = evseId !== undefined && evseId > 0 ? ch.connectors[evseId] : undefined;
  const evses = one ? [one] : ch.connectors.slice(1);
  switch (message) {
    case 'BootNotification': {
      const reason = ch.bootReason;
      ch.bootReason = 'Triggered';
      void ch.boot().finally(() => (ch.bootReason = reason === 'Triggered' ? 'PowerUp' : reason));
      return true;
    }
    case 'Heartbeat':
      ch.fire('Heartbeat', {});
      return true;
    case 'StatusNotification':
      for (const c of evses) {
        const m = ch.statusPayload(c);
        if (m) ch.fire(m.action, m.payload);
      }
      return true;
    case 'MeterValues':
      for (const c of evses) {
        if (c.session) ch.fire('MeterValues', meterValuesOf(ch, c.id));
        else ch.sendMeterValues(c, 'Trigger');
      }
      return true;
    case 'TransactionEvent':
      for (const c of evses) ch.triggerTransactionEvent(c);
      return true;
    case 'FirmwareStatusNotification':
      ch.fire('FirmwareStatusNotification', {
        status: ch.firmware.status,
        ...(ch.firmware.requestId !== undefined && ch.firmware.status !== 'Idle'
          ? { requestId: ch.firmware.requestId }
          : {}),
      });
      return true;
    case 'LogStatusNotification':
      ch.fire('LogStatusNotification', {
        status: ch.diagnostics.status === 'Uploading' ? 'Uploading' : 'Idle',
        ...(ch.diagnostics.requestId !== undefined && ch.diagnostics.status === 'Uploading'
          ? { requestId: ch.diagnostics.requestId }
          : {}),
      });
      return true;
    default:
      return false;
  }
}

/** A MeterValues request (outside a TransactionEvent) with the EVSE's register. */
function meterValuesOf(ch: SimulatedCharger, evseId: number): Json {
  const c = ch.connectors[evseId]!;
  return {
    evseId,
    meterValue: [
      {
        timestamp: ISO(),
        sampledValue: [
          {
            value: Math.round(c.registerWh),
            context: 'Trigger',
            measurand: 'Energy.Active.Import.Register',
            unitOfMeasure: { unit: 'Wh' },
          },
        ],
      },
    ],
  };
}

export const commands201: Record<string, CommandHandler> = {
  Reset: (ch, p) => {
    if (p.evseId !== undefined) {
      const c = ch.connector(Number(p.evseId));
      if (!c || c.id === 0) return accepted('Rejected');
      return { result: { status: 'Accepted' }, after: () => ch.stopSession(c.id, 'HardReset') };
    }
    const busy = ch.connectors.some((c) => c.session);
    if (p.type === 'OnIdle' && busy) {
      return {
        result: { status: 'Scheduled' },
        after: async () => {
          await ch.whenIdle();
          await ch.reboot('Reboot', 'ScheduledReset');
        },
      };
    }
    return { result: { status: 'Accepted' }, after: () => ch.reboot('HardReset', 'RemoteReset') };
  },

  UnlockConnector: (ch, p) => {
    const c = ch.connector(Number(p.evseId));
    if (!c || c.id === 0 || Number(p.connectorId) !== 1) return accepted('UnknownConnector');
    if (c.session) return accepted('OngoingAuthorizedTransaction');
    return accepted('Unlocked');
  },

  ChangeAvailability: (ch, p) => {
    const evse = p.evse as { id: number } | undefined;
    return { result: { status: ch.changeAvailability(evse?.id ?? 0, p.operationalStatus === 'Operative') } };
  },

  ClearCache: () => accepted(),

  RequestStartTransaction: (ch, p) => {
    const token = p.idToken as { idToken: string };
    const tag = token.idToken;
    const wanted = p.evseId !== undefined ? ch.connector(Number(p.evseId)) : undefined;
    const c =
      wanted ??
      ch.connectors
        .slice(1)
        .find(
          (x) => !x.session && !x.fault && x.operative && (!x.reservation || x.reservation.idTag === tag),
        );
    if (!c || c.id === 0 || c.session || c.fault || !c.operative) return accepted('Rejected');
    if (c.reservation && c.reservation.idTag !== tag) return accepted('Rejected');
    const profile = p.chargingProfile as Profile201 | undefined;
    return {
      result: { status: 'Accepted' },
      after: async () => {
        await ch
          .startSession(c.id, tag, { remote: true, remoteStartId: Number(p.remoteStartId) })
          .catch((e: Error) => ch.log(e.message));
        if (profile && c.session)
          ch.setProfile(c.id, toProfile({ ...profile, transactionId: String(c.session.transactionId) }));
      },
    };
  },

  RequestStopTransaction: (ch, p) => {
    const c = ch.findTransaction(p.transactionId);
    if (!c) return accepted('Rejected');
    return { result: { status: 'Accepted' }, after: () => ch.stopSession(c.id, 'Remote') };
  },

  ReserveNow: (ch, p) => {
    const token = p.idToken as { idToken: string };
    const status = ch.reserve(
      p.evseId === undefined ? 0 : Number(p.evseId),
      Number(p.id),
      token.idToken,
      Date.parse(String(p.expiryDateTime)),
    );
    return accepted(status);
  },

  CancelReservation: (ch, p) =>
    accepted(ch.cancelReservation(Number(p.reservationId)) ? 'Accepted' : 'Rejected'),

  UpdateFirmware: (ch, p) => {
    const firmware = p.firmware as { location: string; retrieveDateTime: string; signature?: string };
    const requestId = Number(p.requestId);
    return {
      result: { status: 'Accepted' },
      after: () => {
        ch.firmware = { status: 'Idle', requestId };
        return ch.updateFirmware(
          firmware.location,
          Date.parse(firmware.retrieveDateTime),
          (status) => ch.fire('FirmwareStatusNotification', { status, requestId }, { persistent: true }),
          { signed: firmware.signature !== undefined, rebootingStatus: true },
        );
      },
    };
  },

  GetLog: (ch, p) => {
    const log = p.log as { remoteLocation: string };
    const requestId = Number(p.requestId);
    const filename = `${String(p.logType).toLowerCase()}-${ch.id}-${Date.now()}.log`.slice(0, 255);
    return {
      result: { status: 'Accepted', filename },
      after: () =>
        ch.upload(log.remoteLocation, filename, (status) => {
          ch.diagnostics = { status: status === 'Uploading' ? 'Uploading' : 'Idle', requestId };
          const mapped = status === 'Failed' ? 'UploadFailure' : status;
          ch.fire('LogStatusNotification', { status: mapped, requestId }, { persistent: true });
        }),
    };
  },

  SendLocalList: (ch, p) => {
    const version = Number(p.versionNumber);
    const list = (p.localAuthorizationList ?? []) as { idToken: { idToken: string }; idTokenInfo?: Json }[];
    if (p.updateType === 'Differential' && version <= ch.localList.version)
      return accepted('VersionMismatch');
    if (p.updateType === 'Full') ch.localList.entries.clear();
    for (const e of list) {
      if (e.idTokenInfo) ch.localList.entries.set(e.idToken.idToken, e.idTokenInfo);
      else ch.localList.entries.delete(e.idToken.idToken);
    }
    ch.localList.version = version;
    const entries = ch.variable('LocalAuthListCtrlr', 'Entries');
    if (entries) entries.value = String(ch.localList.entries.size);
    return accepted();
  },

  GetLocalListVersion: (ch) => ({ result: { versionNumber: ch.localList.version } }),

  SetChargingProfile: (ch, p) => {
    const profile = p.chargingProfile as unknown as Profile201;
    const evseId = Number(p.evseId);
    const c = ch.connector(evseId);
    if (!c || !profile.chargingSchedule.length) return accepted('Rejected');
    if (profile.chargingProfilePurpose === 'ChargingStationMaxProfile' && evseId !== 0)
      return accepted('Rejected');
    if (profile.chargingProfilePurpose === 'TxProfile') {
      if (!c.session) return accepted('Rejected');
      if (profile.transactionId !== undefined && profile.transactionId !== String(c.session.transactionId))
        return accepted('Rejected');
    }
    return accepted(ch.setProfile(evseId, toProfile(profile)) ? 'Accepted' : 'Rejected');
  },

  ClearChargingProfile: (ch, p) => {
    const criteria = (p.chargingProfileCriteria ?? {}) as {
      evseId?: number;
      chargingProfilePurpose?: string;
      stackLevel?: number;
    };
    const removed = ch.clearProfiles(
      (evseId, profile) =>
        (p.chargingProfileId === undefined || profile.id === p.chargingProfileId) &&
        (criteria.evseId === undefined || evseId === criteria.evseId) &&
        (criteria.chargingProfilePurpose === undefined ||
          profile.purpose === criteria.chargingProfilePurpose) &&
        (criteria.stackLevel === undefined || profile.stackLevel === criteria.stackLevel),
    );
    return accepted(removed ? 'Accepted' : 'Unknown');
  },

  GetChargingProfiles: (ch, p) => {
    const criteria = p.chargingProfile as { chargingProfilePurpose?: string; chargingProfileId?: number[] };
    const requestId = Number(p.requestId);
    const holders =
      p.evseId === undefined ? ch.connectors : [ch.connector(Number(p.evseId))].filter((c) => !!c);
    const found = holders
      .map((c) => ({
        evseId: c!.id,
        profiles: [...c!.profiles.values()].filter(
          (x) =>
            (!criteria.chargingProfilePurpose || x.purpose === criteria.chargingProfilePurpose) &&
            (!criteria.chargingProfileId?.length || criteria.chargingProfileId.includes(x.id)),
        ),
      }))
      .filter((x) => x.profiles.length);
    if (!found.length) return accepted('NoProfiles');
    return {
      result: { status: 'Accepted' },
      after: () =>
        found.forEach((x, i) =>
          ch.fire('ReportChargingProfiles', {
            requestId,
            chargingLimitSource: 'CSO',
            evseId: x.evseId,
            chargingProfile: x.profiles.map((profile) => profile.raw),
            tbc: i < found.length - 1,
          }),
        ),
    };
  },

  GetCompositeSchedule: (ch, p) => {
    const evseId = Number(p.evseId);
    const c = ch.connector(evseId === 0 ? 1 : evseId);
    if (!c) return accepted('Rejected');
    const unit = p.chargingRateUnit === 'A' ? 'A' : 'W';
    const limitW = ch.limitW(c) ?? c.electrical.maxPowerW;
    const volts = c.electrical.powerType === 'AC' ? 230 * c.electrical.phases : 400;
    const limit = Math.round((unit === 'W' ? limitW : limitW / volts) * 10) / 10;
    return {
      result: {
        status: 'Accepted',
        schedule: {
          evseId,
          duration: Number(p.duration),
          scheduleStart: ISO(),
          chargingRateUnit: unit,
          chargingSchedulePeriod: [{ startPeriod: 0, limit }],
        },
      },
    };
  },

  TriggerMessage: (ch, p) => {
    const evse = p.evse as { id: number } | undefined;
    if (evse && !ch.connector(evse.id)) return accepted('Rejected');
    const message = String(p.requestedMessage);
    const known = [
      'BootNotification',
      'LogStatusNotification',
      'FirmwareStatusNotification',
      'Heartbeat',
      'MeterValues',
      'StatusNotification',
      'TransactionEvent',
    ];
    if (!known.includes(message)) return accepted('NotImplemented');
    if (message === 'TransactionEvent') {
      const targets = evse ? [ch.connector(evse.id)] : ch.connectors.slice(1);
      if (!targets.some((c) => c?.session)) return accepted('Rejected');
    }
    return { result: { status: 'Accepted' }, after: () => trigger(ch, message, evse?.id) };
  },

  DataTransfer: (_ch, p) => ({
    result: { status: 'Accepted', ...(p.data !== undefined ? { data: p.data } : {}) },
  }),

  GetVariables: (ch, p) => {
    const data = p.getVariableData as {
      attributeType?: string;
      component: ComponentRef;
      variable: VariableRef;
    }[];
    const getVariableResult = data.map((d) => {
      const base = {
        component: d.component,
        variable: d.variable,
        ...(d.attributeType ? { attributeType: d.attributeType } : {}),
      };
      if (d.attributeType && d.attributeType !== 'Actual')
        return { ...base, attributeStatus: 'NotSupportedAttributeType' };
      const { found, status } = lookup(ch, d.component, d.variable);
      if (!found) return { ...base, attributeStatus: status };
      if (found.mutability === 'WriteOnly') return { ...base, attributeStatus: 'Rejected' };
      return { ...base, attributeStatus: 'Accepted', attributeValue: found.value };
    });
    return { result: { getVariableResult } };
  },

  SetVariables: (ch, p) => {
    const data = p.setVariableData as {
      attributeType?: string;
      attributeValue: string;
      component: ComponentRef;
      variable: VariableRef;
    }[];
    const setVariableResult = data.map((d) => {
      const base = {
        component: d.component,
        variable: d.variable,
        ...(d.attributeType ? { attributeType: d.attributeType } : {}),
      };
      if (d.attributeType && d.attributeType !== 'Actual')
        return { ...base, attributeStatus: 'NotSupportedAttributeType' };
      const { found, status } = lookup(ch, d.component, d.variable);
      if (!found) return { ...base, attributeStatus: status };
      if (found.mutability === 'ReadOnly' || !fitsType(found.dataType, d.attributeValue))
        return { ...base, attributeStatus: 'Rejected' };
      found.value = d.attributeValue;
      if (found.component.name === 'OCPPCommCtrlr' && found.variable.name === 'HeartbeatInterval')
        ch.setHeartbeatInterval(Number(d.attributeValue));
      return { ...base, attributeStatus: 'Accepted' };
    });
    return { result: { setVariableResult } };
  },

  GetBaseReport: (ch, p) => {
    const all = [...ch.deviceModel.values()];
    const variables =
      p.reportBase === 'ConfigurationInventory'
        ? all.filter((v) => v.configuration)
        : p.reportBase === 'SummaryInventory'
          ? all.filter((v) => ['ChargingStation', 'EVSE'].includes(v.component.name))
          : all;
    return { result: { status: 'Accepted' }, after: () => sendReport(ch, Number(p.requestId), variables) };
  },

  GetReport: (ch, p) => {
    const wanted = p.componentVariable as { component: ComponentRef; variable?: VariableRef }[] | undefined;
    const variables = [...ch.deviceModel.values()].filter(
      (v) =>
        !wanted?.length ||
        wanted.some(
          (w) =>
            w.component.name === v.component.name &&
            (w.component.evse === undefined || w.component.evse.id === v.component.evse?.id) &&
            (!w.variable || w.variable.name === v.variable.name),
        ),
    );
    if (!variables.length) return accepted('EmptyResultSet');
    return { result: { status: 'Accepted' }, after: () => sendReport(ch, Number(p.requestId), variables) };
  },

  SetVariableMonitoring: (ch, p) => {
    const data = p.setMonitoringData as {
      id?: number;
      transaction?: boolean;
      value: number;
      type: string;
      severity: number;
      component: ComponentRef;
      variable: VariableRef;
    }[];
    const setMonitoringResult = data.map((d) => {
      const base = { type: d.type, severity: d.severity, component: d.component, variable: d.variable };
      const { found, status } = lookup(ch, d.component, d.variable);
      if (!found) return { ...base, status };
      const id = d.id ?? Math.max(0, ...ch.monitors.keys()) + 1;
      ch.monitors.set(id, {
        id,
        transaction: d.transaction ?? false,
        value: d.value,
        type: d.type,
        severity: d.severity,
        component: d.component,
        variable: d.variable,
      });
      return { ...base, id, status: 'Accepted' };
    });
    return { result: { setMonitoringResult } };
  },

  ClearVariableMonitoring: (ch, p) => ({
    result: {
      clearMonitoringResult: (p.id as number[]).map((id) => ({
        id,
        status: ch.monitors.delete(id) ? 'Accepted' : 'NotFound',
      })),
    },
  }),

  GetMonitoringReport: (ch, p) => {
    const monitors = [...ch.monitors.values()];
    if (!monitors.length) return accepted('EmptyResultSet');
    const requestId = Number(p.requestId);
    return {
      result: { status: 'Accepted' },
      after: () =>
        ch.fire('NotifyMonitoringReport', {
          requestId,
          seqNo: 0,
          generatedAt: ISO(),
          tbc: false,
          monitor: monitors.map((m) => ({
            component: m.component,
            variable: m.variable,
            variableMonitoring: [
              { id: m.id, transaction: m.transaction, value: m.value, type: m.type, severity: m.severity },
            ],
          })),
        }),
    };
  },

  SetMonitoringBase: (ch, p) => {
    ch.monitoring.base = String(p.monitoringBase);
    return accepted();
  },

  SetMonitoringLevel: (ch, p) => {
    ch.monitoring.level = Number(p.severity);
    return accepted();
  },

  SetDisplayMessage: (ch, p) => {
    const message = p.message as Json & { id: number; transactionId?: string };
    if (message.transactionId !== undefined && !ch.findTransaction(message.transactionId))
      return accepted('UnknownTransaction');
    ch.displayMessages.set(message.id, message);
    return accepted();
  },

  GetDisplayMessages: (ch, p) => {
    const ids = p.id as number[] | undefined;
    const messages = [...ch.displayMessages.values()].filter(
      (m) =>
        (!ids?.length || ids.includes(Number(m.id))) &&
        (p.priority === undefined || m.priority === p.priority) &&
        (p.state === undefined || m.state === p.state),
    );
    if (!messages.length) return accepted('Unknown');
    return {
      result: { status: 'Accepted' },
      after: () =>
        ch.fire('NotifyDisplayMessages', {
          requestId: Number(p.requestId),
          tbc: false,
          messageInfo: messages,
        }),
    };
  },

  ClearDisplayMessage: (ch, p) => accepted(ch.displayMessages.delete(Number(p.id)) ? 'Accepted' : 'Unknown'),

  SetNetworkProfile: (ch, p) => {
    ch.networkProfiles.set(Number(p.configurationSlot), p.connectionData as Json);
    return accepted();
  },

  GetTransactionStatus: (ch, p) => {
    const messagesInQueue = ch.queued > 0;
    if (p.transactionId === undefined) return { result: { messagesInQueue } };
    return { result: { ongoingIndicator: !!ch.findTransaction(p.transactionId), messagesInQueue } };
  },

  CustomerInformation: (ch, p) => ({
    result: { status: 'Accepted' },
    after: () => {
      if (!p.report) return;
      ch.fire('NotifyCustomerInformation', {
        data: 'No customer data is held by this simulator.',
        tbc: false,
        seqNo: 0,
        generatedAt: ISO(),
        requestId: Number(p.requestId),
      });
    },
  }),

  CostUpdated: () => ({ result: {} }),

  InstallCertificate: () => accepted(),
  DeleteCertificate: () => accepted('NotFound'),
  GetInstalledCertificateIds: () => accepted('NotFound'),
  CertificateSigned: () => accepted(),
};
