import { logIn } from './support/session';
import { expect, test } from './support/test';

test('the guard sends an anonymous visitor of a staff route to /login and back after login', async ({
  page,
}) => {
  await page.goto('/companies');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();

  await logIn(page, 'staff@tribune.test');

  await expect(page).toHaveURL((url) => url.pathname === '/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Virksomheder' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Moduler' }).getByRole('link', { name: 'Virksomheder' }),
  ).toHaveAttribute('aria-current', 'page');
});
