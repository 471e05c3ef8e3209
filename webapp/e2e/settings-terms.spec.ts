import { expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

test('an admin saves new terms and the terms page shows them', async ({ page }) => {
  await logIn(page, 'admin@tribune.test');
  await page.getByRole('link', { name: 'Indstillinger' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('tab', { name: 'Webshop' }).click();
  const terms = `Handelsbetingelser gældende fra ${new Date().toISOString().slice(0, 10)}`;
  await page
    .getByLabel('Handelsbetingelser (HTML)')
    .fill(`<h2>${terms}</h2><p>Køb er bindende.</p>`);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Indstillinger blev gemt!');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: terms })).toBeVisible();
});
