declare module 'virtual:capabilities' {
  import type { Capability } from '../contract/capabilities.ts';
  /** The backend's capabilities in effect for this build (integrations/capabilities.ts). */
  const capabilities: Capability[];
  export default capabilities;
}
// The label sets client modules import, by language (src/i18n/labels.ts, integrations/island-labels.ts).
declare module 'virtual:labels/search' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'search'>>;
  export default labels;
}
declare module 'virtual:labels/product' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'product'>>;
  export default labels;
}
declare module 'virtual:labels/reviews' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'reviews'>>;
  export default labels;
}
declare module 'virtual:labels/toasts' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'toasts'>>;
  export default labels;
}
declare module 'virtual:labels/auth' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'auth'>>;
  export default labels;
}
declare module 'virtual:labels/address' {
  import type { Lang } from '../contract/schemas.ts';
  import type { Labels } from './i18n/messages.ts';
  const labels: Record<Lang, Labels<'address'>>;
  export default labels;
}
