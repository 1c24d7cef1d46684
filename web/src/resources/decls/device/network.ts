/**
 * Network configurations (/network): the central system a charger connects to, with optional VPN and mobile
 * (APN) groups. Passwords, the VPN key and the SIM PIN are write-only: the form leaves them empty and an
 * empty one keeps the stored value; the detail view says whether one is stored.
 */
import { resourcePaths } from '@shared/api/paths.ts';
import {
  APN_AUTHENTICATIONS,
  NETWORK_OCPP_VERSIONS,
  NETWORK_TRANSPORTS,
  networkCreateSchema,
  networkResource,
  networkSchema,
  VPN_TYPES,
} from '@shared/resources/device/network.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { DetailField, EnumOption, Field, ResourceDecl } from '@web/resources/types.ts';
import { STORED, updateSchema, YES_NO } from './common.ts';
import { sendAction } from '@web/screens/device/send-to-charger.tsx';

const raw = (values: readonly string[]): EnumOption[] =>
  values.map((v) => ({ value: v, label: v, raw: true }));

export const NETWORK_VERSION_OPTIONS = raw(NETWORK_OCPP_VERSIONS);
export const TRANSPORT_OPTIONS = raw(NETWORK_TRANSPORTS);
export const VPN_TYPE_OPTIONS = raw(VPN_TYPES);
export const APN_AUTH_OPTIONS: readonly EnumOption[] = APN_AUTHENTICATIONS.map((v) => ({
  value: v,
  label: `deviceRes.network.apnAuthentications.${v}`,
}));
export const SECURITY_PROFILE_OPTIONS: readonly EnumOption[] = [0, 1, 2, 3].map((n) => ({
  value: n,
  label: `deviceRes.network.securityProfiles.p${n}`,
}));

/** A write-only field: on edit, empty keeps what is stored. */
function secret(name: string, label: string): Field[] {
  return [
    { name, label, kind: 'password', modes: ['create'] },
    { name, label, kind: 'password', modes: ['edit'], help: 'deviceRes.common.secretHelp' },
  ];
}

const { permissions: p } = networkResource;

const detail: DetailField[] = [
  { key: 'name', label: 'deviceRes.network.name' },
  { key: 'ocppVersion', label: 'deviceRes.network.ocppVersion' },
  { key: 'ocppTransport', label: 'deviceRes.network.ocppTransport' },
  { key: 'ocppCsmsUrl', label: 'deviceRes.network.ocppCsmsUrl' },
  { key: 'messageTimeout', label: 'deviceRes.network.messageTimeout', kind: 'number' },
  {
    key: 'securityProfile',
    label: 'deviceRes.network.securityProfile',
    kind: 'enum',
    options: SECURITY_PROFILE_OPTIONS,
  },
  { key: 'configurationSlot', label: 'deviceRes.network.configurationSlot', kind: 'number' },
  { key: 'vpnServer', label: 'deviceRes.network.vpnServer' },
  { key: 'vpnUser', label: 'deviceRes.network.vpnUser' },
  { key: 'vpnGroup', label: 'deviceRes.network.vpnGroup' },
  { key: 'vpnPasswordSet', label: 'deviceRes.network.vpnPassword', kind: 'enum', options: STORED },
  { key: 'vpnKeySet', label: 'deviceRes.network.vpnKey', kind: 'enum', options: STORED },
  { key: 'vpnType', label: 'deviceRes.network.vpnType' },
  { key: 'apn', label: 'deviceRes.network.apn' },
  { key: 'apnUserName', label: 'deviceRes.network.apnUserName' },
  { key: 'apnPasswordSet', label: 'deviceRes.network.apnPassword', kind: 'enum', options: STORED },
  { key: 'simPinSet', label: 'deviceRes.network.simPin', kind: 'enum', options: STORED },
  { key: 'preferredNetwork', label: 'deviceRes.network.preferredNetwork' },
  {
    key: 'useOnlyPreferredNetwork',
    label: 'deviceRes.network.useOnlyPreferredNetwork',
    kind: 'enum',
    options: YES_NO,
  },
  {
    key: 'apnAuthentication',
    label: 'deviceRes.network.apnAuthentication',
    kind: 'enum',
    options: APN_AUTH_OPTIONS,
  },
  createTimeColumn,
];

