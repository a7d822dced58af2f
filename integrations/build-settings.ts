/**
 * Astro settings that make the build faster, shared by astro.config.mjs and the bench's bare Astro project
 * (scripts/bench.ts), so the bench compares like with like.
 */

/**
 * Pages in flight at once (Astro's build.concurrency): a page's file write overlaps the next pages' rendering.
 * 2,000 products, CPU of the build: 21 s at 1, 19 s at 4, 18-19 s at 8 (wall times on this machine too noisy to
 * tell 4 from 8).
 */
export const BUILD_CONCURRENCY = 8;

/**
 * @astrojs/react's options: islands render small and whole at build time, so renderToString rather than a stream
 * (with the labels picked once, it took the 2,000-product build's pages from 15-20 s to 12.5 s).
 */
export const REACT_OPTIONS = { experimentalDisableStreaming: true } as const;
