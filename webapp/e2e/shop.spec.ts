import type { Page } from '@playwright/test';
import { staffApi } from './support/api';
import { hasLink, linkPath, waitForMail } from './support/mail';
import { expectToast } from './support/primeReact';
import { matchType, seatedMatch } from './support/seats';
import { ensurePublicClub, logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 17's guest: filters the shop, buys a scarf with its gift wrap and a seat-ticket picked in
 * the seat picker, applies a discount code, pays with the test card, and the confirmation and
 * the mail show both lines and the seat. An empty cart cannot be checked out.
 */
test('a guest filters the shop, buys a scarf with an add-on and a seat, pays, and the confirmation and mail show both', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const { result: categoryId } = await api.postForm<{ result: string }>(
    '/api/products/categories/update',
    { data: JSON.stringify({ title: `Fanshop ${stamp}`, showOnShop: true }) },
  );
  const { result: wrapId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({ title: `Gaveæske ${stamp}`, type: 'product', price: 2000 }),
  });
  const scarf = `Halstørklæde ${stamp}`;
  await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({
      title: scarf,
      type: 'product',
      price: 14900,
      categoryId,
      options: [{ productId: wrapId, public: true, preSelected: true }],
      shop: { active: true, description: '<p>Blåt og varmt</p>' },
    }),
  });
  const { result: chartId } = await api.post<{ result: string }>('/api/seats/charts', {
    name: `Shop-stadion ${stamp}`,
    categories: [{ key: 'std', label: 'Tribune', color: '#1e88e5' }],
    sections: [{ name: 'Tribune', categoryKey: 'std', rows: [{ label: 'R1', seats: 6 }] }],
  });
  const { result: chart } = await api.get<{ key: string }>(`/api/seats/charts/${chartId}`);
  const seatTicket = `Pladsbillet ${stamp}`;
  const { result: seatTicketId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({
      title: seatTicket,
      type: 'seat-ticket',
      price: 15000,
      categoryId,
      seats: [{ chartId: chart.key, category: 'std' }],
      shop: { active: true },
    }),
  });
  const typeId = await matchType(api, `Shopkamp ${stamp}`);
  const match = `Shopkamp ${stamp}`;
  await seatedMatch(
    api,
    { typeId, title: match, days: 9, chart: chart.key },
    { id: seatTicketId, title: seatTicket, price: 15000 },
  );

  const context = await browser.newContext();
  const guest: Page = await context.newPage();
  await ensurePublicClub(guest);
  await guest.getByRole('link', { name: 'Webshop' }).click();
  await expect(guest).toHaveURL(/\/shop$/);
  // The category filter leaves the club's other products out.
  // The box follows the address (the filter lives there), a moment after the tap: check() would
  // look at it at once, so the test taps and then waits for it.
  const fanshop = guest.getByRole('checkbox', { name: `Fanshop ${stamp}` });
  await fanshop.click();
  await expect(guest).toHaveURL(/categoryIds=/);
  await expect(fanshop).toBeChecked();
  await expect(guest.getByRole('link', { name: new RegExp(scarf) })).toBeVisible();
  await expect(guest.getByRole('link', { name: /Hjemmebanetrøje/ })).toHaveCount(0);

  // The scarf with its gift wrap (ticked for the buyer).
  await guest.getByRole('link', { name: new RegExp(scarf) }).click();
  await expect(guest.getByRole('heading', { level: 1, name: scarf })).toBeVisible();
  await expect(guest.getByText('Blåt og varmt')).toBeVisible();
  await expect(
    guest.getByRole('checkbox', { name: new RegExp(`Gaveæske ${stamp}`) }),
  ).toBeChecked();
  await guest.getByRole('button', { name: 'Læg i kurv' }).click();
  await expectToast(guest, 'Produktet er lagt i kurven');
  const cart = guest.getByRole('dialog', { name: 'Kurv' });
  await expect(cart.getByText(scarf)).toBeVisible();
  await cart
    .getByRole('button', { name: /Luk|Close/ })
    .first()
    .click();

  // The seat-ticket: R1-3 picked in the seat picker.
  await guest.goto(`/shop/${seatTicketId}`);
  await guest.getByRole('button', { name: 'Vælg pladser' }).click();
  const picker = guest.getByRole('dialog', { name: /Vælg pladser/ });
  await picker.getByRole('option', { name: /^Plads R1-3,/ }).click();
  await picker.getByRole('button', { name: 'Bekræft pladser' }).click();
  await expectToast(guest, 'Produktet er lagt i kurven');
  await expect(cart.getByText(/R1-3|række R1, plads 3/)).toBeVisible();
  await cart.getByRole('link', { name: 'Gå til kassen' }).click();

  // The checkout: the guest's details, the terms, a discount code, then the test card.
  await expect(guest.getByRole('heading', { level: 1, name: 'Gennemfør ordre' })).toBeVisible();
  await expect(guest.getByText('Log ind eller køb som gæst')).toBeVisible();
  const email = `shop-e2e-${stamp}@example.dk`;
  await guest.getByLabel('Fornavn').fill('Sofie');
  await guest.getByLabel('Efternavn').fill('Shopper');
  await guest.getByLabel('E-mail', { exact: true }).last().fill(email);
  await guest.getByLabel('Telefon').fill('20304050');
  await guest.getByLabel('Rabatkode').fill('SOMMER25');
  await guest.getByRole('button', { name: 'Anvend' }).click();
  await expect(guest.getByText('Rabatkoden er anvendt')).toBeVisible();
  await expect(guest.getByRole('row', { name: /Rabat/ })).toBeVisible();
  await guest.getByRole('checkbox', { name: /Handelsbetingelser/ }).check();
  await guest.getByRole('button', { name: 'Gå til betaling' }).click();
  await guest.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await guest.getByLabel('Udløbsdato').fill('12 / 30');
  await guest.getByLabel('Kontrolcifre').fill('123');
  await guest.getByRole('button', { name: /^Betal / }).click();

  await expect(guest.getByRole('heading', { level: 1, name: 'Ordrebekræftelse' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(guest.getByText('Tak for din ordre!')).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByText(scarf)).toBeVisible();
  await expect(guest.getByText(`Gaveæske ${stamp}`)).toBeVisible();
  await expect(guest.getByText(seatTicket)).toBeVisible();
  await expect(guest.getByText(/R1-3|række R1, plads 3/).first()).toBeVisible();
  await expect(guest.getByText(/4242/)).toBeVisible();
  const mail = await waitForMail(email, () => true, 30_000);
  const text = mail.text ?? '';
  expect(text).toContain(scarf);
  expect(text).toContain(`${match}, plads R1-3`);

  // The next cart is empty, and an empty cart is not checked out.
  await guest.goto('/shop/checkout');
  await expect(guest.getByText('Ingen produkter i kurven')).toBeVisible();
  await context.close();
});

