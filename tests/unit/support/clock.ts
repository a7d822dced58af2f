/**
 * Debounces and timeouts under test: `setTimeout` runs on a fake clock that
 * only the test moves, while the network (the in-process API, real sockets)
 * runs as usual. `settled` waits in real time, without moving the fake clock,
 * so a test can show that something happened at an exact moment.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** Fake `setTimeout`/`clearTimeout` in every test of the calling file. */
export function useFakeTimeouts(): void {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => void vi.useRealTimers());
}

/** Moves the fake clock by `ms`, running the timeouts that fall due and the promises they start. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/**
 * Waits (real time, at most 5 s) until `check` passes; the fake clock stays
 * where it is (unlike vi.waitFor, which moves fake timers on every try).
 */
export async function settled(check: () => void): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > 5_000) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Lets the event loop run a while (real time) with the fake clock standing still: for "nothing happened yet". */
export async function idle(ms = 50): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) await new Promise((resolve) => setImmediate(resolve));
}
