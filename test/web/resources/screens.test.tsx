// @vitest-environment happy-dom
/**
 * One route table (docs/decisions/443-one-route-table-in-the-console.md): the console's routes are the menu
 * catalogue's (shared/permissions/menus.ts: menu pages and detail routes), and the registry
 * (web/src/screens/registry.ts) gives each exactly one screen: no route without a screen, no screen without a
 * route. Each screen is a component its module exports, loaded from the module its `source` names; the
 * declarations (web/src/resources/decls) are apart from the screens (web/src/screens).
 */
import { detailRoutes, menuCatalogue, routeBase } from '@shared/permissions/menus.ts';
import { pageRoutes, screenKey } from '@web/route-table.ts';
import { declModules, isDecl, resourceDecls, resourcePages } from '@web/screens/all.ts';
import { loadedScreens, loadScreen, screenModules, screenOf, screens } from '@web/screens/registry.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const catalogueRoutes = [
  ...menuCatalogue.flatMap((menu) => (menu.type === '0' && menu.path ? [menu.path] : [])),
  ...detailRoutes.map((route) => routeBase(route.path)),
];

describe('the route table', () => {
  it('has a screen for every route of the menu catalogue, and no screen for another route', () => {
    const registered = Object.keys(screens);
    expect(catalogueRoutes.filter((route) => !registered.includes(route))).toEqual([]);
    expect(registered.filter((route) => !catalogueRoutes.includes(route))).toEqual([]);
    expect(new Set(catalogueRoutes).size).toBe(catalogueRoutes.length);
  });

  it('shows a screen on every page route the router registers', () => {
    expect(pageRoutes.filter((route) => !screenOf(screenKey(route))).map((r) => r.path)).toEqual([]);
    expect(pageRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([...catalogueRoutes.filter((r) => !r.endsWith('Detail')), '/order/chargeOrder']),
    );
  });

  it('gives the routes of the catalogue only (a route the catalogue lacks has no screen)', () => {
    expect(screenOf('/noSuchRoute')).toBeUndefined();
    expect(screenOf('/stationDetail')).toBeDefined();
  });
});

describe('screen modules', () => {
  it('give every screen they are named for, and import their source', async () => {
    for (const [route, screen] of Object.entries(screens)) {
      const exports = (await screen.module.load()) as Record<string, unknown>;
      expect(exports[screen.name], `${route}: ${screen.module.source} ${screen.name}`).toBeTypeOf('function');
      expect(screen.module.load.toString()).toContain(screen.module.source.replace(/^src\/screens\//, ''));
      expect(resourcePages[route as keyof typeof resourcePages]).toBe(exports[screen.name]);
    }
  });

  it('are distinct modules under web/src/screens', () => {
    const sources = screenModules.map((m) => m.source);
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources.filter((s) => !s.startsWith('src/screens/'))).toEqual([]);
  });

  it('keep the screens of every route a loaded module serves', async () => {
    const saved = { ...loadedScreens };
    try {
      for (const key of Object.keys(loadedScreens)) delete loadedScreens[key];
      const users = await loadScreen('/user');
      expect(users).toBe(resourcePages['/user']);
      // The identity module also serves /role: shown next, it renders at once.
      expect(loadedScreens['/role']).toBe(resourcePages['/role']);
      expect(loadedScreens['/equipment']).toBeUndefined();
    } finally {
      Object.assign(loadedScreens, saved);
    }
  });
});

describe('declarations apart from screens', () => {
  const decls = path.resolve(import.meta.dirname, '../../../web/src/resources/decls');
  const files = (readdirSync(decls, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.tsx?$/.test(f));

  it('every module under web/src/resources/decls declares a resource, or is the pieces its group shares', () => {
    expect(files.length).toBe(Object.keys(declModules).length);
    const declaringNothing = Object.entries(declModules)
      .filter(([file, exports]) => !/\/common\.tsx?$/.test(file) && !Object.values(exports).some(isDecl))
      .map(([file]) => file.replace('../resources/decls/', ''));
    expect(declaringNothing).toEqual([]);
  });

  it('no screen is a module of the declarations', () => {
    const sources = Object.values(screens).flatMap((s) => [s.module.source, ...(s.shownWith ?? [])]);
    expect(sources.filter((s) => s.startsWith('src/resources/'))).toEqual([]);
  });

  it('every declaration is found where it is declared', () => {
    expect(Object.keys(resourceDecls).length).toBeGreaterThanOrEqual(50);
  });
});
