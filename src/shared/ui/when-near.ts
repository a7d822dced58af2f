/** Runs `run` once, when `element` comes within `margin` (a CSS length) of the screen. */
export function whenNear(element: Element, margin: string, run: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
}
