declare module 'virtual:capabilities' {
  import type { Capability } from '../contract/capabilities.ts';
  /** The backend's capabilities in effect for this build (integrations/capabilities.ts). */
  const capabilities: Capability[];
  export default capabilities;
}
declare module 'virtual:labels/*' {
  /** One label set of src/i18n/labels.ts, by language (integrations/island-labels.ts). */
  const labels: Record<'uz' | 'ru', Record<string, string>>;
  export default labels;
}
