/**
 * Sign-in modal: bad phones and codes (spec §5), every sign-in fault (spec
 * §8), the API's limits (429), focus and Escape (WCAG), corrupted storage
 * (never a crash).
 */
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { products, randomPhone } from '../support/api.ts';
import { watchErrors } from '../support/site.ts';
import { expectToast, fail, passTimeouts, toast, type Fault } from './helpers.ts';

const AUTH = /\/api\/v1\/users\/auth\/$/;
const VERIFY = /\/api\/v1\/users\/verify\/$/;
const RESEND = /\/api\/v1\/users\/auth\/resend\/$/;

async function openModal(page: Page) {
  await page.goto('/uz/profile');
  await page.getByTestId('profile-sign-in').click();
  const dialog = page.getByTestId('sign-in-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function typePhone(page: Page, text: string) {
  const input = page.getByTestId('phone-input');
  await input.fill('');
  await input.pressSequentially(text);
  return input;
}

test.describe('bad phone numbers', () => {
  for (const [name, typed, shown] of [
    ['short', '99890123', '+998 (90) 123'],
    ['non-Uzbek', '79123456789', '+7 912 345 67 89'],
    ['letters', 'abc+99890xyz', '+998 (90'],
  ] as const) {
    test(`${name}: 'Iltimos, telefon raqamingizni toʻliq kiriting' and no call`, async ({ page }) => {
      let calls = 0;
      await page.route(AUTH, (route) => (calls++, route.fallback()));
      await openModal(page);
      const input = await typePhone(page, typed);
      await expect(input).toHaveValue(shown);
      await page.getByRole('button', { name: 'Kod olish' }).click();
      await expect(page.getByRole('alert')).toHaveText('Iltimos, telefon raqamingizni toʻliq kiriting');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(calls).toBe(0);
    });
  }

  test('long: cut to 12 digits for Uzbekistan, 15 for others', async ({ page }) => {
    await openModal(page);
    const input = await typePhone(page, '99890123456789999');
    await expect(input).toHaveValue('+998 (90) 123-45-67');
    await typePhone(page, '4479111234567891234');
    expect((await input.inputValue()).replace(/\D/g, '')).toHaveLength(15);
  });

  test('the country is guessed from the first digits after 250 ms', async ({ page }) => {
    await openModal(page);
    await typePhone(page, '447911');
    await expect(page.getByTestId('phone-country')).toHaveText('GB');
    await typePhone(page, '998901');
    await expect(page.getByTestId('phone-country')).toHaveText('UZ');
  });
});

async function toCodeStep(page: Page, phone = randomPhone()) {
  await openModal(page);
  await typePhone(page, phone.slice(1));
  await page.getByRole('button', { name: 'Kod olish' }).click();
  await expect(page.getByRole('heading', { name: 'Kodni kiriting' })).toBeVisible();
  return phone;
}

test.describe('codes', () => {
  test('3 characters: nothing is verified', async ({ page }) => {
    // 1234 is not the code sent: the API refuses it.
    expectConsole(page, failedLoad(400, /\/api\/v1\/users\/verify\/$/));
    const codes: string[] = [];
    await page.route(VERIFY, (route) => {
      codes.push((route.request().postDataJSON() as { code: string }).code);
      return route.fallback();
    });
    await toCodeStep(page);
    const input = page.getByTestId('code-input');
    await input.pressSequentially('123');
    await expect(input).toHaveValue('123');
    // The 4th character sends the code; a call at the 3rd would have been routed before it.
    await input.press('4');
    await expect.poll(() => codes).toEqual(['1234']);
  });

  test('5 characters: cut to 4, verified at the 4th', async ({ page }) => {
    expectConsole(page, failedLoad(400, /\/api\/v1\/users\/verify\/$/));
    const bodies: string[] = [];
    await page.route(VERIFY, (route) => (bodies.push(route.request().postData() ?? ''), route.fallback()));
    await toCodeStep(page);
    await page.getByTestId('code-input').pressSequentially('12345');
    await expect(page.getByTestId('code-input')).toHaveValue('1234');
    await expect.poll(() => bodies.length).toBe(1);
    expect(JSON.parse(bodies[0]!).code).toBe('1234');
  });

  test('lower case is upper-cased; a wrong code marks the input', async ({ page }) => {
    expectConsole(page, failedLoad(400, /\/api\/v1\/users\/verify\/$/));
    const bodies: string[] = [];
    await page.route(VERIFY, (route) => (bodies.push(route.request().postData() ?? ''), route.fallback()));
    await toCodeStep(page);
    await page.getByTestId('code-input').pressSequentially('ab1c');
    await expect.poll(() => bodies.length).toBe(1);
    expect(JSON.parse(bodies[0]!).code).toBe('AB1C');
    await expectToast(page, 'Kodni tasdiqlashda xatolik yuz berdi');
    await expect(page.getByTestId('code-input')).toHaveAttribute('aria-invalid', 'true');
  });
});

for (const fault of ['500', 'timeout', 'abort'] as Fault[]) {
  test(`code request ${fault}: 'Telefon raqamingizga kod yuborishda xatolik yuz berdi'`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    await fail(page, AUTH, fault);
    await openModal(page);
    await typePhone(page, randomPhone().slice(1));
    await page.getByRole('button', { name: 'Kod olish' }).click();
    if (fault === 'timeout')
      await passTimeouts(page, toast(page, 'Telefon raqamingizga kod yuborishda xatolik yuz berdi'));
    await expectToast(page, 'Telefon raqamingizga kod yuborishda xatolik yuz berdi');
    await expect(page.getByRole('heading', { name: 'Kirish' })).toBeVisible();
  });

  test(`verify ${fault}: 'Kodni tasdiqlashda xatolik yuz berdi' and the input is marked`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    await toCodeStep(page);
    await fail(page, VERIFY, fault);
    await page.getByTestId('code-input').pressSequentially('1234');
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Kodni tasdiqlashda xatolik yuz berdi'));
    await expectToast(page, 'Kodni tasdiqlashda xatolik yuz berdi');
    await expect(page.getByTestId('code-input')).toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  });

  test(`resend ${fault}: 'Telefon raqamini yuborishda xatolik yuz berdi', only at countdown 0`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    // A short countdown: the answer's time is 0.02 minutes (about 1 s).
    await page.route(AUTH, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { user: number; time: number };
      await route.fulfill({ response, json: { ...body, time: 0.02 } });
    });
    await toCodeStep(page);
    const resend = page.getByRole('button', { name: /Qayta yuborish|Kodni qayta yuborish/ });
    await expect(resend).toBeDisabled();
    if (fault === 'timeout') await page.clock.runFor(3_000);
    await expect(page.getByRole('button', { name: 'Kodni qayta yuborish' })).toBeEnabled({ timeout: 5_000 });
    await fail(page, RESEND, fault);
    await page.getByRole('button', { name: 'Kodni qayta yuborish' }).click();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Telefon raqamini yuborishda xatolik yuz berdi'));
    await expectToast(page, 'Telefon raqamini yuborishda xatolik yuz berdi');
  });
}

