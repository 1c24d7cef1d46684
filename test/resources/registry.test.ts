/** Every resource the topology gives an export route is known to the exports consumer's registry. */
import { describe, expect, it } from 'vitest';
import { topology } from '@shared/topology/index.ts';
import { resourceNamed } from '@functions/resources/registry.ts';

describe('resource registry', () => {
  it('knows every resource with an export route', () => {
    const exported = topology.routes
      .map((r) => /^\/(\w+)\/(\w+)\/export$/.exec(r.path))
      .filter((m): m is RegExpExecArray => m !== null)
      // Orders and revenue have exporters of their own (functions/export/exporters.ts).
      .filter(([path]) => !['/biz/chargeOrder/export', '/biz/revenue/export'].includes(path!));
    expect(exported.length).toBeGreaterThan(20);
    const missing = exported.filter(([, module, name]) => !resourceNamed(module!, name!)).map(([p]) => p);
    expect(missing).toEqual([]);
  });
});
