/**
 * Users (/user): console accounts under roles and companies. Passwords travel encrypted; a user with
 * sub-accounts is not deleted (its sub-accounts would lose sign-in: SPEC.md section 5); enable/disable,
 * password reset and station binding are row actions.
 */
import { Field, Input, Stack } from '@chakra-ui/react';
import { CODE } from '@shared/permissions/menus.ts';
import { LOCK_FLAG, resetPwd, userAdd, userUpdate } from '@shared/schemas/admin.ts';
import { encryptPassword } from '@web/auth/crypto.ts';
import { ActionDialog } from '@web/resources/action-dialog.tsx';
import { call } from '@web/lib/api.ts';
import { asPage } from '@web/resources/api.ts';
import { loadBindList, StationBindDialog } from '@web/resources/station-checklist.tsx';
import { createTimeColumn, userCompanySource } from '@web/resources/decls/common.ts';
import { useTr } from '@web/resources/i18n.ts';
import type { EnumOption, ResourceDecl, Row, RowDialogProps } from '@web/resources/types.ts';
import { useSubmit } from '@web/resources/use-submit.ts';
import { validate } from '@web/resources/values.ts';
import { useState } from 'react';

export const LOCK_OPTIONS: readonly EnumOption[] = [
  { value: LOCK_FLAG.normal, label: 'admin.user.lock.normal', tone: 'success' },
  { value: LOCK_FLAG.locked, label: 'admin.user.lock.locked', tone: 'danger' },
];

const isLocked = (row: Row) => Number(row.lockFlag) === LOCK_FLAG.locked;

/** Roles the caller may give a user. */
async function roleOptions(): Promise<EnumOption[]> {
  const roles = asPage(await call<unknown>('/admin/role/options')).records;
  return roles.map((r) => ({
    value: String(r.roleId ?? r.id),
    label: String(r.roleName ?? r.name),
    raw: true,
  }));
}

/** Refuses while the user has sub-accounts: deleting it would lock them out too. */
export async function childAccountsRefusal(row: Row) {
  const data = await call<unknown>('/admin/user/getChildUserCount', undefined, {
    userId: String(row.userId),
  });
  const count = typeof data === 'number' ? data : Number((data as { count?: unknown } | null)?.count ?? 0);
  return count > 0 ? { message: 'admin.user.hasChildren', values: { count } } : null;
}

export const userDecl: ResourceDecl = {
  id: 'user',
  title: 'admin.user.title',
  api: { base: '/admin/user', idParam: 'userId' },
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
    { key: 'roleNames', label: 'admin.user.roles', kind: 'tags' },
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
    { key: 'roleNames', label: 'admin.user.roles', kind: 'tags' },
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
        await call('/admin/user/update', { userId: row.userId, lockFlag, version: row.version });
        ctx.notify(lockFlag === LOCK_FLAG.locked ? 'admin.user.disabled' : 'admin.user.enabled');
        ctx.refresh();
      },
    },
    {
      key: 'resetPwd',
      label: () => 'admin.user.resetPwd',
      permission: CODE.userResetPwd,
      dialog: ResetPasswordDialog,
    },
    {
      key: 'stations',
      label: () => 'admin.user.stations',
      permission: CODE.userBindStation,
      dialog: UserStationsDialog,
    },
  ],
};

/** New password (twice), checked with the shared password rule, sent encrypted. */
export function ResetPasswordDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, run } = useSubmit();

  const submit = async () => {
    const checked = validate(resetPwd, { userId: String(row.userId), password });
    const next = checked.ok ? {} : { ...checked.errors };
    if (!next.password && password !== confirm) next.confirm = 'validation.passwordMismatch';
    setErrors(next);
    if (Object.keys(next).length) return;
    await run(async () => {
      await call('/admin/user/resetPwd', { userId: row.userId, password: await encryptPassword(password) });
      onDone(tr('admin.common.saved'));
    });
  };

  return (
    <ActionDialog
      title={tr('admin.user.resetPwdTitle', { name: row.username })}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            {tr('admin.user.newPassword')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Field.HelperText>{tr('validation.passwordRule')}</Field.HelperText>
          {errors.password ? <Field.ErrorText>{tr(errors.password)}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirm)} required>
          <Field.Label>
            {tr('admin.user.confirmPassword')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          {errors.confirm ? <Field.ErrorText>{tr(errors.confirm)}</Field.ErrorText> : null}
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}

/** Which stations a user may work with: check them, search by name, save the whole set. */
export function UserStationsDialog({ row, onClose, onDone }: RowDialogProps) {
  const tr = useTr();
  const userId = String(row.userId);
  return (
    <StationBindDialog
      title={tr('admin.user.stationsTitle', { name: row.username })}
      loadKey={`stations:${userId}`}
      load={() => loadBindList('/biz/station/bindList', { userId })}
      save={async (stationIds) => {
        await call('/biz/station/bind', { userId, stationIds });
        return tr('admin.common.saved');
      }}
      chosenLabel={(count, total) => tr('admin.user.stationsChosen', { count, total })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
