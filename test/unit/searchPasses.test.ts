// The passes a search makes over every candidate section, made cheaper on a large site: the best few kept in a
// heap that turns most documents away by one comparison, and each section's coverage of the question read from
// tables instead of a loop over the question's terms. Both must give what the plain computation gives.
import { describe, expect, it } from 'vitest';
import { coverageIn, coverageOf, coverageSums, type Accumulated } from '../../server/docs/postings.ts';
import { topDocuments } from '../../server/docs/topRanked.ts';

function accumulatedOf(termWeights: number[], matched: number[]): Accumulated {
  return {
    count: matched.length,
    documents: Int32Array.from(matched.keys()),
    scores: new Float64Array(matched.length),
    matched: Uint32Array.from(matched),
    termWeights: Float64Array.from(termWeights),
    termCount: termWeights.length,
  };
}

describe('given scored documents', () => {
  it('keeps the best ones, best first, ties by the lower document', () => {
    const scores = Float64Array.from([1, 5, 3, 5, 0.5, 9, 3, 2, 5]);
    const best = topDocuments(scores, 4);
    for (let document = 0; document < scores.length; document++) best.offer(document);
    expect(best.sorted()).toEqual([5, 1, 3, 8]);
  });

  it('keeps the same ones whatever order they are offered in', () => {
    const scores = Float64Array.from({ length: 500 }, (_, document) => (document * 7919) % 13);
    const forward = topDocuments(scores, 20);
    const backward = topDocuments(scores, 20);
    for (let document = 0; document < scores.length; document++) forward.offer(document);
    for (let document = scores.length - 1; document >= 0; document--) backward.offer(document);
    const expected = [...scores.keys()].toSorted((a, b) => (scores[b] as number) - (scores[a] as number) || a - b).slice(0, 20);
    expect(forward.sorted()).toEqual(expected);
    expect(backward.sorted()).toEqual(expected);
  });
});

describe('given the terms a question matched in each section', () => {
  it('reads the same coverage as summing the matched terms, for questions of up to 32 terms', () => {
    const weights = Array.from({ length: 32 }, (_, term) => 0.1 + ((term * 37) % 11) / 3);
    const matched = [0, 1, 0b101, 0xff, 0x100, 0xffff_ffff, 0x8000_0001, 0x1234_5678, 0x00ff_ff00];
    for (const termCount of [1, 3, 8, 9, 20, 32]) {
      const accumulated = accumulatedOf(weights.slice(0, termCount), matched);
      const sums = coverageSums(accumulated);
      for (const document of accumulated.documents) expect(coverageIn(sums, accumulated.matched[document] as number)).toBeCloseTo(coverageOf(accumulated, document), 12);
    }
  });

  it('reads no coverage when no term weighs anything', () => {
    const accumulated = accumulatedOf([0, 0], [0b11]);
    expect(coverageIn(coverageSums(accumulated), 0b11)).toBe(0);
  });
});
