/** Pieces several declarations share: company pickers, the role menu tree, common columns. */
import { API, resourcePaths } from '@shared/api/paths.ts';
import { call } from '@web/lib/api.ts';
import type { ResourceMeta } from '@shared/resources/define.ts';
import type { Column, RemoteSource, ResourceDecl, Row, TreeNode } from '@web/resources/types.ts';

/** Companies in the caller's scope, searched by name (needs 6500). */
export const companySource: RemoteSource = {
  url: API.admin.operator.list,
  search: 'operatorName',
  value: 'id',
  label: 'operatorName',
};

/** Companies a user may be put in (any signed-in user; the call answers the whole list). */
export const userCompanySource: RemoteSource = {
  url: API.admin.operator.getOperatorListForUser,
  search: 'operatorName',
  value: 'id',
  label: 'operatorName',
  currentLabel: 'agentName',
};

interface MenuTree {
  menus?: TreeNode[];
  checked?: (string | number)[];
}

/** The menus the caller may grant, with the role's current ones (none for a new role). */
export async function roleMenuTree(
  record: Row | undefined,
): Promise<{ nodes: TreeNode[]; checked: string[] }> {
  const roleId = record?.roleId;
  const data = await call<MenuTree>(
    API.admin.menu.tree,
    undefined,
    roleId === undefined ? undefined : { id: String(roleId) },
  );
  return { nodes: data?.menus ?? [], checked: (data?.checked ?? []).map(String) };
}

export const createTimeColumn: Column = {
  key: 'createTime',
  label: 'admin.common.createTime',
  kind: 'date',
  sortable: true,
};

/**
 * What a declaration takes from its shared resource (shared/resources/define.ts): its id, its calls
 * (shared/api/paths.ts `resourcePaths`; records by `id`) and permission codes; `detail: true` shows the
 * detail to viewers.
 */
export function fromResource(
  resource: ResourceMeta,
  options: { detail?: boolean } = {},
): Pick<ResourceDecl, 'id' | 'api' | 'idField' | 'permissions'> {
  const { view, add, edit, del } = resource.permissions;
  return {
    id: resource.name,
    api: { ...resourcePaths(resource), idParam: 'id' },
    idField: 'id',
    permissions: { view, add, edit, delete: del, ...(options.detail ? { detail: view } : {}) },
  };
}
