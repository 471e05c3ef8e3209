import { expectPhoneReady, expectTablesFit, PHONE } from './support/phone';
import { expectToast } from './support/primeReact';
import { ensurePublicClub } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 36, on a phone (390 × 844, touch): a guest goes from the shop to the demo's scarf, puts
 * it in the cart, checks out with the address it is sent to (the demo sends the scarf) and pays,
 * and sees the confirmation with that address. Every page fits the screen and axe finds no
 * critical or serious violation on it.
 */
test.use(PHONE);

const SCARF = 'Halstørklæde';

test('on a phone, a guest buys from the shop: product, cart, checkout, confirmation', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  await ensurePublicClub(page);
  await page.getByRole('banner').getByRole('link', { name: 'Webshop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const product = page.getByRole('link', { name: new RegExp(SCARF) });
  await expect(product).toBeVisible();
  await expectPhoneReady(page, 'the shop');

  await product.click();
  await expect(page.getByRole('heading', { level: 1, name: SCARF })).toBeVisible();
  await expectPhoneReady(page, 'the product');
  await page.getByRole('button', { name: 'Læg i kurv' }).tap();
  await expectToast(page, 'Produktet er lagt i kurven');
  const cart = page.getByRole('dialog', { name: 'Kurv' });
  await expect(cart.getByText(SCARF)).toBeVisible();
  await expectPhoneReady(page, 'the cart');
  await cart.getByRole('link', { name: 'Gå til kassen' }).tap();

  await expect(page.getByRole('heading', { level: 1, name: 'Gennemfør ordre' })).toBeVisible();
  await expectPhoneReady(page, 'the checkout');
  await expectTablesFit(page, 'the checkout');
  await page.getByLabel('Fornavn').fill('Mobil');
  await page.getByLabel('Efternavn').fill('Shopper');
  await page.getByLabel('E-mail', { exact: true }).last().fill(`mobil-shop-${stamp}@example.dk`);
  await page.getByLabel('Telefon').fill('20304050');
  const delivery = page.getByRole('region', { name: 'Levering' });
  await delivery.getByLabel('Navn').fill('Mobil Shopper');
  await delivery.getByLabel('Adresse').fill('Kampvej 7');
  await delivery.getByLabel('Postnummer').fill('8000');
  await delivery.getByLabel('By').fill('Aarhus');
  await page.getByRole('checkbox', { name: /Handelsbetingelser/ }).check();
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  await expect(page.getByLabel('Kortnummer')).toBeVisible({ timeout: 30_000 });
  await expectPhoneReady(page, 'the shop payment');
  await page.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await page.getByLabel('Udløbsdato').fill('12 / 30');
  await page.getByLabel('Kontrolcifre').fill('123');
  await page.getByRole('button', { name: /^Betal / }).click();

  await expect(page.getByText('Tak for din ordre!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(SCARF).first()).toBeVisible();
  await expect(page.getByText('Kampvej 7')).toBeVisible();
  await expect(page.getByText('8000 Aarhus')).toBeVisible();
  await expectPhoneReady(page, 'the shop confirmation');
  await expectTablesFit(page, 'the shop confirmation');
});
