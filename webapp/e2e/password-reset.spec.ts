import { hasLink, linkPath, waitForMail } from './support/mail';
import { logIn, signUpAndConfirm, uniqueEmail } from './support/session';
import { expect, test } from './support/test';

test('forgot password sends a reset link; the new password works and the link is single-use', async ({
  page,
}) => {
  const user = {
    firstname: 'Rikke',
    lastname: 'Reset',
    email: uniqueEmail('e2e-reset'),
    password: 'Gammel-kode-123',
  };
  await signUpAndConfirm(page, user, async () =>
    linkPath(await waitForMail(user.email, hasLink('/confirm-email')), '/confirm-email'),
  );

  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  // The address changes at once; the login's form stays until the new page's code is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt adgangskode' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByText('E-mail blev sendt med et link til at genskabe din adgangskode'),
  ).toBeVisible();

  const resetLink = linkPath(
    await waitForMail(user.email, hasLink('/reset-password')),
    '/reset-password',
  );
  await page.goto(resetLink);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('Ny-kode-4567');
  await page.getByLabel('Gentag adgangskode', { exact: true }).fill('Ny-kode-4567');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Forkert e-mail eller adgangskode');
  await logIn(page, user.email, 'Ny-kode-4567');
  await expect(page.getByRole('banner').getByText('Rikke Reset')).toBeVisible();

  // The token was used: the same link cannot set a password again.
  await page.goto(resetLink);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('Tredje-kode-890');
  await page.getByLabel('Gentag adgangskode', { exact: true }).fill('Tredje-kode-890');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('alert')).toHaveText('Adgangskoden kunne ikke genskabes');
});

test('the reset screen without a token goes to the login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
});
