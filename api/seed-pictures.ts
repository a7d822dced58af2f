/**
 * The seeded catalogue's pictures: a 3D render of the product (Fluent emoji,
 * from the installed @lobehub/fluent-emoji-3d package, no network) on a soft
 * studio background, recoloured for a colour variant; banners with a headline
 * and a product; store logos. A picture's path says everything it shows, so
 * products of one kind and colour share their pictures however many are
 * seeded, and each is drawn only when first asked for (api/media.ts keeps it).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Lang } from '#contract/langs.ts';
import {
  CATEGORIES,
  CATEGORY_BANNERS,
  COLOURS,
  PICTURES,
  SLIDES,
  STORE_BANNER,
  STORES,
  TILES,
  type Picture,
  type Text,
} from './seed-data.ts';

/** Gallery views of a product: front, turned, close-up, mirrored. */
export const PRODUCT_VIEWS = 4;

export const productPicture = (picture: Picture, colour: string | null, view: number) =>
  `products/${picture}/${colour ?? 'plain'}-${view}.webp`;
export const categoryPicture = (picture: Picture) => `categories/${picture}.webp`;
/** A shopper's photo of the product on a table; `n` turns it a little differently. */
export const reviewPicture = (picture: Picture, n: number) => `reviews/${picture}-${n}.webp`;
export const storePicture = (address: string, kind: 'logo' | 'banner') => `stores/${address}-${kind}.webp`;
/** `name`: home-{phone|laptop}-{b|t}-{n} or category-{slug}-{b|t}. */
export const bannerPicture = (name: string) => `banners/${name}.webp`;

/**
 * A stored image path as a language's site shows it: a seeded banner (the home's, a category's, a store's) with its
 * headline in that language; any other image as it is.
 */
export function inLanguage(path: string, lang: Lang): string {
  return recipeOf(path)?.kind === 'banner' && !/\.(uz|ru)\.webp$/.test(path)
    ? path.replace(/\.webp$/, `.${lang}.webp`)
    : path;
}

type Colour = (typeof COLOURS)[number];
interface Headline {
  text: Text;
  /** The headline's language; none draws both (a banner row stored before banners had one per language). */
  lang: Lang | null;
  picture: Picture;
  width: number;
  height: number;
}
/** What a path draws. */
export type Recipe =
  | { kind: 'product'; picture: Picture; colour: Colour | null; view: number }
  | { kind: 'category'; picture: Picture }
  | { kind: 'review'; picture: Picture; n: number }
  | { kind: 'logo'; name: string; hue: number }
  | ({ kind: 'banner'; hue: number } & Headline);

const isPicture = (key: string): key is Picture => Object.hasOwn(PICTURES, key);
const HOME_SIZES = { 'laptop-b': [1200, 400], 'laptop-t': [800, 400], 'phone-b': [800, 400], 'phone-t': [800, 400] };
const CATEGORY_SIZES = { b: [1200, 400], t: [800, 400] } as const;

/** The recipe of a seeded picture's path; null for any other path. */
export function recipeOf(path: string): Recipe | null {
  let m = /^products\/([a-z]+)\/([a-z]+)-(\d)\.webp$/.exec(path);
  if (m) {
    const [, picture = '', colourKey, view = 0] = m;
    const colour = COLOURS.find((c) => c.key === colourKey) ?? null;
    if (!isPicture(picture) || (colourKey !== 'plain' && !colour) || +view < 1 || +view > PRODUCT_VIEWS) return null;
    return { kind: 'product', picture, colour, view: +view };
  }
  m = /^categories\/([a-z]+)\.webp$/.exec(path);
  if (m) return isPicture(m[1] ?? '') ? { kind: 'category', picture: m[1] as Picture } : null;
  m = /^reviews\/([a-z]+)-([1-5])\.webp$/.exec(path);
  if (m) return isPicture(m[1] ?? '') ? { kind: 'review', picture: m[1] as Picture, n: Number(m[2]) } : null;
  // A banner's path may name the language of its headline: banners/home-phone-b-1.ru.webp.
  const lang = /\.(uz|ru)\.webp$/.exec(path)?.[1] as Lang | undefined;
  const headlineIn = { lang: lang ?? null };
  const banner = path.replace(/\.(uz|ru)\.webp$/, '.webp');
  m = /^stores\/([a-z-]+)-(logo|banner)\.webp$/.exec(banner);
  if (m) {
    const index = STORES.findIndex((s) => s.address === m?.[1]);
    const store = STORES[index];
    if (!store) return null;
    const hue = (index * 53 + 200) % 360;
    if (m[2] === 'logo') return lang ? null : { kind: 'logo', name: store.name, hue };
    const text = STORE_BANNER(store.name);
    return { kind: 'banner', hue, text, ...headlineIn, picture: 'shopping', width: 1200, height: 300 };
  }
  m = /^banners\/home-(phone|laptop)-(b|t)-(\d)\.webp$/.exec(banner);
  if (m) {
    const [, screen, list, n] = m;
    const item = (list === 'b' ? SLIDES : TILES)[Number(n) - 1];
    const [width = 0, height = 0] = HOME_SIZES[`${screen}-${list}` as keyof typeof HOME_SIZES];
    if (!item) return null;
    const { title: text, picture } = item;
    return { kind: 'banner', hue: PICTURES[picture].hue, text, ...headlineIn, picture, width, height };
  }
  m = /^banners\/category-([a-z-]+)-(b|t)\.webp$/.exec(banner);
  if (m) {
    const category = CATEGORIES.find((c) => c.slug === m?.[1]);
    const list = m[2] as 'b' | 't';
    if (!category) return null;
    const [width, height] = CATEGORY_SIZES[list];
    const { picture } = category;
    return {
      kind: 'banner',
      hue: PICTURES[picture].hue,
      text: CATEGORY_BANNERS[list](category.name),
      ...headlineIn,
      picture,
      width,
      height,
    };
  }
  return null;
}

