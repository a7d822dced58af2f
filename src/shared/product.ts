/**
 * Normalising API products at one boundary (spec §3), so components never see
 * raw shapes: images as a clean list, a default title, only features in stock.
 */
import { DEFAULT_TITLE, type Category, type Feature, type Product } from '../backend/shop.ts';

export { DEFAULT_TITLE };

/** Served from public/; used whenever a product, category or store has no image. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** Images come as an array, a comma-separated string, or nothing. */
export function imageList(images: string[] | string | null | undefined): string[] {
  const raw = Array.isArray(images) ? images : typeof images === 'string' ? images.split(',') : [];
  return raw.map((image) => image.trim()).filter((image) => image.length > 0);
}

/** The first image, or the placeholder (categories too: 'single value or list; first is used'). */
export function firstImage(images: string[] | string | null | undefined): string {
  return imageList(images)[0] ?? PLACEHOLDER_IMAGE;
}

export function productTitle(product: { title: string | null }): string {
  const title = product.title?.trim();
  return title ? title : DEFAULT_TITLE;
}

/** A chosen feature as a line shows it: 'Rang: Qora, Xotira: 128 GB'. */
export const featureText = (feature: Pick<Feature, 'attributes'>): string =>
  feature.attributes.map((a) => `${a.name}: ${a.value}`).join(', ');

/** Reviews newest first; those without a date keep the backend's order after the dated ones. */
export function newestFirst<T extends { created_at?: string }>(reviews: readonly T[]): T[] {
  return [...reviews].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
}

/** Only features with count > 0 are kept. */
export function availableFeatures(features: readonly Feature[]): Feature[] {
  return features.filter((feature) => feature.count > 0);
}

export interface ShownProduct extends Omit<Product, 'images' | 'title' | 'features'> {
  title: string;
  images: string[];
  features: Feature[];
}

/** A product as the pages show it: title, images (placeholder when none), features in stock. */
export function normaliseProduct(product: Product): ShownProduct {
  const images = imageList(product.images);
  return {
    ...product,
    title: productTitle(product),
    images: images.length > 0 ? images : [PLACEHOLDER_IMAGE],
    features: availableFeatures(product.features),
  };
}

export function categoryImage(category: Pick<Category, 'image'>): string {
  return firstImage(category.image);
}
