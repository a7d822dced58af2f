/**
 * The footer's dialogs are files of the site fetched on first use: their stylesheet must come with them, or they
 * open with the browser's own look (grey tab buttons, a thick black border, a bulleted list).
 */
import { expect, test } from '../support/test.ts';

test.describe('footer dialogs are styled', () => {
  test('the QR dialog: its frame, tab buttons and the chosen tab marked', async ({ page }) => {
    await page.goto('/uz/about');
    await page.locator('[data-dialog-open="qr-dialog"]').click();
    const dialog = page.locator('#qr-dialog');
    await expect(dialog).toBeVisible();
    // The dialog's own frame, not the user agent's 2 px black border and 1 em padding.
    await expect(dialog).toHaveCSS('border-top-width', '0px');
    await expect(dialog).toHaveCSS('border-top-left-radius', '12px');
    await expect(dialog).toHaveCSS('padding-top', '24px');
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveCount(2);
    const [chosen, other] = [tabs.nth(0), tabs.nth(1)];
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    // Not the browser's grey button (rgb(239, 239, 239)): the chosen tab is dark, the other white with a line.
    await expect(chosen).toHaveCSS('background-color', 'rgb(17, 17, 17)');
    await expect(chosen).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(other).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(other).toHaveCSS('border-top-color', 'rgb(227, 227, 232)');
    await expect(other).toHaveCSS('border-top-left-radius', '8px');
    const height = await other.evaluate((tab) => tab.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(40);
    // Choosing the other tab moves the mark.
    await other.click();
    await expect(other).toHaveAttribute('aria-selected', 'true');
    await expect(other).toHaveCSS('background-color', 'rgb(17, 17, 17)');
    await expect(chosen).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(dialog.locator('#qr-panel-app-store')).toHaveCSS('text-align', 'center');
  });

  test('the contacts popup: a list without bullets, its links as full-width buttons @mobile', async ({ page }) => {
    await page.goto('/ru/questions');
    await page.locator('[data-dialog-open="contacts-dialog"]').first().click();
    const dialog = page.locator('#contacts-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveCSS('border-top-width', '0px');
    const list = dialog.locator('ul');
    await expect(list).toHaveCSS('list-style-type', 'none');
    await expect(list).toHaveCSS('padding-left', '0px');
    await expect(list).toHaveCSS('display', 'grid');
    const link = dialog.locator('a[href^="tel:"]');
    const [linkWidth, listWidth] = await Promise.all([
      link.evaluate((a) => a.getBoundingClientRect().width),
      list.evaluate((ul) => ul.getBoundingClientRect().width),
    ]);
    expect(linkWidth).toBeCloseTo(listWidth, 0);
    // The dialog fits the phone's screen with a margin.
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width - 16);
  });
});
