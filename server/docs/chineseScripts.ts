// Chinese is written in two scripts: simplified (mainland China, Singapore) and traditional (Taiwan, Hong
// Kong). A reader in Taipei asking "如何在父組件裡把數據傳給子組件" of docs written as "父组件 … 数据" matched
// almost nothing: on the Vue docs in simplified Chinese, the same questions written in traditional found
// their page in the top 5 for 80% of them instead of 98%. A question's Chinese terms are also searched in
// the other script (OpenCC's conversion tables, through opencc-js), as the same word of the question.
import { createRequire } from 'node:module';
import type { ConverterFunction } from 'opencc-js';

const HAN = /\p{Script=Han}/u;
const require = createRequire(import.meta.url);

let converters: { toSimplified: ConverterFunction; toTraditional: ConverterFunction } | undefined;

/**
 * Loaded on the first Chinese question, synchronously (search is), never at start-up: the tables are a
 * megabyte of script and take about 0.15 s to become tries, which a site in English never needs.
 */
function loaded(): NonNullable<typeof converters> {
  if (!converters) {
    const toSimplified = (require('opencc-js/t2cn') as typeof import('opencc-js')).Converter({ from: 'tw', to: 'cn' });
    const toTraditional = (require('opencc-js/cn2t') as typeof import('opencc-js')).Converter({ from: 'cn', to: 'tw' });
    converters = { toSimplified, toTraditional };
  }
  return converters;
}

/** The term written in the other Chinese script (both ways, whichever differ), or none: not Chinese, or the same in both. */
export function otherScriptForms(term: string): string[] {
  if (!HAN.test(term)) return [];
  const { toSimplified, toTraditional } = loaded();
  const forms = new Set([toSimplified(term), toTraditional(term)]);
  forms.delete(term);
  return [...forms];
}

/** Whether Chinese text is written in traditional characters: converting it to simplified changes more of it than converting it to traditional. */
export function isTraditionalChinese(text: string): boolean {
  if (!HAN.test(text)) return false;
  const { toSimplified, toTraditional } = loaded();
  const changed = (converted: string) => {
    const original = [...text];
    return [...converted].filter((character, position) => character !== original[position]).length;
  };
  return changed(toSimplified(text)) > changed(toTraditional(text));
}
