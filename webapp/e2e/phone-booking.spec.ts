import type { Locator } from '@playwright/test';
import { expectPhoneReady, expectTablesFit, PHONE, shotForTheNote } from './support/phone';
import { ensurePublicClub } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 36, on a phone (390 × 844, touch): a guest opens a home match of the demo from the
 * public home, picks a seat on the stadium's map — it opens on a section with seats a thumb can
 * hit and 'Bekræft pladser' in view — books and pays, and gets the ticket. Every page and step
 * fits the screen and axe finds no critical or serious violation on it.
 */
test.use(PHONE);

const MATCH = 'Demo FC – FC Midtjylland';
const SEAT_TICKET = 'Pladsbillet Tribune';

/** A free seat drawn whole inside the map's box, as a thumb would pick it: its name and size. */
async function seatInSight(map: Locator) {
  return map.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    for (const seat of Array.from(svg.querySelectorAll('[data-seat][role="option"]'))) {
      if (seat.getAttribute('aria-disabled') || seat.getAttribute('aria-selected') === 'true') {
        continue;
      }
      const at = seat.getBoundingClientRect();
      if (
        at.left >= box.left &&
        at.right <= box.right &&
        at.top >= box.top &&
        at.bottom <= box.bottom
      ) {
        return { name: seat.getAttribute('aria-label') ?? '', width: at.width };
      }
    }
    return null;
  });
}

test('on a phone, a guest picks a seat on the stadium map, books, pays and gets the ticket', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await ensurePublicClub(page);
  await expect(page.getByRole('link', { name: `Se mere: ${MATCH}` })).toBeVisible();
  await expectPhoneReady(page, 'the public home');
  await shotForTheNote(page, 'after-home');

  await page.getByRole('link', { name: `Se mere: ${MATCH}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: MATCH })).toBeVisible();
  const amount = page.getByRole('group', { name: SEAT_TICKET }).getByLabel('Antal');
  await expect(amount).toBeVisible();
  await expectPhoneReady(page, 'the event page (step 1, tickets)');
  await shotForTheNote(page, 'after-event');
  await amount.fill('1');
  await amount.blur();

  // The map opens on a section, zoomed so a seat is at least 24 px; the confirm button is in view.
  await page.getByRole('button', { name: 'Vælg pladser' }).click();
  const picker = page.getByRole('dialog', { name: `Vælg pladser – ${SEAT_TICKET}` });
  const map = picker.getByRole('listbox', { name: 'Pladser' });
  await expect(map).toBeVisible();
  const confirm = picker.getByRole('button', { name: 'Bekræft pladser' });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expect.poll(() => seatInSight(map), { message: 'a free seat in sight' }).not.toBeNull();
  const seat = await seatInSight(map);
  expect(seat?.width ?? 0, 'a seat is drawn at least 24 px wide').toBeGreaterThanOrEqual(24);
  await expectPhoneReady(page, 'the seat map');
  await shotForTheNote(page, 'after-seatmap');
  const label = /^Plads (\S+),/.exec(seat?.name ?? '')?.[1] ?? '';
  // The name ends in the seat's state, which the tap changes.
  const option = picker.getByRole('option', { name: new RegExp(`^Plads ${label},`) });
  await option.tap();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(picker.getByText('Pladsen er valgt')).toBeVisible();
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await confirm.tap();
  await expect(picker).toBeHidden();
  await expect(page.getByText(new RegExp(`^${label} \\(`))).toBeVisible();

  // Step 2: who books.
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page.getByLabel('Fornavn')).toBeVisible();
  await expectPhoneReady(page, 'step 2, contact');
  await page.getByLabel('Fornavn').fill('Mobil');
  await page.getByLabel('Efternavn').fill('Køber');
  await page.getByLabel('E-mail', { exact: true }).fill(`mobil-e2e-${stamp}@example.dk`);
  await page.getByLabel('Telefon').fill('12345678');
  await page.getByRole('button', { name: 'Fortsæt' }).click();

  // Step 3: the lines and the seat, the table whole on the screen.
  const terms = page.getByRole('checkbox', { name: /Jeg accepterer/ });
  await expect(terms).toBeVisible();
  await expect(page.getByText(SEAT_TICKET).first()).toBeVisible();
  await expectPhoneReady(page, 'step 3, confirm');
  await expectTablesFit(page, 'step 3, confirm');
  await terms.check();
  await page.getByRole('button', { name: 'Bekræft bestilling' }).click();

  // The card.
  await expect(page.getByLabel('Kortnummer')).toBeVisible({ timeout: 30_000 });
  await expectPhoneReady(page, 'the payment');
  await page.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await page.getByLabel('Udløbsdato').fill('12 / 30');
  await page.getByLabel('Kontrolcifre').fill('123');
  await page.getByRole('button', { name: /^Betal / }).click();

  // The confirmation: the ticket to download, the tables whole on the screen.
  await expect(page.getByText('Tak for din bestilling!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /Hent billet/ })).toHaveCount(1);
  await expectPhoneReady(page, 'the confirmation');
  await shotForTheNote(page, 'after-confirmation');
  await expectTablesFit(page, 'the confirmation');
});
