declare module 'virtual:labels/*' {
  /** One label set of src/i18n/labels.ts, by language (integrations/island-labels.ts). */
  const labels: Record<'uz' | 'ru', Record<string, string>>;
  export default labels;
}
