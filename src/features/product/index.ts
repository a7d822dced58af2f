/** The product page: its live price and stock, feature choice, gallery, reviews and related products. */
export { featureImages, featureName, galleryFor, stockText } from './rules/live-product.ts';
export { productPageView, type ProductPageProps } from './rules/product-page.ts';
export { liveReviews } from './state/live.ts';
export { enhanceProductPanel, enhanceProductReviews } from './ui/enhance.ts';
export { watchRelatedPlace } from './ui/related-place.ts';
/** A product built after this release, drawn on its not-found page. */
export const lateProduct = () => import('./ui/late-product.tsx');
