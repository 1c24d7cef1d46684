/**
 * Users (/user): console accounts under roles and companies. Passwords travel encrypted; a user with
 * sub-accounts is not deleted (its sub-accounts would lose sign-in: docs/product.md section 5);
 * enable/disable, password reset and station binding are row actions.
 */
import { API, recordPaths } from '@shared/api/paths.ts';
import { builtInRoleCode } from '@shared/permissions/built-in-roles.ts';
import { CODE } from '@shared/permissions/menus.ts';
import { LOCK_FLAG, resetPwd, userAdd, userUpdate } from '@shared/schemas/admin.ts';
import { encryptPassword } from '@web/auth/crypto.ts';
import { call } from '@web/lib/api.ts';
import { asPage } from '@web/resources/api.ts';
import { loadBindList, StationBindDialog } from '@web/resources/station-checklist.tsx';
import { createTimeColumn, userCompanySource } from '@web/resources/decls/common.ts';
import { useTr } from '@web/resources/i18n.ts';
import type {
  Column,
  EnumOption,
  FieldsForm,
  ResourceDecl,
  Row,
  RowDialogProps,
} from '@web/resources/types.ts';
import { UserRoles } from '@web/resources/built-in.tsx';
import { createElement } from 'react';

export const LOCK_OPTIONS: readonly EnumOption[] = [
  { value: LOCK_FLAG.normal, label: 'admin.user.lock.normal', tone: 'success' },
  { value: LOCK_FLAG.locked, label: 'admin.user.lock.locked', tone: 'danger' },
];

const isLocked = (row: Row) => Number(row.lockFlag) === LOCK_FLAG.locked;

/** Roles the caller may give a user. */
async function roleOptions(): Promise<EnumOption[]> {
  const roles = asPage(await call<unknown>(API.admin.role.options)).records;
  // A built-in role by its code in the user's language (decision 453), any other by its own name.
  return roles.map((r) => {
    const code = builtInRoleCode(r);
    return code
      ? { value: String(r.roleId ?? r.id), label: `builtIn.roles.${code}` }
      : { value: String(r.roleId ?? r.id), label: String(r.roleName ?? r.name), raw: true };
  });
}

/** Refuses while the user has sub-accounts: deleting it would lock them out too. */
export async function childAccountsRefusal(row: Row) {
  const data = await call<unknown>(API.admin.user.getChildUserCount, undefined, {
    userId: String(row.userId),
  });
  const count = typeof data === 'number' ? data : Number((data as { count?: unknown } | null)?.count ?? 0);
  return count > 0 ? { message: 'admin.user.hasChildren', values: { count } } : null;
}

/** New password (twice), checked with the shared password rule, sent encrypted. */
const resetPasswordForm: FieldsForm = {
  title: (row) => ({ message: 'admin.user.resetPwdTitle', values: { name: row.username } }),
  fields: [
    {
      name: 'password',
      label: 'admin.user.newPassword',
      kind: 'password',
      required: true,
      help: 'validation.passwordRule',
    },
    { name: 'confirm', label: 'admin.user.confirmPassword', kind: 'password', required: true },
  ],
  fixed: (row) => ({ userId: String(row.userId) }),
  schema: resetPwd,
  check: (body) => (body.password === body.confirm ? {} : { confirm: 'validation.passwordMismatch' }),
  prepare: async (body) => ({ userId: body.userId, password: await encryptPassword(String(body.password)) }),
  url: API.admin.user.resetPwd,
  done: () => ({ message: 'admin.common.saved' }),
  scope: 'userResetPwd',
};

/** Roles as tags, a built-in one in the user's language (docs/decisions/453-built-in-data-in-the-users-language.md). */
const rolesColumn: Column = {
  key: 'roleNames',
  label: 'admin.user.roles',
  kind: 'tags',
  render: (row) => createElement(UserRoles, { row }),
};

