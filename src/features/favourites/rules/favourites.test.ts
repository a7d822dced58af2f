import { describe, expect, it } from 'vitest';
import { addLiked, decodeLiked, localAfterPush, localOnly, mergedIds, removeLiked } from './favourites.ts';

describe('liked ids', () => {
  it('keeps numeric ids without duplicates', () => {
    expect(decodeLiked('[3,1,3]')).toEqual([3, 1]);
  });
  it.each(['["a",1]', '[1,"2"]', '{"x":1}', 'not json', '[1.5]', '[-1]', 'null'])(
    'clears non-numeric content %s',
    (raw) => {
      expect(decodeLiked(raw)).toEqual([]);
    },
  );
  it('adds once and removes', () => {
    expect(addLiked(addLiked([], 4), 4)).toEqual([4]);
    expect(addLiked([], Number.NaN)).toEqual([]);
    expect(removeLiked([4, 5], 4)).toEqual([5]);
  });
});

describe('server favourites', () => {
  it('finds local ids to push and merges for display', () => {
    const server = [{ id: 1, product: 2 }];
    expect(localOnly([2, 3, 3], server)).toEqual([3]);
    expect(mergedIds([3, 2], server)).toEqual([2, 3]);
  });

  it('after a push, clears what reached the server and keeps failures and ids added meanwhile', () => {
    const before = [3, 4, 5];
    expect(localAfterPush([3, 4, 5], before, [])).toEqual([]);
    expect(localAfterPush([3, 4, 5], before, [4])).toEqual([4]);
    expect(localAfterPush([3, 4, 5, 9], before, [])).toEqual([9]);
    expect(localAfterPush([3, 5], before, [4])).toEqual([]);
  });
});
