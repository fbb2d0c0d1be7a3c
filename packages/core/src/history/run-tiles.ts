/** No sample in a tile (or none but NaN): its extremes are left out. */
export const NO_SAMPLE = 0xffffffff;

/**
 * The extremes of fixed time tiles of a run of samples (a packed day): M4 takes a pixel column
 * that spans whole tiles from their extremes instead of from every sample (a year of one-minute
 * samples at a plot's width: about 30 tiles and 15 samples per column instead of 400 samples).
 */
export interface RunTiles {
  /** Length of a tile (ms): tile k holds the offsets in [k·tileMs, (k+1)·tileMs). */
  tileMs: number;
  /** starts[k]: index of the first sample in tile k or later; starts[count] is the run's length. */
  starts: Uint32Array;
  /** Index of the earliest minimum of tile k (of its values that are not NaN), or NO_SAMPLE. */
  minAt: Uint32Array;
  /** Index of the earliest maximum of tile k, likewise. */
  maxAt: Uint32Array;
}

/** The tiles of a run: offsets ascending within [0, count·tileMs). */
export function runTiles(
  offsets: ArrayLike<number>,
  values: ArrayLike<number>,
  tileMs: number,
  count: number,
): RunTiles {
  const starts = new Uint32Array(count + 1);
  const minAt = new Uint32Array(count).fill(NO_SAMPLE);
  const maxAt = new Uint32Array(count).fill(NO_SAMPLE);
  let i = 0;
  for (let k = 0; k < count; k++) {
    starts[k] = i;
    const end = (k + 1) * tileMs;
    let min = NaN;
    let max = NaN;
    for (; i < offsets.length && (offsets[i] as number) < end; i++) {
      const v = values[i] as number;
      if (Number.isNaN(v)) continue;
      if (!(v >= min)) {
        min = v;
        minAt[k] = i;
      }
      if (!(v <= max)) {
        max = v;
        maxAt[k] = i;
      }
    }
  }
  starts[count] = i;
  if (i !== offsets.length) throw new RangeError('offsets beyond the tiles');
  return { tileMs, starts, minAt, maxAt };
}

/** The tiles as bytes: starts, then minima, then maxima, each uint32 in the platform's order. */
export function encodeRunTiles(tiles: RunTiles): Uint8Array {
  const count = tiles.minAt.length;
  const words = new Uint32Array(3 * count + 1);
  words.set(tiles.starts, 0);
  words.set(tiles.minAt, count + 1);
  words.set(tiles.maxAt, 2 * count + 1);
  return new Uint8Array(words.buffer);
}

/** Tiles written by encodeRunTiles (copied once if the bytes are not 4-byte aligned). */
export function decodeRunTiles(bytes: Uint8Array, tileMs: number): RunTiles {
  const words = bytes.byteLength / 4;
  const count = (words - 1) / 3;
  if (!Number.isInteger(count) || count < 1) throw new Error('run tiles are 3 × count + 1 words');
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  const word = (at: number, n: number) => new Uint32Array(aligned.buffer, aligned.byteOffset + 4 * at, n);
  return {
    tileMs,
    starts: word(0, count + 1),
    minAt: word(count + 1, count),
    maxAt: word(2 * count + 1, count),
  };
}
