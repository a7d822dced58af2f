/** `astro:env/client` for unit tests: the stores' client is replaced by `setApi` anyway. */
export const API_URL = 'http://localhost:8787';
