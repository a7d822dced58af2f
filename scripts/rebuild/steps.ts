/**
 * How a rebuild runs its steps: each failure is reported at the step it happened in, each timed part's wall time goes
 * to the manifest, and a signal stops the run between steps.
 */
import { Refusal } from './gate.ts';

/** A signal stops the run at the next step, up to the deploy (which, once started, is finished). */
export function stopIfInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error(`interrupted (${String(signal.reason)})`);
}

/** A failure in a step of the run, reported at the step's name (a gate's refusal names its own). */
export class StepFailure extends Error {
  readonly step: string;
  constructor(step: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.step = step;
  }
}

/** Runs one step of the rebuild: whatever fails in it is reported at `name`. */
export async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof Refusal || error instanceof StepFailure ? error : new StepFailure(name, error);
  }
}

/** Runs `work` and keeps its wall time (ms) under `name`. */
export type Timed = <T>(name: string, work: () => T | Promise<T>) => Promise<T>;

/** The wall time of each timed part, for the manifest: where a night's seconds go. */
export function stopwatch(): { times: Record<string, number>; timed: Timed } {
  const times: Record<string, number> = {};
  const timed: Timed = async (name, work) => {
    const at = performance.now();
    try {
      return await work();
    } finally {
      times[name] = Math.round(performance.now() - at);
    }
  };
  return { times, timed };
}
