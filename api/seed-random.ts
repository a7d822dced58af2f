/**
 * The seed's random numbers: one generator drawn in a fixed order, so the
 * same seed always gives the same catalogue on any engine.
 */
export type SeededRandom = ReturnType<typeof seededRandom>;

export function seededRandom(seed: number) {
  // mulberry32: tiny, fast, good enough for demo data.
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer from min to max, both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  /**
   * A shuffled copy (Fisher-Yates): every order equally likely, drawn from this
   * generator alone — unlike sort() with a random comparator, which is biased
   * and depends on the engine's sort algorithm.
   */
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      const swap = out[i] as T;
      out[i] = out[j] as T;
      out[j] = swap;
    }
    return out;
  };
  return { next, int, pick, shuffle, chance: (p: number) => next() < p };
}