/** Where the installed package keeps its renders. */
export const ASSETS = join(
  dirname(createRequire(import.meta.url).resolve('@lobehub/fluent-emoji-3d/package.json')),
  'assets',
);

/**
 * An SVG backdrop, drawn at 1/`scale` of its size and scaled up: soft gradients and shadows lose nothing, and
 * drawing them takes a fraction of the time.
 */
const backdrop = (width: number, height: number, body: string, scale: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width / scale)}" height="${Math.ceil(height / scale)}" ` +
        `viewBox="0 0 ${width} ${height}">${body}</svg>`,
    ),
  ).resize(width, height, { fit: 'fill' });

/** A soft floor shadow under an object. */
const shadow = (cx: number, cy: number, rx: number, hue: number) =>
  `<filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${rx / 9}"/></filter>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx / 7}" fill="hsl(${hue} 25% 45%)" opacity="0.4" filter="url(#s)"/>`;

/** A photo studio's backdrop, light at the top and falling off to the edges, with the object's shadow on the floor. */
const studio = (side: number, hue: number, floor?: { x: number; y: number; rx: number }) =>
  backdrop(
    side,
    side,
    `<defs><radialGradient id="g" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="hsl(${hue} 45% 97%)"/>` +
      `<stop offset="1" stop-color="hsl(${hue} 32% 85%)"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>` +
      (floor ? shadow(floor.x, floor.y, floor.rx, hue) : ''),
    8,
  );

interface Pose {
  size: number;
  colour?: Colour | null;
  angle?: number;
  mirrored?: boolean;
}
/** The product's render at a size, recoloured, turned and mirrored, with its own width and height once turned. */
async function object(picture: Picture, { size, colour, angle = 0, mirrored = false }: Pose): Promise<Pixels> {
  let image = sharp(join(ASSETS, `${PICTURES[picture].emoji}.webp`)).resize(size, size, { kernel: 'lanczos3' });
  if (colour) {
    const [r, g, b] = colour.tint;
    image = image.modulate({ brightness: colour.light }).tint({ r, g, b });
  }
  if (mirrored) image = image.flop();
  // sharp turns an image before it scales it: the turn comes second, on the scaled pixels.
  if (angle) image = sharp(...(await pixels(image))).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } });
  return pixels(image);
}

/** Decoded pixels, handed from one step to the next without encoding them. */
type Pixels = [Buffer, { raw: { width: number; height: number; channels: 4 } }];
async function pixels(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data, { raw: { width: info.width, height: info.height, channels: 4 } }];
}

/** Places pixels with their top left corner at (left, top). */
const placed = ([input, { raw }]: Pixels, left: number, top: number) => ({
  input,
  raw,
  left: Math.round(left),
  top: Math.round(top),
});
/** Places pixels with their centre at (x, y). */
const centred = (image: Pixels, x: number, y: number) =>
  placed(image, x - image[1].raw.width / 2, y - image[1].raw.height / 2);

const webp = (image: Sharp) => image.webp({ quality: 80, effort: 4 }).toBuffer();

