/**
 * The catalogue's pictures, served by the backend itself under /media/ (Django's MEDIA_URL), so
 * nothing reaches the network. Each is a small PNG drawn from its path: a colour and a lighter
 * band, distinct per image, enough for a page to show that an image is there and which one.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Catalogue } from './catalogue.ts';

/** Every media path the catalogue names, so /media/ answers 404 for any other. */
export function mediaPaths(catalogue: Catalogue): Set<string> {
  const paths = new Set<string>();
  for (const category of catalogue.categories) paths.add(category.image);
  for (const store of catalogue.stores) paths.add(store.logo).add(store.banner);
  for (const product of catalogue.products) {
    for (const image of product.images) paths.add(image);
    for (const feature of product.features) for (const image of feature.images) paths.add(image);
  }
  const banners = [
    ...Object.values(catalogue.banners).flatMap(({ b, t }) => [...b, ...t]),
    ...[...catalogue.categoryBanners.values()].flat(),
  ];
  for (const banner of banners) paths.add(banner.image);
  return paths;
}

/** Width and height by kind: phone banners are narrower than laptop ones, as §9's breakpoint implies. */
const sizeOf = (path: string): [number, number] => {
  if (path.startsWith('banners/laptop-')) return [1440, 400];
  if (path.startsWith('banners/phone-')) return [750, 400];
  if (path.startsWith('banners/') || path.endsWith('-banner.png')) return [1200, 300];
  if (path.startsWith('categories/') || path.endsWith('-logo.png')) return [200, 200];
  return [400, 400];
};

const palette: [number, number, number][] = [
  [220, 76, 70],
  [233, 150, 58],
  [214, 190, 60],
  [92, 170, 90],
  [52, 152, 160],
  [64, 112, 200],
  [120, 90, 190],
  [196, 84, 160],
  [110, 120, 130],
  [150, 100, 60],
];

const colourOf = (path: string): [number, number, number] => {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? [128, 128, 128];
};

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = (light: boolean) => {
    const line = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    const lift = (value: number) => (light ? value + Math.round((255 - value) / 2) : value);
    for (let x = 0; x < width; x++) line.set([lift(r), lift(g), lift(b)], 1 + x * 3);
    return line;
  };
  const plain = row(false);
  const band = row(true);
  const rows = Array.from({ length: height }, (_, y) => (y >= height / 3 && y < (2 * height) / 3 ? band : plain));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const drawn = new Map<string, Buffer>();

/** The PNG for a media path (drawn once, then kept). */
export function image(path: string): Buffer {
  let bytes = drawn.get(path);
  if (!bytes) {
    const [width, height] = sizeOf(path);
    bytes = png(width, height, colourOf(path));
    drawn.set(path, bytes);
  }
  return bytes;
}
