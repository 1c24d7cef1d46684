/** Companies (/operator) and the platform's limits per company (/operatorLimit). */
import { API, recordPaths } from '@shared/api/paths.ts';
import { CODE, PERMISSION } from '@shared/permissions/menus.ts';
import {
  CURRENCIES,
  operatorForm,
  operatorLimitForm,
  operatorLimitUpdate,
  operatorUpdate,
  SUB_STATUS,
} from '@shared/schemas/admin.ts';
import { companySource, createTimeColumn } from '@web/resources/decls/common.ts';
import type { Column, EnumOption, ResourceDecl, Row } from '@web/resources/types.ts';

export const SUB_STATUS_OPTIONS: readonly EnumOption[] = [
  { value: SUB_STATUS.notSubscribed, label: 'admin.operator.subStatuses.notSubscribed', tone: 'warning' },
  { value: SUB_STATUS.subscribed, label: 'admin.operator.subStatuses.subscribed', tone: 'success' },
  { value: SUB_STATUS.notNeeded, label: 'admin.operator.subStatuses.notNeeded', tone: 'neutral' },
];

export const CURRENCY_OPTIONS: readonly EnumOption[] = CURRENCIES.map((c) => ({
  value: c,
  label: c,
  raw: true,
}));

export const operatorDetailPath = (row: Row) => `/operatorDetail/${encodeURIComponent(String(row.id))}`;

/** Everything a company record holds, for its detail page. */
export const operatorDetailFields: readonly Column[] = [
  { key: 'operatorName', label: 'admin.operator.operatorName' },
  { key: 'parentName', label: 'admin.operator.parent' },
  { key: 'currency', label: 'admin.operator.currency' },
  { key: 'subStatus', label: 'admin.operator.subStatus', kind: 'enum', options: SUB_STATUS_OPTIONS },
  { key: 'contactPerson', label: 'admin.operator.contactPerson' },
  { key: 'contactPhone', label: 'admin.operator.contactPhone' },
  { key: 'servicePhone', label: 'admin.operator.servicePhone' },
  { key: 'contactMail', label: 'admin.operator.contactMail' },
  { key: 'address', label: 'admin.operator.address' },
  { key: 'postalCode', label: 'admin.operator.postalCode' },
  { key: 'url', label: 'admin.operator.url' },
  { key: 'payName', label: 'admin.operator.payChannel' },
  { key: 'mailName', label: 'admin.operator.mail' },
  createTimeColumn,
];

