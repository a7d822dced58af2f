/**
 * Runs of which only the latest may finish: the shopper's newer choice makes
 * every earlier run stop at its next step, so a slow answer never paints over
 * a newer one.
 */

/** Awaits a value; a run that is no longer the latest goes no further. */
export type Step = <T>(value: Promise<T> | T) => Promise<T>;
type Body = (step: Step) => Promise<void>;

export interface Latest {
  /** Starts a run: every earlier one stops at its next step. */
  start(body: Body): Promise<void>;
  /** Goes on with the latest run (more of its list): it stops as soon as another run starts. */
  resume(body: Body): Promise<void>;
}

export function latest(): Latest {
  let current = 0;
  const stale = Symbol('stale');
  const run = async (id: number, body: Body) => {
    const step: Step = async (value) => {
      const settled = await value;
      if (id !== current) throw stale;
      return settled;
    };
    try {
      await body(step);
    } catch (error) {
      if (error !== stale) throw error;
    }
  };
  return { start: (body) => run(++current, body), resume: (body) => run(current, body) };
}
