/**
 * The server's menu tree (POST /admin/menu/list) as the layout uses it: only menus (type '0'), sorted,
 * and the lookups the sidebar and the tab bar need.
 */

export interface MenuNode {
  id: string;
  parentId: string;
  path?: string | null;
  permission?: string | null;
  icon?: string | null;
  sort?: number;
  type: string;
  keepAlive?: string;
  /** i18n key such as `menu.m2100`. */
  name?: string | null;
  children?: MenuNode[];
}

function isMenuNode(value: unknown): value is MenuNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (typeof (value as MenuNode).id === 'string' || typeof (value as MenuNode).id === 'number')
  );
}

/** Menus only (buttons are permissions, not entries), sorted by `sort`, ids as strings. */
export function menuItems(tree: unknown): MenuNode[] {
  if (!Array.isArray(tree)) return [];
  return tree
    .filter(isMenuNode)
    .filter((node) => String(node.type ?? '0') === '0')
    .map((node) => ({
      ...node,
      id: String(node.id),
      parentId: String(node.parentId),
      children: menuItems(node.children),
    }))
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

/** The i18n key of a menu's name (the server gives it; the id gives it too). */
export function menuNameKey(node: Pick<MenuNode, 'id' | 'name'>): string {
  return node.name && node.name.startsWith('menu.') ? node.name : `menu.m${node.id}`;
}

/** The top-level group holding the menu `code` (or the menu with that path), and the entry itself. */
export function findInTree(
  tree: MenuNode[],
  match: { code?: string; path?: string },
): { group: MenuNode; node: MenuNode } | null {
  const hit = (node: MenuNode) =>
    (match.code !== undefined && node.id === match.code) ||
    (match.path !== undefined && !!node.path && node.path === match.path);
  const walk = (node: MenuNode): MenuNode | null => {
    if (hit(node)) return node;
    for (const child of node.children ?? []) {
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  for (const group of tree) {
    const node = walk(group);
    if (node) return { group, node };
  }
  return null;
}

/** Pages of a group, in order: the sidebar's entries and the second-level tabs. */
export function pagesOf(group: MenuNode): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (node: MenuNode) => {
    for (const child of node.children ?? []) {
      if (child.path) out.push(child);
      else walk(child);
    }
  };
  if (group.path) out.push(group);
  walk(group);
  return out;
}