export const operatorDecl: ResourceDecl = {
  id: 'operator',
  title: 'admin.operator.title',
  api: { ...recordPaths(API.admin.operator), idParam: 'id' },
  idField: 'id',
  nameField: 'operatorName',
  permissions: {
    view: CODE.operators,
    add: CODE.operatorAdd,
    edit: CODE.operatorEdit,
    delete: CODE.operatorDelete,
    detail: CODE.operatorDetail,
  },
  schemas: { create: operatorForm, update: operatorUpdate },
  columns: [
    { key: 'operatorName', label: 'admin.operator.operatorName', sortable: true },
    { key: 'parentName', label: 'admin.operator.parent', sortable: true },
    { key: 'currency', label: 'admin.operator.currency', sortable: true },
    {
      key: 'subStatus',
      label: 'admin.operator.subStatus',
      kind: 'enum',
      options: SUB_STATUS_OPTIONS,
      sortable: true,
    },
    { key: 'contactPerson', label: 'admin.operator.contactPerson' },
    { key: 'contactMail', label: 'admin.operator.contactMail' },
    { key: 'contactPhone', label: 'admin.operator.contactPhone' },
    { key: 'servicePhone', label: 'admin.operator.servicePhone', hidden: true },
    { key: 'address', label: 'admin.operator.address', hidden: true },
    createTimeColumn,
  ],
  filters: [
    { name: 'operatorName', label: 'admin.operator.operatorName', kind: 'text' },
    { name: 'subStatus', label: 'admin.operator.subStatus', kind: 'select', options: SUB_STATUS_OPTIONS },
  ],
  fields: [
    { name: 'operatorName', label: 'admin.operator.operatorName', kind: 'text', required: true },
    // The parent is fixed at creation: a company's data lives under its place in the tree.
    {
      name: 'parentId',
      label: 'admin.operator.parent',
      kind: 'remote',
      remote: { ...companySource, currentLabel: 'parentName' },
      modes: ['create'],
      help: 'admin.operator.parentHelp',
    },
    {
      name: 'currency',
      label: 'admin.operator.currency',
      kind: 'select',
      required: true,
      options: CURRENCY_OPTIONS,
    },
    { name: 'contactMail', label: 'admin.operator.contactMail', kind: 'text', required: true },
    { name: 'contactPerson', label: 'admin.operator.contactPerson', kind: 'text' },
    { name: 'contactPhone', label: 'admin.operator.contactPhone', kind: 'text' },
    { name: 'servicePhone', label: 'admin.operator.servicePhone', kind: 'text' },
    { name: 'address', label: 'admin.operator.address', kind: 'textarea' },
    { name: 'postalCode', label: 'admin.operator.postalCode', kind: 'text' },
    { name: 'url', label: 'admin.operator.url', kind: 'text' },
    // OCPP: whether chargers may start with identity tokens the company does not know (0/1).
    {
      name: 'acceptUnknownIdTag',
      label: 'siteConsole.operator.acceptUnknownIdTag',
      kind: 'switch',
      switchValues: [1, 0],
      help: 'siteConsole.operator.acceptUnknownIdTagHelp',
    },
    // docs/product.md section 6: pay channels and mail servers are listed only for holders of these
    // permissions.
    {
      name: 'payId',
      label: 'admin.operator.payChannel',
      kind: 'remote',
      permission: PERMISSION.payChannelMgr,
      remote: {
        url: API.admin.pay.list,
        search: 'payName',
        value: 'id',
        label: 'payName',
        currentLabel: 'payName',
        assign: (pay) => ({ payUuid: pay?.payUuid ?? '', payName: pay?.payName ?? '' }),
      },
    },
    {
      name: 'mailId',
      label: 'admin.operator.mail',
      kind: 'remote',
      permission: PERMISSION.mailMgr,
      // Decision 130: the company's mail goes out through this server, a parent's, else the platform's.
      help: 'admin.operator.mailHelp',
      remote: {
        url: API.admin.mail.list,
        search: 'name',
        value: 'id',
        label: 'userName',
        currentLabel: 'mailName',
        assign: (mail) => ({ mailName: mail?.userName ?? '' }),
      },
    },
  ],
  defaults: { currency: 'USD' },
  actions: [
    {
      key: 'detail',
      label: () => 'admin.common.detail',
      permission: CODE.operatorDetail,
      run: (row, ctx) => ctx.navigate(operatorDetailPath(row)),
    },
  ],
};

export const operatorLimitDecl: ResourceDecl = {
  id: 'operatorLimit',
  title: 'admin.operatorLimit.title',
  api: { ...recordPaths(API.admin.operatorLimit), idParam: 'id' },
  idField: 'id',
  nameField: 'name',
  permissions: {
    view: CODE.operatorLimits,
    add: CODE.operatorLimitEdit,
    edit: CODE.operatorLimitEdit,
    delete: CODE.operatorLimitEdit,
  },
  schemas: { create: operatorLimitForm, update: operatorLimitUpdate },
  columns: [
    { key: 'name', label: 'admin.operatorLimit.name', sortable: true },
    { key: 'gunNum', label: 'admin.operatorLimit.gunNum', kind: 'number', sortable: true },
    { key: 'revenueTariff', label: 'admin.operatorLimit.revenueTariff', kind: 'percent', sortable: true },
    { key: 'operatorName', label: 'admin.operatorLimit.company', sortable: true },
    createTimeColumn,
  ],
  filters: [{ name: 'name', label: 'admin.operatorLimit.name', kind: 'text' }],
  fields: [
    { name: 'name', label: 'admin.operatorLimit.name', kind: 'text', required: true },
    { name: 'gunNum', label: 'admin.operatorLimit.gunNum', kind: 'number', required: true },
    {
      name: 'revenueTariff',
      label: 'admin.operatorLimit.revenueTariff',
      kind: 'text',
      required: true,
      help: 'admin.operatorLimit.revenueTariffHelp',
    },
    {
      name: 'agentId',
      label: 'admin.operatorLimit.company',
      kind: 'remote',
      remote: { ...companySource, currentLabel: 'operatorName' },
    },
  ],
};
