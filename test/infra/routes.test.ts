/**
 * One binding from route to handler: each domain's handler module answers exactly the routes the topology
 * gives that domain. A topology route without a handler would answer 404 in production; a handler without a
 * route is unreachable behind API Gateway (and escapes the permission and audit declared there).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { topology } from '@shared/topology/index.ts';
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

/**
 * Services know nothing of HTTP: outside the domain handler modules (and the resource framework, whose
 * `resourceHandlers` they spread), a module of functions/ takes from functions/api/http.ts at most its logger
 * and the envelope type. A service module importing `who`, `ok`, `Route` or `Request` binds a route itself or
 * reads a request.
 */
describe('services take typed input, not requests', () => {
  const HTTP_SIDE = new Set([
    ...Object.values(topology.domains).map((ref) => ref.module),
    'functions/api/http.ts',
    // OCPI's own HTTP side (its envelope and token), as functions/api/http.ts is the console's.
    'functions/ocpi/http.ts',
    'functions/api/resources.ts',
  ]);
  const ALLOWED = new Set(['logger', 'Envelope']);
  const modules = (readdirSync(fromRoot('functions'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `functions/${f.split('\\').join('/')}`)
    .filter((f) => !HTTP_SIDE.has(f));

  it('no service module imports the request side of functions/api/http.ts', () => {
    const offending: string[] = [];
    for (const module of modules) {
      const source = readFileSync(fromRoot(module), 'utf8');
      for (const [, names] of source.matchAll(
        /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(?:@functions\/lib|\.\.?(?:\/\.\.)*(?:\/lib)?)\/http\.ts'/g,
      ))
        for (const name of names!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim()))
          if (name && !ALLOWED.has(name)) offending.push(`${module}: ${name}`);
    }
    expect(offending).toEqual([]);
  });
});
