// The site's own hydration directive, `client:after="event"` (src/shared/ui/hydrate-after.ts).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:after'?: string;
  }
}
