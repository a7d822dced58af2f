/**
 * Two tabs of one browser whose access token expired together:
 * both are refused at once, the session is renewed once (the tabs
 * take turns under a Web Lock and the second reads the pair the first
 * stored), and both stay signed in. Against the real reference API, whose
 * refresh tokens rotate: a second refresh with the old token after its grace
 * window would end the session.
 */
import { API_PREFIX } from '#contract/routes.ts';
import { api, signIn } from '../support/api.ts';
import { expiredAccess } from '../support/expired-token.ts';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import { useTokens } from './helpers.ts';

const REFRESH = new RegExp(`${API_PREFIX}/users/token/refresh/$`);
const PROFILE = new RegExp(`${API_PREFIX}/users/profile/$`);

test('two tabs with an expired access token renew the session once and both stay signed in', async ({ page }) => {
  expectConsole(page, failedLoad(401, /\/api\/v1\//));
  const tokens = await signIn();
  await useTokens(page, { access: await expiredAccess(tokens.access), refresh: tokens.refresh });
  const context = page.context();
  const second = await context.newPage();
  try {
    // Each tab's profile call is refused with the expired token; the renewal is held until both were.
    let refused = 0;
    const onResponse = (response: { url(): string; status(): number }) => {
      if (PROFILE.test(response.url()) && response.status() === 401) refused++;
    };
    context.on('response', onResponse);
    const refreshes: string[] = [];
    await context.route(REFRESH, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      refreshes.push(route.request().postData() ?? '');
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      // Held a while longer: a tab that renews on its own (no lock) sends its refresh meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });

    await Promise.all([page.goto('/uz/profile'), second.goto('/uz/profile')]);
    for (const tab of [page, second]) {
      await expect(tab.getByTestId('personal-data')).toBeVisible();
      await expect(tab.getByTestId('sign-in-gate')).toHaveCount(0);
    }
    expect(refused).toBeGreaterThanOrEqual(2);
    // One renewal for both tabs.
    expect(refreshes).toEqual([JSON.stringify({ refresh: tokens.refresh })]);

    // Both tabs hold the same new pair, and the session is alive on the server.
    const held = await Promise.all(
      [page, second].map((tab) =>
        tab.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') })),
      ),
    );
    expect(held[0]?.refresh).not.toBe(tokens.refresh);
    expect(held[1]).toEqual(held[0]);
    const renewed = { access: held[0]?.access ?? '', refresh: held[0]?.refresh ?? '' };
    await expect(api({ tokens: renewed }).call('profile')).resolves.toMatchObject({ id: expect.any(Number) });
    context.off('response', onResponse);
  } finally {
    await context.unroute(REFRESH);
    await second.close();
  }
});
