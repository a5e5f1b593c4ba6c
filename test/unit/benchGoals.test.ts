import { describe, expect, it } from 'vitest';
import { checkGoals, firstBytePercentile, searchAtFiftyThousand, type ChildBench } from '../../bench/goals.ts';

const searchOutput = `corpus                      engine        build ms  heap MB   p50 ms   p99 ms  recall@5
hono-docs                   ours               329      3.4     0.14     7.18     0.883
site 50k                    ours             18047    115.1     0.65   112.24     0.567
site 50k latest             ours             18047    115.1     0.33    12.19     0.633
site 50k                    MiniSearch       17898    116.2    24.50   367.03     0.550
                            unfiltered: MiniSearch/ours p50 37.6x p99 3.3x
`;

function child(file: string, output: string, status: ChildBench['status'] = 'ran'): ChildBench {
  return { name: file, file, status, output, seconds: 1 };
}

describe('given the search bench output', () => {
  it('reads the worst of the shipped engine rows at 50,000 sections', () => {
    expect(searchAtFiftyThousand([child('bench/search.ts', searchOutput)])).toEqual({ engine: 'ours', rows: 2, build: 18047, p50: 0.65, p99: 112.24 });
  });

  it('falls back to the MiniSearch row when there is no "ours" row', () => {
    const older = searchOutput.replace(/.*\bours\b.*\n/g, '');
    expect(searchAtFiftyThousand([child('bench/search.ts', older)])?.engine).toBe('MiniSearch');
  });

  it('reports nothing when the bench failed', () => {
    expect(searchAtFiftyThousand([child('bench/search.ts', searchOutput, 'failed')])).toBeUndefined();
  });
});

describe('given the server bench output', () => {
  it('reads the first-byte median of an extractive answer', () => {
    const output = 'first byte of an extractive answer: p50 13.17 ms, p99 60.02 ms (loopback HTTP)\n';
    expect(firstBytePercentile([child('bench/server.ts', output)])).toBe(13.17);
  });
});

describe('given a run that measured only embed.js', () => {
  const checks = checkGoals({
    bytes: { embed: { raw: 5000, gzip: 2354, brotli: 2000 }, anchors: [], notes: [] },
    hostImpact: [],
    children: [],
  });

  it('says by how much embed.js is over its 2 kB budget', () => {
    const embed = checks.find((check) => check.goal.startsWith('embed.js'));
    expect(embed).toMatchObject({ reached: false, measured: '2.4 kB (2,354 B)', margin: '0.4 kB (354 B) over (1.18x the budget)' });
  });

  it('marks the goals it could not measure as not measured', () => {
    const open = checks.find((check) => check.goal.startsWith('open, chat cached'));
    expect(open?.measured).toBe('not measured');
    expect(open?.reached).toBeUndefined();
  });
});
