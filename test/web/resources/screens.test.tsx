// @vitest-environment happy-dom
/**
 * The table the console loads its screens by (web/src/resources/screens.ts) agrees with the registry
 * (pages.tsx, every screen at once): the same routes, each in one module, each module giving a screen for
 * every route it names and importing the module its `source` names; a route's screen is the registry's,
 * or for a chart screen the page the registry loads lazily.
 */
import { pageRoutes } from '@web/route-table.ts';
import { resourcePages } from '@web/resources/pages.tsx';
import { screenModules } from '@web/resources/screens.ts';
import { describe, expect, it } from 'vitest';

describe('screen modules', () => {
  it('name every registry route once', () => {
    const routes = screenModules.flatMap((m) => m.routes);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual(Object.keys(resourcePages).sort());
  });

  it('give a screen for every route they name, and import their source', async () => {
    for (const module of screenModules) {
      const screens = await module.load();
      // A domain's pages may hold a chart screen another module loads on its own (lazily wrapped there).
      const elsewhere = screenModules.filter((m) => m !== module).flatMap((m) => m.routes);
      expect(
        Object.keys(screens).filter((r) => !module.routes.includes(r) && !elsewhere.includes(r)),
      ).toEqual([]);
      for (const route of module.routes) expect(screens[route], route).toBeTypeOf('function');
      expect(module.load.toString()).toContain(module.source.replace(/^src\//, ''));
    }
  });

  it('give the registry screens (lazily wrapped ones aside)', async () => {
    const lazyInRegistry = [
      '/home',
      '/statRevenue',
      '/transcationInsight',
      '/alarmChart',
      '/appInsight',
      '/analysis',
    ];
    for (const module of screenModules) {
      const screens = await module.load();
      for (const route of module.routes)
        if (!lazyInRegistry.includes(route)) expect(screens[route], route).toBe(resourcePages[route]);
    }
  });

  it('cover every page route that has a screen', () => {
    const named = new Set(screenModules.flatMap((m) => m.routes));
    const keys = pageRoutes.map((r) => (r.keptKey ?? r.path).split('/:')[0]!);
    expect(keys.filter((key) => key in resourcePages && !named.has(key))).toEqual([]);
  });
});
