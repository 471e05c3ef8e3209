import { hasLink, linkPath, waitForMail } from './support/mail';
import { logIn, signUpAndConfirm, uniqueEmail } from './support/session';
import { expect, test } from './support/test';

test('sign-up sends a confirmation mail whose link confirms, and the login works', async ({
  page,
}) => {
  const user = {
    firstname: 'Karen',
    lastname: 'Kunde',
    email: uniqueEmail('e2e-signup'),
    password: 'Hemmelig-1234',
  };

  await signUpAndConfirm(page, user, async () => {
    const mail = await waitForMail(user.email, hasLink('/confirm-email'));
    expect(mail.subject).toBe('Bekræft din e-mail adresse');
    return linkPath(mail, '/confirm-email');
  });

  await logIn(page, user.email, user.password);
  // A customer stays on the public site, logged in.
  const header = page.getByRole('banner');
  await expect(header.getByText('Karen Kunde')).toBeVisible();
  await expect(header.getByText(user.email)).toBeVisible();
  await expect(header.getByRole('button', { name: 'Log ud' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toHaveCount(0);
});

test('a used confirmation link is refused', async ({ page }) => {
  const user = {
    firstname: 'Kurt',
    lastname: 'Kunde',
    email: uniqueEmail('e2e-confirm-twice'),
    password: 'Hemmelig-1234',
  };
  let link = '';
  await signUpAndConfirm(page, user, async () => {
    link = linkPath(await waitForMail(user.email, hasLink('/confirm-email')), '/confirm-email');
    return link;
  });
  await page.goto(link);
  await page.getByRole('button', { name: 'Bekræft e-mail adresse' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('confirmed') === '0');
  await expect(page.getByText('Linket er ugyldigt eller udløbet.')).toBeVisible();
});
