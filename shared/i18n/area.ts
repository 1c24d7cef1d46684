/**
 * A catalog area: the keys of one part of the product in all five languages, in one file, so each part of
 * the console owns its strings. `en` is the reference; every other language must have the same keys.
 */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type OtherLocale = 'zh-CN' | 'zh-TW' | 'de' | 'th';

export function area<T extends object>(en: T, others: Record<OtherLocale, Strings<T>>) {
  return { en, ...others };
}
