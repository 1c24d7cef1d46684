/**
 * The console's Content Security Policy lets the sites map's Google Maps JavaScript API load
 * (docs/decisions/456-sites-map-on-google-maps.md): the local runtime's headers carry every source of
 * shared/web/maps-csp.ts in its directive, beside what they allowed before.
 */
import { securityHeaders } from '@infra/local/http-front.ts';
import { MAPS_CSP } from '@shared/web/maps-csp.ts';
import { describe, expect, it } from 'vitest';

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

describe('the console CSP and the maps API', () => {
  it('allows the maps API its sources, and still only our origin by default', () => {
    const csp = directives(securityHeaders('http://127.0.0.1:9')['content-security-policy']);
    for (const [directive, sources] of Object.entries(MAPS_CSP))
      expect(csp.get(directive), directive).toEqual(expect.arrayContaining([...sources]));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'ws:', 'wss:', 'http://127.0.0.1:9']),
    );
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });
});
