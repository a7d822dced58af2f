/**
 * Stylesheets of the parts that load on use (dialogs, the map). Imported with
 * `?url`, so Astro does not put them in every page's head as render-blocking
 * links; the part adds them when it loads and shows once they apply.
 */
const added = new Map<string, Promise<void>>();

/** Adds each stylesheet to the page once; resolves when all have loaded (or failed: unstyled beats stuck). */
export function loadStylesheets(...hrefs: string[]): Promise<void> {
  return Promise.all(
    hrefs.map((href) => {
      let loaded = added.get(href);
      if (!loaded) {
        loaded = new Promise<void>((done) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = link.onerror = () => done();
          document.head.append(link);
        });
        added.set(href, loaded);
      }
      return loaded;
    }),
  ).then(() => undefined);
}
