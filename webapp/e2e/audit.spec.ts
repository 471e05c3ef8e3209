import { asOwner, tamperEvent } from './support/owner';
import { logIn } from './support/session';
import { expect, test } from './support/test';

// Issue 37 §1: the club-wide chain check, from the settings' 'Revision'.
test('a club admin checks every chain of the club and is led to the changed order', async ({
  page,
}) => {
  // An order of Demo FC with a second event, changed behind the app's back.
  const order = asOwner(
    `SELECT aggregate_id FROM events WHERE aggregate_type = 'order' AND sequence = 2 ` +
      `AND aggregate_id IN (SELECT aggregate_id FROM events WHERE aggregate_type = 'order' ` +
      `AND sequence = 1 AND metadata->>'client_id' = ` +
      `(SELECT id::text FROM clients WHERE name = 'Demo FC')) ORDER BY aggregate_id LIMIT 1`,
  );
  expect(order, 'a demo order with two events').not.toBe('');
  const number = asOwner(`SELECT number FROM order_rows WHERE id = '${order}'`);
  tamperEvent('order', order, 2);

  await logIn(page, 'admin@tribune.test');
  await page.getByRole('link', { name: 'Indstillinger' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Revision', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Revision', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Kontrollér alle kæder' }).click();
  // The job walks every record; the page follows it and then lists what broke.
  await expect(
    page.getByRole('alert').filter({ hasText: /(post|poster) har en brudt kæde/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  // The finding names the order by its number, as staff know it.
  const finding = page.getByRole('row').filter({ hasText: `Ordre ${number}` });
  await expect(finding).toContainText('#2');
  await expect(finding).toContainText('hændelsen er ændret, efter den blev gemt');
  await finding.getByRole('link', { name: `Ordre ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order}$`));
});
