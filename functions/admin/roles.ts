/**
 * Roles and subscription roles (docs/product.md sections 3 and 6). Platform roles live in the platform
 * tenant; a company may define its own roles (role flag 1, type 0) from the permissions it holds. Company
 * users also see the platform's company roles (flag 1, type 0), which they may assign but not change.
 * Subscription roles (types 1 to 4) are the platform's, edited on /subRole.
 */
import { menuById, withAncestors } from '@shared/permissions/menus.ts';
import type { z } from 'zod';
import {
  ROLE_FLAG,
  ROLE_TYPE,
  type PageQuery,
  type RoleForm,
  type roleUpdate,
} from '@shared/schemas/admin.ts';
import { notFound, refused } from '@functions/lib/errors.ts';
import { newId, paginate, PLATFORM_TENANT, type Stored } from '@functions/lib/records.ts';
import { forgetIdentities, type Identity } from '@functions/identity/access.ts';
import { roles, type RoleRecord } from '@functions/data/roles.ts';
import { users } from '@functions/data/users.ts';
import { grantable, grantTree } from './menus.ts';

export type RoleGroup = 'normal' | 'sub';

const inGroup = (role: RoleRecord, group: RoleGroup) =>
  group === 'normal' ? role.roleType === ROLE_TYPE.normal : role.roleType !== ROLE_TYPE.normal;

/** Roles the caller may see: their tenant's, plus (for companies) the platform's company roles. */
export async function visibleRoles(identity: Identity): Promise<(RoleRecord & Stored)[]> {
  if (identity.platform) return roles.list(PLATFORM_TENANT);
  const [own, platform] = await Promise.all([roles.list(identity.scope), roles.list(PLATFORM_TENANT)]);
  const shared = platform.filter(
    (r) =>
      r.tenant === PLATFORM_TENANT && r.roleFlag === ROLE_FLAG.company && r.roleType === ROLE_TYPE.normal,
  );
  return [...own, ...shared];
}

async function visibleRole(identity: Identity, id: string | undefined, group: RoleGroup) {
  const role = (await visibleRoles(identity)).find((r) => r.roleId === id && inGroup(r, group));
  if (!role) throw notFound();
  return role;
}

export async function listRoles(
  identity: Identity,
  group: RoleGroup,
  query: PageQuery & { roleName?: string },
) {
  const name = query.roleName?.trim().toLowerCase();
  const found = (await visibleRoles(identity))
    .filter((r) => inGroup(r, group) && (!name || r.roleName.toLowerCase().includes(name)))
    .sort((a, b) => b.createTime.localeCompare(a.createTime))
    .map((r) => ({ ...r, editable: r.tenant.startsWith(identity.scope) }));
  return paginate(found, query);
}

export async function roleInfo(identity: Identity, id: string | undefined, group: RoleGroup) {
  return visibleRole(identity, id, group);
}

function checkMenus(identity: Identity, menuIds: string[]): string[] {
  // A granted page brings its group along (the console checks parents too).
  const allowed = withAncestors(grantable(identity));
  const unique = [...new Set(menuIds)];
  if (unique.some((id) => !menuById.has(id) || !allowed.has(id))) throw refused('server.menuNotGrantable');
  return unique;
}

function shape(identity: Identity, group: RoleGroup, input: RoleForm): RoleRecord {
  const roleType = group === 'sub' ? input.roleType : ROLE_TYPE.normal;
  if (group === 'sub' && roleType === ROLE_TYPE.normal) throw refused('server.subRoleType');
  // A package without Pro never grants a Pro code (functions/identity/access.ts): saying so beats storing it.
  const withoutPro = roleType === ROLE_TYPE.basic || roleType === ROLE_TYPE.subscribeable;
  if (withoutPro && input.menuIds.some((id) => menuById.get(id)?.pro))
    throw refused('server.proCodeInBasicRole');
  return {
    roleId: '',
    roleName: input.roleName,
    roleCode: input.roleCode,
    roleDesc: input.roleDesc,
    // A company's own roles are company roles; subscription roles limit companies.
    roleFlag: identity.platform && group === 'normal' ? input.roleFlag : ROLE_FLAG.company,
    roleType,
    menuIds: checkMenus(identity, input.menuIds),
  };
}

export async function addRole(identity: Identity, group: RoleGroup, input: RoleForm) {
  const role = { ...shape(identity, group, input), roleId: newId() };
  const created = await roles.create(role, identity.scope);
  forgetIdentities();
  return created;
}

export async function updateRole(identity: Identity, group: RoleGroup, input: z.infer<typeof roleUpdate>) {
  const current = await roles.get(identity.scope, input.roleId);
  if (!current || !inGroup(current, group)) throw notFound();
  if (input.version !== undefined && input.version !== current.version) throw refused('server.staleUpdate');
  const updated = await roles.update(current, { ...shape(identity, group, input), roleId: current.roleId });
  forgetIdentities();
  return updated;
}

export async function deleteRole(identity: Identity, group: RoleGroup, id: string | undefined) {
  const current = id ? await roles.get(identity.scope, id) : undefined;
  if (!current || !inGroup(current, group)) throw notFound();
  const holders = (await users.list(PLATFORM_TENANT)).filter(
    (u) => u.delFlag !== 1 && u.role.includes(current.roleId),
  );
  if (holders.length > 0) throw refused('server.roleInUse', { count: holders.length });
  await roles.remove(current);
  forgetIdentities();
}

/** Roles a user form may offer: normal roles the caller sees whose grant the caller holds. */
export async function assignableRoles(identity: Identity) {
  const allowed = grantable(identity);
  return (await visibleRoles(identity))
    .filter(
      (r) =>
        r.roleType === ROLE_TYPE.normal && (identity.platform || r.menuIds.every((id) => allowed.has(id))),
    )
    .map((r) => ({ roleId: r.roleId, roleName: r.roleName, roleCode: r.roleCode, roleFlag: r.roleFlag }));
}

/** The tree the caller may grant, with the role's ids checked (none for a role being created: no id). */
export async function roleMenuTree(identity: Identity, id: string | undefined) {
  if (!id) return { menus: grantTree(identity), checked: [] };
  const role = (await visibleRoles(identity)).find((r) => r.roleId === id);
  if (!role) throw notFound();
  return { menus: grantTree(identity), checked: role.menuIds };
}
