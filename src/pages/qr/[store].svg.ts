/** The app-download QR codes, generated once per build (not per page) as SVG files. */
import type { APIRoute, GetStaticPaths } from 'astro';
import QRCode from 'qrcode';
import { SHOP } from '../../data/shop.ts';

const TARGETS = { 'google-play': SHOP.googlePlay, 'app-store': SHOP.appStore } as const;

export const getStaticPaths = (() =>
  Object.entries(TARGETS).map(([store, url]) => ({ params: { store }, props: { url } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const svg = await QRCode.toString((props as { url: string }).url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
