import { describe, expect, it } from 'vitest';
import { blockOffsets, blocksIn } from './use-page-window';

describe('the window of a list of blocks in the page', () => {
  const offsets = blockOffsets([100, 200, 50, 300], 10);

  it('places each block below the one before with the gap between them', () => {
    expect(offsets).toEqual([0, 110, 320, 380, 680]);
  });

  it('takes the blocks that overlap the view, partly shown ones included', () => {
    expect(blocksIn(offsets, 0, 50)).toEqual({ first: 0, end: 1 });
    expect(blocksIn(offsets, 115, 330)).toEqual({ first: 1, end: 3 });
    expect(blocksIn(offsets, 400, 900)).toEqual({ first: 3, end: 4 });
  });

  it('takes nothing beyond the list and all of it for a view that holds it', () => {
    expect(blocksIn(offsets, 700, 900)).toEqual({ first: 4, end: 4 });
    expect(blocksIn(offsets, -500, 2000)).toEqual({ first: 0, end: 4 });
    expect(blocksIn(blockOffsets([], 10), 0, 100)).toEqual({ first: 0, end: 0 });
  });
});
