/** At most `max` works at once, across all requests; the rest wait their turn, in order. */
export function slots(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Works running now. */
    get active() {
      return active;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, or frees up.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
