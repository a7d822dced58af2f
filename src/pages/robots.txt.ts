import type { APIRoute } from 'astro';

const PRIVATE = [
  'basket',
  'favorites',
  'profile',
  'search',
  'orders-confirmation',
  'orders-success',
  'server-error',
  'forbidden',
  'network-error',
];

export const GET: APIRoute = ({ site }) => {
  const base = site ?? 'http://localhost:4321';
  const lines = ['User-agent: *', 'Allow: /'];
  for (const lang of ['uz', 'ru']) for (const path of PRIVATE) lines.push(`Disallow: /${lang}/${path}`);
  lines.push('', `Sitemap: ${new URL('/sitemap-index.xml', base).href}`, '');
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