test("the modal's stylesheets come with it, not in the page's head", async ({ page }) => {
  await page.goto('/uz/profile');
  const sheets = () => page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'));
  expect((await sheets()).filter((href) => /modal|sign-in|leaflet|address/.test(href))).toEqual([]);
  await page.getByTestId('profile-sign-in').click();
  const dialog = page.getByTestId('sign-in-dialog');
  await expect(dialog).toBeVisible();
  // Shown only once they apply (modal.css rounds the corners).
  expect(await dialog.evaluate((node) => getComputedStyle(node).borderRadius)).toBe('16px');
  expect((await sheets()).filter((href) => /modal|sign-in/.test(href))).toHaveLength(2);
});

test('the modal: focus moves in and stays, Escape closes it', async ({ page }) => {
  const dialog = await openModal(page);
  await expect(page.getByTestId('phone-input')).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Back to the button that opened it (React unmounts the dialog after its effects' cleanup).
  await expect(page.getByTestId('profile-sign-in')).toBeFocused();
});

test.describe('corrupted storage never crashes and is repaired', () => {
  for (const [name, values] of [
    ['not JSON', { basket: '{oops', liked: 'nope', recentSearches: '[[[' }],
    ['wrong shapes', { basket: '{"a":1}', liked: '{"x":2}', recentSearches: '42' }],
    [
      'non-numeric ids',
      { basket: '[{"id":1,"product":"abc","feature":null,"quantity":1}]', liked: '["a","b"]', recentSearches: '[1,2]' },
    ],
  ] as const) {
    test(name, async ({ page }) => {
      const errors = await watchErrors(page);
      await page.goto('/uz/about');
      await page.evaluate((v) => {
        for (const [key, value] of Object.entries(v)) localStorage.setItem(key, value);
      }, values);
      await page.goto('/uz/basket');
      await expect(page.getByText('Savatingiz boʻsh')).toBeVisible();
      await page.goto('/uz/favorites');
      await expect(page.getByText('Sevimli mahsulotlar yoʻq')).toBeVisible();
      // Recent searches are repaired when the search box first loads them (it hydrates on focus).
      await page.getByRole('combobox').first().focus();
      await expect
        .poll(() =>
          page.evaluate(() => [
            localStorage.getItem('basket'),
            localStorage.getItem('liked'),
            localStorage.getItem('recentSearches'),
          ]),
        )
        .toEqual([null, null, null]);
      expect(errors).toEqual([]);
    });
  }

  test('a partly bad basket keeps its good entries', async ({ page }) => {
    const [a] = await products();
    await page.goto('/uz/about');
    await page.evaluate(
      (id) =>
        localStorage.setItem(
          'basket',
          JSON.stringify([{ id: 1, product: id, feature: null, quantity: 'x' }, { id: 2, product: 'zz' }, 5]),
        ),
      a!.id,
    );
    await page.goto('/uz/about');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('basket'))) ?? '[]') as unknown[];
    expect(stored).toEqual([{ id: 1, product: a!.id, feature: null, quantity: 1 }]);
  });
});

