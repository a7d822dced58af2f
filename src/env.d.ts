// Types of the build's virtual modules. Each names what it uses by an import() type: knip counts an import
// statement inside a `declare module` block as a use of every export of the module it names.
declare module 'virtual:capabilities' {
  /** The backend's capabilities in effect for this build (integrations/capabilities.ts). */
  const capabilities: import('../contract/capabilities.ts').Capability[];
  export default capabilities;
}

/** A label set's labels in both languages: what `virtual:labels/<set>` exports. */
type LabelsByLang<S extends import('./i18n/labels.ts').LabelSet> = Record<
  import('../contract/schemas.ts').Lang,
  import('./i18n/messages.ts').Labels<S>
>;

// The label sets client modules import, by language (src/i18n/labels.ts, integrations/island-labels.ts).
declare module 'virtual:labels/search' {
  const labels: LabelsByLang<'search'>;
  export default labels;
}
declare module 'virtual:labels/product' {
  const labels: LabelsByLang<'product'>;
  export default labels;
}
declare module 'virtual:labels/reviews' {
  const labels: LabelsByLang<'reviews'>;
  export default labels;
}
declare module 'virtual:labels/toasts' {
  const labels: LabelsByLang<'toasts'>;
  export default labels;
}
declare module 'virtual:labels/auth' {
  const labels: LabelsByLang<'auth'>;
  export default labels;
}
declare module 'virtual:labels/address' {
  const labels: LabelsByLang<'address'>;
  export default labels;
}
