/**
 * The release's search index, written in a worker thread beside the gate. Pagefind's Node API drives its process
 * from the event loop that called it, and the gate's checks hold the rebuild's own loop for whole pages at a time:
 * run there, each step of the index waited for them. The worker is started before the build, so it has loaded
 * Pagefind by the time the pages are there.
 */
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { indexSite, type IndexOptions } from '../build-index.ts';
import type { IndexPart } from './index-parts.ts';

interface Job {
  dir: string;
  options: Omit<IndexOptions, 'onPart'>;
}

export interface Indexer {
  /** indexSite(dir, options) in the worker, once: the parts it indexed. */
  index(dir: string, options: Job['options']): Promise<IndexPart[]>;
}

export function startIndexer(): Indexer {
  const worker = new Worker(new URL(import.meta.url));
  // Until it has a job, the worker does not keep the rebuild running (a build that failed wants no index).
  worker.unref();
  let parts: IndexPart[] | null = null;
  const finished = new Promise<IndexPart[]>((done, fail) => {
    worker.once('message', (indexed: IndexPart[]) => (parts = indexed));
    worker.once('error', fail);
    // Settled on exit, so the worker's log is all written by then.
    worker.once('exit', (code) =>
      parts ? done(parts) : fail(new Error(`the search index's worker stopped (exit ${code})`)),
    );
  });
  finished.catch(() => {});
  return {
    index(dir, options) {
      worker.ref();
      worker.postMessage({ dir, options } satisfies Job);
      return finished;
    },
  };
}

if (!isMainThread) {
  await import('pagefind');
  parentPort!.once('message', async ({ dir, options }: Job) => parentPort!.postMessage(await indexSite(dir, options)));
}
