declare module 'virtual:capabilities' {
  /** The backend's capabilities in effect for this build (integrations/capabilities.ts). */
  const capabilities: import('../contract/capabilities.ts').Capability[];
  export default capabilities;
}
declare module 'virtual:labels/*' {
  /** One label set of src/i18n/labels.ts, by language (integrations/island-labels.ts). */
  const labels: Record<'uz' | 'ru', Record<string, string>>;
  export default labels;
}
