import type { ClientConfig } from '../src/api/appApi';
import type { InvoiceListRow } from '../src/api/generated/invoices';
import type { SubscriptionDto } from '../src/api/generated/subscriptions';
import { staffApi } from './support/api';
import { waitForMail } from './support/mail';
import { expectToast } from './support/primeReact';
import { logIn, uniqueEmail } from './support/session';
import { mailedDraftSubscription } from './support/subscriptions';
import { expect, test } from './support/test';

/**
 * Issue 14, the customer's side of a subscription: staff make a draft for a new contact person
 * (Fitness at 299,00 a month from today, no binding) and mail the payment link → the customer
 * opens it in a browser of their own, completes the contact, accepts both terms and gives a card
 * (the fake Stripe() in front of localstripe, ops/test) → the subscription is active → the first
 * period is charged at once, invoiced paid, and the receipt mailed to the customer.
 *
 * The staff's side is set up through the API: the editor is the staff journey's
 * (subscriptions-staff.spec.ts).
 */

test('a draft subscription activated by the customer with a card, charged and receipted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('abonnent-e2e');
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
  const api = await staffApi(page);
  const { result: club } = await api.get<ClientConfig>('/api/app/client');

  // A contact person without a phone, a draft subscription for them, and 'Send betalingslink':
  // the mail carries the public page with its token.
  const { id, draft, link } = await mailedDraftSubscription(api, { firstname: 'Abonnent', email });

  // The customer, in a browser of their own, with no session.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(link);
  await expect(
    customer.getByRole('heading', {
      level: 1,
      name: `Abonnement #${draft.subscriptionNumber}`,
    }),
  ).toBeVisible();
  await expect(customer.getByRole('main').getByText(club.name, { exact: true })).toBeVisible();
  await expect(customer.getByText('Ikke aktiv', { exact: true })).toBeVisible();
  await expect(
    customer.getByText('Abonnementet har ingen binding og betales hver måned.'),
  ).toBeVisible();
  await expect(
    customer.getByRole('table', { name: 'Produkter' }).getByRole('row').filter({
      hasText: 'Fitness',
    }),
  ).toContainText('299,00');

  // The contact came from the contact person, who has no phone: the card waits for it.
  await expect(customer.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(
    customer.getByText('Udfyld og gem dine kontaktoplysninger, før du aktiverer abonnementet.'),
  ).toBeVisible();
  await customer.getByLabel('Telefon', { exact: true }).fill('12345678');
  await customer.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(customer, 'Kontaktoplysningerne blev gemt!');

  // Both terms, then the card.
  await customer
    .getByRole('checkbox', { name: 'Jeg har læst og accepterer Handelsbetingelser' })
    .check();
  await customer
    .getByRole('checkbox', { name: 'Jeg har læst og accepterer Abonnementsbetingelser' })
    .check();
  await customer.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
  await customer.getByLabel('Udløbsdato').fill('12 / 30');
  await customer.getByLabel('Kontrolcifre').fill('123');
  const activate = customer.getByRole('button', { name: 'Aktivér abonnement' });
  await expect(activate).toBeEnabled();
  await activate.click();

  await expect(customer.getByText('Betalingen blev gennemført!')).toBeVisible();
  await expect(customer.getByText('Kort: Visa •••• 4242')).toBeVisible();
  await expect(customer.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(activate).toHaveCount(0);
  await customerContext.close();

  // The first period is charged at once (a job): one invoice, paid.
  await expect
    .poll(async () => (await api.get<SubscriptionDto>(`/api/subscriptions/${id}`)).result, {
      timeout: 60_000,
      message: 'the first period charged',
    })
    .toMatchObject({ status: 'approved', periodsPaid: 1, card: { last4: '4242' } });
  const { result: invoices } = await api.get<InvoiceListRow[]>(`/api/invoices/${id}`);
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ IsPaid: true, IsDraft: false, Total: 29900 });

  // The receipt, to the customer's e-mail (api/src/mail/invoices.rs `receipt`).
  const receipt = await waitForMail(
    email,
    (m) =>
      (m.subject ?? '') === `Kvittering for faktura nr. ${invoices[0].Number} fra ${club.name}`,
    60_000,
  );
  expect(receipt.text ?? '').toContain(`Tak for din betaling af faktura nr. ${invoices[0].Number}`);
});
