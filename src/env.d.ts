declare module 'virtual:photo-urls' {
  import type { ImageServiceSetting } from './virtual-modules.ts';
  const service: ImageServiceSetting;
  export default service;
}
declare module 'virtual:capabilities' {
  import type { Capabilities } from './virtual-modules.ts';
  const capabilities: Capabilities;
  export default capabilities;
}
// The label sets client modules import, by language (src/i18n/labels.ts, integrations/island-labels.ts).
declare module 'virtual:labels/search' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'search'>;
  export default labels;
}
declare module 'virtual:labels/product' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'product'>;
  export default labels;
}
declare module 'virtual:labels/reviews' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'reviews'>;
  export default labels;
}
declare module 'virtual:labels/toasts' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'toasts'>;
  export default labels;
}
declare module 'virtual:labels/auth' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'auth'>;
  export default labels;
}
declare module 'virtual:labels/address' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'address'>;
  export default labels;
}
declare module 'virtual:labels/comments' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'comments'>;
  export default labels;
}
declare module 'virtual:labels/lateProduct' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'lateProduct'>;
  export default labels;
}
declare module 'virtual:labels/listing' {
  import type { LabelsByLang } from './virtual-modules.ts';
  const labels: LabelsByLang<'listing'>;
  export default labels;
}
// The head scripts' texts, bundled at build time (integrations/inline-scripts.ts).
declare module 'virtual:inline-scripts' {
  export const searchHead: string;
}
