/**
 * The product page's gallery (src/components/product/ProductPanel.astro): the photos side by side in a scroll-snap
 * row (a swipe on a phone, a thumbnail anywhere, brings one into place), and a tap or click (Enter, Space) opening
 * the full-screen view at the photo's full size: pinch, double tap, + and − zoom; a sideways swipe or the arrows go
 * to the next; Escape, the back button, a swipe down or the close button close it, focus back where it was.
 */
import type { Gallery } from '../../lib/live-product.ts';
import { imageAttributes, SIZES } from '../../lib/image-url.ts';

type Say = (
  key: 'product.image_alt' | 'product.thumb' | 'product.zoom',
  values: Record<string, string | number>,
) => string;

/** A photo's <img> at the size it shows, through the one image-URL function. */
function photo(url: string, sizes: string, side: number, alt: string): HTMLImageElement {
  const image = new Image(side, side);
  const attributes = imageAttributes(url, sizes);
  if (attributes.srcset) {
    image.srcset = attributes.srcset;
    image.sizes = sizes;
  }
  image.src = attributes.src;
  image.alt = alt;
  image.decoding = 'async';
  return image;
}

const MAX_ZOOM = 4;
/** A swipe: this far (CSS px) along its direction, more than across it. */
const SWIPE = 60;

export interface GalleryControl {
  /** Shows a gallery (redrawn when `of`, the variant it belongs to, changed), at its photo `at`. */
  show(of: unknown, gallery: Gallery, at: number): void;
}

