/**
 * The search page's first results, asked for as the page parses rather than once React has woken, and the first
 * row's photos requested the moment the answer is known (a preload at the width the cards ask for, high priority):
 * the largest paint of the page is one of them. The island (SearchResults.tsx) takes the same answer.
 */
import { FIRST_ROW } from '../../lib/card.ts';
import { imageAttributes, SIZES } from '../../lib/image-url.ts';
import { firstImage } from '../../lib/product.ts';
import { cleanQuery } from '../../lib/recent-searches.ts';
import { firstResults } from '../../stores/search.ts';

const query = cleanQuery(new URLSearchParams(location.search).get('q') ?? '');
if (query) {
  firstResults(query).then(
    (page) => {
      for (const product of page.results.slice(0, FIRST_ROW)) {
        const { src, srcset } = imageAttributes(firstImage(product.images), SIZES.card);
        const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: src });
        if (srcset) Object.assign(link, { imageSrcset: srcset, imageSizes: SIZES.card });
        link.fetchPriority = 'high';
        document.head.append(link);
      }
    },
    // The island shows a failure.
    () => undefined,
  );
}
