/**
 * The catalogs stay complete: every key of any catalog exists, non-empty, in every other one (all compared
 * with `en` both ways), placeholders match, and every language offered has a catalog.
 */
import { de } from '@shared/i18n/de.ts';
import { en } from '@shared/i18n/en.ts';
import { languages, resources } from '@shared/i18n/index.ts';
import { th } from '@shared/i18n/th.ts';
import { zhCN } from '@shared/i18n/zh-CN.ts';
import { zhTW } from '@shared/i18n/zh-TW.ts';
import { describe, expect, it } from 'vitest';

const catalogs: Record<string, unknown> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, de, th };

/** Every leaf of a nested catalog, as `a.b.c` → value. Non-string leaves are kept so they can fail. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    const entries = Object.entries(node);
    if (entries.length === 0) out.set(prefix, node);
    for (const [key, value] of entries) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([^}\s]+)\s*}}/g)].map((m) => m[1]).sort();

const reference = flatten(en);

describe('translation catalogs', () => {
  it('has a reference catalog with keys', () => {
    expect(reference.size).toBeGreaterThan(10);
  });

  for (const [name, catalog] of Object.entries(catalogs)) {
    describe(name, () => {
      const flat = flatten(catalog);

      it('has every key of en', () => {
        expect([...reference.keys()].filter((key) => !flat.has(key))).toEqual([]);
      });

      it('has no key that en lacks', () => {
        expect([...flat.keys()].filter((key) => !reference.has(key))).toEqual([]);
      });

      it('has a non-empty string for every key', () => {
        const bad = [...flat].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
        expect(bad.map(([key]) => key)).toEqual([]);
      });

      it('keeps the placeholders of en', () => {
        const mismatched = [...reference]
          .filter(([key, value]) => {
            const other = flat.get(key);
            return typeof value === 'string' && typeof other === 'string'
              ? placeholders(value).join() !== placeholders(other).join()
              : false;
          })
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });

      if (name !== 'en') {
        it('is translated, not a copy of en', () => {
          const copied = [...reference].filter(([key, value]) => flat.get(key) === value).length;
          expect(copied / reference.size).toBeLessThan(0.25);
        });
      }
    });
  }

  it('catches a missing, extra or empty key (self-check of the walker)', () => {
    const keys = (c: unknown) => [...flatten(c).keys()];
    expect(keys({ a: { b: 'x', c: 'y' } })).toEqual(['a.b', 'a.c']);
    expect(keys({ a: {} })).toEqual(['a']);
  });
});

describe('languages', () => {
  it('are the five of the product, English first', () => {
    expect(languages.map((l) => l.code)).toEqual(['en', 'cn', 'tw', 'de', 'th']);
  });

  it('send the product language header values', () => {
    expect(Object.fromEntries(languages.map((l) => [l.code, l.header]))).toEqual({
      en: 'en-us',
      cn: 'zh-cn',
      tw: 'zh-tw',
      de: 'de-de',
      th: 'th-th',
    });
  });

  it('each have a catalog, and every catalog belongs to a language', () => {
    for (const language of languages) {
      expect(resources[language.locale]?.translation, language.code).toBeDefined();
      expect(resources[language.locale].translation).toBe(catalogs[language.locale]);
    }
    expect(Object.keys(resources).sort()).toEqual(languages.map((l) => l.locale).sort());
  });

  it('use canonical BCP 47 locales', () => {
    for (const language of languages)
      expect(Intl.getCanonicalLocales(language.locale)[0]).toBe(language.locale);
  });
});
