// Byte counting shared by the size benches: raw, gzip level 9 and brotli quality 11, the settings the
// size notes used. gzip comes from the gzip command (as the anchor figures did) when it is
// installed: Node's zlib at level 9 comes out up to 0.5% larger on big files. Brotli is Node's, which
// matches the brotli command byte for byte.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const gzipCommandWorks = spawnSync('gzip', ['--version']).status === 0;

/** Which gzip produced the figures, for the results file. */
export const gzipTool = gzipCommandWorks ? 'gzip -9 (command)' : "Node's zlib, level 9";

function gzipLength(bytes: Uint8Array): number {
  if (!gzipCommandWorks) return gzipSync(bytes, { level: 9 }).byteLength;
  const result = spawnSync('gzip', ['-9', '-c', '-n'], { input: bytes, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`gzip failed: ${result.stderr.toString()}`);
  return result.stdout.byteLength;
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export const zeroSizes: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export function sizesOf(bytes: Uint8Array): Sizes {
  return {
    raw: bytes.byteLength,
    gzip: gzipLength(bytes),
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }).byteLength,
  };
}

/** Each file compressed on its own (as a server sends them), then added up. */
export function sizesOfFiles(paths: string[]): Sizes {
  return paths.map((path) => sizesOf(readFileSync(path))).reduce(addSizes, zeroSizes);
}

export function addSizes(left: Sizes, right: Sizes): Sizes {
  return { raw: left.raw + right.raw, gzip: left.gzip + right.gzip, brotli: left.brotli + right.brotli };
}

export function subtractSizes(left: Sizes, right: Sizes): Sizes {
  return { raw: left.raw - right.raw, gzip: left.gzip - right.gzip, brotli: left.brotli - right.brotli };
}

/** 12,345 -> "12.3 kB" (1 kB = 1000 bytes, as in the figures). */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
