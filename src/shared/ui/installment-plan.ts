/**
 * The build's configured installment plan in the browser, for tiles of
 * products the API sends no plan for: Base.astro writes it into
 * <meta name="bozor:installment" content="months markup"> (src/data/installment.ts).
 */
import type { InstallmentPlan } from '../installment.ts';

let plan: InstallmentPlan | null | undefined;

export function configuredPlan(): InstallmentPlan | null {
  if (typeof document === 'undefined') return null;
  if (plan === undefined) {
    const [months, markup] = (document.querySelector<HTMLMetaElement>('meta[name="bozor:installment"]')?.content ?? '')
      .split(' ')
      .map(Number);
    plan = months ? { months, markup_percent: markup ?? 0 } : null;
  }
  return plan;
}
