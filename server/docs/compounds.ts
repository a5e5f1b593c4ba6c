// Japanese writes compounds of loanwords in one katakana run with no break: キャッシュディレクトリ (cache
// directory), ターゲットブラウザー (target browser). The analyzer keeps a katakana run whole, because ICU
// cuts these runs badly (インポート into イン|ポート, ビルドツール into ビル|ド|ツール), so a reader's
// compound the docs never write found nothing, not even the docs' キャッシュ and ディレクトリ. Such a
// compound is cut here into words the docs do use, and searched for as those. A loanword typed in hiragana
// (ぷろきし, an input method left unconverted) is read here as its katakana.
import { isKatakanaWord, katakanaTerm } from './analyzer.ts';

/** Parts shorter than this are not words of their own (イン, ド); longer compounds are not cut at all. */
const MIN_PART_LENGTH = 2;
const MAX_COMPOUND_LENGTH = 24;
const MAX_PARTS = 3;
let segmenter: Intl.Segmenter | undefined;

/**
 * The parts of a katakana compound as written (with its long-vowel marks), each a word `known` to the docs (asked as
 * written) and given as the index's term for it (katakanaTerm: サーバー within プレビューサーバー is サバ), fewest parts
 * first, then the longest first part; none when the word is not a katakana compound or does not cut into known words.
 */
export function compoundParts(word: string, known: (written: string) => boolean): string[] {
  if (!isKatakanaWord(word) || word.length > MAX_COMPOUND_LENGTH || word.length < 2 * MIN_PART_LENGTH) return [];
  // Cut only where ICU's dictionary also ends a word: it keeps a loanword whole (データベース, not データ|ベース),
  // though within a compound it cuts too often (ビル|ド|ツール), which the known parts then settle (ビルド|ツール).
  const boundaries = new Set<number>();
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  for (const segment of segmenter.segment(word)) boundaries.add(segment.index);
  const asWord = (part: string): string | undefined => {
    return part.length >= MIN_PART_LENGTH && known(part) ? katakanaTerm(part) : undefined;
  };
  // Exactly `count` known parts, the longest first part first.
  const cutInto = (rest: string, count: number, offset = 0): string[] | undefined => {
    if (count === 1) {
      const whole = asWord(rest);
      return whole === undefined ? undefined : [whole];
    }
    for (let end = rest.length - MIN_PART_LENGTH * (count - 1); end >= MIN_PART_LENGTH; end--) {
      if (!boundaries.has(offset + end)) continue;
      const first = asWord(rest.slice(0, end));
      const others = first === undefined ? undefined : cutInto(rest.slice(end), count - 1, offset + end);
      if (others) return [first as string, ...others];
    }
    return undefined;
  };
  for (let count = 2; count <= MAX_PARTS; count++) {
    const parts = cutInto(word, count);
    if (parts) return parts;
  }
  return [];
}

const HIRAGANA_RUN = /[\p{Script=Hiragana}ー]{3,}/gu;
/** Shorter kana runs are grammar far more often than a loanword (ない, ため). */
const MIN_LOANWORD_LENGTH = 3;
/** Longer ones are not tried: a pasted page of hiragana would otherwise cost a lookup per pair of positions. */
const MAX_LOANWORD_LENGTH = 12;

/**
 * Loanwords a reader typed in hiragana (an input method left unconverted: ぷろきしの設定 for プロキシの設定),
 * as the katakana words the docs use. The segmenter cuts such a run into single kana and grammar, so the
 * word was lost: each hiragana run's longest start that is a known word in katakana is taken.
 */
export function loanwordsInHiragana(text: string, known: (word: string) => boolean): string[] {
  const found: string[] = [];
  for (const [run] of text.matchAll(HIRAGANA_RUN)) {
    // The longest known word from each position, past particles before it (設定をぷろきしに).
    let start = 0;
    while (start + MIN_LOANWORD_LENGTH <= run.length) {
      let end = Math.min(run.length, start + MAX_LOANWORD_LENGTH);
      for (; end >= start + MIN_LOANWORD_LENGTH; end--) {
        // As the index keeps the word (katakanaTerm: サーバー is サバ).
        const word = katakanaTerm(toKatakana(run.slice(start, end)));
        if (known(word)) {
          found.push(word);
          break;
        }
      }
      start = end >= start + MIN_LOANWORD_LENGTH ? end : start + 1;
    }
  }
  return found;
}

function toKatakana(hiragana: string): string {
  return hiragana.replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60));
}
