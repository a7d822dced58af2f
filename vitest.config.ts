import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Astro's virtual modules, for stores and loaders under unit test.
    alias: {
      'astro:env/client': fileURLToPath(new URL('./tests/unit/support/astro-env.ts', import.meta.url)),
      // The reference API has every capability.
      'virtual:photo-urls': fileURLToPath(new URL('./tests/unit/support/image-service.ts', import.meta.url)),
      'virtual:capabilities': fileURLToPath(new URL('./tests/unit/support/capabilities.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'contract/**/*.test.ts',
      'api/**/*.test.ts',
      'tests/{api,unit,ops,spec-backend}/**/*.test.ts',
    ],
    testTimeout: 30_000,
    // Every core (Vitest leaves one free by default): on 2 cores that halves the run.
    maxWorkers: '100%',
  },
});
