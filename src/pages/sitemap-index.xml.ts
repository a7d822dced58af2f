import type { APIRoute } from 'astro';
import { API_URL } from 'astro:env/client';
import { LANGS } from '#contract/schemas.ts';
import { loadCatalogue } from '../data/catalogue.ts';
import { chunk, sitemapIndexXml, sitemapPaths } from '../shared/sitemap.ts';

export const GET: APIRoute = async ({ site }) => {
  const base = site ?? 'http://localhost:4321';
  const urls: string[] = [];
  for (const lang of LANGS) {
    const count = chunk(sitemapPaths(await loadCatalogue(lang, API_URL))).length;
    for (let n = 1; n <= count; n++) urls.push(new URL(`/sitemaps/${lang}-${n}.xml`, base).href);
  }
  return new Response(sitemapIndexXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
