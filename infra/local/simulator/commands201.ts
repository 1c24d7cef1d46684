/**
 * OCPP 2.0.1 commands a simulated charging station answers, each with a schema-valid CALLRESULT and the
 * follow-up messages a real station sends (reports, firmware and log progress, a started session...).
 * EVSE n has one connector (connector 1); the station itself is "connector 0" internally.
 */
import type { CommandHandler, Json, SimulatedCharger } from './charger.ts';
import * as common from './commands-common.ts';
import { accepted, ISO, type Schedule } from './commands-common.ts';
import {
  fitsType,
  variableKey,
  type ComponentRef,
  type DeviceVariable,
  type VariableRef,
} from './settings.ts';

interface Profile201 {
  id: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  transactionId?: string;
  chargingSchedule: Schedule[];
}

const toProfile = (p: Profile201) => common.toChargingProfile(p, p.id, p.chargingSchedule[0]!);

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
      ...(v.minLimit === undefined ? {} : { minLimit: v.minLimit }),
      ...(v.maxLimit === undefined ? {} : { maxLimit: v.maxLimit }),
      ...(v.valuesList ? { valuesList: v.valuesList } : {}),
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
      common.fireStatus(ch, evses);
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

  RequestStartTransaction: (ch, p) => {
    const token = p.idToken as { idToken: string };
    const profile = p.chargingProfile as Profile201 | undefined;
    return common.remoteStart(
      ch,
      p.evseId !== undefined ? Number(p.evseId) : undefined,
      token.idToken,
      { remote: true, remoteStartId: Number(p.remoteStartId) },
      profile && ((transactionId) => toProfile({ ...profile, transactionId: String(transactionId) })),
    );
  },

  RequestStopTransaction: common.stopTransaction,

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

  SendLocalList: (ch, p) => {
    const list = (p.localAuthorizationList ?? []) as { idToken: { idToken: string }; idTokenInfo?: Json }[];
    const status = common.updateLocalList(ch, p.updateType, Number(p.versionNumber), list, (e) => ({
      idTag: e.idToken.idToken,
      info: e.idTokenInfo,
    }));
    if (status !== 'Accepted') return accepted(status);
    const entries = ch.variable('LocalAuthListCtrlr', 'Entries');
    if (entries) entries.value = String(ch.localList.entries.size);
    return accepted();
  },

  GetLocalListVersion: (ch) => ({ result: { versionNumber: ch.localList.version } }),

  SetChargingProfile: (ch, p) => {
    const profile = p.chargingProfile as unknown as Profile201;
    if (!profile.chargingSchedule.length) return accepted('Rejected');
    return common.setChargingProfile(ch, Number(p.evseId), profile, 'ChargingStationMaxProfile', () =>
      toProfile(profile),
    );
  },

  ClearChargingProfile: (ch, p) => {
    const criteria = (p.chargingProfileCriteria ?? {}) as {
      evseId?: number;
      chargingProfilePurpose?: string;
      stackLevel?: number;
    };
    return common.clearChargingProfiles(ch, {
      id: p.chargingProfileId,
      connectorId: criteria.evseId,
      purpose: criteria.chargingProfilePurpose,
      stackLevel: criteria.stackLevel,
    });
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
    const composite = common.compositeLimit(ch, evseId, p.chargingRateUnit);
    if (!composite) return accepted('Rejected');
    const { unit, limit } = composite;
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

  ...common.sharedCommands,
};
