/**
 * The product page's gallery (src/components/product/ProductPanel.astro): the photos side by side in a scroll-snap
 * row (a swipe on a phone, a thumbnail anywhere, brings one into place), and a tap or click (Enter, Space) opening
 * the full-screen view at the photo's full size: pinch, double tap, + and − zoom; a sideways swipe or the arrows go
 * to the next; Escape, the back button, a swipe down or the close button close it, focus back where it was.
 */
import type { Gallery } from '../rules/live-product.ts';
import { GALLERY_PHOTO, imageAttributes, SMALL_PHOTO, type PhotoKind } from '../../../shared/image-url.ts';
import { openModal } from '../../../shared/ui/dialog.ts';

/** The panel's translator: the gallery's labels. */
type Say = (
  key:
    | 'product.image_alt'
    | 'product.thumb'
    | 'product.zoom_close'
    | 'product.zoom_prev'
    | 'product.zoom_next'
    | 'product.zoom_in',
  values?: Record<string, string | number>,
) => string;

/** A photo's <img> at the size it shows, through the one image-URL function. */
function photo(url: string, kind: PhotoKind, side: number, alt: string): HTMLImageElement {
  const image = new Image(side, side);
  const attributes = imageAttributes(url, kind);
  if (attributes.srcset && attributes.sizes) {
    image.srcset = attributes.srcset;
    image.sizes = attributes.sizes;
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
  const slides = panel.querySelector<HTMLElement>('.slides')!;
  const thumbs = panel.querySelector<HTMLElement>('[data-thumbs]')!;
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

  const slide = (url: string, n: number) => {
    // Named by its photo's alt; it opens the full-screen view.
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-haspopup', 'dialog');
    button.dataset['zoom'] = String(n);
    const image = photo(url, GALLERY_PHOTO, 600, say('product.image_alt', { title, n: n + 1 }));
    image.loading = n === 0 ? 'eager' : 'lazy';
    if (n === 0) image.dataset['galleryMain'] = '';
    button.append(image);
    return button;
  };
  // The HTML has the first photo; the others join it now, loading as they near the screen.
  slides.append(...images.slice(1).map((url, n) => slide(url, n + 1)));

  const draw = (gallery: Gallery) => {
    images = gallery.images.length > 0 ? gallery.images : ['/placeholder.svg'];
    slides.replaceChildren(...images.map(slide));
    thumbs.replaceChildren(
      ...gallery.images.map((url, n) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset['thumb'] = String(n);
        button.setAttribute('aria-label', say('product.thumb', { n: n + 1 }));
        button.append(photo(url, SMALL_PHOTO, 64, ''));
        const item = document.createElement('li');
        item.append(button);
        return item;
      }),
    );
    thumbs.hidden = !gallery.thumbnails;
  };

  // The full-screen view, made on its first opening.
  let zoomView: ((list: string[], n: number) => void) | undefined;
  const open = (n: number) => {
    zoomView ??= fullScreen(panel, say, title, (shown) => go(shown, false));
    zoomView(images, n);
  };

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

const button = (className: string, label: string, text: string, data: string, value = '') => {
  const made = Object.assign(document.createElement('button'), { type: 'button', className, textContent: text });
  made.setAttribute('aria-label', label);
  made.setAttribute(data, value);
  return made;
};

/**
 * The full-screen view of a gallery's photos, a native modal <dialog> in the panel: the whole photo, zoomed by
 * pinching, a double tap, + and − or its button; stepped by the arrows, a sideways swipe or its buttons; closed by
 * Escape, the back button (opening pushes a history entry), a swipe down or its button. `closed` learns the photo
 * shown last.
 */
function fullScreen(
  panel: HTMLElement,
  say: Say,
  title: string,
  closed: (shown: number) => void,
): (images: string[], n: number) => void {
  const dialog = document.createElement('dialog');
  dialog.className = 'zoom';
  dialog.dataset['zoomDialog'] = '';
  const view = Object.assign(document.createElement('div'), { className: 'zoom-view' });
  view.dataset['zoomView'] = '';
  const big = view.appendChild(new Image());
  const steps = [
    button('zoom-button zoom-prev', say('product.zoom_prev'), '‹', 'data-zoom-step', '-1'),
    button('zoom-button zoom-next', say('product.zoom_next'), '›', 'data-zoom-step', '1'),
  ];
  dialog.append(
    view,
    button('zoom-button zoom-close', say('product.zoom_close'), '×', 'data-zoom-close'),
    ...steps,
    button('zoom-button zoom-in', say('product.zoom_in'), '+', 'data-zoom-in'),
  );
  panel.append(dialog);
  let images: string[] = [];
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
    dialog.setAttribute('aria-label', say('product.image_alt', { title, n: at + 1 }));
    big.src = images[at]!;
    big.alt = say('product.image_alt', { title, n: at + 1 });
    setZoom(1);
    for (const step of steps) step.hidden = images.length < 2;
  };
  // The back button closes the view rather than leaving the page: opening pushes an entry, closing otherwise goes
  // back over it. A view opened again before that going back has landed pushes its entry once it has.
  let goingBack = false;
  const push = () => {
    history.pushState({ zoom: true }, '');
    pushed = true;
  };
  const open = (list: string[], n: number) => {
    images = list;
    showBig(n);
    openModal(dialog);
    if (!goingBack) push();
  };
  dialog.addEventListener('close', () => {
    if (pushed) {
      pushed = false;
      goingBack = true;
      history.back();
    }
    closed(at);
  });
  addEventListener('popstate', () => {
    if (goingBack) {
      goingBack = false;
      if (dialog.open) push();
    } else if (dialog.open) {
      pushed = false;
      dialog.close();
    }
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

  return open;
}
