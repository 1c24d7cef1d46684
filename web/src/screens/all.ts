/// <reference types="vite/client" />
/**
 * Every screen by console route and every declaration, all loaded at once: for the tests and tools that walk
 * them all. The console itself does not import this module: it loads each route's screen on demand through
 * web/src/screens/registry.ts, so no screen is in the bundle the login page loads. Both come from where they
 * are declared (docs/decisions/443-one-route-table-in-the-console.md): the screens from the registry, the
 * declarations from web/src/resources/decls (each `ResourceDecl` a module there exports).
 * Detail routes are keyed without their parameters: '/operatorDetail' serves '/operatorDetail/:id'.
 */
import type { ConsoleRoute } from '@shared/permissions/menus.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import type { ComponentType } from 'react';
import { screenModules, screens } from './registry.ts';

const loaded = new Map(await Promise.all(screenModules.map(async (m) => [m, await m.load()] as const)));

/** Every route's screen. */
export const resourcePages = Object.fromEntries(
  Object.entries(screens).map(([route, { module, name }]) => [
    route,
    (loaded.get(module) as Record<string, ComponentType>)[name]!,
  ]),
) as Record<ConsoleRoute, ComponentType>;

/** The modules of web/src/resources/decls, by path. */
export const declModules = import.meta.glob<Record<string, unknown>>('../resources/decls/**/*.{ts,tsx}', {
  eager: true,
});

/** A module's export that is a declaration. */
export const isDecl = (value: unknown): value is ResourceDecl =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResourceDecl).id === 'string' &&
  typeof (value as ResourceDecl).api === 'object' &&
  Array.isArray((value as ResourceDecl).columns);

/** Every declaration, by id (tests walk them). */
export const resourceDecls: Record<string, ResourceDecl> = Object.fromEntries(
  Object.values(declModules)
    .flatMap((exports) => Object.values(exports).filter(isDecl))
    .map((decl) => [decl.id, decl]),
);

/** The routes whose screens a module of screens gives (by its `source`), sorted. */
export const routesServedBy = (source: string): string[] =>
  Object.entries(screens)
    .filter(([, screen]) => screen.module.source === source)
    .map(([route]) => route)
    .sort();

/** The declarations of one group (the modules under web/src/resources/decls/{group}/). */
export const declsIn = (group: string): ResourceDecl[] =>
  Object.entries(declModules)
    .filter(([path]) => path.startsWith(`../resources/decls/${group}/`))
    .flatMap(([, exports]) => Object.values(exports).filter(isDecl));
