declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first focus, pointer or touch inside the island (src/islands/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}

export {};
