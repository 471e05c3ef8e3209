import type { Page } from '@playwright/test';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 4's "done when": a product with two variants and an option shows 'Fra:' in the list; a
 * category's products are reordered and the order persists; a season with 'Kun reservationer';
 * a custom field of each type, the default cleared on a type change; a discount code whose
 * duplicate code is refused.
 */

const UUID_URL = (base: string) => new RegExp(`${base}/[0-9a-f-]{36}(\\?.*)?$`);

async function logInAsStaff(page: Page) {
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
}

test('orders side navigation and a season with only reservations', async ({ page }) => {
  const stamp = String(Date.now());
  await logInAsStaff(page);
  await page.goto('/orders/seasons');
  const subNav = page
    .getByRole('navigation', { name: 'Undermenu' })
    .or(page.locator('nav.tb-sidenav'));
  await expect(subNav.getByRole('link')).toHaveText([
    'Pipeline',
    'Aftaler',
    'Ordrer',
    'Abonnementer',
    'Fakturaer',
    'Økonomi',
    'Kategorier',
    'Sæsoner',
    'Felter',
    'Rabatkoder',
  ]);

  await page.getByRole('link', { name: 'Opret sæson' }).click();
  await save(page);
  await expect(page.getByText('Titel skal udfyldes')).toBeVisible();
  await expect(page.getByText('Start dato skal udfyldes')).toBeVisible();

  await page.getByLabel('Titel', { exact: true }).fill(`Reservationer ${stamp}`);
  await page.getByLabel('Start dato').fill('2025-07-01');
  await page.getByLabel('Slut dato').fill('2026-06-30');
  await expect(page.getByLabel('Reservationssæson')).toBeVisible();
  await page.getByText('Kun reservationer').click();
  await expect(page.getByLabel('Reservationssæson')).toHaveCount(0);
  await save(page);
  await expectToast(page, 'Sæsonen blev oprettet!');
  await expect(page).toHaveURL(UUID_URL('/orders/seasons'));
  await expect(page.getByLabel('Kun reservationer')).toBeChecked();

  // A child season can pick it as parent, which hides 'Kun reservationer'.
  await page.goto('/orders/seasons/create');
  await page.getByLabel('Titel', { exact: true }).fill(`Sæson ${stamp}`);
  await page.getByLabel('Start dato').fill('2025-07-01');
  await page.getByLabel('Slut dato').fill('2026-06-30');
  await chooseOption(page, 'Reservationssæson', `Reservationer ${stamp}`);
  await expect(page.getByLabel('Kun reservationer')).toHaveCount(0);
  await save(page);
  await expectToast(page, 'Sæsonen blev oprettet!');

  await page.goto('/orders/seasons');
  await expect(page.getByRole('cell', { name: `Sæson ${stamp}`, exact: true })).toBeVisible();
});

test('a custom field of each type; a type change clears the default', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await logInAsStaff(page);
  const types = [
    'Tekst',
    'Formateret tekst',
    'Tal',
    'Dropdown',
    'Dato',
    'Dato og tid',
    'Tid',
    'Afkrydsningsfelt',
    'Upload',
  ];
  for (const type of types) {
    await page.goto('/orders/fields/create');
    await page.getByLabel('Titel', { exact: true }).fill(`Felt ${type} ${stamp}`);
    await chooseOption(page, 'Type', type);
    await page.getByLabel('Sortering').fill('3');
    const standard = page.getByLabel('Standardværdi');
    switch (type) {
      case 'Tekst':
      case 'Formateret tekst':
        await standard.fill('Hej');
        break;
      case 'Tal':
        await standard.fill('1.234,5');
        break;
      case 'Dropdown':
        await page.getByLabel('Værdier').fill('Rød\nGrøn');
        await chooseOption(page, 'Standardværdi', 'Grøn');
        break;
      case 'Dato':
        await standard.fill('2025-08-01');
        break;
      case 'Dato og tid':
        await standard.fill('2025-08-01T18:30');
        break;
      case 'Tid':
        await standard.fill('18:30');
        break;
      case 'Afkrydsningsfelt':
        await page.getByText('Standardværdi').click();
        break;
      default:
        await expect(standard).toHaveCount(0);
    }
    await save(page);
    await expectToast(page, 'Feltet blev oprettet!');
    await expect(page).toHaveURL(UUID_URL('/orders/fields'));
  }

  // Changing the type of the saved number field clears its default.
  await page.goto('/orders/fields');
  await page.getByLabel('Søg').fill(`Felt Tal ${stamp}`);
  await page.getByRole('link', { name: `Rediger Felt Tal ${stamp}` }).click();
  await expect(page.getByLabel('Standardværdi')).toHaveValue('1.234,5');
  await chooseOption(page, 'Type', 'Tekst');
  await expect(page.getByLabel('Standardværdi')).toHaveValue('');
  await save(page);
  await expectToast(page, 'Feltet blev gemt!');
  await expect(page.getByLabel('Standardværdi')).toHaveValue('');
});

