/**
 * The shop's languages. Kept apart from the API schemas so that code needing
 * only the list (URL helpers in every page's script) does not bundle them.
 */
export const LANGS = ['uz', 'ru'] as const;
export type Lang = (typeof LANGS)[number];