export const userDecl: ResourceDecl = {
  id: 'user',
  title: 'admin.user.title',
  api: { ...recordPaths(API.admin.user), idParam: 'userId' },
  idField: 'userId',
  nameField: 'username',
  permissions: {
    view: CODE.users,
    add: CODE.userAdd,
    edit: CODE.userEdit,
    delete: CODE.userDelete,
    detail: CODE.users,
  },
  schemas: { create: userAdd, update: userUpdate },
  columns: [
    { key: 'username', label: 'admin.user.username', sortable: true },
    rolesColumn,
    { key: 'agentName', label: 'admin.user.company', sortable: true },
    { key: 'phone', label: 'admin.user.phone' },
    { key: 'email', label: 'admin.user.email' },
    { key: 'lockFlag', label: 'admin.user.lockFlag', kind: 'enum', options: LOCK_OPTIONS, sortable: true },
    { key: 'lastLoginTime', label: 'admin.user.lastLoginTime', kind: 'date', sortable: true },
    { key: 'expireTime', label: 'admin.user.expireTime', kind: 'date', hidden: true },
    { key: 'lastIp', label: 'admin.user.lastIp', hidden: true },
    { ...createTimeColumn, hidden: true },
  ],
  filters: [
    { name: 'username', label: 'admin.user.username', kind: 'text' },
    { name: 'agentId', label: 'admin.user.company', kind: 'remote', remote: userCompanySource },
    { name: 'lockFlag', label: 'admin.user.lockFlag', kind: 'select', options: LOCK_OPTIONS },
  ],
  fields: [
    { name: 'username', label: 'admin.user.username', kind: 'text', required: true, modes: ['create'] },
    {
      name: 'password',
      label: 'admin.user.password',
      kind: 'password',
      required: true,
      modes: ['create'],
      help: 'validation.passwordRule',
    },
    {
      name: 'role',
      label: 'admin.user.roles',
      kind: 'multiselect',
      required: true,
      loadOptions: roleOptions,
    },
    // The company is fixed at creation (it is the tenant of the account).
    {
      name: 'agentId',
      label: 'admin.user.company',
      kind: 'remote',
      remote: userCompanySource,
      modes: ['create'],
      help: 'admin.user.companyHelp',
    },
    { name: 'phone', label: 'admin.user.phone', kind: 'text' },
    { name: 'email', label: 'admin.user.email', kind: 'text' },
    { name: 'expireTime', label: 'admin.user.expireTime', kind: 'datetime', help: 'admin.user.expireHelp' },
  ],
  detail: [
    { key: 'username', label: 'admin.user.username' },
    rolesColumn,
    { key: 'agentName', label: 'admin.user.company' },
    { key: 'phone', label: 'admin.user.phone' },
    { key: 'email', label: 'admin.user.email' },
    { key: 'lockFlag', label: 'admin.user.lockFlag', kind: 'enum', options: LOCK_OPTIONS },
    { key: 'lockTime', label: 'admin.user.lockTime', kind: 'date' },
    { key: 'expireTime', label: 'admin.user.expireTime', kind: 'date' },
    { key: 'lastLoginTime', label: 'admin.user.lastLoginTime', kind: 'date' },
    { key: 'lastLoginSource', label: 'admin.user.lastLoginSource' },
    { key: 'lastIp', label: 'admin.user.lastIp' },
    createTimeColumn,
  ],
  beforeDelete: childAccountsRefusal,
  beforeSave: async (body, mode) =>
    mode === 'create' ? { ...body, password: await encryptPassword(String(body.password)) } : body,
  actions: [
    {
      key: 'toggle',
      label: (row) => (isLocked(row) ? 'admin.user.enable' : 'admin.user.disable'),
      permission: CODE.userToggle,
      confirm: (row) => ({
        message: isLocked(row) ? 'admin.user.enableConfirm' : 'admin.user.disableConfirm',
        values: { name: row.username },
      }),
      run: async (row, ctx) => {
        const lockFlag = isLocked(row) ? LOCK_FLAG.normal : LOCK_FLAG.locked;
        await call(API.admin.user.update, { userId: row.userId, lockFlag, version: row.version });
        ctx.notify(lockFlag === LOCK_FLAG.locked ? 'admin.user.disabled' : 'admin.user.enabled');
        ctx.refresh();
      },
    },
    {
      key: 'resetPwd',
      label: () => 'admin.user.resetPwd',
      permission: CODE.userResetPwd,
      form: resetPasswordForm,
    },
    {
      key: 'stations',
      label: () => 'admin.user.stations',
      permission: CODE.userBindStation,
      dialog: UserStationsDialog,
    },
  ],
};

/** Which stations a user may work with: check them, search by name, save the whole set. */
export function UserStationsDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const userId = String(row.userId);
  return (
    <StationBindDialog
      title={tr('admin.user.stationsTitle', { name: row.username })}
      loadKey={`stations:${userId}`}
      load={() => loadBindList(API.biz.station.bindList, { userId })}
      save={async (stationIds) => {
        await call(API.biz.station.bind, { userId, stationIds });
        return tr('admin.common.saved');
      }}
      chosenLabel={(count, total) => tr('admin.user.stationsChosen', { count, total })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
