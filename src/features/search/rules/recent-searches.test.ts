import { describe, expect, it } from 'vitest';
import { decodeRecentSearches, rememberQuery } from './recent-searches.ts';

describe('recent searches', () => {
  it('keeps at most 5, newest first, without duplicates', () => {
    let list: string[] = [];
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f', 'B']) list = rememberQuery(list, q);
    expect(list).toEqual(['B', 'f', 'e', 'd', 'c']);
  });
  it('never saves a blank query and trims spaces', () => {
    expect(rememberQuery(['x'], '   ')).toEqual(['x']);
    expect(rememberQuery([], '  olma   qizil ')).toEqual(['olma qizil']);
  });
  it('repairs stored values', () => {
    expect(decodeRecentSearches('oops')).toEqual([]);
    expect(decodeRecentSearches('{"a":1}')).toEqual([]);
    expect(decodeRecentSearches('["a", 5, "", "a", "b", "c", "d", "e", "f"]')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
