/**
 * The console loads a language's catalogue in two parts (web/src/catalogues/parts.ts), from per-language
 * modules the build replaces with the part as JSON (web/src/catalogues/plugin.ts). Together the parts are the
 * whole catalogue, without overlap; each part module gives its part of its language; the plugin's code is
 * the same part, of that language alone, and leaves every other module alone.
 */
import { resources } from '@shared/i18n/index.ts';
import { cataloguePart, CORE_KEYS } from '@web/catalogues/parts.ts';
import { catalogueCode } from '@web/catalogues/plugin.ts';
import { describe, expect, it } from 'vitest';

const locales = Object.keys(resources) as (keyof typeof resources)[];

const partModules = {
  core: {
    en: () => import('@web/catalogues/core-en.ts'),
    'zh-CN': () => import('@web/catalogues/core-zh-CN.ts'),
    'zh-TW': () => import('@web/catalogues/core-zh-TW.ts'),
    de: () => import('@web/catalogues/core-de.ts'),
    th: () => import('@web/catalogues/core-th.ts'),
  },
  console: {
    en: () => import('@web/catalogues/console-en.ts'),
    'zh-CN': () => import('@web/catalogues/console-zh-CN.ts'),
    'zh-TW': () => import('@web/catalogues/console-zh-TW.ts'),
    de: () => import('@web/catalogues/console-de.ts'),
    th: () => import('@web/catalogues/console-th.ts'),
  },
};

/** Runs the plugin's code for a module as the build would load it. */
async function built(id: string): Promise<unknown> {
  const code = catalogueCode(id);
  if (code === undefined) throw new Error(`${id}: not replaced`);
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return ((await import(url)) as { default: unknown }).default;
}

describe('catalogue parts', () => {
  it('the core part names keys the catalogue has', () => {
    const keys = Object.keys(resources.en.translation);
    expect(CORE_KEYS.filter((key) => !keys.includes(key))).toEqual([]);
  });

  for (const locale of locales) {
    describe(locale, () => {
      const catalogue = resources[locale].translation;

      it('splits the catalogue in two parts that make it whole', () => {
        const core = cataloguePart(catalogue, 'core');
        const rest = cataloguePart(catalogue, 'console');
        expect(Object.keys(core).filter((key) => key in rest)).toEqual([]);
        expect({ ...core, ...rest }).toEqual(catalogue);
      });

      it('has a module per part giving that part', async () => {
        expect((await partModules.core[locale]()).default).toEqual(cataloguePart(catalogue, 'core'));
        expect((await partModules.console[locale]()).default).toEqual(cataloguePart(catalogue, 'console'));
      });

      it('is built as the same part, of this language alone', async () => {
        for (const part of ['core', 'console'] as const) {
          const id = `/repo/web/src/catalogues/${part}-${locale}.ts`;
          expect(await built(id)).toEqual(cataloguePart(catalogue, part));
          for (const other of locales.filter((l) => l !== locale)) {
            // another language's label of the login button is not in this language's core part
            const foreign = resources[other].translation.login.submit;
            if (foreign !== catalogue.login.submit && part === 'core')
              expect(catalogueCode(id), other).not.toContain(JSON.stringify(foreign).slice(1, -1));
          }
        }
      });
    });
  }

  it('leaves every other module alone', () => {
    expect(catalogueCode('/repo/web/src/i18n.ts')).toBeUndefined();
    expect(catalogueCode('/repo/shared/i18n/en.ts')).toBeUndefined();
    expect(catalogueCode('/repo/web/src/catalogues/parts.ts')).toBeUndefined();
    expect(catalogueCode('/repo/web/src/catalogues/core-fr.ts')).toBeUndefined();
  });
});