export const networkDecl: ResourceDecl = {
  exportable: true,
  id: 'network',
  title: 'deviceRes.network.title',
  api: resourcePaths(networkResource),
  idField: 'id',
  nameField: 'name',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: { create: networkCreateSchema, update: updateSchema(networkSchema) },
  columns: [
    { key: 'name', label: 'deviceRes.network.name', sortable: true },
    { key: 'ocppVersion', label: 'deviceRes.network.ocppVersion', sortable: true },
    { key: 'ocppTransport', label: 'deviceRes.network.ocppTransport' },
    { key: 'ocppCsmsUrl', label: 'deviceRes.network.ocppCsmsUrl' },
    {
      key: 'securityProfile',
      label: 'deviceRes.network.securityProfile',
      kind: 'enum',
      options: SECURITY_PROFILE_OPTIONS,
      sortable: true,
    },
    {
      key: 'configurationSlot',
      label: 'deviceRes.network.configurationSlot',
      kind: 'number',
      sortable: true,
    },
    { key: 'messageTimeout', label: 'deviceRes.network.messageTimeout', kind: 'number', hidden: true },
    { key: 'vpnServer', label: 'deviceRes.network.vpnServer', hidden: true },
    { key: 'apn', label: 'deviceRes.network.apn', hidden: true },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'name', label: 'deviceRes.network.name', kind: 'text' },
    {
      name: 'ocppVersion',
      label: 'deviceRes.network.ocppVersion',
      kind: 'select',
      options: NETWORK_VERSION_OPTIONS,
    },
  ],
  fields: [
    { name: 'name', label: 'deviceRes.network.name', kind: 'text', required: true },
    {
      name: 'ocppVersion',
      label: 'deviceRes.network.ocppVersion',
      kind: 'select',
      required: true,
      options: NETWORK_VERSION_OPTIONS,
    },
    {
      name: 'ocppTransport',
      label: 'deviceRes.network.ocppTransport',
      kind: 'select',
      required: true,
      options: TRANSPORT_OPTIONS,
    },
    {
      name: 'ocppCsmsUrl',
      label: 'deviceRes.network.ocppCsmsUrl',
      kind: 'text',
      required: true,
      help: 'deviceRes.network.csmsUrlHelp',
    },
    { name: 'messageTimeout', label: 'deviceRes.network.messageTimeout', kind: 'number', required: true },
    {
      name: 'securityProfile',
      label: 'deviceRes.network.securityProfile',
      kind: 'select',
      required: true,
      options: SECURITY_PROFILE_OPTIONS,
    },
    {
      name: 'configurationSlot',
      label: 'deviceRes.network.configurationSlot',
      kind: 'number',
      required: true,
    },
    {
      name: 'vpnServer',
      label: 'deviceRes.network.vpnServer',
      kind: 'text',
      help: 'deviceRes.network.vpnServerHelp',
    },
    { name: 'vpnUser', label: 'deviceRes.network.vpnUser', kind: 'text' },
    { name: 'vpnGroup', label: 'deviceRes.network.vpnGroup', kind: 'text' },
    ...secret('vpnPassword', 'deviceRes.network.vpnPassword'),
    ...secret('vpnKey', 'deviceRes.network.vpnKey'),
    { name: 'vpnType', label: 'deviceRes.network.vpnType', kind: 'select', options: VPN_TYPE_OPTIONS },
    { name: 'apn', label: 'deviceRes.network.apn', kind: 'text', help: 'deviceRes.network.apnHelp' },
    { name: 'apnUserName', label: 'deviceRes.network.apnUserName', kind: 'text' },
    ...secret('apnPassword', 'deviceRes.network.apnPassword'),
    ...secret('simPin', 'deviceRes.network.simPin'),
    {
      name: 'preferredNetwork',
      label: 'deviceRes.network.preferredNetwork',
      kind: 'text',
      help: 'deviceRes.network.preferredNetworkHelp',
    },
    { name: 'useOnlyPreferredNetwork', label: 'deviceRes.network.useOnlyPreferredNetwork', kind: 'switch' },
    {
      name: 'apnAuthentication',
      label: 'deviceRes.network.apnAuthentication',
      kind: 'select',
      options: APN_AUTH_OPTIONS,
    },
  ],
  defaults: {
    ocppVersion: 'OCPP16',
    ocppTransport: 'JSON',
    messageTimeout: 30,
    securityProfile: 1,
    configurationSlot: 1,
    useOnlyPreferredNetwork: false,
  },
  detail,
  actions: [
    sendAction({
      key: 'sendToCharger',
      label: 'deviceSend.sendToCharger',
      commands: ['setNetworkProfile'],
      fixed: (row) => ({ networkId: String(row.id ?? '') }),
      nameField: 'name',
    }),
  ],
};