test('a discount code whose duplicate code is refused', async ({ page }) => {
  const stamp = String(Date.now());
  const code = `SOMMER${stamp}`;
  await logInAsStaff(page);
  for (const round of [1, 2]) {
    await page.goto('/orders/discount-codes/create');
    await page.getByLabel('Titel', { exact: true }).fill(`Sommerrabat ${round} ${stamp}`);
    await page.getByLabel('Kode', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Udløber').fill('2030-12-31');
    await page.getByLabel('Rabat', { exact: true }).fill('12,5');
    await page.getByText('Aktiv', { exact: true }).click();
    await save(page);
    if (round === 1) {
      await expectToast(page, 'Rabatkoden blev oprettet!');
      await expect(page).toHaveURL(UUID_URL('/orders/discount-codes'));
    } else {
      await expect(
        page.getByRole('form', { name: 'Rabatkode' }).getByText('Koden er allerede i brug'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/orders\/discount-codes\/create$/);
    }
  }
  await page.goto('/orders/discount-codes');
  await page.getByLabel('Søg').fill(`Sommerrabat 1 ${stamp}`);
  const row = page.getByRole('row').filter({ hasText: `Sommerrabat 1 ${stamp}` });
  await expect(row).toContainText('12,5 %');
  await expect(row).toContainText('31-12-2030');
  await expect(row).toContainText('Ja');
});

test('products with variants and options, and a category whose order persists', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  const category = `Kategori ${stamp}`;
  await logInAsStaff(page);

  await page.goto('/products/categories');
  await expect(page.getByRole('navigation', { name: 'Undermenu' }).getByRole('link')).toHaveText([
    'Produkter',
    'Kategorier',
    'Fakturagrupper',
  ]);
  await page.getByRole('link', { name: 'Opret kategori' }).click();
  await page.getByLabel('Titel', { exact: true }).fill(category);
  await save(page);
  await expectToast(page, 'Kategorien blev oprettet!');
  await expect(page).toHaveURL(UUID_URL('/products/categories'));
  const categoryUrl = page.url().replace(/\?.*$/, '');

  // An add-on product, then the main product with two variants and the add-on.
  const addOn = `Tilvalg ${stamp}`;
  const main = `Sæsonkort ${stamp}`;
  for (const title of [addOn, main]) {
    await page.goto('/products/create');
    await page.getByLabel('Titel', { exact: true }).fill(title);
    await chooseOption(page, 'Kategori', category);
    await page.getByLabel('Pris', { exact: true }).fill('1.234,50');
    if (title === main) {
      await page.getByRole('tab', { name: 'Varianter' }).click();
      for (const [index, [name, price]] of [
        ['Voksen', '1.500,00'],
        ['Barn', '750,25'],
      ].entries()) {
        await page.getByRole('button', { name: 'Tilføj variant' }).click();
        const group = page.getByRole('group', { name: `Variant ${index + 1}` });
        await group.getByLabel('Titel').fill(name ?? '');
        await group.getByLabel('Pris').fill(price ?? '');
      }
      await page.getByRole('tab', { name: 'Tilvalg' }).click();
      await page.getByRole('button', { name: 'Tilføj tilvalg' }).click();
      await chooseOption(page, 'Produkt', addOn);
    }
    await save(page);
    await expectToast(page, 'Produktet blev oprettet!');
    await expect(page).toHaveURL(UUID_URL('/products'));
  }
  await page.getByRole('tab', { name: 'Varianter' }).click();
  await expect(page.getByRole('group', { name: 'Variant 2' }).getByLabel('Pris')).toHaveValue(
    '750,25',
  );

  await page.goto('/products');
  await page.getByLabel('Søg').fill(stamp);
  await expect(page.getByRole('row').filter({ hasText: main })).toContainText('Fra: 750,25');
  await expect(page.getByRole('row').filter({ hasText: addOn })).toContainText('1.234,50');
  await expect(page.getByRole('row').filter({ hasText: addOn })).not.toContainText('Fra:');

  // Reorder the category's products and see the order after a reload.
  await page.goto(`${categoryUrl}?tab=20`);
  const others = page.getByRole('region', { name: 'Øvrige produkter' });
  await expect(others.getByRole('listitem')).toHaveCount(2);
  const before = await others.getByRole('listitem').allInnerTexts();
  const last = before[1]?.trim() ?? '';
  await others.getByRole('button', { name: `Flyt ${last} op` }).click();
  await others.getByRole('button', { name: 'Gem sortering: Øvrige produkter' }).click();
  await expectToast(page, 'Produkterne blev sorteret!');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Øvrige produkter' }).getByRole('listitem'),
  ).toHaveText([last, before[0]?.trim() ?? '']);
});

test('order categories and invoice groups', async ({ page }) => {
  const stamp = String(Date.now());
  await logInAsStaff(page);
  await page.goto('/orders/categories');
  await page.getByRole('link', { name: 'Opret kategori' }).click();
  await page.getByLabel('Titel', { exact: true }).fill(`Ordrekategori ${stamp}`);
  await page.getByLabel('Pris').fill('abc');
  await save(page);
  await expect(page.getByText('Pris skal være et gyldigt tal.')).toBeVisible();
  await page.getByLabel('Pris').fill('1.234,50');
  await save(page);
  await expectToast(page, 'Kategorien blev oprettet!');
  await page.goto('/orders/categories');
  await page.getByLabel('Søg').fill(`Ordrekategori ${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `Ordrekategori ${stamp}` })).toContainText(
    '1.234,50',
  );
  await page.getByRole('button', { name: `Slet Ordrekategori ${stamp}` }).click();
  await expect(page.getByText('Er du sikker på at du vil slette denne kategori?')).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Ordrekategori ${stamp}` })).toHaveCount(0);

  await page.goto('/products/invoicegroups/create');
  await page.getByLabel('Titel', { exact: true }).fill(`Gruppe ${stamp}`);
  await save(page);
  await expectToast(page, 'Gruppen blev oprettet!');
  await save(page);
  await expectToast(page, 'Gruppen blev gemt!');
});
