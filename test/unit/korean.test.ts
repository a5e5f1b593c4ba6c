import { describe, expect, it } from 'vitest';
import { contentTerms } from '../../server/assistant/terms.ts';
import { koreanWord } from '../../server/docs/korean.ts';

describe('given Korean phrases, each a word and its particle or ending', () => {
  it('cuts a noun\'s particle, a 하다 or 되다 verb\'s ending and a verb\'s own ending', () => {
    expect(['미들웨어는', '쿠키를', '컴포넌트에서', '데이터베이스로', '사용하나요', '설정하려면', '저장되나요', '계산된', '가져오는', '바꾸려면'].map(koreanWord)).toEqual([
      '미들웨어',
      '쿠키',
      '컴포넌트',
      '데이터베이스',
      '사용',
      '설정',
      '저장',
      '계산',
      '가져오',
      '바꾸',
    ]);
  });

  it('keeps a word of two syllables that ends like a particle (추가 "add", 정의 "definition") whole, and cuts one of the known one-syllable words', () => {
    expect(['추가', '정의', '높이', '키가', '앱이'].map(koreanWord)).toEqual(['추가', '정의', '높이', '키', '앱']);
    // The same word, however it is attached, is one term.
    expect(koreanWord('추가하려면')).toBe(koreanWord('추가'));
  });

  it('leaves a question its topic words: "how", "way", "use" and particles alone after a Latin name name nothing', () => {
    expect(contentTerms('Hono에서 CORS 미들웨어는 어떻게 사용하나요?')).toEqual(['hono', 'cors', '미들웨어']);
    expect(contentTerms('쿠키를 설정하는 방법이 있나요?')).toEqual(['쿠키', '설정']);
  });
});
