import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  imageAt,
  imageAttributes,
  imageKey,
  imageSrcset,
  CARD_PHOTO,
  GALLERY_PHOTO,
  SMALL_PHOTO,
  type ImageService,
} from './image-url.ts';

const backend: ImageService = { template: null, query: ['http://api.example'], variants: true };
const whole: ImageService = { template: null, query: [], variants: false };

describe('a photo at a width', () => {
  it('is the backend’s ?w= (or &w= after a query) on an origin that answers it', () => {
    expect(imageAt('http://api.example/media/1.webp', 360, backend)).toBe('http://api.example/media/1.webp?w=360');
    expect(imageAt('http://API.example/a.jpg?v=2', 160, backend)).toBe('http://API.example/a.jpg?v=2&w=160');
  });
  it('is a variant the build made, under /img/, for a photo on any other origin', () => {
    const url = 'https://media.example/p/7.jpg';
    expect(imageAt(url, 720, backend)).toBe(`/img/${imageKey(url)}-720.webp`);
    expect(imageKey(url)).toMatch(/^[0-9a-f]{16}$/);
    expect(imageKey(url)).not.toBe(imageKey(`${url}?v=2`));
  });
  it('fills an image service’s template: imgproxy’s encoded source, or a plain {url}', () => {
    const imgproxy = { ...whole, template: 'http://imgproxy:8080/insecure/rs:fit:{width}:0/plain/{url_encoded}@webp' };
    expect(imageAt('https://m.example/a b.jpg?x=1', 360, imgproxy)).toBe(
      'http://imgproxy:8080/insecure/rs:fit:360:0/plain/https%3A%2F%2Fm.example%2Fa%20b.jpg%3Fx%3D1@webp',
    );
    const cdn = { ...whole, template: 'https://cdn.example/cdn-cgi/image/width={width}/{url}' };
    expect(imageAt('https://m.example/a.jpg', 160, cdn)).toBe(
      'https://cdn.example/cdn-cgi/image/width=160/https://m.example/a.jpg',
    );
  });
  it('is the photo itself when nothing resizes it, and for a vector or local image', () => {
    expect(imageAt('https://m.example/a.jpg', 360, whole)).toBe('https://m.example/a.jpg');
    expect(imageAt('/placeholder.svg', 360, backend)).toBe('/placeholder.svg');
    expect(imageAt('http://api.example/logo.SVG?x=1', 360, backend)).toBe('http://api.example/logo.SVG?x=1');
  });
});

describe('an <img> of a photo', () => {
  it('has its kind’s widths in its srcset, the whole photo as src, and the sizes it shows at', () => {
    const url = 'http://api.example/media/1.webp';
    expect(imageAttributes(url, GALLERY_PHOTO, backend)).toEqual({
      src: url,
      srcset: GALLERY_PHOTO.widths.map((width) => `${url}?w=${width} ${width}w`).join(','),
      sizes: GALLERY_PHOTO.sizes,
    });
  });
  it('is one width, its src alone, for a small one', () => {
    const url = 'https://media.example/p/7.jpg';
    expect(imageAttributes(url, SMALL_PHOTO, backend)).toEqual({ src: `/img/${imageKey(url)}-160.webp` });
    expect(IMAGE_WIDTHS).toContain(SMALL_PHOTO.widths[0]);
  });
  it('has no srcset when it cannot be resized', () => {
    expect(imageAttributes('/placeholder.svg', CARD_PHOTO, backend)).toEqual({ src: '/placeholder.svg' });
    expect(imageSrcset('https://m.example/a.jpg', [360], whole)).toBeNull();
  });
});
