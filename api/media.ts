/** /media/*: generated placeholder SVGs, and uploaded review images from the data dir. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_FORMATS } from '#contract/reviews.ts';
import { UPLOAD_NAME } from './images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The same path always draws the same picture: colours and shape come from its hash. */
export function placeholderSvg(path: string): string {
  const hash = createHash('sha256').update(path).digest();
  const byte = (i: number) => hash[i] ?? 0;
  const hue = Math.round((byte(0) / 255) * 360);
  const accent = (hue + 140 + byte(1)) % 360;
  const label = escapeXml((path.split('/').pop() ?? path).replace(/\.svg$/, '').slice(0, 18));
  const fill = `hsl(${accent} 70% 45%)`;
  const shapes = [
    `<circle cx="400" cy="360" r="${160 + (byte(2) % 60)}" fill="${fill}"/>`,
    `<rect x="${220 + (byte(3) % 40)}" y="190" width="360" height="340" rx="${byte(4) % 60}" fill="${fill}"/>`,
    `<polygon points="400,170 610,540 190,540" fill="${fill}"/>`,
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${label}">` +
    `<rect width="800" height="800" fill="hsl(${hue} 55% 88%)"/>${shapes[byte(5) % shapes.length]}` +
    `<text x="400" y="700" font-family="system-ui, sans-serif" font-size="56" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${label}</text></svg>`
  );
}

export async function mediaResponse(dataDir: string, path: string): Promise<Response | null> {
  if (path.startsWith('uploads/')) {
    const match = UPLOAD_NAME.exec(path);
    if (!match) return null;
    const type = Object.values(IMAGE_FORMATS).find((f) => f.ext === match[1])?.type ?? 'application/octet-stream';
    try {
      const bytes = await readFile(join(dataDir, path));
      return new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': type, 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return null;
    }
  }
  if (!/^[\w./-]{1,200}\.svg$/.test(path) || path.includes('..')) return null;
  return new Response(placeholderSvg(path), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' },
  });
}
