/**
 * `virtual:labels/<set>`: a module whose default export is the labels of one
 * of src/i18n/labels.ts's LABEL_SETS, in both languages ({ uz, ru }). Client
 * modules that render text import it instead of reading a JSON attribute
 * that every page would repeat (so pages stay light); the chunk is cached.
 */
import type { Plugin } from 'vite';
import { islandLabels, LABEL_SETS, type LabelSet } from '../src/i18n/labels.ts';

const PREFIX = 'virtual:labels/';

export function islandLabelsModule(): Plugin {
  return {
    name: 'bozor-island-labels',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const set = id.slice(PREFIX.length + 1);
      if (!Object.hasOwn(LABEL_SETS, set)) throw new Error(`No label set "${set}" in src/i18n/labels.ts`);
      const labels = { uz: islandLabels('uz', set as LabelSet), ru: islandLabels('ru', set as LabelSet) };
      return `export default ${JSON.stringify(labels)};`;
    },
  };
}
