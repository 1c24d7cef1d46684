/**
 * eMsp roaming partners (/emsp): OCPI country code and party id (unique together), the partner's and our
 * URLs, both tokens write-only, enable and register flags, and whether sites are bound (bound on /emspBind).
 * The register flag is the OCPI handshake's; the roaming action shows the link's OCPI state and registers.
 */
import { EMSP_FLAG, emspResource, emspSchema } from '@shared/resources/system/emsp.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { EnumOption, ResourceDecl } from '@web/resources/types.ts';
import { flagSwitch, secretColumn, secretField, updateSchemaOf } from './common.ts';
import { EmspRoamingDialog } from '@web/screens/system/emsp-roaming.tsx';

export const ENABLE_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: EMSP_FLAG.yes, label: 'systemRes.emsp.enabled', tone: 'success' },
  { value: EMSP_FLAG.no, label: 'systemRes.emsp.disabled', tone: 'neutral' },
];
export const REGISTER_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: EMSP_FLAG.yes, label: 'systemRes.emsp.registered', tone: 'success' },
  { value: EMSP_FLAG.no, label: 'systemRes.emsp.unregistered', tone: 'neutral' },
];
export const BIND_FLAG_OPTIONS: readonly EnumOption[] = [
  { value: EMSP_FLAG.yes, label: 'systemRes.emsp.bound', tone: 'info' },
  { value: EMSP_FLAG.no, label: 'systemRes.emsp.unbound', tone: 'neutral' },
];

export const emspDecl: ResourceDecl = {
  ...fromResource(emspResource, { detail: true }),
  title: 'systemRes.emsp.title',
  nameField: 'name',
  schemas: { create: emspSchema, update: updateSchemaOf(emspSchema) },
  columns: [
    { key: 'name', label: 'systemRes.emsp.name', sortable: true },
    { key: 'countryCode', label: 'systemRes.emsp.countryCode', sortable: true },
    { key: 'partyId', label: 'systemRes.emsp.partyId', sortable: true },
    { key: 'requestUrl', label: 'systemRes.emsp.requestUrl', hidden: true },
    { key: 'cpoUrl', label: 'systemRes.emsp.cpoUrl', hidden: true },
    {
      key: 'enableFlag',
      label: 'systemRes.emsp.enableFlag',
      kind: 'enum',
      options: ENABLE_FLAG_OPTIONS,
      sortable: true,
    },
    {
      key: 'registerFlag',
      label: 'systemRes.emsp.registerFlag',
      kind: 'enum',
      options: REGISTER_FLAG_OPTIONS,
    },
    {
      key: 'bindFlag',
      label: 'systemRes.emsp.bindFlag',
      kind: 'enum',
      options: BIND_FLAG_OPTIONS,
      sortable: true,
    },
    secretColumn('emspToken', 'systemRes.emsp.emspToken', true),
    secretColumn('cpoToken', 'systemRes.emsp.cpoToken', true),
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'systemRes.emsp.name', kind: 'text' },
    { name: 'countryCode', label: 'systemRes.emsp.countryCode', kind: 'text' },
    { name: 'partyId', label: 'systemRes.emsp.partyId', kind: 'text' },
    { name: 'enableFlag', label: 'systemRes.emsp.enableFlag', kind: 'select', options: ENABLE_FLAG_OPTIONS },
  ],
  fields: [
    { name: 'name', label: 'systemRes.emsp.name', kind: 'text', required: true },
    {
      name: 'countryCode',
      label: 'systemRes.emsp.countryCode',
      kind: 'text',
      required: true,
      help: 'systemRes.emsp.countryCodeHelp',
    },
    {
      name: 'partyId',
      label: 'systemRes.emsp.partyId',
      kind: 'text',
      required: true,
      help: 'systemRes.emsp.partyIdHelp',
    },
    { name: 'requestUrl', label: 'systemRes.emsp.requestUrl', kind: 'text', required: true },
    { name: 'cpoUrl', label: 'systemRes.emsp.cpoUrl', kind: 'text', required: true },
    secretField('emspToken', 'systemRes.emsp.emspToken'),
    secretField('cpoToken', 'systemRes.emsp.cpoToken'),
    flagSwitch('enableFlag', 'systemRes.emsp.enableFlag'),
  ],
  defaults: { enableFlag: EMSP_FLAG.yes },
  detail: [
    { key: 'name', label: 'systemRes.emsp.name' },
    { key: 'countryCode', label: 'systemRes.emsp.countryCode' },
    { key: 'partyId', label: 'systemRes.emsp.partyId' },
    { key: 'requestUrl', label: 'systemRes.emsp.requestUrl' },
    { key: 'cpoUrl', label: 'systemRes.emsp.cpoUrl' },
    secretColumn('emspToken', 'systemRes.emsp.emspToken'),
    secretColumn('cpoToken', 'systemRes.emsp.cpoToken'),
    { key: 'enableFlag', label: 'systemRes.emsp.enableFlag', kind: 'enum', options: ENABLE_FLAG_OPTIONS },
    {
      key: 'registerFlag',
      label: 'systemRes.emsp.registerFlag',
      kind: 'enum',
      options: REGISTER_FLAG_OPTIONS,
    },
    { key: 'bindFlag', label: 'systemRes.emsp.bindFlag', kind: 'enum', options: BIND_FLAG_OPTIONS },
    { key: 'stationIds', label: 'systemRes.emsp.stationCount', kind: 'tags' },
    createTimeColumn,
  ],
  actions: [
    {
      key: 'roaming',
      label: () => 'systemRes.emsp.roaming',
      permission: emspResource.permissions.view,
      dialog: EmspRoamingDialog,
    },
  ],
  exportable: true,
};
