/**
 * When the product page's related products load: as their place nears the screen. Their code (the card filler,
 * the labels, the API read) comes then too, so the page's first load carries none of it.
 */
export function watchRelatedPlace(place: HTMLElement): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void import('./related.ts').then(({ showRelated }) => showRelated(place));
    },
    { rootMargin: '400px' },
  );
  observer.observe(place);
}
