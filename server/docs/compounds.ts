// Japanese writes compounds of loanwords in one katakana run with no break: キャッシュディレクトリ (cache
// directory), ターゲットブラウザー (target browser). The analyzer keeps a katakana run whole, because ICU
// cuts these runs badly (インポート into イン|ポート, ビルドツール into ビル|ド|ツール), so a reader's
// compound the docs never write found nothing, not even the docs' キャッシュ and ディレクトリ. Such a
// compound is cut here into words the docs do use, and searched for as those.

const KATAKANA_WORD = /^[\p{Script=Katakana}ー]+$/u;

/** Parts shorter than this are not words of their own (イン, ド); longer compounds are not cut at all. */
const MIN_PART_LENGTH = 2;
const MAX_COMPOUND_LENGTH = 24;
const MAX_PARTS = 3;
let segmenter: Intl.Segmenter | undefined;

/**
 * The parts of a katakana compound, each a word `known` to the docs (a part's final long-vowel mark may
 * go, as the analyzer drops it: サーバー within プレビューサーバー is the docs' サーバ), fewest parts first,
 * then the longest first part; none when the term is not a katakana compound or does not cut into known words.
 */
export function compoundParts(term: string, known: (word: string) => boolean): string[] {
  if (!KATAKANA_WORD.test(term) || term.length > MAX_COMPOUND_LENGTH || term.length < 2 * MIN_PART_LENGTH) return [];
  // Cut only where ICU's dictionary also ends a word: it keeps a loanword whole (データベース, not データ|ベース),
  // though within a compound it cuts too often (ビル|ド|ツール), which the known parts then settle (ビルド|ツール).
  const boundaries = new Set<number>();
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  for (const segment of segmenter.segment(term)) boundaries.add(segment.index);
  const asWord = (part: string): string | undefined => {
    if (part.length < MIN_PART_LENGTH) return undefined;
    if (known(part)) return part;
    const shortened = part.endsWith('ー') ? part.slice(0, -1) : undefined;
    return shortened !== undefined && shortened.length >= MIN_PART_LENGTH && known(shortened) ? shortened : undefined;
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
    const parts = cutInto(term, count);
    if (parts) return parts;
  }
  return [];
}
