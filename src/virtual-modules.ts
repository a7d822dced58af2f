/**
 * The types of the build's virtual modules, which src/env.d.ts declares. They
 * live here because knip takes an import inside a `declare module` block for a
 * use of every export of the module it names: the blocks import this module
 * only, so no dead export elsewhere hides behind them.
 */
import type { Capability } from '#contract/capabilities.ts';
import type { Lang } from '#contract/schemas.ts';
import type { LabelSet } from './i18n/labels.ts';
import type { ImageService } from '#contract/image-url.ts';
import type { Labels } from './i18n/messages.ts';

/** `virtual:capabilities`: the backend's capabilities in effect for this build (integrations/capabilities.ts). */
export type Capabilities = Capability[];

/** `virtual:labels/<set>`: a label set's labels in both languages (integrations/island-labels.ts). */
export type LabelsByLang<S extends LabelSet> = Record<Lang, Labels<S>>;

/** `virtual:photo-urls`: how this build's pages and islands ask for a photo at a width (integrations/images.ts). */
export type ImageServiceSetting = ImageService;
