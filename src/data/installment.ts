/**
 * The installment plan configured for the build: what cards and
 * product pages offer for a product the API sends no plan for. Unset
 * INSTALLMENT_MONTHS: none, and nothing is shown for such products.
 */
import { planFromSettings } from '../shared/installment.ts';

const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;

export const CONFIGURED_PLAN = planFromSettings(env.INSTALLMENT_MONTHS, env.INSTALLMENT_MARKUP_PERCENT);

/** The <meta> content islands read it from (src/shared/ui/installment-plan.ts): "months markup". */
export const CONFIGURED_PLAN_META = CONFIGURED_PLAN
  ? `${CONFIGURED_PLAN.months} ${CONFIGURED_PLAN.markup_percent}`
  : null;
