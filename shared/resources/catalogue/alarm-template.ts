/**
 * Alarm templates (docs/product.md section 3, /alarmTemplate): name, code (unique within the company), level
 * (1 urgent fault, 2 general fault, 3 severe alarm, 4 general alarm) and type. Each company has its own.
 * A template bound to an alarm mail setting cannot be deleted.
 */
import { z } from 'zod';
import { defineResource } from '../define.ts';
import { optionalText, requiredText } from '@shared/schemas/fields.ts';
import { numericChoice } from './fields.ts';
import { CODE } from '@shared/permissions/menus.ts';

export const ALARM_LEVEL = { urgentFault: 1, generalFault: 2, severeAlarm: 3, generalAlarm: 4 } as const;

export const alarmTemplateSchema = z
  .object({
    name: requiredText(64),
    code: requiredText(64),
    level: numericChoice(Object.values(ALARM_LEVEL)),
    type: optionalText(64),
  })
  .strict();

export const alarmTemplateResource = defineResource({
  module: 'biz',
  name: 'alarmTemplate',
  type: 'ALARMTEMPLATE',
  label: 'catalogueRes.names.alarmTemplate',
  tenancy: 'tenant',
  permissions: {
    view: CODE.alarmTemplates,
    add: CODE.alarmTemplateEdit,
    edit: CODE.alarmTemplateEdit,
    del: CODE.alarmTemplateEdit,
  },
  schema: alarmTemplateSchema,
  filters: { level: 'eq', name: 'contains', code: 'contains' },
  sortable: ['code', 'name', 'level'],
  views: [{ sort: 'createTime' }, { eq: ['level'], sort: 'code' }],
  importable: true,
  unique: [{ field: 'code', message: 'catalogueRes.server.alarmTemplateTaken' }],
});
