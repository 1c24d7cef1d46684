/**
 * App users (/appUser, 7100; docs/decisions/193-app-users-and-ops-view.md): the drivers of the company's app
 * with their level, balance, frozen amount, lock and last sign-in. Staff correct a profile (7102), lock or
 * unlock a user with a cause (7102; a locked user's tag is refused at the charger) and adjust a balance with
 * a cause (7103); the page of a user (7101) shows their statistics, ledger, card and orders. Users sign up in
 * the driver app: no add, no delete (the server refuses both).
 */
import { API, resourcePaths } from '@shared/api/paths.ts';
import {
  APP_SOURCE,
  appUserAdjustSchema,
  appUserLockSchema,
  appUserResource,
  appUserSchema,
  appUserUnlockSchema,
  LOCK_FLAG,
  USER_LEVEL,
} from '@shared/resources/crm/app-user.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { createTimeColumn } from '@web/resources/decls/common.ts';
import { formatBalance } from '@web/resources/decls/device/card.tsx';
import { updateSchema } from '@web/resources/decls/device/common.ts';
import type {
  Column,
  EnumOption,
  Field,
  FieldsForm,
  ResourceDecl,
  Row,
  RowAction,
} from '@web/resources/types.ts';

const { permissions: p } = appUserResource;
export const A = 'crm.appUser';

export const appUserDetailPath = (id: unknown) => `/appUserDetail/${encodeURIComponent(String(id ?? ''))}`;

export const USER_LEVEL_OPTIONS: readonly EnumOption[] = [
  { value: USER_LEVEL.ordinary, label: `${A}.levels.ordinary`, tone: 'neutral' },
  { value: USER_LEVEL.vip, label: `${A}.levels.vip`, tone: 'success' },
  { value: USER_LEVEL.other, label: `${A}.levels.other`, tone: 'neutral' },
];

export const LOCK_OPTIONS: readonly EnumOption[] = [
  { value: LOCK_FLAG.normal, label: `${A}.locks.normal`, tone: 'success' },
  { value: LOCK_FLAG.locked, label: `${A}.locks.locked`, tone: 'danger' },
];

export const SOURCE_OPTIONS: readonly EnumOption[] = [
  { value: APP_SOURCE.android, label: `${A}.sources.android` },
  { value: APP_SOURCE.ios, label: `${A}.sources.ios` },
  { value: APP_SOURCE.web, label: `${A}.sources.web` },
  { value: APP_SOURCE.console, label: `${A}.sources.console` },
];

const userName = (row: Row) => String(row.userName ?? row.id ?? '');
const locked = (row: Row) => Number(row.lockFlag) === LOCK_FLAG.locked;
const money = (key: string) => (row: Row) => formatBalance(row[key]);

/** Lock with a cause: the user's tag is refused at the charger from then on. */
export const lockForm: FieldsForm = {
  title: (row) => ({ message: `${A}.lockTitle`, values: { name: userName(row) } }),
  intro: () => ({ message: `${A}.lockIntro` }),
  fields: [{ name: 'cause', label: `${A}.cause`, kind: 'textarea', required: true }],
  fixed: (row) => ({ id: String(row.id) }),
  schema: appUserLockSchema,
  url: API.biz.appUser.lock,
  submitLabel: `${A}.lock`,
  failureTitle: `${A}.lockFailed`,
  done: () => ({ message: `${A}.lockedDone` }),
  scope: 'appUserLock',
};

export const unlockForm: FieldsForm = {
  title: (row) => ({ message: `${A}.unlockTitle`, values: { name: userName(row) } }),
  intro: (row) =>
    row.cause ? { message: `${A}.lockedBecause`, values: { cause: String(row.cause) } } : null,
  fields: [{ name: 'cause', label: `${A}.unlockCause`, kind: 'textarea' }],
  fixed: (row) => ({ id: String(row.id) }),
  schema: appUserUnlockSchema,
  url: API.biz.appUser.unlock,
  submitLabel: `${A}.unlock`,
  failureTitle: `${A}.unlockFailed`,
  done: () => ({ message: `${A}.unlockedDone` }),
  scope: 'appUserUnlock',
};

