import { expect, test } from './support/test';

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/det-her-findes-ikke/42');
  await expect(page.getByRole('heading', { name: 'Oops. This Page Not Found.' })).toBeVisible();
  await page.getByRole('link', { name: 'Gå til forsiden' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'Oops. This Page Not Found.' })).toHaveCount(0);
});
