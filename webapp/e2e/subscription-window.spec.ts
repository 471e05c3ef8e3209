import type { Page } from '@playwright/test';
import type { InvoiceListRow } from '../src/api/generated/invoices';
import type { SubscriptionDto } from '../src/api/generated/subscriptions';
import { staffApi } from './support/api';
import { waitForMail } from './support/mail';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn, uniqueEmail } from './support/session';
import { mailedDraftSubscription } from './support/subscriptions';
import { expect, test } from './support/test';

/**
 * Issue 14, a club that takes cards through the hosted payment window: the admin switches Demo
 * FC's 'Kortbetaling' to the window in the club's module settings → staff mail a draft
 * subscription's payment link → the customer accepts both terms, pays the first period in the
 * (fake) window and comes back → the window's callback activates the subscription, books the
 * period with a paid invoice and mails the receipt. The club is switched back to Stripe after.
 */

/** Demo FC's orders module: the 'Kortbetaling' feature's provider, saved in the club editor. */
async function setProvider(page: Page, provider: 'stripe' | 'window') {
  await page.goto('/settings/clients');
  await page.getByRole('link', { name: 'Rediger Demo FC' }).click();
  await page.getByRole('tab', { name: 'Modules' }).click();
  await page.getByRole('button', { name: 'Rediger Ordrer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Kortbetaling')).toBeChecked();
  await chooseOption(page, 'provider', provider);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Gem' }).first().click();
  await expectToast(page, 'Indstillinger blev gemt!');
}

test('a subscription activated by paying its first period in the payment window', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, 'admin@tribune.test');
  await expect(page.getByRole('button', { name: 'Skift klub: Demo FC' })).toBeVisible();
  await setProvider(page, 'window');
  try {
    const api = await staffApi(page);
    const email = uniqueEmail('vindue-e2e');
    const { id, link } = await mailedDraftSubscription(api, {
      firstname: 'Vindue',
      email,
      phone: '12345678',
    });

    // The customer, in a browser of their own: no card form here, the window takes the card.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(link);
    await expect(customer.getByText('Ikke aktiv', { exact: true })).toBeVisible();
    await expect(
      customer.getByText('Du sendes videre til betalingsvinduet for at betale 299,00 kr.'),
    ).toBeVisible();
    await expect(customer.getByLabel('Kortnummer')).toHaveCount(0);
    const activate = customer.getByRole('button', { name: 'Aktivér abonnement' });
    await expect(activate).toBeDisabled();
    await customer
      .getByRole('checkbox', { name: 'Jeg har læst og accepterer Handelsbetingelser' })
      .check();
    await customer
      .getByRole('checkbox', { name: 'Jeg har læst og accepterer Abonnementsbetingelser' })
      .check();
    await activate.click();

    // The (fake) window: the amount, then 'Godkend betaling'.
    await expect(customer.getByRole('heading', { name: 'Testbetalingsvindue' })).toBeVisible();
    await expect(customer.getByText('DKK 299,00')).toBeVisible();
    await customer.getByRole('button', { name: 'Godkend betaling' }).click();

    // Back on the page: the flag's message, and the badge once the callback has booked it.
    await expect(customer).toHaveURL(/success=1/);
    await expect(customer.getByText('Betalingen blev gennemført!')).toBeVisible();
    await expect(customer.getByText('Aktiv', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(
      customer.getByText('Du får et betalingslink på e-mail, når næste periode skal betales.'),
    ).toBeVisible();
    await customerContext.close();

    // The period is booked: approved, one invoice paid, and the receipt mailed.
    const { result: seen } = await api.get<SubscriptionDto>(`/api/subscriptions/${id}`);
    expect(seen).toMatchObject({ status: 'approved', periodsPaid: 1, card: null });
    const { result: invoices } = await api.get<InvoiceListRow[]>(`/api/invoices/${id}`);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ IsPaid: true, IsDraft: false, Total: 29900 });
    await waitForMail(
      email,
      (m) => (m.subject ?? '').startsWith(`Kvittering for faktura nr. ${invoices[0].Number} `),
      60_000,
    );
  } finally {
    await setProvider(page, 'stripe');
  }
});
