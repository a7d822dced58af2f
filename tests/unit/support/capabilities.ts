/** `virtual:capabilities` for unit tests: the in-process reference API has every capability. */
import { CAPABILITIES } from '#contract/capabilities.ts';

export default [...CAPABILITIES];
