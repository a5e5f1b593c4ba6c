// Which of the shipped language packs (src/locales/) a script-tag instance shows: its `locale` option, else
// the page's <html lang>. Each pack is its own chunk, loaded only on a page in its language.
import type { Translations } from '../options.ts';

/** Each pack's import: a chunk of its own. */
const PACKS = {
  ja: () => import('../locales/ja.ts'),
  ko: () => import('../locales/ko.ts'),
  zhHans: () => import('../locales/zhHans.ts'),
  zhHant: () => import('../locales/zhHant.ts'),
};

export type LocaleName = keyof typeof PACKS;

/** The packs' names, which also begin their chunks' names (ja-<hash>.js): scripts/size.js and the specs tell those chunks apart by them. */
export const LOCALE_NAMES = /* @__PURE__ */ Object.keys(PACKS) as LocaleName[];

/**
 * The pack for a BCP 47 tag, or undefined for English and the languages none is shipped for. Chinese is
 * Traditional for Taiwan, Hong Kong and Macau or a -Hant script subtag, else Simplified.
 */
export function localeOf(tag: string | false | undefined): LocaleName | undefined {
  const [language, ...subtags] = (tag || '').toLowerCase().split(/[-_]/);
  if (language === 'zh') return subtags.some((subtag) => /^(?:hant|tw|hk|mo)$/.test(subtag)) ? 'zhHant' : 'zhHans';
  return language === 'ja' || language === 'ko' ? language : undefined;
}

export function loadLocale(name: LocaleName): Promise<Translations> {
  return PACKS[name]().then((pack) => pack.default);
}
