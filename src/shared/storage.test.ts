import { describe, expect, it, vi } from 'vitest';
import { decodeList, isPositiveInt, parseJson, repairStored, toPositiveInt } from './storage.ts';

describe('parseJson', () => {
  it('answers the parsed value', () => {
    expect(parseJson('[1,"a"]')).toEqual([1, 'a']);
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('null')).toBeNull();
  });
  it('answers undefined for nothing stored or broken text, never throws', () => {
    expect(parseJson(null)).toBeUndefined();
    expect(parseJson(undefined)).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('[1,')).toBeUndefined();
    expect(parseJson('undefined')).toBeUndefined();
  });
});

describe('isPositiveInt', () => {
  it('accepts whole numbers above 0 only', () => {
    expect(isPositiveInt(1)).toBe(true);
    expect(isPositiveInt(42)).toBe(true);
    for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined, [1]])
      expect(isPositiveInt(value), String(value)).toBe(false);
  });
});

describe('toPositiveInt', () => {
  it('takes a positive whole number as it is', () => {
    expect(toPositiveInt(12)).toBe(12);
  });
  it('reads a string of digits, spaces around allowed', () => {
    expect(toPositiveInt('12')).toBe(12);
    expect(toPositiveInt(' 7 ')).toBe(7);
    expect(toPositiveInt('007')).toBe(7);
  });
  it('answers null for anything else', () => {
    for (const value of [0, -3, 2.5, '0', '-3', '2.5', '1e3', '', ' ', 'abc', '12a', null, undefined, {}, true])
      expect(toPositiveInt(value), JSON.stringify(value)).toBeNull();
  });
});

describe('decodeList', () => {
  const positive = (value: unknown) => toPositiveInt(value);
  it('keeps the items the decoder accepts, in order', () => {
    expect(decodeList('[3, "x", 1, "2", 0]', positive)).toEqual([3, 1, 2]);
  });
  it('answers an empty list for anything but a JSON list', () => {
    expect(decodeList(null, positive)).toEqual([]);
    expect(decodeList('', positive)).toEqual([]);
    expect(decodeList('{"0":1}', positive)).toEqual([]);
    expect(decodeList('5', positive)).toEqual([]);
    expect(decodeList('[1,', positive)).toEqual([]);
  });
});

describe('repairStored', () => {
  const storage = (stored: Record<string, string>) => ({
    getItem: vi.fn((key: string) => stored[key] ?? null),
    setItem: vi.fn((key: string, value: string) => void (stored[key] = value)),
    removeItem: vi.fn((key: string) => void delete stored[key]),
  });

  it('writes the clean encoding over a stored value that differs', () => {
    const stored = { basket: '[1,1,"x"]' };
    expect(repairStored(storage(stored), 'basket', '[1]')).toBe(true);
    expect(stored).toEqual({ basket: '[1]' });
  });
  it('removes the key when the clean value is nothing', () => {
    const stored = { basket: 'oops', other: 'kept' };
    expect(repairStored(storage(stored), 'basket', undefined)).toBe(true);
    expect(stored).toEqual({ other: 'kept' });
  });
  it('writes nothing when the stored value is already clean or nothing is stored', () => {
    const clean = storage({ basket: '[1]' });
    expect(repairStored(clean, 'basket', '[1]')).toBe(false);
    const empty = storage({});
    expect(repairStored(empty, 'basket', '[1]')).toBe(false);
    expect(repairStored(empty, 'basket', undefined)).toBe(false);
    for (const s of [clean, empty]) {
      expect(s.setItem).not.toHaveBeenCalled();
      expect(s.removeItem).not.toHaveBeenCalled();
    }
  });
  it('answers false without storage or when the storage throws', () => {
    expect(repairStored(undefined, 'basket', '[1]')).toBe(false);
    const blocked = {
      getItem: () => 'old',
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(repairStored(blocked, 'basket', '[1]')).toBe(false);
  });
});
