/** Display message templates (/display): what chargers show, in which language, when and how urgently. */
import { resourcePaths } from '@shared/api/paths.ts';
import {
  DISPLAY_FORMATS,
  DISPLAY_PRIORITIES,
  DISPLAY_STATES,
  displayResource,
  displaySchema,
} from '@shared/resources/device/display.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import type { Column, ResourceDecl } from '@web/resources/types.ts';
import { optionsOf, updateSchema } from './common.ts';
import { sendAction } from '@web/screens/device/send-to-charger.tsx';

export const FORMAT_OPTIONS = optionsOf(DISPLAY_FORMATS, 'deviceRes.display.formats');
export const PRIORITY_OPTIONS = optionsOf(DISPLAY_PRIORITIES, 'deviceRes.display.priorities');
export const STATE_OPTIONS = optionsOf(DISPLAY_STATES, 'deviceRes.display.states');

const { permissions: p } = displayResource;

const columns: Column[] = [
  { key: 'name', label: 'deviceRes.display.name', sortable: true },
  { key: 'format', label: 'deviceRes.display.format', kind: 'enum', options: FORMAT_OPTIONS },
  { key: 'language', label: 'deviceRes.display.language', sortable: true },
  { key: 'content', label: 'deviceRes.display.content' },
  {
    key: 'priority',
    label: 'deviceRes.display.priority',
    kind: 'enum',
    options: PRIORITY_OPTIONS,
    sortable: true,
  },
  { key: 'state', label: 'deviceRes.display.state', kind: 'enum', options: STATE_OPTIONS },
  { key: 'startDateTime', label: 'deviceRes.display.startDateTime', kind: 'date', sortable: true },
  { key: 'endDateTime', label: 'deviceRes.display.endDateTime', kind: 'date', sortable: true },
  { ...createTimeColumn, hidden: true },
];

export const displayDecl: ResourceDecl = {
  exportable: true,
  id: 'display',
  title: 'deviceRes.display.title',
  api: resourcePaths(displayResource),
  idField: 'id',
  nameField: 'name',
  permissions: { view: p.view, add: p.add, edit: p.edit, delete: p.del },
  schemas: { create: displaySchema, update: updateSchema(displaySchema) },
  columns,
  filters: [
    { name: 'name', label: 'deviceRes.display.name', kind: 'text' },
    { name: 'format', label: 'deviceRes.display.format', kind: 'select', options: FORMAT_OPTIONS },
    { name: 'priority', label: 'deviceRes.display.priority', kind: 'select', options: PRIORITY_OPTIONS },
  ],
  fields: [
    { name: 'name', label: 'deviceRes.display.name', kind: 'text', required: true },
    {
      name: 'format',
      label: 'deviceRes.display.format',
      kind: 'select',
      required: true,
      options: FORMAT_OPTIONS,
    },
    {
      name: 'language',
      label: 'deviceRes.display.language',
      kind: 'text',
      required: true,
      help: 'deviceRes.display.languageHelp',
    },
    {
      name: 'content',
      label: 'deviceRes.display.content',
      kind: 'textarea',
      required: true,
      help: 'deviceRes.display.contentHelp',
    },
    {
      name: 'priority',
      label: 'deviceRes.display.priority',
      kind: 'select',
      required: true,
      options: PRIORITY_OPTIONS,
    },
    {
      name: 'state',
      label: 'deviceRes.display.state',
      kind: 'select',
      options: STATE_OPTIONS,
      help: 'deviceRes.display.stateHelp',
    },
    { name: 'startDateTime', label: 'deviceRes.display.startDateTime', kind: 'datetime' },
    { name: 'endDateTime', label: 'deviceRes.display.endDateTime', kind: 'datetime' },
  ],
  defaults: { format: 'UTF8', language: 'en', priority: 'NormalCycle' },
  detail: columns.map(({ sortable: _s, hidden: _h, ...c }) => c),
  actions: [
    sendAction({
      key: 'sendToCharger',
      label: 'deviceSend.sendToCharger',
      commands: ['setDisplayMessage'],
      fixed: (row) => ({ displayId: String(row.id ?? '') }),
      nameField: 'name',
      // The stored message's own content and schedule are sent (the server loads it).
      hide: ['format', 'language', 'content', 'priority', 'state', 'startDateTime', 'endDateTime'],
    }),
  ],
};
