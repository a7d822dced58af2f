/** The `client:after` hydration directive (src/shared/ui/hydrate-after.ts, run in the page), registered with Astro. */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export const afterDirective = (): AstroIntegration => ({
  name: 'bozor-after-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'after',
        entrypoint: fileURLToPath(new URL('../src/shared/ui/hydrate-after.ts', import.meta.url)),
      });
    },
  },
});
