/**
 * Alarm mail (/alarmMail): who is mailed about the alarms of a template. Consignees are typed as text
 * (commas or spaces between addresses) and stored as a list; a template must be chosen.
 */
import { alarmMailResource, alarmMailSchema } from '@shared/resources/catalogue/alarm-mail.ts';
import { createTimeColumn, fromResource } from '@web/resources/decls/common.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { alarmTemplateSource } from './alarm-template.ts';
import { updateSchemaOf } from './common.ts';

export const alarmMailDecl: ResourceDecl = {
  ...fromResource(alarmMailResource),
  title: 'catalogueRes.alarmMail.title',
  nameField: 'name',
  schemas: { create: alarmMailSchema, update: updateSchemaOf(alarmMailSchema) },
  columns: [
    { key: 'name', label: 'catalogueRes.alarmMail.name', sortable: true },
    { key: 'consignees', label: 'catalogueRes.alarmMail.consignees', kind: 'tags' },
    { key: 'templateName', label: 'catalogueRes.alarmMail.template' },
    { key: 'templateCode', label: 'catalogueRes.alarmMail.templateCode' },
    createTimeColumn,
  ],
  filters: [
    { name: 'name', label: 'catalogueRes.alarmMail.name', kind: 'text' },
    {
      name: 'templateId',
      label: 'catalogueRes.alarmMail.template',
      kind: 'remote',
      remote: alarmTemplateSource,
    },
  ],
  fields: [
    { name: 'name', label: 'catalogueRes.alarmMail.name', kind: 'text', required: true },
    {
      name: 'consignees',
      label: 'catalogueRes.alarmMail.consignees',
      kind: 'textarea',
      required: true,
      help: 'catalogueRes.alarmMail.consigneesHelp',
    },
    {
      name: 'templateId',
      label: 'catalogueRes.alarmMail.template',
      kind: 'remote',
      required: true,
      remote: { ...alarmTemplateSource, currentLabel: 'templateName' },
    },
  ],
  // Saving binds the consignees to a template: its failure is "alarm mail binding failed" (decision 452).
  saveFailed: 'messages.alarmMailBindFailed',
  exportable: true,
};