test.describe('throttled sign-in (429): the server message, and no resend before it allows', () => {
  /** The API's limit answer: its own message (in the page's language) and the seconds to wait. */
  async function throttle(page: Page, url: RegExp, retryAfter: number): Promise<string> {
    const detail = `Juda koʻp urinish. ${retryAfter} soniyadan keyin qayta urinib koʻring.`;
    expectConsole(page, failedLoad(429, url));
    await page.route(url, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fallback()
        : route.fulfill({
            status: 429,
            headers: { 'Access-Control-Allow-Origin': '*', 'Retry-After': String(retryAfter) },
            json: { detail, retry_after: retryAfter },
          }),
    );
    return detail;
  }
  const resendButton = (page: Page) => page.getByRole('button', { name: /Qayta yuborish|Kodni qayta yuborish/ });

  test('code request: the server message instead of the generic toast', async ({ page }) => {
    const detail = await throttle(page, AUTH, 3600);
    await openModal(page);
    await typePhone(page, randomPhone().slice(1));
    await page.getByRole('button', { name: 'Kod olish' }).click();
    await expectToast(page, detail);
    await expect(toast(page, 'Telefon raqamingizga kod yuborishda xatolik yuz berdi')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Kirish' })).toBeVisible();
  });

  test('code request for a phone whose code is pending: back to that code, under the server countdown', async ({
    page,
  }) => {
    const phone = await toCodeStep(page);
    await page.getByRole('button', { name: 'Raqamni oʻzgartirish' }).click();
    const detail = await throttle(page, AUTH, 300);
    await typePhone(page, phone.slice(1));
    await page.getByRole('button', { name: 'Kod olish' }).click();
    await expectToast(page, detail);
    await expect(page.getByRole('heading', { name: 'Kodni kiriting' })).toBeVisible();
    // 5 minutes, less the moments the page took (the clock runs).
    await expect(resendButton(page)).toHaveText(/^Qayta yuborish 4:[45]\d dan keyin$/);
    await expect(resendButton(page)).toBeDisabled();
  });

  test('resend: the server message, and the countdown becomes retry_after', async ({ page }) => {
    await page.clock.install();
    // A short first countdown (0.02 minutes), so resend can be pressed.
    await page.route(AUTH, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), time: 0.02 } });
    });
    await toCodeStep(page);
    await page.clock.runFor(3_000);
    await expect(page.getByRole('button', { name: 'Kodni qayta yuborish' })).toBeEnabled();
    const detail = await throttle(page, RESEND, 90);
    await page.getByRole('button', { name: 'Kodni qayta yuborish' }).click();
    await expectToast(page, detail);
    await expect(toast(page, 'Telefon raqamini yuborishda xatolik yuz berdi')).toHaveCount(0);
    // 90 s, less the moments the page took: the installed clock still runs in real time too.
    await expect(resendButton(page)).toHaveText(/^Qayta yuborish 1:(30|2\d) dan keyin$/);
    await page.clock.runFor(75_000);
    await expect(resendButton(page)).toBeDisabled();
    await page.clock.runFor(16_000);
    await expect(page.getByRole('button', { name: 'Kodni qayta yuborish' })).toBeEnabled();
  });

  test('verify: the server message, the input marked, and no resend before the lock lifts', async ({ page }) => {
    await page.clock.install();
    await toCodeStep(page);
    const detail = await throttle(page, VERIFY, 600);
    await page.getByTestId('code-input').pressSequentially('1234');
    await expectToast(page, detail);
    await expect(toast(page, 'Kodni tasdiqlashda xatolik yuz berdi')).toHaveCount(0);
    await expect(page.getByTestId('code-input')).toHaveAttribute('aria-invalid', 'true');
    // The code's own countdown was 2 minutes; the lock's 10 minutes win.
    await expect(resendButton(page)).toHaveText(/^Qayta yuborish (10:00|9:[45]\d) dan keyin$/);
    await page.clock.runFor(580_000);
    await expect(resendButton(page)).toBeDisabled();
    await page.clock.runFor(21_000);
    await expect(page.getByRole('button', { name: 'Kodni qayta yuborish' })).toBeEnabled();
  });
});
