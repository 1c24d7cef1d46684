/** The operation log (/log): read only, filtered by type, title, author and time window. */
import { API } from '@shared/api/paths.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { LOG_TYPE } from '@shared/schemas/admin.ts';
import type { Column, EnumOption, ResourceDecl } from '@web/resources/types.ts';

export const LOG_TYPE_OPTIONS: readonly EnumOption[] = [
  { value: LOG_TYPE.normal, label: 'admin.log.types.normal', tone: 'success' },
  { value: LOG_TYPE.abnormal, label: 'admin.log.types.abnormal', tone: 'danger' },
];

const columns: Column[] = [
  { key: 'title', label: 'admin.log.titleField', sortable: true },
  { key: 'type', label: 'admin.log.type', kind: 'enum', options: LOG_TYPE_OPTIONS, sortable: true },
  { key: 'createBy', label: 'admin.log.createBy', sortable: true },
  { key: 'createTime', label: 'admin.log.createTime', kind: 'date', sortable: true },
  { key: 'remoteAddr', label: 'admin.log.remoteAddr' },
  { key: 'method', label: 'admin.log.method' },
  { key: 'requestUri', label: 'admin.log.requestUri' },
  { key: 'time', label: 'admin.log.time', kind: 'number', sortable: true },
  { key: 'serviceId', label: 'admin.log.serviceId', hidden: true },
  { key: 'userAgent', label: 'admin.log.userAgent', hidden: true },
  { key: 'params', label: 'admin.log.params', hidden: true },
  { key: 'exception', label: 'admin.log.exception', hidden: true },
];

export const logDecl: ResourceDecl = {
  id: 'log',
  title: 'admin.log.title',
  api: { list: API.admin.log.list },
  idField: 'id',
  nameField: 'title',
  permissions: { view: CODE.log, detail: CODE.log },
  columns,
  filters: [
    { name: 'type', label: 'admin.log.type', kind: 'select', options: LOG_TYPE_OPTIONS },
    { name: 'title', label: 'admin.log.titleField', kind: 'text' },
    { name: 'createBy', label: 'admin.log.createBy', kind: 'text' },
    // The server keeps the window within 30 days (7 by default).
    { name: 'startTime', label: 'admin.log.startTime', kind: 'datetime' },
    { name: 'endTime', label: 'admin.log.endTime', kind: 'datetime', help: 'admin.log.windowHelp' },
  ],
  // Parameters and the exception are long: shown whole, as code, in the detail view.
  detail: columns.map((c) =>
    c.key === 'params' || c.key === 'exception' || c.key === 'userAgent' ? { ...c, kind: 'code' } : c,
  ),
};
