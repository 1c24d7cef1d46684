/**
 * Console users (docs/product.md sections 3, 5 and 7). A user belongs to a company (agentId; none for
 * platform users) and holds roles of the matching flag (platform roles for platform users, company roles for
 * company users). The creator is the parent account: a user with sub-accounts cannot be deleted until those
 * are handled. Deleting disables sign-in and keeps the username reserved; passwords arrive RSA-encrypted and
 * are stored as scrypt hashes.
 */
import { CODE } from '@shared/permissions/menus.ts';
import {
  LOCK_FLAG,
  ROLE_FLAG,
  type resetPwd,
  type stationBind,
  type userAdd,
  type userUpdate,
  type PageQuery,
  type SysUser,
} from '@shared/schemas/admin.ts';
import type { updateInfoForm } from '@shared/schemas/identity.ts';
import type { z } from 'zod';
import { forbidden, notFound, refused } from '@functions/lib/errors.ts';
import { hashSecret } from '@functions/lib/password.ts';
import { newId, paginate, type Stored } from '@functions/lib/records.ts';
import { stationRecords } from '@functions/data/stations.ts';
import { forgetIdentities, stationVisible, type Identity } from '@functions/identity/access.ts';
import { operators } from '@functions/data/operators.ts';
import { roles } from '@functions/data/roles.ts';
import { users, type UserRecord } from '@functions/data/users.ts';
import { closeUserSessions } from '@functions/auth/sessions.ts';
import { verifyPasswordAttempt } from '@functions/auth/login.ts';
import { assignableRoles } from './roles.ts';

type StoredUser = UserRecord & Stored;

/** Users as the API shows them: no secrets, with role names and codes and company names (each looked up once). */
export async function viewsOf(list: StoredUser[]): Promise<SysUser[]> {
  const roleIds = [...new Set(list.flatMap((u) => u.role))];
  const agentIds = [...new Set(list.flatMap((u) => (u.agentId ? [u.agentId] : [])))];
  const [roleList, companyList] = await Promise.all([
    Promise.all(roleIds.map((id) => roles.getAny(id))),
    Promise.all(agentIds.map((id) => operators.getAny(id))),
  ]);
  const roleOf = new Map(roleList.flatMap((r) => (r ? [[r.roleId, r] as const] : [])));
  const companyName = new Map(companyList.flatMap((o) => (o ? [[o.id, o.operatorName] as const] : [])));
  return list.map((user) => {
    const { passwordHash: _h, failCount: _f, delFlag: _d, tenant: _t, ...rest } = user;
    return {
      ...rest,
      roleNames: user.role.flatMap((id) => (roleOf.has(id) ? [roleOf.get(id)!.roleName] : [])),
      // Beside each name its role's code: the console shows a built-in role in the user's language (decision 453).
      roleCodes: user.role.flatMap((id) => (roleOf.has(id) ? [roleOf.get(id)!.roleCode] : [])),
      agentName: user.agentId ? companyName.get(user.agentId) : undefined,
    };
  });
}

export async function toView(user: StoredUser): Promise<SysUser> {
  return (await viewsOf([user]))[0]!;
}

async function findUser(identity: Identity, userId: string | undefined): Promise<StoredUser> {
  const user = userId ? await users.get(identity.scope, userId) : undefined;
  if (!user || user.delFlag === 1) throw notFound();
  return user;
}

export async function listUsers(
  identity: Identity,
  query: PageQuery & { username?: string; agentId?: string; lockFlag?: string | number },
) {
  const name = query.username?.trim().toLowerCase();
  const lock = query.lockFlag === undefined || query.lockFlag === '' ? undefined : Number(query.lockFlag);
  const found = (await users.list(identity.scope))
    .filter(
      (u) =>
        u.delFlag !== 1 &&
        (!name || u.username.toLowerCase().includes(name)) &&
        (!query.agentId || u.agentId === query.agentId) &&
        (lock === undefined || u.lockFlag === lock),
    )
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  return paginate(await viewsOf(found), query);
}

export async function userInfo(identity: Identity, userId: string | undefined) {
  return toView(await findUser(identity, userId));
}

/** The roles must be ones the caller may assign, and of the flag that fits the user's company. */
async function checkRoles(identity: Identity, roleIds: string[], agentId: string | undefined) {
  const allowed = new Map((await assignableRoles(identity)).map((r) => [r.roleId, r]));
  const flag = agentId ? ROLE_FLAG.company : ROLE_FLAG.admin;
  for (const id of roleIds) {
    const role = allowed.get(id);
    if (!role) throw refused('server.roleNotAssignable');
    if (role.roleFlag !== flag)
      throw refused(agentId ? 'server.roleNeedsCompanyFlag' : 'server.roleNeedsAdminFlag');
  }
  return [...new Set(roleIds)];
}

