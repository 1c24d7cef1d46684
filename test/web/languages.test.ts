import { isLanguageCode, languageHeaders, languageOf, resolveLanguage } from '@shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';

describe('languageHeaders', () => {
  it('maps each short code to the content-language and accept-language values', () => {
    expect(languageHeaders('en')).toEqual({ 'content-language': 'en-us', 'accept-language': 'en-us' });
    expect(languageHeaders('cn')).toEqual({ 'content-language': 'zh-cn', 'accept-language': 'zh-cn' });
    expect(languageHeaders('tw')).toEqual({ 'content-language': 'zh-tw', 'accept-language': 'zh-tw' });
    expect(languageHeaders('de')).toEqual({ 'content-language': 'de-de', 'accept-language': 'de-de' });
    expect(languageHeaders('th')).toEqual({ 'content-language': 'th-th', 'accept-language': 'th-th' });
  });
});

describe('resolveLanguage', () => {
  it('accepts short codes, locales and header values', () => {
    expect(resolveLanguage('cn')).toBe('cn');
    expect(resolveLanguage('zh-CN')).toBe('cn');
    expect(resolveLanguage('zh-tw')).toBe('tw');
    expect(resolveLanguage('th-th')).toBe('th');
    expect(resolveLanguage(' DE ')).toBe('de');
  });

  it('maps browser languages to the closest offered one', () => {
    expect(resolveLanguage('de-AT')).toBe('de');
    expect(resolveLanguage('en-GB')).toBe('en');
    expect(resolveLanguage('zh-Hant-TW')).toBe('tw');
    expect(resolveLanguage('zh-HK')).toBe('tw');
    expect(resolveLanguage('zh-Hans')).toBe('cn');
    expect(resolveLanguage('zh')).toBe('cn');
  });

  it('falls back to English for anything else', () => {
    expect(resolveLanguage(null)).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage('fr')).toBe('en');
    expect(resolveLanguage('thai')).toBe('en');
  });
});

describe('isLanguageCode / languageOf', () => {
  it('knows the five codes only', () => {
    expect(['en', 'cn', 'tw', 'de', 'th'].every(isLanguageCode)).toBe(true);
    expect(isLanguageCode('zh-CN')).toBe(false);
    expect(isLanguageCode(undefined)).toBe(false);
  });

  it('gives the i18next locale of a code', () => {
    expect(languageOf('tw').locale).toBe('zh-TW');
  });
});
