/**
 * What a simulated charger can be asked about and told to change: the OCPP 1.6 configuration keys and the
 * OCPP 2.0.1 device model (components and variables). Both stores hold strings, as the protocol does; the
 * charger reads its heartbeat and meter intervals from them, so a change from the console takes effect.
 */

export interface ConfigEntry {
  value: string;
  readonly: boolean;
  type: 'integer' | 'boolean' | 'string' | 'list';
}

export interface ChargerIdentity {
  id: string;
  vendor: string;
  model: string;
  connectors: number;
  maxPowerW: number;
  powerType: 'AC' | 'DC';
}

const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';

export function configuration16(identity: ChargerIdentity): Map<string, ConfigEntry> {
  const rw = (value: string, type: ConfigEntry['type']): ConfigEntry => ({ value, readonly: false, type });
  const ro = (value: string, type: ConfigEntry['type']): ConfigEntry => ({ value, readonly: true, type });
  return new Map<string, ConfigEntry>([
    ['AllowOfflineTxForUnknownId', rw('false', 'boolean')],
    ['AuthorizationCacheEnabled', rw('false', 'boolean')],
    ['AuthorizeRemoteTxRequests', rw('true', 'boolean')],
    ['ChargeProfileMaxStackLevel', ro('10', 'integer')],
    ['ChargingScheduleAllowedChargingRateUnit', ro('Current,Power', 'list')],
    ['ChargingScheduleMaxPeriods', ro('24', 'integer')],
    ['ClockAlignedDataInterval', rw('0', 'integer')],
    ['ConnectionTimeOut', rw('60', 'integer')],
    ['ConnectorPhaseRotation', rw('NotApplicable', 'list')],
    ['GetConfigurationMaxKeys', ro('100', 'integer')],
    ['HeartbeatInterval', rw('300', 'integer')],
    ['LocalAuthListEnabled', rw('true', 'boolean')],
    ['LocalAuthListMaxLength', ro('1000', 'integer')],
    ['LocalAuthorizeOffline', rw('true', 'boolean')],
    ['LocalPreAuthorize', rw('false', 'boolean')],
    ['MaxChargingProfilesInstalled', ro('10', 'integer')],
    ['MeterValuesAlignedData', rw('Energy.Active.Import.Register', 'list')],
    ['MeterValuesSampledData', rw(MEASURANDS, 'list')],
    ['MeterValueSampleInterval', rw('60', 'integer')],
    ['MinimumStatusDuration', rw('0', 'integer')],
    ['NumberOfConnectors', ro(String(identity.connectors), 'integer')],
    ['ReserveConnectorZeroSupported', ro('true', 'boolean')],
    ['ResetRetries', rw('3', 'integer')],
    ['SecurityProfile', ro('1', 'integer')],
    ['SendLocalListMaxLength', ro('100', 'integer')],
    ['StopTransactionOnEVSideDisconnect', rw('true', 'boolean')],
    ['StopTransactionOnInvalidId', rw('true', 'boolean')],
    ['StopTxnAlignedData', rw('', 'list')],
    ['StopTxnSampledData', rw('Energy.Active.Import.Register', 'list')],
    [
      'SupportedFeatureProfiles',
      ro('Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger', 'list'),
    ],
    ['TransactionMessageAttempts', rw('3', 'integer')],
    ['TransactionMessageRetryInterval', rw('60', 'integer')],
    ['UnlockConnectorOnEVSideDisconnect', rw('true', 'boolean')],
    ['WebSocketPingInterval', rw('0', 'integer')],
  ]);
}

/** Whether a value fits the entry's type (a wrong one is Rejected, as a real charger does). */
export function fitsType(type: ConfigEntry['type'] | DataType, value: string): boolean {
  if (type === 'integer') return /^-?\d+$/.test(value);
  if (type === 'decimal') return value.trim() !== '' && Number.isFinite(Number(value));
  if (type === 'boolean') return value === 'true' || value === 'false';
  return true;
}

export type DataType =
  | 'string'
  | 'decimal'
  | 'integer'
  | 'dateTime'
  | 'boolean'
  | 'OptionList'
  | 'SelectionList'
  | 'SequenceList'
  | 'MemberList';
export type Mutability = 'ReadOnly' | 'ReadWrite' | 'WriteOnly';

export interface ComponentRef {
  name: string;
  instance?: string;
  evse?: { id: number; connectorId?: number };
}
export interface VariableRef {
  name: string;
  instance?: string;
}

export interface DeviceVariable {
  component: ComponentRef;
  variable: VariableRef;
  value: string;
  mutability: Mutability;
  dataType: DataType;
  unit?: string;
  /** The variableCharacteristics a report gives beside the data type: limits and the values list. */
  minLimit?: number;
  maxLimit?: number;
  valuesList?: string;
  /** Part of a ConfigurationInventory report (the settable ones). */
  configuration: boolean;
}

export const variableKey = (component: ComponentRef, variable: VariableRef) =>
  [
    component.name,
    component.instance ?? '',
    component.evse?.id ?? '',
    component.evse?.connectorId ?? '',
    variable.name,
    variable.instance ?? '',
  ].join('|');