/** A signed amount with a cause: written to the user's ledger; never below what is frozen. */
export const adjustForm: FieldsForm = {
  title: (row) => ({ message: `${A}.adjustTitle`, values: { name: userName(row) } }),
  intro: (row) => ({
    message: `${A}.adjustIntro`,
    values: { balance: formatBalance(row.accountBalance), frozen: formatBalance(row.frozenAmount) },
  }),
  fields: [
    { name: 'amount', label: `${A}.amount`, kind: 'number', required: true, help: `${A}.amountHelp` },
    { name: 'cause', label: `${A}.cause`, kind: 'textarea', required: true },
  ],
  fixed: (row) => ({ id: String(row.id) }),
  schema: appUserAdjustSchema,
  url: API.biz.appUser.adjust,
  submitLabel: `${A}.adjust`,
  failureTitle: `${A}.adjustFailed`,
  done: (user) => ({
    message: `${A}.adjusted`,
    values: { balance: formatBalance((user as Row | null)?.accountBalance) },
  }),
  scope: 'appUserAdjust',
};

export const appUserColumns: Column[] = [
  { key: 'userName', label: `${A}.userName`, sortable: true },
  { key: 'phone', label: `${A}.phone` },
  { key: 'email', label: `${A}.email` },
  { key: 'cardNo', label: `${A}.cardNo` },
  { key: 'userLevel', label: `${A}.userLevel`, kind: 'enum', options: USER_LEVEL_OPTIONS },
  { key: 'accountBalance', label: `${A}.accountBalance`, render: money('accountBalance'), sortable: true },
  { key: 'frozenAmount', label: `${A}.frozenAmount`, render: money('frozenAmount') },
  { key: 'lockFlag', label: `${A}.lockFlag`, kind: 'enum', options: LOCK_OPTIONS },
  { key: 'regSource', label: `${A}.regSource`, kind: 'enum', options: SOURCE_OPTIONS, hidden: true },
  { key: 'lastLoginTime', label: `${A}.lastLoginTime`, kind: 'date', sortable: true },
  createTimeColumn,
];

/** The row and page actions: the user's page, lock or unlock, adjust the balance. */
export const appUserActions: RowAction[] = [
  {
    key: 'detail',
    label: () => 'admin.common.detail',
    permission: CODE.appUserDetail,
    run: (row, ctx) => ctx.navigate(appUserDetailPath(row.id)),
  },
  {
    key: 'lock',
    label: () => `${A}.lock`,
    permission: CODE.appUserEdit,
    visible: (row) => !locked(row),
    danger: true,
    form: lockForm,
  },
  {
    key: 'unlock',
    label: () => `${A}.unlock`,
    permission: CODE.appUserEdit,
    visible: locked,
    form: unlockForm,
  },
  { key: 'adjust', label: () => `${A}.adjust`, permission: CODE.appUserBalance, form: adjustForm },
];

export const appUserDecl: ResourceDecl = {
  id: 'appUser',
  title: `${A}.title`,
  api: resourcePaths(appUserResource),
  idField: 'id',
  nameField: 'userName',
  // The user's page is the detail view (7101). No add or delete: users sign up in the driver app and hold money (the server refuses both).
  permissions: { view: p.view, edit: p.edit },
  exportable: true,
  schemas: { update: updateSchema(appUserSchema) },
  columns: appUserColumns,
  filters: [
    { name: 'userName', label: `${A}.userName`, kind: 'text' },
    { name: 'phone', label: `${A}.phone`, kind: 'text' },
    { name: 'email', label: `${A}.email`, kind: 'text' },
    { name: 'cardNo', label: `${A}.cardNo`, kind: 'text' },
    { name: 'userLevel', label: `${A}.userLevel`, kind: 'select', options: USER_LEVEL_OPTIONS },
    { name: 'lockFlag', label: `${A}.lockFlag`, kind: 'select', options: LOCK_OPTIONS },
  ],
  // The edit form only: users sign up in the driver app.
  fields: (
    [
      { name: 'userName', label: `${A}.userName`, kind: 'text', required: true },
      { name: 'phone', label: `${A}.phone`, kind: 'text' },
      { name: 'email', label: `${A}.email`, kind: 'text' },
      {
        name: 'userLevel',
        label: `${A}.userLevel`,
        kind: 'select',
        options: USER_LEVEL_OPTIONS,
        required: true,
      },
      { name: 'cardNo', label: `${A}.cardNo`, kind: 'text', help: `${A}.cardNoHelp` },
      { name: 'ticketNo', label: `${A}.ticketNo`, kind: 'text' },
    ] satisfies Field[]
  ).map((field): Field => ({ ...field, modes: ['edit'] })),
  actions: appUserActions,
};
