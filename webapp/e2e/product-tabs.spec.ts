import { fixture } from './support/files';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * A product's tabs keep what is entered: contract setup (needs the orders module's 'contracts'
 * feature for Demo FC), subscription, web shop with an image, and an extra-info field. Saved,
 * reloaded, every value is still there.
 */

test('contract setup, subscription, web shop and extra info survive a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now());
  await logIn(page, 'admin@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();

  // A new product to work on.
  await page.goto('/products/create');
  await page.getByLabel('Titel', { exact: true }).fill(`Fanpakke ${stamp}`);
  await chooseOption(page, 'Type', 'Produkt');
  await page.getByLabel('Pris', { exact: true }).fill('250');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Produktet blev oprettet!');
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}(\?.*)?$/);

  // Kontraktopsætning
  await page.getByRole('tab', { name: 'Kontraktopsætning' }).click();
  await page.getByText('Tilbydes på aftaler', { exact: true }).click();
  await chooseOption(page, 'Type', 'Antal');
  await chooseOption(page, 'Mængdetype', 'Antal');
  await chooseOption(page, 'Enhed', 'person');

  // Abonnement
  await page.getByRole('tab', { name: 'Abonnement' }).click();
  await page.getByText('Abonnement aktivt', { exact: true }).click();
  await page.getByLabel('Gebyr', { exact: true }).fill('99,50');
  await page.getByLabel('Interval (måneder)').fill('3');
  await page.getByLabel('Binding (måneder)').fill('12');

  // Webshop
  await page.getByRole('tab', { name: 'Webshop' }).click();
  await page.getByText('Vis i webshop', { exact: true }).click();
  await page.getByLabel('Webshop titel').fill(`Fanpakke i shoppen ${stamp}`);
  await page.getByLabel('Webshop pris').fill('225');
  await page.getByLabel('Billede', { exact: true }).setInputFiles(fixture('logo.png'));

  // Ekstra information
  await page.getByRole('tab', { name: 'Ekstra information' }).click();
  await page.getByRole('button', { name: 'Tilføj felt' }).click();
  await page.getByLabel('Titel', { exact: true }).fill('Trøjestørrelse');
  await page.getByLabel('Alias', { exact: true }).fill('troejestoerrelse');

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Produktet blev gemt!');

  // The open tab is kept in the address, so the reload lands on Ekstra information.
  await page.reload();
  await expect(page.getByLabel('Titel', { exact: true })).toHaveValue('Trøjestørrelse');
  await expect(page.getByLabel('Alias', { exact: true })).toHaveValue('troejestoerrelse');
  await page.getByRole('tab', { name: 'Produkt', exact: true }).click();
  await expect(page.getByLabel('Titel', { exact: true })).toHaveValue(`Fanpakke ${stamp}`);

  await page.getByRole('tab', { name: 'Kontraktopsætning' }).click();
  await expect(page.getByLabel('Tilbydes på aftaler')).toBeChecked();
  await expect(
    page.locator('.p-dropdown').filter({ has: page.getByLabel('Type', { exact: true }) }),
  ).toContainText('Antal');
  await expect(
    page.locator('.p-dropdown').filter({ has: page.getByLabel('Mængdetype', { exact: true }) }),
  ).toContainText('Antal');
  await expect(
    page.locator('.p-dropdown').filter({ has: page.getByLabel('Enhed', { exact: true }) }),
  ).toContainText('person');

  await page.getByRole('tab', { name: 'Abonnement' }).click();
  await expect(page.getByLabel('Abonnement aktivt')).toBeChecked();
  await expect(page.getByLabel('Gebyr', { exact: true })).toHaveValue('99,50');
  await expect(page.getByLabel('Interval (måneder)')).toHaveValue('3');
  await expect(page.getByLabel('Binding (måneder)')).toHaveValue('12');

  await page.getByRole('tab', { name: 'Webshop' }).click();
  await expect(page.getByLabel('Vis i webshop')).toBeChecked();
  await expect(page.getByLabel('Webshop titel')).toHaveValue(`Fanpakke i shoppen ${stamp}`);
  await expect(page.getByLabel('Webshop pris')).toHaveValue('225,00');
  const image = page.locator('img.tb-image-preview');
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