/**
 * Issue 17's customer: made at a first checkout ('Opret bruger'), then — in a new browser — logs
 * in at the checkout with the cart kept, buys a subscription (its card kept for the recurring
 * charges), pays the next order with that saved card, and finds the subscription and the card in
 * the profile.
 */
test('a customer logs in at the checkout, buys a subscription, pays again with the saved card, and sees both in the profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const cap = `Kasket ${stamp}`;
  const { result: capId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({ title: cap, type: 'product', price: 9900, shop: { active: true } }),
  });
  const membership = `Støttemedlemskab ${stamp}`;
  const { result: membershipId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({
      title: membership,
      type: 'product',
      price: 5000,
      subscription: { active: true, fee: 5000, interval: 1, commitment: 3 },
      shop: { active: true },
    }),
  });
  const email = `kunde-${stamp}@example.dk`;
  const password = 'hemmelig-2026';

  async function payWithNewCard(buyer: Page, number: string) {
    await buyer.getByLabel('Kortnummer').fill(number);
    await buyer.getByLabel('Udløbsdato').fill('11 / 31');
    await buyer.getByLabel('Kontrolcifre').fill('123');
    await buyer.getByRole('button', { name: /^Betal / }).click();
    await expect(buyer.getByText('Tak for din ordre!')).toBeVisible({ timeout: 30_000 });
  }

  async function fillContact(buyer: Page) {
    await buyer.getByLabel('Fornavn').fill('Karla');
    await buyer.getByLabel('Efternavn').fill('Kunde');
    await buyer.getByLabel('E-mail', { exact: true }).last().fill(email);
    await buyer.getByLabel('Telefon').fill('20304050');
  }

  // A first purchase as a guest makes the user.
  const first = await browser.newContext();
  const guest = await first.newPage();
  await ensurePublicClub(guest);
  await guest.goto(`/shop/${capId}`);
  await guest.getByRole('button', { name: 'Læg i kurv' }).click();
  await expectToast(guest, 'Produktet er lagt i kurven');
  await guest.goto('/shop/checkout');
  await fillContact(guest);
  await expect(guest.getByRole('checkbox', { name: 'Gem kort' })).toHaveCount(0);
  await guest.getByRole('checkbox', { name: 'Opret bruger' }).check();
  // Exact: the password's eye is named 'Vis adgangskode'.
  await guest.getByLabel('Adgangskode', { exact: true }).last().fill(password);
  await guest.getByRole('checkbox', { name: /Handelsbetingelser/ }).check();
  await guest.getByRole('button', { name: 'Gå til betaling' }).click();
  await payWithNewCard(guest, '5555 5555 5555 4444');
  // The new user confirms the e-mail before logging in.
  await guest.goto(linkPath(await waitForMail(email, hasLink('/confirm-email')), '/confirm-email'));
  await guest.getByRole('button', { name: 'Bekræft e-mail adresse' }).click();
  await expect(guest).toHaveURL((url) => url.searchParams.get('confirmed') === '1');
  await first.close();

  // In a new browser: the subscription in the cart, then the login at the checkout.
  const second = await browser.newContext();
  const buyer = await second.newPage();
  await ensurePublicClub(buyer);
  await buyer.goto(`/shop/${membershipId}`);
  await expect(buyer.getByText(/Betales hver måned, bindingsperiode 3 måneder/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Læg i kurv' }).click();
  await expectToast(buyer, 'Produktet er lagt i kurven');
  await buyer.goto('/shop/checkout');
  await expect(buyer.getByText('Log ind eller køb som gæst')).toBeVisible();
  const login = buyer.getByRole('form', { name: 'Log ind' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Adgangskode', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log ind' }).click();
  await expect(buyer.getByText('Log ind eller køb som gæst')).toHaveCount(0);
  await expect(buyer.getByText(membership)).toBeVisible();
  await expect(buyer.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  // The phone given at the first checkout is the user's now.
  await expect(buyer.getByLabel('Telefon')).toHaveValue('20304050');
  // The subscription keeps the card anyway: no 'Gem kort', a note instead.
  await expect(buyer.getByRole('checkbox', { name: 'Gem kort' })).toHaveCount(0);
  await expect(buyer.getByText('Kortet gemmes til abonnementets betalinger')).toBeVisible();
  await buyer.getByRole('checkbox', { name: /Handelsbetingelser/ }).check();
  await buyer.getByRole('checkbox', { name: /Abonnementsbetingelser/ }).check();
  await buyer.getByRole('button', { name: 'Gå til betaling' }).click();
  await payWithNewCard(buyer, '4242 4242 4242 4242');
  await expect(buyer.getByText(membership)).toBeVisible();

  // The next order: the kept card is offered and chosen, and pays without typing it again.
  await buyer.goto(`/shop/${capId}`);
  await buyer.getByRole('button', { name: 'Læg i kurv' }).click();
  await expectToast(buyer, 'Produktet er lagt i kurven');
  await buyer.goto('/shop/checkout');
  const saved = buyer.getByRole('radio', { name: /Visa •••• 4242/ });
  await expect(saved).toBeChecked();
  await buyer.getByRole('checkbox', { name: /Handelsbetingelser/ }).check();
  await buyer.getByRole('button', { name: 'Gå til betaling' }).click();
  await expect(buyer.getByLabel('Kortnummer')).toHaveCount(0);
  await buyer.getByRole('button', { name: /^Betal .* med Visa •••• 4242$/ }).click();
  await expect(buyer.getByText('Tak for din ordre!')).toBeVisible({ timeout: 30_000 });
  await expect(buyer.getByText(cap)).toBeVisible();
  await expect(buyer.getByText(/4242/)).toBeVisible();

  // The profile: the subscription, active, and the card (each section chosen by the menu).
  await buyer.goto('/profile');
  await buyer.getByRole('link', { name: 'Abonnementer' }).click();
  await expect(buyer.getByText(membership)).toBeVisible();
  await expect(buyer.getByText('Aktiv', { exact: true })).toBeVisible();
  await buyer.getByRole('link', { name: 'Betalingskort' }).click();
  await expect(buyer.getByText('•••• 4242')).toBeVisible();
  await second.close();
});
