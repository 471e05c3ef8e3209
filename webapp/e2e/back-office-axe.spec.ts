import { expectAccessible } from './support/phone';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 36: axe finds no critical and no serious violation in the back office's busiest pages —
 * the dashboard, the companies, an order, an event's editor, the pipeline, and (issue 37) the
 * finance page and an invoice — at desktop size,
 * on the demo data the e2e server seeds.
 */
test('the dashboard, companies, an order, an event editor, the pipeline, finance and an invoice pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo FC' })).toBeVisible();
  await expectAccessible(page, 'the dashboard');

  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Virksomheder' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'the companies');

  await page.goto('/orders');
  const orderRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(orderRow).toBeVisible();
  await orderRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'an order');

  await page.goto('/events');
  await page.getByRole('link', { name: 'Demo FC – Brøndby IF' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Demo FC – Brøndby IF/ })).toBeVisible();
  await expectAccessible(page, 'an event editor');

  await page.goto('/orders/pipeline');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the pipeline');

  // Issue 37 §5: the finance page and an invoice's own page.
  await page.goto('/orders/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Økonomi' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Forfaldne efter alder' })).toBeVisible();
  await expectAccessible(page, 'the finance page');
  await page.goto('/orders/invoices');
  await page.getByRole('table', { name: 'Fakturaer' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/orders\/invoices\/[0-9a-f-]{36}/);
  await expect(page.getByRole('table', { name: 'Linjer' })).toBeVisible();
  await expectAccessible(page, 'an invoice');
});
