import { describe, expect, it } from 'vitest';
import { latest } from './latest.ts';

/** A promise and the function that settles it. */
function later<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('latest(): only the latest run finishes', () => {
  it('a run started later stops an earlier one at its next step, whichever answer comes first', async () => {
    const runs = latest();
    const [slow, fast] = [later<string>(), later<string>()];
    const done: string[] = [];
    const first = runs.start(async (step) => {
      done.push(`first got ${await step(slow.promise)}`);
    });
    const second = runs.start(async (step) => {
      done.push(`second got ${await step(fast.promise)}`);
    });
    fast.settle('b');
    slow.settle('a');
    await Promise.all([first, second]);
    expect(done).toEqual(['second got b']);
  });

  it('resume goes on with the latest run, and stops once another starts', async () => {
    const runs = latest();
    const done: string[] = [];
    await runs.start(async (step) => {
      done.push(await step('page 1'));
    });
    await runs.resume(async (step) => {
      done.push(await step('page 2'));
    });
    const more = later<string>();
    const resumed = runs.resume(async (step) => {
      done.push(await step(more.promise));
    });
    const next = runs.start(async (step) => {
      done.push(await step('new choice'));
    });
    more.settle('page 3');
    await Promise.all([resumed, next]);
    expect(done).toEqual(['page 1', 'page 2', 'new choice']);
  });

  it('a run that fails, not stopped, still rejects', async () => {
    const runs = latest();
    await expect(
      runs.start(async (step) => {
        await step(Promise.reject(new Error('index gone')));
      }),
    ).rejects.toThrow('index gone');
  });
});
