declare module 'virtual:capabilities' {
  import type { Capability } from '../contract/capabilities.ts';
  /** The backend's capabilities in effect for this build (integrations/capabilities.ts). */
  const capabilities: Capability[];
  export default capabilities;
}
// The label sets client modules import, by language (src/i18n/labels.ts, integrations/island-labels.ts).
declare module 'virtual:labels/search' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'search'>>;
  export default labels;
}
declare module 'virtual:labels/product' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'product'>>;
  export default labels;
}
declare module 'virtual:labels/reviews' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'reviews'>>;
  export default labels;
}
declare module 'virtual:labels/toasts' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'toasts'>>;
  export default labels;
}
declare module 'virtual:labels/auth' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'auth'>>;
  export default labels;
}
declare module 'virtual:labels/address' {
  const labels: Record<import('#contract/schemas.ts').Lang, import('./i18n/messages.ts').Labels<'address'>>;
  export default labels;
}