const PRODUCT_SIDE = 640;
/** The gallery views other than the close-up. */
const POSES: Partial<Record<number, Pose>> = {
  1: { size: 420 },
  2: { size: 400, angle: -14 },
  4: { size: 380, angle: 10, mirrored: true },
};
async function productImage(picture: Picture, colour: Colour | null, view: number): Promise<Buffer> {
  const side = PRODUCT_SIDE;
  const { hue } = PICTURES[picture];
  if (view === 3) {
    // A close-up: the object larger than the frame, cut to its middle.
    const close = await object(picture, { size: 820, colour });
    const [data, { raw }] = close;
    const detail = await pixels(sharp(data, { raw }).extract({ left: 90, top: 110, width: side, height: side }));
    return webp(studio(side, hue).composite([placed(detail, 0, 0)]));
  }
  const pose = POSES[view] ?? { size: 420 };
  const item = await object(picture, { ...pose, colour });
  return webp(
    studio(side, hue, { x: side / 2, y: 530, rx: pose.size * 0.42 }).composite([centred(item, side / 2, 300)]),
  );
}

async function categoryImage(picture: Picture): Promise<Buffer> {
  const side = 320;
  const item = await object(picture, { size: 220 });
  return webp(
    studio(side, PICTURES[picture].hue, { x: 160, y: 280, rx: 90 }).composite([centred(item, side / 2, 150)]),
  );
}

/** A shopper's photo: the product on a wooden table against a light wall. */
async function reviewImage(picture: Picture, n: number): Promise<Buffer> {
  const side = 640;
  const item = await object(picture, { size: 380, angle: ((n * 17) % 31) - 15 });
  const room =
    `<defs><linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(30 38% 66%)"/>` +
    `<stop offset="1" stop-color="hsl(26 34% 52%)"/></linearGradient></defs>` +
    `<rect width="640" height="640" fill="hsl(40 30% 93%)"/><rect y="380" width="640" height="260" fill="url(#t)"/>` +
    shadow(330, 520, 170, 25);
  return webp(backdrop(side, side, room, 8).composite([centred(item, 330, 330)]));
}

const escapeMarkup = (text: string) => text.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The headline in its language; without one, in two lines: Uzbek in bold, Russian under it. */
async function headline(text: Text, lang: Lang | null, width: number, size: number) {
  const bold = (words: string) =>
    `<span foreground="#18202e" font_weight="bold" size="${size * 1024}">${escapeMarkup(words)}</span>`;
  const markup = lang
    ? bold(text[lang])
    : `${bold(text.uz)}\n<span foreground="#3c4658" size="${Math.round(size * 0.58) * 1024}">${escapeMarkup(text.ru)}</span>`;
  return pixels(
    sharp({
      text: { text: markup, font: 'Liberation Sans', width, dpi: 72, rgba: true, spacing: Math.round(size / 4) },
    }),
  );
}

async function bannerImage({ text, lang, picture, width, height, hue }: Headline & { hue: number }): Promise<Buffer> {
  const size = Math.round(height * 0.8);
  const x = width - size * 0.62 - width * 0.04;
  const body =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 95%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue} 60% 82%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${x}" cy="${height / 2}" r="${height * 0.46}" fill="hsl(${hue} 85% 97%)" opacity="0.75"/>` +
    shadow(x, height * 0.9, size * 0.36, hue);
  const item = await object(picture, { size });
  const pad = Math.round(height * 0.12);
  const words = await headline(
    text,
    lang,
    Math.round(x - size * 0.55 - pad * 1.5),
    Math.round(height * 0.1 + width * 0.005),
  );
  return webp(
    backdrop(width, height, body, 4).composite([
      centred(item, x, height / 2),
      placed(words, pad, (height - words[1].raw.height) / 2),
    ]),
  );
}

/** A store's logo: its name in white on its colour. */
async function logoImage(name: string, hue: number): Promise<Buffer> {
  const side = 256;
  const words = await pixels(
    sharp({
      text: {
        text: `<span foreground="white" font_weight="bold" size="${40 * 1024}">${escapeMarkup(name)}</span>`,
        font: 'Liberation Sans',
        width: 210,
        align: 'centre',
        dpi: 72,
        rgba: true,
      },
    }),
  );
  const tile = backdrop(side, side, `<rect width="256" height="256" rx="56" fill="hsl(${hue} 62% 42%)"/>`, 1);
  return webp(tile.composite([centred(words, side / 2, side / 2)]));
}

/** Draws a recipe as a WebP image. */
export function drawPicture(recipe: Recipe): Promise<Buffer> {
  switch (recipe.kind) {
    case 'product':
      return productImage(recipe.picture, recipe.colour, recipe.view);
    case 'category':
      return categoryImage(recipe.picture);
    case 'review':
      return reviewImage(recipe.picture, recipe.n);
    case 'logo':
      return logoImage(recipe.name, recipe.hue);
    case 'banner':
      return bannerImage(recipe);
  }
}
