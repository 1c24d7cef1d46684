/**
 * The two parts of a language's catalogue the console loads: `core`, what the console's first chunk shows
 * (the login pages, route errors and the loading state, the session messages, and the server's messages, which
 * a failed login shows), and `console`, everything else, loaded with the first page beyond the login pages
 * (web/src/console-parts.ts). The parts split the catalogue by its top-level keys.
 * Imported by plugin.ts when the build starts, where no alias resolves (type imports are erased).
 */
import type { Catalog } from '@shared/i18n/en.ts';

export type CataloguePart = 'core' | 'console';

/** The top-level keys of the core part. */
export const CORE_KEYS: readonly (keyof Catalog)[] = [
  'app',
  'header',
  'status',
  'duration',
  'errors',
  'actions',
  'notFound',
  'routeError',
  'validation',
  'shell',
  'login',
  'layout',
  'account',
  'session',
  'server',
];

/** One part of a catalogue. */
export function cataloguePart(catalogue: Catalog, part: CataloguePart): Partial<Catalog> {
  const core = new Set<string>(CORE_KEYS);
  return Object.fromEntries(
    Object.entries(catalogue).filter(([key]) => core.has(key) === (part === 'core')),
  ) as Partial<Catalog>;
}
