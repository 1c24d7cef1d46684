/**
 * One language, one part per catalogue chunk. The console loads a language's catalogue in two parts
 * (web/src/catalogues/parts.ts), each from its own module, core-en.ts, console-de.ts and so on. Those
 * modules compute their part from the language's catalogue (shared/i18n/en.ts...), which is assembled from
 * the area files, and each area file holds all five languages: a bundler cannot take one language's part
 * out of an object, so built as they are every part's chunk would carry every language. In the production
 * build this plugin replaces each part's module with the part itself as JSON, computed when the build
 * starts; dev and the tests run the modules as written (same content, larger). It lives beside the modules it
 * replaces, in web/src, whose changes rebuild the console when stale (bin/prepare.mjs).
 */
// eslint-disable-next-line no-restricted-imports -- loaded with web/vite.config.ts, where no alias resolves
import { resources } from '../../../shared/i18n/index.ts';
import type { Plugin } from 'vite';
import { cataloguePart, type CataloguePart } from './parts.ts';

const MODULE = /[\\/]web[\\/]src[\\/]catalogues[\\/](core|console)-([\w-]+)\.ts$/;

/** The code that replaces a part's module, or undefined for any other module. */
export function catalogueCode(id: string): string | undefined {
  const [, part, locale] = MODULE.exec(id) ?? [];
  if (!part || !locale || !(locale in resources)) return undefined;
  const catalogue = resources[locale as keyof typeof resources].translation;
  // JSON.parse of a string is parsed faster than the same object literal.
  const json = JSON.stringify(cataloguePart(catalogue, part as CataloguePart));
  return `export default JSON.parse(${JSON.stringify(json)});\n`;
}

export function cataloguePlugin(): Plugin {
  return {
    name: 'evc-catalogues',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return catalogueCode(id);
    },
  };
}