/** A new user: the form with its password already decrypted and checked. */
export async function addUser(identity: Identity, input: z.infer<typeof userAdd>) {
  const agentId = identity.platform ? input.agentId : (input.agentId ?? identity.operator?.id);
  const company = agentId ? await operators.get(identity.scope, agentId) : undefined;
  if (agentId && !company) throw refused('server.companyNotFound');
  const record: UserRecord = {
    userId: newId(),
    username: input.username,
    passwordHash: await hashSecret(input.password),
    role: await checkRoles(identity, input.role, agentId),
    phone: input.phone,
    email: input.email,
    agentId,
    lockFlag: LOCK_FLAG.normal,
    expireTime: input.expireTime,
    parentUserId: identity.user.userId,
    kind: 'user',
    // A user a station-bound user opens sees no more than they do (docs/decisions/190).
    ...(identity.stations ? { stationIds: [...identity.stations] } : {}),
  };
  return toView(await users.create(record, company?.path ?? '/'));
}

export async function updateUser(identity: Identity, input: z.infer<typeof userUpdate>) {
  const current = await findUser(identity, input.userId);
  if (input.version !== undefined && input.version !== current.version) throw refused('server.staleUpdate');
  const locking = input.lockFlag !== undefined && input.lockFlag !== current.lockFlag;
  if (locking && current.userId === identity.user.userId) throw refused('server.cannotLockSelf');
  if (locking && !identity.permissions.has(CODE.userToggle)) throw forbidden();
  const next: UserRecord = {
    ...current,
    role: input.role ? await checkRoles(identity, input.role, current.agentId) : current.role,
    phone: input.phone,
    email: input.email,
    expireTime: input.expireTime,
    lockFlag: input.lockFlag ?? current.lockFlag,
    // An administrator's lock has no end (no lockTime); unlocking also forgets failed attempts.
    ...(locking ? { lockTime: undefined, failCount: 0 } : {}),
  };
  const updated = await users.update(current, next);
  if (locking && next.lockFlag === LOCK_FLAG.locked) await closeUserSessions(current.userId);
  forgetIdentities();
  return toView(updated);
}

async function subAccounts(user: StoredUser): Promise<StoredUser[]> {
  return (await users.list(user.tenant)).filter((u) => u.parentUserId === user.userId && u.delFlag !== 1);
}

export async function childUserCount(identity: Identity, userId: string | undefined) {
  return { count: (await subAccounts(await findUser(identity, userId))).length };
}

export async function deleteUser(identity: Identity, userId: string | undefined) {
  const current = await findUser(identity, userId);
  if (current.userId === identity.user.userId) throw refused('server.cannotDeleteSelf');
  const children = await subAccounts(current);
  if (children.length > 0) throw refused('server.userHasSubAccounts', { count: children.length });
  await users.update(current, { ...current, delFlag: 1 });
  await closeUserSessions(current.userId);
  forgetIdentities();
}

export async function resetPassword(identity: Identity, input: z.infer<typeof resetPwd>) {
  const current = await findUser(identity, input.userId);
  await users.update(current, {
    ...current,
    passwordHash: await hashSecret(input.password),
    failCount: 0,
    ...(current.lockTime ? { lockFlag: LOCK_FLAG.normal, lockTime: undefined } : {}),
  });
  await closeUserSessions(current.userId);
  forgetIdentities();
}

/**
 * POST /admin/user/updatePwd, public (docs/product.md sections 2 and 7): the login page's dialog (username)
 * and the header's (the caller's id) change a password by the old one. The old password is checked by
 * sign-in's own check (functions/auth/login.ts: attempts counted first, five lock, an unknown account answers
 * like a wrong password), the new one follows the password rule and differs from the old; the change is
 * written with the check's conditional write and every session of the account ends
 * (docs/decisions/120-password-change-before-login.md).
 */
export async function changePassword(
  input: { id?: string; username?: string; oldPwd: string; newPwd: string },
  audit: (name: string, tenant?: string) => void,
) {
  const { oldPwd, newPwd } = input;
  const user = await verifyPasswordAttempt(
    {
      userId: input.id,
      username: input.id === undefined ? input.username : undefined,
      password: oldPwd,
      kind: 'user',
    },
    { set: { passwordHash: await hashSecret(newPwd) }, bumpVersion: true },
  );
  audit(user.username, user.tenant);
  await closeUserSessions(user.userId);
  forgetIdentities();
}

export async function updateOwnInfo(identity: Identity, input: z.infer<typeof updateInfoForm>) {
  const current = await users.getAny(identity.user.userId);
  if (!current) throw notFound();
  return toView(await users.update(current, { ...current, phone: input.phone, email: input.email }));
}

export async function bindStations(identity: Identity, input: z.infer<typeof stationBind>) {
  const user = await findUser(identity, input.userId);
  const ids = [...new Set(input.stationIds)];
  // A caller bound to stations hands on only stations they see themselves (an empty binding sees them all).
  if (identity.stations && ids.length === 0) throw refused('server.stationBindNeedsStations');
  for (const id of ids)
    if (!(await stationRecords.get(user.tenant, id)) || !stationVisible(identity, id))
      throw refused('server.stationNotFound');
  await users.update(user, { ...user, stationIds: ids });
  forgetIdentities();
}

export async function stationBindList(identity: Identity, userId: string | undefined, query: PageQuery) {
  const user = await findUser(identity, userId);
  const bound = new Set(user.stationIds ?? []);
  const all = (await stationRecords.list(user.tenant))
    .filter((s) => stationVisible(identity, s.id))
    .map((s) => ({
      id: s.id,
      name: s.name ?? s.id,
      bound: bound.has(s.id),
    }));
  return paginate(all, query);
}
