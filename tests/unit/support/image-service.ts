/** `virtual:photo-urls` for unit tests: the reference API's own `?w=` on its media origin. */
import type { ImageService } from '../../../contract/image-url.ts';

export default { template: null, query: ['http://localhost:8787'], variants: true } satisfies ImageService;
