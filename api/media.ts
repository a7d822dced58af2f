/**
 * /media/*: the seeded pictures, drawn on first request and kept in the data
 * dir (pictures/), each also at the narrower width a srcset asks for (?w=),
 * and uploaded review images.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_FORMATS } from '#contract/reviews.ts';
import { UPLOAD_NAME } from './images.ts';
import { drawPicture, recipeOf, type Recipe } from './seed-pictures.ts';
import { slots } from './slots.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pictures drawn at once: drawing takes a core, and the API has other work. */
const drawing = slots(2);
/** Pictures being drawn, by file: a second request for one waits for the first drawing. */
const underway = new Map<string, Promise<Buffer>>();

/** Widths a picture is scaled to (?w=): steps of 40 px, so a picture has a few dozen sizes at most. */
const WIDTH_STEP = 40;
const MAX_WIDTH = 1200;
/** The width asked for, when it is one a picture is scaled to. */
function widthOf(query: string | undefined): number | null {
  const width = Number(query);
  return Number.isInteger(width) && width > 0 && width <= MAX_WIDTH && width % WIDTH_STEP === 0 ? width : null;
}

/**
 * A seeded picture from the data dir, drawn and stored there (atomically) the first time; at a width, scaled
 * down from the full picture (never up).
 */
async function picture(dataDir: string, path: string, recipe: Recipe, width: number | null): Promise<Buffer> {
  const file = join(dataDir, 'pictures', width === null ? path : `${path}.w${width}`);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let work = underway.get(file);
  if (!work) {
    work = (async () => {
      // The full picture first (outside the drawing slots: its own drawing takes one), then the scaling in one.
      const scaled = width === null ? null : { width, full: await picture(dataDir, path, recipe, null) };
      const bytes = await drawing.run(() =>
        scaled === null
          ? drawPicture(recipe)
          : sharp(scaled.full)
              .resize({ width: scaled.width, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toBuffer(),
      );
      await mkdir(dirname(file), { recursive: true });
      const part = `${file}.${randomUUID()}.part`;
      await writeFile(part, bytes);
      await rename(part, file);
      return bytes;
    })().finally(() => underway.delete(file));
    underway.set(file, work);
  }
  return work;
}

const image = (bytes: Uint8Array, type: string) =>
  new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': type, 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' },
  });

/** `width`: the ?w= of the request. */
export async function mediaResponse(dataDir: string, path: string, width?: string): Promise<Response | null> {
  if (path.startsWith('uploads/')) {
    const match = UPLOAD_NAME.exec(path);
    if (!match) return null;
    const type = Object.values(IMAGE_FORMATS).find((f) => f.ext === match[1])?.type ?? 'application/octet-stream';
    try {
      return image(await readFile(join(dataDir, path)), type);
    } catch {
      return null;
    }
  }
  const recipe = recipeOf(path);
  return recipe ? image(await picture(dataDir, path, recipe, widthOf(width)), 'image/webp') : null;
}
