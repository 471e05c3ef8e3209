import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import type { NewsletterRecipientGroup } from '../src/api/generated/newsletters';
import type { OrderDto } from '../src/api/generated/orders';
import { staffApi, type StaffApi } from './support/api';
import { fixture } from './support/files';
import { linksIn, mailsTo, waitForMail, waitForMails } from './support/mail';
import { expectToast } from './support/primeReact';
import { logIn, uniqueEmail } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 20's newsletters: staff write a newsletter with a picture and an attachment, make its
 * recipients of a demo order product's buyers and a company of their own, and send it: each
 * recipient gets one mail with the attachment, the picture and an unsubscribe link (also in the
 * List-Unsubscribe header). One of them unsubscribes through the link; 'Send alle igen' then
 * mails the others a second time and passes the one who unsubscribed over.
 */

const UNSUBSCRIBE_PAGE = /^\/newsletter\/unsubscribe\/([0-9a-f]{64})$/;
const ATTACHMENT = 'Kampprogram.pdf';

interface Member {
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * A product of an approved demo order bought by a contact (the seed's orders of a company's
 * contact person): the order product whose buyers the newsletter reaches. Its title.
 */
async function demoOrderProduct(api: StaffApi): Promise<string> {
  const { Result: orders } = await api.post<{
    Result: { Id: string; Company: string | null }[];
  }>('/api/orders', {
    filter: { status: 'approved' },
    sort: { field: 'Number', dir: 'asc' },
    page: 1,
    perPage: 100,
  });
  for (const row of orders.filter((order) => order.Company !== null)) {
    const { result: order } = await api.get<OrderDto>(`/api/orders/${row.Id}`);
    const line = order.orderLines.find((candidate) => candidate.productId);
    if (order.contactId && line?.productId) {
      const { result: product } = await api.get<{ title: string }>(
        `/api/products/${line.productId}`,
      );
      return product.title;
    }
  }
  throw new Error('the demo has no approved order of a contact');
}

/** A company of Demo FC with two contact persons of their own e-mails. */
async function clubOfReaders(api: StaffApi, name: string): Promise<Member[]> {
  const members: Member[] = ['Asta', 'Birk'].map((firstname) => ({
    firstname,
    lastname: 'Læser',
    email: uniqueEmail(`nyhed-${firstname.toLowerCase()}`),
  }));
  const contactIds: string[] = [];
  for (const member of members) {
    const contact = await api.postForm<{ data: { id: string } }>('/api/contacts/update', {
      data: JSON.stringify({ ...member, phone: '40123456' }),
    });
    contactIds.push(contact.data.id);
  }
  await api.postForm<{ result: string }>('/api/companies/update', {
    data: JSON.stringify({
      name,
      status: 1,
      cvr: '12345678',
      phone: '',
      useEAN: false,
      vatExcluded: false,
      contactIds,
    }),
  });
  return members;
}

/** Chooses `option` in a multi-select of the recipients card, found by the server's search. */
async function chooseSearched(page: Page, label: string, search: string, option: string) {
  const select = page.locator('.p-multiselect').filter({
    has: page.getByLabel(label, { exact: true }),
  });
  await select.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await select.click();
  const overlay = page.locator('.p-multiselect-panel');
  await overlay.getByRole('searchbox').fill(search);
  await overlay.getByRole('option', { name: option, exact: true }).click();
  await overlay.locator('.p-multiselect-close').click();
  await expect(overlay).toBeHidden();
  await expect(select).toContainText(option);
}

/** Picks an action of the recipients card's 'Handlinger'. */
async function runAction(page: Page, action: string) {
  await page.getByRole('button', { name: 'Handlinger', exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The latest send handled all of its `count` recipients. */
async function sendFinished(page: Page, count: number) {
  const bar = page.getByRole('progressbar', { name: `Sendt ${count} af ${count}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(bar).toContainText('100 %');
  await expect(page.getByText(/Udsendelsen er færdig/)).toBeVisible();
}

/** The contacts' table of a company of the recipients, expanded when it is not. */
async function groupContacts(page: Page, group: string) {
  const table = page.getByRole('table', { name: group, exact: true });
  if (!(await table.isVisible())) {
    await page.getByRole('button', { name: `Vis kontakter for ${group}`, exact: true }).click();
  }
  await expect(table).toBeVisible();
  return table;
}

/** A contact's row of the recipients (columns: Navn, E-mail, Sendt, Status, Handlinger). */
async function recipientRow(page: Page, group: string, email: string) {
  const table = await groupContacts(page, group);
  return table.getByRole('row').filter({ hasText: email });
}

test('staff send a newsletter with a picture and an attachment to an order product and a company; one recipient unsubscribes and is passed over when it is sent again', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = String(Date.now());
  const name = `Forårsbrev ${stamp}`;
  const subject = `Nyt fra Demo FC ${stamp}`;
  const isNewsletter = (mail: ParsedMail) => mail.subject === subject;
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const product = await demoOrderProduct(api);
  const company = `Læseklubben ${stamp}`;
  const [asta, birk] = (await clubOfReaders(api, company)) as [Member, Member];

  // Marketing → Nyhedsbreve → Opret nyhedsbrev.
  await page.goto('/marketing');
  await expect(page).toHaveURL(/\/marketing\/newsletters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nyhedsbreve' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret nyhedsbrev' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opret nyhedsbrev' })).toBeVisible();
  await page.getByLabel('Navn', { exact: true }).fill(name);
  await page.getByLabel('E-mail emnefelt').fill(subject);
  await page.getByLabel('Titel', { exact: true }).fill('Sæsonen starter');
  await page.getByRole('textbox', { name: 'Beskrivelse' }).fill('Vi ses på stadion til premieren.');
  await page.getByLabel('Billede', { exact: true }).setInputFiles(fixture('logo.png'));
  await page.getByLabel('Vedhæft fil').setInputFiles({
    name: ATTACHMENT,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Kampprogram\n'),
  });
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Nyhedsbrev blev oprettet!');
  await expect(page).toHaveURL(/\/marketing\/newsletters\/[0-9a-f-]{36}$/);
  const newsletterId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Vedhæftet fil' }).getByRole('link', { name: ATTACHMENT }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Billede: Billede' })).toBeVisible();

  // The recipients card: the order product's buyers and the company, 'Opret valgte'.
  const card = page.getByRole('region', { name: 'Modtagere' });
  await expect(card.getByText('Der er ingen modtagere endnu.')).toBeVisible();
  await chooseSearched(page, 'Ordreprodukter', product, product);
  await chooseSearched(page, 'Virksomheder', stamp, company);
  await card.getByRole('button', { name: 'Opret valgte' }).click();
  await expectToast(page, 'Modtagere blev oprettet!');
  await expect(
    page
      .locator('.p-toast')
      .getByText(/^\d+ oprettet, 0 sprunget over$/)
      .first(),
  ).toBeVisible();
  const { result: groups } = await api.get<NewsletterRecipientGroup[]>(
    `/api/newsletters/${newsletterId}/recipients`,
  );
  const recipients = groups.flatMap((group) =>
    group.contacts.map((recipient) => ({
      group: group.company?.name ?? 'Uden virksomhed',
      email: recipient.contact.email,
    })),
  );
  const emails = recipients.map((recipient) => recipient.email);
  expect(emails).toEqual(expect.arrayContaining([asta.email, birk.email]));
  // The order product reached at least one buyer besides the company's two.
  expect(recipients.length).toBeGreaterThan(2);
  for (const recipient of recipients) expect(recipient.email).toContain('@');

  // 'Send alle': every recipient, in batches followed by the progress bar.
  await runAction(page, 'Send alle');
  await expectToast(page, `Nyhedsbrevet sendes til ${recipients.length} modtagere`);
  await sendFinished(page, recipients.length);
  for (const recipient of recipients) {
    await expect(
      (await recipientRow(page, recipient.group, recipient.email)).getByRole('cell').nth(2),
    ).toHaveText(/^Ja/);
  }

  // Each recipient got it once: the attachment, the picture inside, the unsubscribe link.
  const firstMails = new Map<string, ParsedMail>();
  for (const email of emails) {
    const mail = await waitForMail(email, isNewsletter, 30_000);
    expect(await mailsTo(email, isNewsletter)).toHaveLength(1);
    expect(mail.text ?? '').toContain('Vi ses på stadion til premieren.');
    expect(
      mail.attachments.filter((part) => part.filename === ATTACHMENT && !part.related),
      `${email}: the attachment`,
    ).toHaveLength(1);
    expect(mail.attachments.some((part) => part.cid === 'picture@tribune')).toBe(true);
    const unsubscribe = linksIn(mail).find((url) => UNSUBSCRIBE_PAGE.test(url.pathname));
    expect(unsubscribe, `${email}: the unsubscribe link`).toBeDefined();
    const token = UNSUBSCRIBE_PAGE.exec(unsubscribe?.pathname ?? '')?.[1] ?? '';
    const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    expect(header).toContain(`/public/newsletters/unsubscribe/${token}`);
    firstMails.set(email, mail);
  }

  // Asta follows her link and unsubscribes.
  const link = linksIn(firstMails.get(asta.email) as ParsedMail).find((url) =>
    UNSUBSCRIBE_PAGE.test(url.pathname),
  );
  await page.goto(link?.pathname ?? '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Afmeld nyhedsbreve' })).toBeVisible();
  await page.getByRole('button', { name: 'Afmeld' }).click();
  await expect(page.getByText(/Du er afmeldt/)).toBeVisible();

  // 'Send alle igen': all but Asta, who shows as 'Afmeldt'.
  await page.goto(`/marketing/newsletters/${newsletterId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await runAction(page, 'Send alle igen');
  await page.getByRole('button', { name: 'Bekræft' }).click();
  const others = emails.filter((email) => email !== asta.email);
  await expectToast(page, `Nyhedsbrevet sendes til ${others.length} modtagere, 1 sprunget over`);
  await sendFinished(page, others.length);
  await expect((await recipientRow(page, company, asta.email)).getByRole('cell').nth(3)).toHaveText(
    'Afmeldt',
  );
  for (const email of others) {
    await waitForMails(email, isNewsletter, 2, 30_000);
  }
  // The send handled all it queued, so no second mail is on its way to Asta.
  expect(await mailsTo(asta.email, isNewsletter)).toHaveLength(1);
});
