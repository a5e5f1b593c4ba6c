// The widget's language packs: which one a page's language picks, and that each keeps what its strings need.
import { describe, expect, it } from 'vitest';
import { loadLocale, localeOf } from '../../src/chat/locale.ts';
import { defaultTranslations } from '../../src/chat/translations.ts';
import * as locales from '../../src/locales/index.ts';

describe('given a page\'s language tag', () => {
  it('picks Japanese, Korean, and Simplified or Traditional Chinese by region and script, in any case or separator', () => {
    expect(['ja', 'ja-JP', 'JA_jp'].map(localeOf)).toEqual(['ja', 'ja', 'ja']);
    expect(['ko', 'ko-KR'].map(localeOf)).toEqual(['ko', 'ko']);
    expect(['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'zh_cn'].map(localeOf)).toEqual(['zhHans', 'zhHans', 'zhHans', 'zhHans', 'zhHans']);
    expect(['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'ZH-tw'].map(localeOf)).toEqual(['zhHant', 'zhHant', 'zhHant', 'zhHant', 'zhHant', 'zhHant']);
  });

  it('keeps English for English, languages with no pack, an empty tag and false', () => {
    const tags: (string | false | undefined)[] = ['en', 'en-US', 'fr', 'jav', 'kok', 'zha', '', false, undefined];
    expect(tags.map((tag) => localeOf(tag))).toEqual(tags.map(() => undefined));
  });
});

describe('given the shipped packs', () => {
  it('loads each one by its name, the same strings apps import', async () => {
    expect(await loadLocale('ja')).toBe(locales.ja);
    expect(await loadLocale('zhHant')).toBe(locales.zhHant);
  });

  it('gives every string in its language, each keeping the placeholders the widget fills in', () => {
    for (const [name, pack] of Object.entries(locales)) {
      for (const [key, english] of Object.entries(defaultTranslations)) {
        const translated = pack[key as keyof typeof pack];
        expect(translated.trim(), `${name}.${key}`).not.toBe('');
        expect(translated, `${name}.${key}`).not.toBe(english);
        expect(translated.match(/\{\w+\}/g) ?? [], `${name}.${key}`).toEqual(english.match(/\{\w+\}/g) ?? []);
      }
    }
  });
});
