/**
 * One binding from route to handler: each domain's handler module answers exactly the routes the topology
 * gives that domain. A topology route without a handler would answer 404 in production; a handler without a
 * route is unreachable behind API Gateway (and escapes the permission and audit declared there).
 */
import { describe, expect, it } from 'vitest';
import { topology } from '@infra/topology/index.ts';
import { fromRoot } from '@infra/local/paths.ts';

const keysOf = (domain: string) =>
  topology.routes.filter((r) => r.domain === domain).map((r) => `${r.method} ${r.path}`);

describe('every topology route has exactly one handler', () => {
  for (const [domain, ref] of Object.entries(topology.domains)) {
    it(`domain ${domain}: ${ref.module} answers its routes and no others`, async () => {
      const mod = (await import(fromRoot(ref.module))) as Record<string, { routes?: readonly string[] }>;
      const handled = mod[ref.export ?? 'handler']?.routes;
      expect(handled, `${ref.module} exposes no route map`).toBeDefined();
      const declared = keysOf(domain);
      // A key declared twice would be served by one handler with one declaration ignored.
      expect(new Set(declared).size, `${domain}: duplicate topology routes`).toBe(declared.length);
      expect([...handled!].sort()).toEqual([...declared].sort());
    });
  }

  it('names only domains that exist', () => {
    for (const r of topology.routes)
      expect(topology.domains[r.domain], `${r.method} ${r.path}`).toBeDefined();
  });
});
