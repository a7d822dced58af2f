import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A page whose <meta name="bozor:installment"> holds `content` (none when null). */
function page(content: string | null) {
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      selector === 'meta[name="bozor:installment"]' && content !== null ? { content } : null,
  });
}

describe('configuredPlan', () => {
  it("reads the build's plan from the page (src/layouts/Base.astro)", async () => {
    page('12 20');
    const { configuredPlan } = await import('./installment-plan.ts');
    expect(configuredPlan()).toEqual({ months: 12, markup_percent: 20 });
  });

  it('is none when the build configured none, and on the server', async () => {
    page(null);
    expect((await import('./installment-plan.ts')).configuredPlan()).toBeNull();
    vi.resetModules();
    vi.unstubAllGlobals();
    expect((await import('./installment-plan.ts')).configuredPlan()).toBeNull();
  });
});
