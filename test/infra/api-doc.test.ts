/**
 * docs/api.md is generated from the topology (infra/api-doc.ts): this renders it in memory and fails while
 * the committed file differs, so a route added, removed or given another code shows in the reference.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_DOC_PATH, renderApiDoc } from '@infra/api-doc.ts';
import { topology } from '@shared/topology/index.ts';
import type { Topology } from '@shared/topology/types.ts';

describe('docs/api.md', () => {
  it('is the reference the topology generates (run npm run docs:api)', async () => {
    const committed = await readFile(API_DOC_PATH, 'utf8');
    const generated = await renderApiDoc();
    expect(committed === generated, 'docs/api.md is stale: run npm run docs:api').toBe(true);
  });

  it('lists every route once, with its method, path and codes', async () => {
    const doc = await renderApiDoc();
    for (const route of topology.routes) {
      const row = doc
        .split('\n')
        .filter((line) => new RegExp(`^\\| ${route.method} +\\| \`${escape(route.path)}\` +\\|`).test(line));
      expect(row, `${route.method} ${route.path}`).toHaveLength(1);
      const codes = [route.permission, ...(route.alsoNeeds ?? [])].filter((c) => c && c !== 'login');
      for (const code of codes) expect(row[0]).toContain(`\`${code}\``);
      if (route.auth === 'public') expect(row[0]).toMatch(/\| public +\|/);
    }
  });

  it('changes when a route changes', async () => {
    const changed: Topology = {
      ...topology,
      routes: [
        ...topology.routes,
        { method: 'POST', path: '/biz/example/list', domain: 'biz', auth: 'user', permission: '2100' },
      ],
    };
    const doc = await renderApiDoc(changed);
    expect(doc).not.toBe(await renderApiDoc());
    expect(doc).toMatch(/\| POST +\| `\/biz\/example\/list` +\| `2100` /);
  });

  it('is the same whatever order the topology declares its routes in', async () => {
    const reversed: Topology = { ...topology, routes: [...topology.routes].reverse() };
    expect(await renderApiDoc(reversed)).toBe(await renderApiDoc());
  });
});

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
