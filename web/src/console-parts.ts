/**
 * What every page beyond the login pages needs and they do not: the console's design system (the login pages
 * have a smaller one, web/src/components/ui/system.ts) and the console part of the catalogue
 * (web/src/catalogues/parts.ts). Loaded once, with the first such page: the layout, the status page or the
 * subscription wizard (web/src/routes.tsx).
 */
import { switchSystem } from '@web/components/ui/system.ts';
import { loadConsoleCatalogue } from '@web/i18n.ts';

let loading: Promise<void> | undefined;

export function loadConsoleParts(): Promise<void> {
  loading ??= Promise.all([
    import('@web/components/ui/console-system.ts').then((m) => switchSystem(m.consoleSystem)),
    loadConsoleCatalogue(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined; // a later page tries again
      throw error;
    },
  );
  return loading;
}

/** A page's module, loaded together with the console parts. */
export async function withConsoleParts<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadConsoleParts()]);
  return module;
}
