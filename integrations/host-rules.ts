/**
 * Host redirect rules (Netlify / Cloudflare Pages `_redirects`): existing files
 * win; the comments page of a product built without one (no reviews) is the
 * comments shell with status 200 (src/pages/[lang]/comments/late.astro renders
 * it from the API, by the id in the address); other unknown paths under a
 * language give that language's 404 page, and any other path goes to the same path under
 * /uz (query kept by the host, hash by the browser). scripts/serve.ts applies
 * the same rules for our own static server.
 */
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';

export const hostRules = (): AstroIntegration => ({
  name: 'bozor-host-rules',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const rules = [
        '/uz/comments/:id /uz/comments/late 200',
        '/ru/comments/:id /ru/comments/late 200',
        '/uz/* /uz/404.html 404',
        '/ru/* /ru/404.html 404',
        '/* /uz/:splat 301',
        '',
      ].join('\n');
      await writeFile(new URL('_redirects', dir), rules);
    },
  },
});