export function deviceModel201(identity: ChargerIdentity): Map<string, DeviceVariable> {
  const list: DeviceVariable[] = [];
  const add = (
    component: ComponentRef | string,
    variable: VariableRef | string,
    value: string,
    dataType: DataType,
    mutability: Mutability = 'ReadWrite',
    unit?: string,
    characteristics: Pick<DeviceVariable, 'minLimit' | 'maxLimit' | 'valuesList'> = {},
  ) =>
    list.push({
      component: typeof component === 'string' ? { name: component } : component,
      variable: typeof variable === 'string' ? { name: variable } : variable,
      value,
      dataType,
      mutability,
      ...(unit ? { unit } : {}),
      ...characteristics,
      configuration: mutability !== 'ReadOnly',
    });
  add('OCPPCommCtrlr', 'HeartbeatInterval', '300', 'integer', 'ReadWrite', 's', {
    minLimit: 10,
    maxLimit: 86_400,
  });
  add('OCPPCommCtrlr', { name: 'MessageTimeout', instance: 'Default' }, '30', 'integer', 'ReadWrite', 's');
  add('OCPPCommCtrlr', 'NetworkConfigurationPriority', '0', 'string');
  add('OCPPCommCtrlr', 'OfflineThreshold', '60', 'integer', 'ReadWrite', 's');
  add('SampledDataCtrlr', 'TxUpdatedInterval', '60', 'integer', 'ReadWrite', 's');
  add('SampledDataCtrlr', 'TxUpdatedMeasurands', MEASURANDS, 'MemberList');
  add('SampledDataCtrlr', 'TxEndedMeasurands', 'Energy.Active.Import.Register', 'MemberList');
  add('SampledDataCtrlr', 'TxEndedInterval', '0', 'integer', 'ReadWrite', 's');
  add('AlignedDataCtrlr', 'Interval', '0', 'integer', 'ReadWrite', 's');
  add('AlignedDataCtrlr', 'Measurands', 'Energy.Active.Import.Register', 'MemberList');
  add('AuthCtrlr', 'Enabled', 'true', 'boolean');
  add('AuthCtrlr', 'AuthorizeRemoteStart', 'true', 'boolean');
  add('AuthCtrlr', 'LocalAuthorizeOffline', 'true', 'boolean');
  add('AuthCtrlr', 'LocalPreAuthorize', 'false', 'boolean');
  add('AuthCacheCtrlr', 'Enabled', 'false', 'boolean');
  add('LocalAuthListCtrlr', 'Enabled', 'true', 'boolean');
  add('LocalAuthListCtrlr', 'Entries', '0', 'integer', 'ReadOnly');
  add('TxCtrlr', 'EVConnectionTimeOut', '60', 'integer', 'ReadWrite', 's');
  add('TxCtrlr', 'StopTxOnInvalidId', 'true', 'boolean');
  add('TxCtrlr', 'TxStartPoint', 'PowerPathClosed', 'MemberList');
  add('TxCtrlr', 'TxStopPoint', 'EVConnected', 'MemberList');
  add('ReservationCtrlr', 'Enabled', 'true', 'boolean');
  add('SmartChargingCtrlr', 'Enabled', 'true', 'boolean');
  add('SmartChargingCtrlr', 'RateUnit', 'A,W', 'MemberList', 'ReadOnly');
  add('SmartChargingCtrlr', 'PeriodsPerSchedule', '24', 'integer', 'ReadOnly');
  add('SmartChargingCtrlr', 'ProfileStackLevel', '10', 'integer', 'ReadOnly');
  add('DisplayMessageCtrlr', 'Enabled', 'true', 'boolean');
  add('DisplayMessageCtrlr', 'DisplayMessages', '10', 'integer', 'ReadOnly');
  add('MonitoringCtrlr', 'Enabled', 'true', 'boolean');
  add('SecurityCtrlr', 'SecurityProfile', '1', 'integer', 'ReadOnly');
  add('SecurityCtrlr', 'Identity', identity.id.slice(0, 48), 'string', 'ReadOnly');
  add('ChargingStation', 'Model', identity.model, 'string', 'ReadOnly');
  add('ChargingStation', 'VendorName', identity.vendor, 'string', 'ReadOnly');
  add('ChargingStation', 'Available', 'true', 'boolean', 'ReadOnly');
  add(
    'ChargingStation',
    'SupplyPhases',
    identity.powerType === 'AC' ? '3' : '0',
    'OptionList',
    'ReadOnly',
    '',
    {
      valuesList: '0,1,3',
    },
  );
  add('ClockCtrlr', 'TimeSource', 'Heartbeat', 'SequenceList', 'ReadWrite', '', {
    valuesList: 'Heartbeat,NTP,RealTimeClock',
  });
  for (let evse = 1; evse <= identity.connectors; evse++) {
    add({ name: 'EVSE', evse: { id: evse } }, 'Available', 'true', 'boolean', 'ReadOnly');
    add(
      { name: 'EVSE', evse: { id: evse } },
      'Power',
      String(identity.maxPowerW),
      'decimal',
      'ReadOnly',
      'W',
      { minLimit: 0, maxLimit: identity.maxPowerW },
    );
    add(
      { name: 'Connector', evse: { id: evse, connectorId: 1 } },
      'ConnectorType',
      identity.powerType === 'AC' ? 'cType2' : 'cCCS2',
      'string',
      'ReadOnly',
    );
  }
  return new Map(list.map((v) => [variableKey(v.component, v.variable), v]));
}
