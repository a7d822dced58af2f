/**
 * The typeface: every text is set in the self-hosted Inter (Uzbek ʻ and ʼ and Russian Cyrillic included, no
 * system font standing in for a letter), its files are preloaded and fetched once each from the site itself, and
 * the fallback shown until they arrive takes the room Inter will. The one exception, the other language's name in
 * the switcher, is set in the fallback: an Uzbek page fetches no Cyrillic file for the word "Русский".
 */
import type { Page } from '@playwright/test';
import { seedData } from '../support/api.ts';
import { expect, test } from '../support/test.ts';

/** The fonts Chromium drew an element's text with, and how many glyphs each drew. */
async function fontsOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => ({ family: font.familyName, custom: font.isCustomFont }));
  } finally {
    await cdp.detach();
  }
}

/** The font files the page asked for, and of those the ones that came over the network (not from the cache). */
const fontRequests = (page: Page) =>
  page.evaluate(() => {
    const fonts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ url: new URL(entry.name), bytes: entry.transferSize }))
      .filter(({ url }) => url.pathname.endsWith('.woff2'));
    const href = ({ url }: { url: URL }) => `${url.origin}${url.pathname}`;
    return { asked: fonts.map(href), downloaded: fonts.filter(({ bytes }) => bytes > 0).map(href) };
  });

test('Uzbek ʻ and ʼ and Russian are drawn in Inter, from preloaded files fetched once from the site', async ({
  page,
  baseURL,
}) => {
  const { categories } = await seedData();
  const games = categories.find((c) => c.name.includes('ʻ'));
  if (!games) throw new Error('the seed has a category with ʻ in its name');
  for (const [lang, text] of [
    ['uz', 'Oʻyin konsollari'],
    ['ru', 'Игровые консоли'],
  ] as const) {
    await page.goto(`/${lang}/category/${games.id}`);
    await expect(page.locator('h1')).toHaveText(text);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsOf(page, 'h1'), lang).toEqual([{ family: 'Inter', custom: true }]);
    const preloaded = await page
      .locator('link[rel=preload][as=font]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloaded.length, lang).toBeGreaterThan(0);
    const { asked: fetched, downloaded } = await fontRequests(page);
    for (const href of preloaded) expect(fetched, `${lang}: the preloaded ${href} is the one used`).toContain(href);
    expect(new Set(downloaded).size, `${lang}: each font file downloaded once: ${downloaded.join(', ')}`).toBe(
      downloaded.length,
    );
    for (const url of fetched) expect(url.startsWith(baseURL ?? ''), url).toBe(true);
    if (lang === 'uz') expect(fetched.filter((url) => url.includes('cyrillic'))).toEqual([]);
    else expect(fetched.some((url) => url.includes('cyrillic'))).toBe(true);
  }
  // The modifier letters themselves: ʼ (U+02BC) as in LʼOréal, next to ʻ.
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.id = 'probe';
    probe.textContent = 'Oʻzbekiston, taʼlim';
    document.querySelector('main')?.append(probe);
  });
  expect(await fontsOf(page, '#probe')).toEqual([{ family: 'Inter', custom: true }]);
});

test('the fallback takes the room Inter will, so the swap to Inter moves no line', async ({ page }) => {
  await page.goto('/ru');
  await page.evaluate(() => document.fonts.ready);
  // The same words set in Inter and in the fallback (a system sans scaled to Inter's metrics), side by side.
  const boxes = await page.evaluate(() =>
    ['Oʻyin konsoli Sony PlayStation 5 Pro, 7 899 000 soʻm', 'Игровая консоль, доставка по Карши'].map((text) => {
      const measure = (family: string) => {
        const span = document.createElement('span');
        span.textContent = text;
        span.style.fontFamily = family;
        span.style.whiteSpace = 'nowrap';
        // Sized by its words alone, and as tall as the font says a line is.
        span.style.position = 'absolute';
        span.style.lineHeight = 'normal';
        document.body.append(span);
        const { width, height } = span.getBoundingClientRect();
        span.remove();
        return { width, height };
      };
      return { text, inter: measure('Inter'), fallback: measure('Inter Fallback') };
    }),
  );
  for (const { text, inter, fallback } of boxes) {
    expect(Math.abs(fallback.width / inter.width - 1), `${text}: width`).toBeLessThan(0.03);
    expect(Math.abs(fallback.height - inter.height), `${text}: height`).toBeLessThanOrEqual(1);
  }
});
