import { expectPhoneReady, PHONE } from './support/phone';
import { ensurePublicClub, logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 36, on a phone (390 × 844, touch): sign-up and login, then the demo customer's profile
 * with its sections; every page fits the screen, axe finds no critical or serious violation, and
 * 'Log ud' in the header can be tapped.
 */
test.use(PHONE);

test('on a phone, the sign-up, the login and the profile fit and pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  await ensurePublicClub(page);
  await page.getByRole('banner').getByRole('link', { name: 'Opret bruger' }).click();
  await expect(page.getByLabel('Gentag adgangskode')).toBeVisible();
  await expectPhoneReady(page, 'the sign-up');

  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expectPhoneReady(page, 'the login');
  await logIn(page, 'kunde@tribune.test');

  const account = page.getByRole('group', { name: 'Din bruger' });
  await expect(account).toBeVisible();
  await account.getByRole('link', { name: 'Profil' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByLabel('Telefon')).toBeVisible();
  await expectPhoneReady(page, 'the profile');

  const menu = page.getByRole('navigation', { name: 'Min profil' });
  for (const section of ['Betalingskort', 'Abonnementer']) {
    await menu.getByRole('link', { name: section }).tap();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await expectPhoneReady(page, `the profile's ${section}`);
  }

  // 'Log ud' is on the screen and a thumb can press it.
  const logOut = account.getByRole('button', { name: 'Log ud' });
  await expect(logOut).toBeInViewport({ ratio: 1 });
  expect((await logOut.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await logOut.tap();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log ind' })).toBeVisible();
});
