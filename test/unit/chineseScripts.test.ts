// A question's Chinese words are searched in the other script too; the tables are read into Maps rather than
// opencc-js's tries (a seventh of the memory), and must convert exactly as opencc-js's own converters do.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isTraditionalChinese, otherScriptForms } from '../../server/docs/chineseScripts.ts';

const require = createRequire(import.meta.url);
type Converter = (options: { from: string; to: string }) => (text: string) => string;
const openccToSimplified = (require('opencc-js/t2cn') as { Converter: Converter }).Converter({ from: 'tw', to: 'cn' });
const openccToTraditional = (require('opencc-js/cn2t') as { Converter: Converter }).Converter({ from: 'cn', to: 'tw' });

const HAN = /\p{Script=Han}/u;
const QUESTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bench/questions');

/** Every string with a Chinese character in the bench's question sets: the questions readers ask in Chinese and Japanese. */
function chineseStrings(): string[] {
  const found = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (HAN.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const file of readdirSync(QUESTIONS_DIR).filter((name) => name.endsWith('.json'))) collect(JSON.parse(readFileSync(path.join(QUESTIONS_DIR, file), 'utf8')));
  return [...found];
}

/** opencc-js's forms of a text, as otherScriptForms gives them. */
function openccForms(text: string): string[] {
  const forms = new Set([openccToSimplified(text), openccToTraditional(text)]);
  forms.delete(text);
  return [...forms];
}

describe('given Chinese text in either script', () => {
  it("converts every Chinese question of the bench, and each one's traditional form, exactly as opencc-js does", () => {
    const texts = chineseStrings();
    expect(texts.length).toBeGreaterThan(500);
    const traditional = texts.map(openccToTraditional);
    const mismatches = [...texts, ...traditional].filter((text) => JSON.stringify(otherScriptForms(text)) !== JSON.stringify(openccForms(text)));
    expect(mismatches).toEqual([]);
  });

  it('converts phrases as phrases, and passes astral characters and ideographic descriptions through as opencc-js does', () => {
    // 头发 (hair) is 頭髮, 发现 (discover) 發現: the phrase table decides, not the character's first reading.
    expect(otherScriptForms('头发')).toEqual(['頭髮']);
    expect(otherScriptForms('发现')).toEqual(['發現']);
    expect(otherScriptForms('後來')).toEqual(['后来']);
    for (const text of ['𠮷野家的数据', '⿰氵去规则', '组件 component 和 props', '台灣的軟體']) expect(otherScriptForms(text)).toEqual(openccForms(text));
  });

  it('tells traditional text from simplified', () => {
    expect(isTraditionalChinese('如何在父組件裡把數據傳給子組件')).toBe(true);
    expect(isTraditionalChinese('如何在父组件里把数据传给子组件')).toBe(false);
    expect(isTraditionalChinese('How do I pass data?')).toBe(false);
  });
});
