/** Every menu of the catalogue has a name in the shell catalog area, and every named id is a real menu. */
import { en } from '@shared/i18n/en.ts';
import { namedMenuIds } from '@shared/i18n/areas/shell.ts';
import { menuCatalogue } from '@shared/permissions/menus.ts';
import { describe, expect, it } from 'vitest';

describe('menu names', () => {
  const ids = [...new Set(menuCatalogue.map((menu) => menu.id))];

  it('name every id of the menu catalogue (groups, pages and buttons)', () => {
    const menu = en.menu as Record<string, string>;
    expect(ids.filter((id) => !menu[`m${id}`])).toEqual([]);
  });

  it('name nothing that is not in the catalogue', () => {
    expect(namedMenuIds.filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('give each charger command its own name', () => {
    const commands = ids.filter((id) => /^22(1\d|[2-5]\d|6[01])$/.test(id) && id !== '2250');
    const names = commands.map((id) => (en.menu as Record<string, string>)[`m${id}`]);
    expect(commands).toHaveLength(51);
    expect(new Set(names).size).toBe(names.length);
  });
});
