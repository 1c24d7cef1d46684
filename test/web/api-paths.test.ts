// @vitest-environment happy-dom
/// <reference types="vite/client" />
/**
 * The console takes its API paths from the shared contract (shared/api/paths.ts;
 * docs/decisions/443-one-route-table-in-the-console.md): every path there is a route the topology declares,
 * every console route of the topology is there, every call a declaration's screens offer is a declared
 * route, and no module of the console writes an API path of its own (the request helpers take an `ApiPath`,
 * which only the contract hands out, so the type system refuses the rest; this also catches a literal passed
 * to `fetch` or a cast).
 */
import { topology } from '@shared/topology/index.ts';
import {
  API,
  declaredPaths,
  declaredResources,
  resourcePaths,
  type ApiPath,
  type ResourceRef,
} from '@shared/api/paths.ts';
import { resourceDecls } from '@web/screens/all.ts';
import type { ResourceDecl } from '@web/resources/types.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const metaModules = import.meta.glob<Record<string, unknown>>('../../shared/resources/**/*.ts', {
  eager: true,
});
const isMeta = (value: unknown): value is ResourceRef & { permissions: object } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResourceRef).module === 'string' &&
  typeof (value as ResourceRef).name === 'string' &&
  typeof (value as { permissions?: unknown }).permissions === 'object';
const metas = [
  ...new Set(Object.values(metaModules).flatMap((exports) => Object.values(exports).filter(isMeta))),
];

const routed = new Set(topology.routes.map((route) => route.path));
const undeclared = (paths: Iterable<string>) => [...paths].filter((p) => !routed.has(p));

/** The calls a declaration's generic screens make, by what it declares (web/src/resources/list-*.tsx, io.tsx). */
function offeredCalls(decl: ResourceDecl): (keyof ResourceDecl['api'])[] {
  const p = decl.permissions;
  return [
    'list',
    ...(decl.fields && p.add ? (['add'] as const) : []),
    ...(decl.fields && p.edit ? (['update'] as const) : []),
    ...(p.delete ? (['del'] as const) : []),
    ...(decl.exportable ? (['export'] as const) : []),
    ...(decl.importable ? (['template', 'import'] as const) : []),
  ];
}

describe('the API paths of the console', () => {
  it('are each a route of the topology', () => {
    expect(declaredPaths().length).toBeGreaterThan(100);
    expect(undeclared(declaredPaths())).toEqual([]);
    expect(API.biz.fleet.enable).toBe('/biz/fleet/enable');
    expect(API.auth.oauth.token).toBe('/auth/oauth/token');
  });

  it('include every declared resource’s calls, which the topology declares', () => {
    const key = (r: ResourceRef) => `/${r.module}/${r.name}${r.importable ? ' (importable)' : ''}`;
    expect(metas.length).toBeGreaterThan(25);
    expect(metas.map(key).sort()).toEqual(declaredResources().map(key).sort());
    const paths = new Set<string>(declaredPaths());
    const generic = metas.flatMap((meta) => Object.values(resourcePaths(meta)) as string[]);
    expect(generic.filter((p) => !paths.has(p))).toEqual([]);
    expect(undeclared(generic)).toEqual([]);
    expect(API.biz.station.list).toBe('/biz/station/list');
    expect(new Set(declaredPaths()).size).toBe(declaredPaths().length);
  });

  it('are every path of the topology’s console routes', () => {
    const contract = new Set<string>(declaredPaths());
    const consoleRoutes = topology.routes.filter((route) => route.auth === 'user').map((route) => route.path);
    expect(consoleRoutes.filter((p) => !contract.has(p))).toEqual([]);
  });

  it('are what every declaration calls, with each call its screens offer', () => {
    const missing: string[] = [];
    const notRouted: string[] = [];
    for (const decl of Object.values(resourceDecls)) {
      for (const call of offeredCalls(decl)) if (!decl.api[call]) missing.push(`${decl.id}.${call}`);
      const { idParam: _idParam, ...calls } = decl.api;
      for (const [call, p] of Object.entries(calls))
        if (!routed.has(p as ApiPath)) notRouted.push(`${decl.id}.${call} ${String(p)}`);
      for (const field of [...(decl.fields ?? []), ...(decl.filters ?? [])])
        if (field.remote && !routed.has(field.remote.url))
          notRouted.push(`${decl.id}.${field.name} ${field.remote.url}`);
      for (const action of decl.actions ?? [])
        if (action.form && !routed.has(action.form.url))
          notRouted.push(`${decl.id}.${action.key} ${action.form.url}`);
    }
    expect(missing).toEqual([]);
    expect(notRouted).toEqual([]);
  });
});

describe('the console', () => {
  const root = path.resolve(import.meta.dirname, '../../web/src');
  const modules = (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.tsx?$/.test(f));
  /** An API path written as a string: '/biz/…', "/admin/…", `/auth/…`, '/code', '/health'. */
  const apiLiteral = /['"`]\/(?:(?:admin|biz|auth|fleets|app|ocpi)\/|(?:code|health)['"`?])/;
  const code = (line: string) => !/^\s*(?:\/\/|\*|\/\*)/.test(line);

  it('writes no API path of its own and casts nothing to an ApiPath', () => {
    const found: string[] = [];
    for (const module of modules) {
      const lines = readFileSync(path.join(root, module), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (code(line) && (apiLiteral.test(line) || /\bas ApiPath\b/.test(line)))
          found.push(`web/src/${module}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('is told apart from its own routes', () => {
    expect(apiLiteral.test("navigate('/fleets')")).toBe(false);
    expect(apiLiteral.test("call('/biz/chargePoint/list')")).toBe(true);
    expect(apiLiteral.test('`/admin/plan/receipt?id=${id}`')).toBe(true);
    expect(apiLiteral.test("withQuery('/code', q)")).toBe(true);
  });
});
