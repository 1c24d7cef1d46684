/** Menu trees from the catalogue (shared/permissions/menus.ts): the caller's menu, and a role's grant tree. */
import { MENU_ROOT, menuCatalogue, withAncestors, type MenuDef } from '@shared/permissions/menus.ts';
import type { Identity } from '@functions/identity/access.ts';

export interface MenuNode extends MenuDef {
  permission: string;
  name: string;
  children: MenuNode[];
}

export function buildTree(include: (menu: MenuDef) => boolean): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const menu of menuCatalogue)
    if (include(menu))
      nodes.set(menu.id, { ...menu, permission: menu.id, name: `menu.m${menu.id}`, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === MENU_ROOT || !nodes.has(node.parentId)) roots.push(node);
  }
  return roots;
}

/** The caller's menu: the pages they hold, under their groups (buttons are permissions, not menu items). */
export function menuFor(identity: Identity): MenuNode[] {
  const shown = withAncestors(
    [...identity.permissions].filter((id) => menuCatalogue.some((m) => m.id === id && m.type === '0')),
  );
  return buildTree((menu) => menu.type === '0' && shown.has(menu.id));
}

/** What the caller may put into a role: everything for the platform, their own grant for a company. */
export function grantable(identity: Identity): Set<string> {
  if (identity.platform) return new Set(menuCatalogue.map((m) => m.id));
  return new Set(identity.roles.flatMap((r) => r.menuIds).filter((id) => identity.permissions.has(id)));
}

export function grantTree(identity: Identity): MenuNode[] {
  const allowed = withAncestors(grantable(identity));
  return buildTree((menu) => allowed.has(menu.id));
}
