/** /sitemaps/{lang}-{n}.xml: one language's indexable pages, in chunks. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { API_URL } from 'astro:env/client';
import { LANGS, type Lang } from '#contract/schemas.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import { chunk, sitemapPaths, sitemapXml } from '../../shared/sitemap.ts';

export const getStaticPaths = (async () => {
  const paths: { params: { name: string }; props: { lang: Lang; list: string[] } }[] = [];
  for (const lang of LANGS) {
    const chunks = chunk(sitemapPaths(await loadCatalogue(lang, API_URL)));
    chunks.forEach((list, index) => paths.push({ params: { name: `${lang}-${index + 1}` }, props: { lang, list } }));
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { lang, list } = props as { lang: Lang; list: string[] };
  return new Response(sitemapXml(site ?? 'http://localhost:4321', lang, list), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
