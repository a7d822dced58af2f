/**
 * getStaticPaths of a page built once per language. The language also comes
 * as a typed prop, so a page reads `Astro.props.lang` instead of casting the
 * route param.
 */
import type { GetStaticPaths } from 'astro';
import { LANGS, type Lang } from '#contract/langs.ts';

export type LangProps = {
  lang: Lang;
};

export const langPaths = (() => LANGS.map((lang) => ({ params: { lang }, props: { lang } }))) satisfies GetStaticPaths;