export function enhanceGallery(
  panel: HTMLElement,
  say: Say,
  title: string,
  first: { of: unknown; images: string[] },
): GalleryControl {
  const slides = panel.querySelector<HTMLElement>('[data-slides]')!;
  const thumbs = panel.querySelector<HTMLElement>('[data-thumbs]')!;
  const dialog = panel.querySelector<HTMLDialogElement>('[data-zoom-dialog]')!;
  const view = dialog.querySelector<HTMLElement>('[data-zoom-view]')!;
  const big = view.appendChild(new Image());
  const steps = [...dialog.querySelectorAll<HTMLButtonElement>('[data-zoom-step]')];
  let images = first.images;
  let drawnOf = first.of;
  let index = 0;

  const press = () => {
    for (const button of thumbs.querySelectorAll<HTMLElement>('[data-thumb]'))
      button.setAttribute('aria-pressed', String(Number(button.dataset['thumb']) === index));
  };
  const go = (at: number, smooth: boolean) => {
    index = Math.max(0, Math.min(at, images.length - 1));
    slides.scrollTo({ left: index * slides.clientWidth, behavior: smooth ? 'smooth' : 'instant' });
    press();
  };
  let frame = 0;
  slides.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const at = Math.round(slides.scrollLeft / Math.max(1, slides.clientWidth));
        if (at !== index) {
          index = at;
          press();
        }
      });
    },
    { passive: true },
  );

  const draw = (gallery: Gallery) => {
    images = gallery.images.length > 0 ? gallery.images : ['/placeholder.svg'];
    slides.replaceChildren(
      ...images.map((url, n) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'slide';
        button.dataset['zoom'] = String(n);
        button.setAttribute('aria-label', say('product.zoom', { n: n + 1 }));
        const image = photo(url, SIZES.gallery, 600, say('product.image_alt', { title, n: n + 1 }));
        image.loading = n === 0 ? 'eager' : 'lazy';
        if (n === 0) image.dataset['galleryMain'] = '';
        button.append(image);
        const item = document.createElement('li');
        item.append(button);
        return item;
      }),
    );
    thumbs.replaceChildren(
      ...gallery.images.map((url, n) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset['thumb'] = String(n);
        button.setAttribute('aria-label', say('product.thumb', { n: n + 1 }));
        const image = photo(url, SIZES.thumb, 64, '');
        image.loading = 'lazy';
        button.append(image);
        const item = document.createElement('li');
        item.append(button);
        return item;
      }),
    );
    thumbs.hidden = !gallery.thumbnails;
  };

  // The full-screen view.
  let at = 0;
  let zoom = 1;
  let pushed = false;
  const setZoom = (next: number, x = view.clientWidth / 2, y = view.clientHeight / 2) => {
    const before = zoom;
    zoom = Math.max(1, Math.min(MAX_ZOOM, next));
    // The point under (x, y) stays under it.
    const left = ((view.scrollLeft + x) / before) * zoom - x;
    const top = ((view.scrollTop + y) / before) * zoom - y;
    view.style.setProperty('--zoom', String(zoom));
    view.toggleAttribute('data-zoomed', zoom > 1);
    view.scrollLeft = left;
    view.scrollTop = top;
  };
  const showBig = (n: number) => {
    at = (n + images.length) % images.length;
    big.src = images[at]!;
    big.alt = say('product.image_alt', { title, n: at + 1 });
    setZoom(1);
    for (const step of steps) step.hidden = images.length < 2;
  };
  const open = (n: number) => {
    showBig(n);
    dialog.showModal();
    // The back button closes the view rather than leaving the page.
    history.pushState({ zoom: true }, '');
    pushed = true;
  };
  dialog.addEventListener('close', () => {
    if (pushed) {
      pushed = false;
      history.back();
    }
    go(at, false);
  });
  addEventListener('popstate', () => {
    if (!dialog.open) return;
    pushed = false;
    dialog.close();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-zoom-close]')) dialog.close();
    else if (target.closest('[data-zoom-in]')) setZoom(zoom > 1 ? 1 : 2.5);
    const step = target.closest<HTMLElement>('[data-zoom-step]');
    if (step) showBig(at + Number(step.dataset['zoomStep']));
  });
  view.addEventListener('dblclick', (event) =>
    setZoom(zoom > 1 ? 1 : 2.5, event.offsetX - view.scrollLeft, event.offsetY - view.scrollTop),
  );
  dialog.addEventListener('keydown', (event) => {
    if (event.key === '+' || event.key === '=') setZoom(zoom * 1.5);
    else if (event.key === '-') setZoom(zoom / 1.5);
    else if (zoom === 1 && (event.key === 'ArrowRight' || event.key === 'ArrowLeft'))
      showBig(at + (event.key === 'ArrowRight' ? 1 : -1));
    else return;
    event.preventDefault();
  });

  // Touch: two fingers pinch; one, unzoomed, swipes down to close or sideways to the next photo.
  const pointers = new Map<number, { x: number; y: number }>();
  let start: { x: number; y: number } | null = null;
  let pinch: { distance: number; zoom: number } | null = null;
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  view.addEventListener('pointerdown', (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) start = { x: event.clientX, y: event.clientY };
    if (pointers.size === 2) {
      pinch = { distance: distance(), zoom };
      start = null;
    }
  });
  view.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size === 2 && pinch.distance > 0) {
      const [a, b] = [...pointers.values()];
      setZoom((pinch.zoom * distance()) / pinch.distance, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
    }
  });
  const lift = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!start || pointers.size > 0 || zoom > 1) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (dy > SWIPE && dy > Math.abs(dx)) dialog.close();
    else if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(dy)) showBig(at + (dx < 0 ? 1 : -1));
  };
  view.addEventListener('pointerup', lift);
  view.addEventListener('pointercancel', (event) => {
    pointers.delete(event.pointerId);
    pinch = null;
    start = null;
  });

  panel.addEventListener('click', (event) => {
    const target = event.target as Element;
    const thumb = target.closest<HTMLElement>('[data-thumb]');
    const slide = target.closest<HTMLElement>('[data-zoom]');
    if (thumb) go(Number(thumb.dataset['thumb']), true);
    else if (slide) open(Number(slide.dataset['zoom']));
  });

  return {
    show(of, gallery, n) {
      if (of !== drawnOf) {
        drawnOf = of;
        draw(gallery);
      }
      go(n, false);
    },
  };
}
