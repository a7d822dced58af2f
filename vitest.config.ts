import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'contract/**/*.test.ts',
      'api/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/ops/**/*.test.ts',
    ],
    testTimeout: 30_000,
  },
});
