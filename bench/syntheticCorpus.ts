// A large docs site made from real sections, for search timing at 50,000 sections:
// 1. the real sections (Hono docs and this project's docs/), tagged `version: latest`;
// 2. a copy of each relabelled `version: v1` under `v1/` (a versioned docs site keeps old versions);
// 3. the rest: synthetic pages of 3-12 sections, varied text generated from a vocabulary. Each word is
//    drawn 70% from the real sections' words at their real frequency (so common docs words such as
//    "request" or "app" are as common as on the real site) and 30% from 20,000 made-up words with
//    Zipf frequencies (the long tail of a large site: product names, identifiers), a third of those
//    from the page's own topic words. Section lengths follow the real ones; versions are 70% latest.
// Seeded, so runs compare. Not realistic in one way: the made-up words are letters, not English.
import type { Section } from '../server/docs/types.ts';
import { seededRandom } from '../test/support/seededRandom.ts';

const MADE_UP_WORDS = 20_000;
const REAL_WORD_SHARE = 0.7;
const TOPIC_WORDS_PER_PAGE = 12;
const SYLLABLES = 'ka ri to me lo sa nu vi de po ga shi ten mar vel quo bri zen dax ul or fin'.split(' ');

export function syntheticCorpus(real: Section[], size: number): Section[] {
  const random = seededRandom(42);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const sections: Section[] = real.map((section) => ({ ...section, metadata: { ...section.metadata, version: 'latest' } }));
  for (const section of real) {
    if (sections.length >= size) break;
    sections.push({ ...section, id: `v1${section.id}`, file: `v1/${section.file}`, route: `/v1${section.route}`, url: `/v1${section.url}`, metadata: { ...section.metadata, version: 'v1' } });
  }

  const realWords = real.flatMap((section) => section.text.split(/\s+/).filter((word) => /^[A-Za-z][a-z]+$/.test(word)));
  const madeUp = Array.from({ length: MADE_UP_WORDS }, (_, position) => madeUpWord(position));
  // Zipf: the word of rank r is drawn with weight 1/r, by inverting the cumulative weights.
  const cumulative = new Float64Array(MADE_UP_WORDS);
  let total = 0;
  for (let rank = 0; rank < MADE_UP_WORDS; rank++) cumulative[rank] = total += 1 / (rank + 1);
  const zipfWord = () => madeUp[lowerBound(cumulative, random() * total)] as string;
  const lengths = real.map((section) => section.text.split(/\s+/).length);

  for (let page = 0; sections.length < size; page++) {
    const topic = Array.from({ length: TOPIC_WORDS_PER_PAGE }, zipfWord);
    const word = () => (random() < REAL_WORD_SHARE ? pick(realWords) : random() < 1 / 3 ? pick(topic) : zipfWord());
    const words = (count: number) => Array.from({ length: count }, word).join(' ');
    const title = `${pick(topic)} ${words(2)}`;
    const file = `generated/${page}.md`;
    const version = random() < 0.7 ? 'latest' : 'v1';
    const sectionCount = 3 + Math.floor(random() * 10);
    for (let position = 0; position < sectionCount && sections.length < size; position++) {
      const heading = position === 0 ? title : `${pick(topic)} ${words(1 + Math.floor(random() * 3))}`;
      const anchor = heading.toLowerCase().replaceAll(' ', '-');
      sections.push({
        id: `/generated/${page}#${anchor}`,
        file,
        route: `/generated/${page}`,
        anchor,
        url: `/generated/${page}#${anchor}`,
        pageTitle: title,
        headingPath: position === 0 ? [title] : [title, heading],
        text: words(pick(lengths)),
        metadata: { version },
      });
    }
  }
  return sections;
}

function madeUpWord(position: number): string {
  let word = '';
  for (let rest = position + SYLLABLES.length; rest > 0; rest = Math.floor(rest / SYLLABLES.length)) word += SYLLABLES[rest % SYLLABLES.length];
  return word;
}

function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
